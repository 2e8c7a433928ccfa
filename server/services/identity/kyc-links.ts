import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to stored KYC photos (DESIGN.md "uploads"): /media/kyc/<key>?exp=<unix seconds>&sig=<HMAC-SHA256>.
 * The signature covers the key, the expiry and the customer the link was made for, so a link is good for one photo,
 * one hour and one customer; the route also asks for that customer's bearer token and checks the photo is theirs.
 */

export const kycLinkLifetimeSeconds = 3600;

interface LinkParts {
  key: string;
  customerId: number;
  signingKey: string;
}

function signature({ key, customerId, signingKey }: LinkParts, expires: number): Buffer {
  return createHmac('sha256', signingKey).update(`kyc-image\n${customerId}\n${key}\n${expires}`).digest();
}

/** A link to one photo for its owner, good for kycLinkLifetimeSeconds from now. */
export function kycImageLink(parts: LinkParts & { now: Date }): string {
  const expires = Math.floor(parts.now.getTime() / 1000) + kycLinkLifetimeSeconds;
  const sig = signature(parts, expires).toString('base64url');
  return `/media/kyc/${parts.key}?exp=${expires}&sig=${sig}`;
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** Whether exp and sig from a link's query are ours for this key and customer, and not yet expired. */
export function checkKycLink(parts: LinkParts & { now: Date; exp: string; sig: string }): LinkCheck {
  if (!/^\d{1,12}$/.test(parts.exp) || !/^[A-Za-z0-9_-]{43}$/.test(parts.sig)) return 'invalid';
  const expires = Number(parts.exp);
  const given = Buffer.from(parts.sig, 'base64url');
  const expected = signature(parts, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const now = Math.floor(parts.now.getTime() / 1000);
  // A valid signature with an expiry far ahead was not made by kycImageLink: treat it as forged.
  if (expires > now + kycLinkLifetimeSeconds) return 'invalid';
  return expires <= now ? 'expired' : 'ok';
}
