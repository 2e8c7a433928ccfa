import { isFaceCheckRequired } from './checkout-flow.ts';
import { facePassNeededRefusal } from './messages.ts';

/**
 * The order-time face check (issue 11; spec "Face verify", /verifyFace and the checkout's face step): who may take it,
 * what a shopper who may not is asked to do first, and how long a passed check lets the checkout go on. Pure: the
 * machines pass the session's values and the clock's reading.
 */

/** How long a matched face check lets the shopper place the order from that cart (the server records the pass). */
export const facePassLifetimeMs = 15 * 60 * 1000;

/**
 * The browser's own note of a pass is trusted a minute less than the server's record: the two clocks differ, and a
 * pass the server has already let expire would only make place order refuse. The server decides either way.
 */
export const facePassClientMarginMs = 60 * 1000;

/** The shopper as the session knows them: signed in (a guest checkout token does not count) and sign-in's verification_id. */
export interface FaceCheckShopper {
  signedIn: boolean;
  verificationId: string | undefined;
}

/** What a shopper must do before a face check: create an account (or sign in), or verify their identity on /kyc. */
export type IdentityGap = 'create-account' | 'verify-identity' | 'under-21';

/** Undefined when the shopper is a customer with a verified identity (the face check compares with its kept face). */
export function identityGapOf(shopper: FaceCheckShopper): IdentityGap | undefined {
  if (!shopper.signedIn) return 'create-account';
  if (!shopper.verificationId) return 'verify-identity';
  return undefined;
}

/**
 * The checkout's gate: a cart holding an age-restricted line needs a verified customer (the server's place order
 * refuses it otherwise); anything else needs nothing. A guest's old cart or an unverified customer's is told what to
 * do at once, not after address, speed and card.
 */
export function ageCheckGapOf(lines: readonly { age_restricted: boolean }[], shopper: FaceCheckShopper): IdentityGap | undefined {
  return isFaceCheckRequired(lines) ? identityGapOf(shopper) : undefined;
}

/**
 * The gap the checkout shows: an unverified customer the server refused as 21 or under (walk 4, the cart's
 * identity_under_21) is told why, since verifying again would not change it.
 */
export function checkoutGapOf(gap: IdentityGap | undefined, refusedUnderAge: boolean): IdentityGap | undefined {
  return gap === 'verify-identity' && refusedUnderAge ? 'under-21' : gap;
}

/** /verifyFace: ready for the camera, or what is missing first (an account, a verified identity, an open cart). */
export type FaceCheckReadiness = IdentityGap | 'no-cart' | 'ready';

/**
 * refusedUnderAge: the server's identity read (api/customer/identity, refusal 'under-21'): such a customer is told why
 * (the spec's age refusal), not 'Face Match Id Not Available.' and sent to verify again (walk 4).
 */
export function faceCheckReadiness(shopper: FaceCheckShopper & { cartId: string | undefined; refusedUnderAge?: boolean }): FaceCheckReadiness {
  const gap = checkoutGapOf(identityGapOf(shopper), shopper.refusedUnderAge === true);
  if (gap) return gap;
  return shopper.cartId ? 'ready' : 'no-cart';
}

/** The browser's note of a passed check: the cart it was for, and until when (epoch ms) the checkout may rely on it. */
export interface FacePassNote {
  cartId: string | undefined;
  until: number | undefined;
}

/** The note to keep after a match at `nowMs`. */
export function facePassNoteAt(cartId: string, nowMs: number): { cartId: string; until: number } {
  return { cartId, until: nowMs + facePassLifetimeMs - facePassClientMarginMs };
}

/** True while a passed check for this very cart is fresh: the checkout then skips its face step. */
export function isFacePassFresh(note: FacePassNote, cartId: string, nowMs: number): boolean {
  return Boolean(cartId) && note.cartId === cartId && note.until !== undefined && nowMs < note.until;
}

/**
 * Place order's refusal for want of a fresh face pass (the pass ran out on the summary, or an earlier order used it):
 * the checkout then opens its face step again rather than leaving the shopper with the snackbar alone.
 */
export function isFacePassRefusal(message: string | undefined): boolean {
  return message === facePassNeededRefusal;
}

/** The prompts a shopper sees instead of the camera (checkout and /verifyFace). */
export const identityPrompts = {
  title: 'Age-restricted items in your cart',
  createAccount: 'Please create an account and verify your identity (21+) before ordering age-restricted items.',
  verifyIdentity: 'Please verify your identity (21+) before ordering age-restricted items.',
  underAge:
    'Your identity check found you are 21 or under, so age-restricted items cannot be ordered. Please remove them from your cart to order the rest.',
  signInToCheck: 'The face check compares you with your verified identity: sign in, or create an account and verify it first.',
  signInToVerify: 'Your identity is verified on your account: sign in, or create an account first.',
  noCart: 'Your cart is empty: the face check is made for the order you are about to place.',
} as const;
