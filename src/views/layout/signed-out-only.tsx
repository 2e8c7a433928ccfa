import { useSelector } from '@xstate/react';
import { Navigate, Outlet } from 'react-router-dom';
import { selectIsSignedIn } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';

/** Screens for guests only (guest register, served zips): a signed-in customer is sent on (spec 6). */
export function SignedOutOnly({ redirectTo }: { redirectTo: string }) {
  const { session } = useAppActors();
  const signedIn = useSelector(session, selectIsSignedIn);
  return signedIn ? <Navigate to={redirectTo} replace /> : <Outlet />;
}
