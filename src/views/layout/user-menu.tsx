import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { accountMenuMachine } from '../../machines/account/index.ts';
import { useAppActors, useSessionValue } from '../app-context.tsx';
import * as css from './header.css.ts';

type AccountMenuActor = ActorRefFrom<typeof accountMenuMachine>;

/** 'Hey , {name}' with the customer's links and Logout, or 'Hey , Guest' with the sign-in links. */
export function UserMenu() {
  const { session } = useAppActors();
  const name = useSessionValue('cust_name');
  const [open, setOpen] = useState(false);
  // Held here, not in the list: closing the menu must not stop a logout on its way.
  const machine = useMemo(() => accountMenuMachine.provide({ actions: { goHome: () => window.location.assign('/') } }), []);
  const actor = useActorRef(machine, { input: { session } });
  const close = () => setOpen(false);
  return (
    <div className={css.userMenu} onMouseLeave={close}>
      <button type="button" className={css.userButton} aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        Hey , {name || 'Guest'}
      </button>
      {open && (name ? <CustomerLinks actor={actor} onPick={close} /> : <GuestLinks onPick={close} />)}
    </div>
  );
}

function GuestLinks({ onPick }: { onPick: () => void }) {
  return (
    <ul className={css.menuList}>
      <li>
        <Link to="/signIn" onClick={onPick}>
          Sign-in
        </Link>
      </li>
      <li>
        <Link to="/createAccount" onClick={onPick}>
          Create Account
        </Link>
      </li>
    </ul>
  );
}

function CustomerLinks({ actor, onPick }: { actor: AccountMenuActor; onPick: () => void }) {
  const leaving = useSelector(actor, (s) => !s.matches('idle'));
  const role = useSessionValue('role');
  return (
    <ul className={css.menuList}>
      {role === 'seller' && (
        <li>
          <Link to="/seller" onClick={onPick}>
            Seller console
          </Link>
        </li>
      )}
      {role === 'staff' && (
        <li>
          <Link to="/staff" onClick={onPick}>
            Staff console
          </Link>
        </li>
      )}
      <li>
        <Link to="/setting/order" onClick={onPick}>
          My Orders
        </Link>
      </li>
      <li>
        <Link to="/setting/user" onClick={onPick}>
          My Account
        </Link>
      </li>
      <li>
        <button type="button" className={css.menuButton} disabled={leaving} onClick={() => actor.send({ type: 'account.logout' })}>
          {leaving ? 'Logging out…' : 'Logout'}
        </button>
      </li>
    </ul>
  );
}
