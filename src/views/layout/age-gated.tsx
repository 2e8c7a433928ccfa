import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { entryMachine } from '../../machines/entry/index.ts';
import { useAppActors } from '../app-context.tsx';

/** The store, cart, checkout, account, wallet and KYC routes: shown while the entry machine says the shopper is in. */
export function AgeGated() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => entryMachine.provide({ actions: { goToLanding: () => navigate('/', { replace: true }) } }), [navigate]);
  const entry = useActorRef(machine, { input: { session, door: 'storeRoute' } });
  const inStore = useSelector(entry, (s) => s.matches('inStore'));
  return inStore ? <Outlet /> : null;
}
