import { Navigate, Outlet } from 'react-router-dom';
import { useSessionValue } from '../app-context.tsx';

/** The store, cart, checkout, account, wallet and KYC routes need the age answer; without it they go to /. */
export function AgeGated() {
  const verified = useSessionValue('ageGateVerified');
  return verified ? <Outlet /> : <Navigate to="/" replace />;
}
