import { signInAgainMessage } from '../rules/sign-in-again.ts';
import { ApiError } from './http.ts';

/**
 * The server's 401 'Please sign in again.': the session's token is no longer known (a logout elsewhere, an expiry).
 * Another 401's words (a dead reset link) are not it. Its own module: only code loaded after the first render reads it.
 */
export function isSignInAgain(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.message === signInAgainMessage;
}
