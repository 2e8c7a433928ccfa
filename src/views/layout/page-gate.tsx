import { useActorRef, useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { pageAccessMachine, selectRedirect, type GatedPage } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';

/** Shows the page, or sends the shopper where the page access machine says (sign in first, or on past the forms). */
export function PageGate({ page, resetToken, children }: { page: GatedPage; resetToken?: string | null; children: ReactNode }) {
  const { session } = useAppActors();
  const { pathname, search, hash } = useLocation();
  // Where this page now is (its tab may change under one gate): sign-in comes back there.
  const path = useRef('');
  path.current = `${pathname}${search}${hash}`;
  const actor = useActorRef(pageAccessMachine, { input: { session, page, resetToken, currentPath: () => path.current } });
  const redirectTo = useSelector(actor, selectRedirect);
  return redirectTo ? <Navigate to={redirectTo} replace /> : children;
}
