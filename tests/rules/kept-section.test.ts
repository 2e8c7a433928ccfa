import { describe, expect, it } from 'vitest';
import { keptOptionLabel, keptSectionWords } from '../../src/rules/area-change.ts';

describe("the cart's section of kept lines", () => {
  const expires = '2026-12-06T15:00:00.000Z';

  it('names the zip the lines wait for when the shopper is at another one', () => {
    const words = keptSectionWords('10001', expires, '60601');
    expect(words.heading).toBe('Kept for 10001');
    expect(words.note).toBe('These come back to your cart when you choose 10001 again. They are kept until Dec 6.');
    expect(words.remove('Ribeye')).toBe('Remove Ribeye kept for 10001');
  });

  it('names the other delivery option, not the zip, for lines kept at the zip the shopper is at', () => {
    const words = keptSectionWords('10001', expires, '10001');
    expect(words.heading).toBe('Kept for another delivery option');
    expect(words.note).toContain('when you choose that delivery option again');
    expect(words.note).not.toContain('10001');
    expect(words.remove('Ribeye')).toBe('Remove Ribeye kept for another delivery option');
  });

  it('names the delivery option the lines are kept for, as the switch dialog does (walk 6)', () => {
    expect(keptOptionLabel('local', 'ColdChain Express')).toBe('Delivery');
    expect(keptOptionLabel('courier', 'ColdChain Express')).toBe('Delivery');
    expect(keptOptionLabel('dine-in', 'Gramercy Chop House')).toBe('Dine-In at Gramercy Chop House');
    expect(keptOptionLabel('pickup', 'Gramercy Chop House')).toBe('Pick-Up at Gramercy Chop House');
    const words = keptSectionWords('10001', expires, '10001', 'Delivery');
    expect(words.heading).toBe('Kept for Delivery');
    expect(words.note).toBe(
      'These come back to your cart when you choose Delivery again (Change, beside it in the header). They are kept until Dec 6.',
    );
    expect(words.remove('Salmon')).toBe('Remove Salmon kept for Delivery');
  });
});
