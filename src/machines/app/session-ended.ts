import { signInAgainMessage } from '../../rules/sign-in-again.ts';
import { isSignedIn, type SessionValues } from './session-values.ts';

/**
 * Whether the session-ended notice speaks, and for which words. Its own module: only what loads after the first render
 * (the notice, the toasts, the checkout) reads it, so the store's first load does not carry it.
 */

/** Walk 5 #4: the session ended here and nobody signed in since: the page's notice says so, with a sign-in. */
export function showsSessionEnded(values: SessionValues): boolean {
  return Boolean(values.sessionEnded) && !isSignedIn(values);
}

/**
 * Seam b6 #1: the 401's own words ('Please sign in again.'), which the call that met it would show again beside the
 * notice ('Your session has ended. Please sign in again.'): one message says it, with its sign-in link. For a guest's
 * token (no notice) the words stay where the call shows them.
 */
export function isSaidBySessionEnded(message: string, values: SessionValues): boolean {
  return message === signInAgainMessage && showsSessionEnded(values);
}
