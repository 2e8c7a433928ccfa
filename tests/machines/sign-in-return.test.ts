import { describe, expect, it } from 'vitest';
import { signInPathBack } from '../../src/rules/sign-in-again.ts';
import { afterSignInPath } from '../../src/rules/sign-in-return.ts';

describe('sign-in that comes back where the session ended (walk 5 #4)', () => {
  it('comes back to the page and query it was offered on', () => {
    expect(signInPathBack('/cart/checkout')).toBe('/signIn?next=%2Fcart%2Fcheckout');
    expect(afterSignInPath('?next=%2Fcart%2Fcheckout')).toBe('/cart/checkout');
    expect(afterSignInPath(new URL(`http://x${signInPathBack('/category/ALL?page=2')}`).search)).toBe('/category/ALL?page=2');
    expect(afterSignInPath(`?next=${encodeURIComponent('/setting/user#shipping-addresses')}`)).toBe('/setting/user#shipping-addresses');
  });

  it('goes to /store without one, and never to another site or back to the sign-in forms', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https%3A%2F%2Fevil.example',
      '?next=%2F%2Fevil.example',
      '?next=%2F%5Cevil.example',
      '?next=%2FsignIn',
      // Read by a browser as another site: a tab or newline dropped, a backslash taken for a slash (seam b6 #3).
      '?next=%2F%09%2Fevil.example',
      '?next=%2F%0A%2Fevil.example',
      '?next=%2F%5C%5Cevil.example',
      '?next=%5C%5Cevil.example',
      '?next=javascript%3Aalert(1)',
      '?next=%2F.%2FsignIn',
      '?next=%2FSIGNIN%3Fnext%3D%252Fcart',
    ])
      expect(afterSignInPath(search), search).toBe('/store');
  });
});
