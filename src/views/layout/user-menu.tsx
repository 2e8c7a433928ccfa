import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionValue } from '../app-context.tsx';
import * as css from './header.css.ts';

/** 'Hey , {name or Guest}' with the guest's sign-in links (the customer's links come with accounts). */
export function UserMenu() {
  const name = useSessionValue('cust_name');
  const [open, setOpen] = useState(false);
  return (
    <div className={css.userMenu} onMouseLeave={() => setOpen(false)}>
      <button type="button" className={css.userButton} aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        Hey , {name || 'Guest'}
      </button>
      {open && (
        <ul className={css.menuList}>
          <li>
            <Link to="/signIn" onClick={() => setOpen(false)}>
              Sign-in
            </Link>
          </li>
          <li>
            <Link to="/createAccount" onClick={() => setOpen(false)}>
              Create Account
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
