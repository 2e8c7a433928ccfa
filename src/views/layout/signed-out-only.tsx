import { Outlet } from 'react-router-dom';
import { PageGate } from './page-gate.tsx';

/** Screens for guests only (guest register, served zips): a signed-in customer is sent on (spec 6). */
export function SignedOutOnly() {
  return (
    <PageGate page="guestOnly">
      <Outlet />
    </PageGate>
  );
}
