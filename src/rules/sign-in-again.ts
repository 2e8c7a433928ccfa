/**
 * The words of a session's end and the way back, small enough for the store's first load (its page gates take
 * signInPathBack); sign-in-return.ts reads `next` back once signed in.
 */

/**
 * The server's 401 for a token it no longer knows (logged out elsewhere, expired): the client ends the session then
 * (session-end.ts). Here, not in messages.ts, to stay out of the store's first load.
 */
export const signInAgainMessage = 'Please sign in again.';

/**
 * The sign-in page that comes back to `path` (the path and query of the page the shopper is on): after a session
 * ended (walk 5 #4) and from a page that needs sign-in (seam b6 #3).
 */
export function signInPathBack(path: string): string {
  return `/signIn?next=${encodeURIComponent(path)}`;
}
