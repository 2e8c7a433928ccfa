/**
 * Walk 5 #4: a shopper whose session ended signs in again and comes back to the page they were on (/signIn?next=…).
 * Only the store's own paths are followed: `next` never sends anyone to another site. (The 401's words and the
 * sign-in path that carries `next` are in sign-in-again.ts.)
 */

/**
 * What a tab says once its session ended (a 401, or a logout in another tab), with a way to sign in. Here, not in
 * messages.ts: only the notice shows it, so the store's first load does not carry it.
 */
export const sessionEndedMessage = 'Your session has ended. Please sign in again.';

/** Any origin stands for the store's own here: only whether `next` stays on it matters. */
const storeOrigin = 'https://store.invalid';

/**
 * Where sign-in goes once done: the query's `next` when it is a path of this store (not the sign-in forms), else
 * /store. Read as a browser would read it against the store's own address (tabs and newlines dropped, backslashes as
 * slashes), so '//evil.example', '/\\evil.example', '/\t/evil.example' or 'https://…' never leave the store.
 */
export function afterSignInPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/')) return '/store';
  let url: URL;
  try {
    url = new URL(next, storeOrigin);
  } catch {
    return '/store';
  }
  if (url.origin !== storeOrigin) return '/store';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return /^\/(signin|createaccount)\b/i.test(path) ? '/store' : path;
}
