import { Link, useLocation } from 'react-router-dom';
import { sessionEndedMessage, signInPathBack } from '../../rules/sign-in-return.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './session-ended-notice.css.ts';

/**
 * Walk 5 #4: once this tab's session ended (the server's 401, a logout in another tab), it says so on every page with
 * a sign-in that comes back here, until the shopper signs in again.
 */
export function SessionEndedNotice() {
  const ended = useSessionValue('sessionEnded');
  // Signed in again (the word is dropped at the next logout): nothing to say.
  const signedIn = Boolean(useSessionValue('cust_name'));
  const { pathname, search } = useLocation();
  if (!ended || signedIn) return null;
  return (
    <div role="alert" className={css.sessionEnded}>
      {sessionEndedMessage} <Link to={signInPathBack(`${pathname}${search}`)}>Sign in again</Link>
    </div>
  );
}
