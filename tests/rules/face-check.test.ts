import { describe, expect, it } from 'vitest';
import { ageVerificationNeededRefusal, facePassNeededRefusal } from '../../src/rules/messages.ts';
import {
  ageCheckGapOf,
  faceCheckReadiness,
  facePassClientMarginMs,
  facePassLifetimeMs,
  facePassNoteAt,
  identityGapOf,
  isFacePassFresh,
  isFacePassRefusal,
} from '../../src/rules/face-check.ts';

const verified = { signedIn: true, verificationId: 'a'.repeat(32) };
const unverified = { signedIn: true, verificationId: undefined };
const guest = { signedIn: false, verificationId: undefined };
const drink = [{ age_restricted: false }, { age_restricted: true }];
const food = [{ age_restricted: false }];

describe('who may take the face check', () => {
  it('needs an account, then a verified identity', () => {
    expect(identityGapOf(guest)).toBe('create-account');
    // A stale verification id without an account still needs the account first.
    expect(identityGapOf({ signedIn: false, verificationId: 'a'.repeat(32) })).toBe('create-account');
    expect(identityGapOf(unverified)).toBe('verify-identity');
    expect(identityGapOf({ signedIn: true, verificationId: '' })).toBe('verify-identity');
    expect(identityGapOf(verified)).toBeUndefined();
  });

  it('stops the checkout only for a cart with an age-restricted line', () => {
    expect(ageCheckGapOf(drink, guest)).toBe('create-account');
    expect(ageCheckGapOf(drink, unverified)).toBe('verify-identity');
    expect(ageCheckGapOf(drink, verified)).toBeUndefined();
    expect(ageCheckGapOf(food, guest)).toBeUndefined();
    expect(ageCheckGapOf([], unverified)).toBeUndefined();
  });

  it('/verifyFace needs an open cart once the shopper is verified', () => {
    expect(faceCheckReadiness({ ...verified, cartId: 'cart-1' })).toBe('ready');
    expect(faceCheckReadiness({ ...verified, cartId: undefined })).toBe('no-cart');
    expect(faceCheckReadiness({ ...verified, cartId: '' })).toBe('no-cart');
    expect(faceCheckReadiness({ ...unverified, cartId: undefined })).toBe('verify-identity');
    expect(faceCheckReadiness({ ...guest, cartId: 'cart-1' })).toBe('create-account');
    // The server's refusal 'under-21' (walk 4): told why, not asked to verify again.
    expect(faceCheckReadiness({ ...unverified, cartId: 'cart-1', refusedUnderAge: true })).toBe('under-21');
    expect(faceCheckReadiness({ ...verified, cartId: 'cart-1', refusedUnderAge: true })).toBe('ready');
  });
});

describe('the browser note of a face pass', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const note = facePassNoteAt('cart-1', now);

  it('lasts a minute less than the server pass', () => {
    expect(note).toEqual({ cartId: 'cart-1', until: now + facePassLifetimeMs - facePassClientMarginMs });
  });

  it('is fresh for the same cart until its end, never for another cart or without a note', () => {
    expect(isFacePassFresh(note, 'cart-1', now)).toBe(true);
    expect(isFacePassFresh(note, 'cart-1', note.until - 1)).toBe(true);
    expect(isFacePassFresh(note, 'cart-1', note.until)).toBe(false);
    expect(isFacePassFresh(note, 'cart-2', now)).toBe(false);
    expect(isFacePassFresh({ cartId: undefined, until: undefined }, '', now)).toBe(false);
    expect(isFacePassFresh({ cartId: '', until: note.until }, '', now)).toBe(false);
    expect(isFacePassFresh({ cartId: 'cart-1', until: undefined }, 'cart-1', now)).toBe(false);
  });
});

describe("place order's face pass refusal", () => {
  it('is told apart from its other refusals', () => {
    expect(isFacePassRefusal(facePassNeededRefusal)).toBe(true);
    expect(isFacePassRefusal(ageVerificationNeededRefusal)).toBe(false);
    expect(isFacePassRefusal('Only 1 left in stock.')).toBe(false);
    expect(isFacePassRefusal(undefined)).toBe(false);
  });
});
