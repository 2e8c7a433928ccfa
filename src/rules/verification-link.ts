/**
 * The vendor's page where a shopper finishes an identity check (decision 016: Stripe Identity's hosted page, sent
 * by the server as verify's `verificationUrl`). The KYC screen opens it in a new tab, so only a link that cannot run
 * script or leak the session is offered: https anywhere, plain http only on this machine (the local stand-in).
 */

const localHosts: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/** The URL to open, normalised; undefined for anything else (javascript:, data:, http to another host, credentials, junk). */
export function verificationLinkOf(url: string | undefined): string | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // A user:password@ prefix can disguise the host a shopper reads; a vendor's link never carries one.
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol === 'http:' && localHosts.has(parsed.hostname)) return parsed.href;
  return undefined;
}
