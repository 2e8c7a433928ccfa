import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { pageAccessMachine, selectRedirect, type GatedPage } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';

/** Where the page now is, read when the gate decides (one gate serves every /setting/… tab): sign-in comes back there. */
const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Shows the page, or sends the shopper where the page access machine says (sign in first, or on past the forms). */
export function PageGate({ page, resetToken, children }: { page: GatedPage; resetToken?: string | null; children: ReactNode }) {
  const { session } = useAppActors();
  const actor = useActorRef(pageAccessMachine, { input: { session, page, resetToken, currentPath } });
  const redirectTo = useSelector(actor, selectRedirect);
  return redirectTo ? <Navigate to={redirectTo} replace /> : children;
}
