import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import { selectSessionValues, showsSessionEnded } from '../../machines/app/index.ts';
import { signInPathBack } from '../../rules/sign-in-again.ts';
import { sessionEndedMessage } from '../../rules/sign-in-return.ts';
import { useAppActors } from '../app-context.tsx';
import * as css from './session-ended-notice.css.ts';

/**
 * Walk 5 #4: once this tab's session ended (the server's 401, a logout in another tab), it says so on every page with
 * a sign-in that comes back here, until the shopper signs in again. The one message about it: the call that met the
 * 401 does not say its 'Please sign in again.' beside it (isSaidBySessionEnded, seam b6 #1).
 */
export function SessionEndedNotice() {
  // Signed in again (the word is dropped at the next logout): nothing to say.
  const shown = showsSessionEnded(useSelector(useAppActors().session, selectSessionValues));
  const { pathname, search } = useLocation();
  if (!shown) return null;
  return (
    <div role="alert" className={css.sessionEnded}>
      {sessionEndedMessage} <Link to={signInPathBack(`${pathname}${search}`)}>Sign in again</Link>
    </div>
  );
}
