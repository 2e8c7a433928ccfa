import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { selectInStore, storeDoorMachine } from '../../machines/store-door/index.ts';
import { useAppActors } from '../app-context.tsx';

/** The store, cart, checkout, account, wallet and KYC routes: shown while the store door says the shopper is in. */
export function AgeGated() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => storeDoorMachine.provide({ actions: { goToLanding: () => navigate('/', { replace: true }) } }), [navigate]);
  const door = useActorRef(machine, { input: { session } });
  const inStore = useSelector(door, selectInStore);
  return inStore ? <Outlet /> : null;
}
