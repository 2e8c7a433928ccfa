import { describe, expect, it } from 'vitest';
import { clampQuantity, isQuantity, maxQuantity, quantityOptions } from '../../src/rules/quantity.ts';

describe('quantity', () => {
  it('offers 1 to 24', () => {
    expect(quantityOptions[0]).toBe(1);
    expect(quantityOptions.at(-1)).toBe(24);
    expect(quantityOptions).toHaveLength(maxQuantity);
  });

  it('accepts whole numbers from 1 to 24 only', () => {
    expect([1, 24].every(isQuantity)).toBe(true);
    expect([0, 25, 1.5, Number.NaN, '3'].some(isQuantity)).toBe(false);
  });

  it('keeps the stepper within 1..24', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(30)).toBe(24);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});
