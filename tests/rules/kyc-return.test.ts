import { describe, expect, it } from 'vitest';
import { kycLinkFrom, kycReturnPathOf } from '../../src/rules/kyc-return.ts';

describe('where /kyc returns a verified shopper', () => {
  it('takes only the cart, a checkout step and the face check', () => {
    expect(kycReturnPathOf('/cart')).toBe('/cart');
    expect(kycReturnPathOf('/cart/checkout')).toBe('/cart/checkout');
    expect(kycReturnPathOf('/verifyFace')).toBe('/verifyFace');
    expect(kycReturnPathOf('/cart/face')).toBe('/cart/face');
    for (const other of [null, undefined, '', '/store', 'https://evil.example/cart', '//evil.example', '/cart/../signIn', '/cart/a/b']) {
      expect(kycReturnPathOf(other)).toBeUndefined();
    }
  });

  it('names the page in the /kyc link only when it is one to come back to', () => {
    expect(kycLinkFrom('/cart/checkout')).toBe('/kyc?from=%2Fcart%2Fcheckout');
    expect(kycLinkFrom('/store/12')).toBe('/kyc');
  });
});
