import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDiscount, formatMoney } from '../../src/rules/money.ts';
import { cardPriceLabel, formatSize, formatWeight, lowestPrice, visibleSizesSorted } from '../../src/rules/sizes.ts';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1299, '12.99'],
    [100000, '1000.00'],
    [-250, '-2.50'],
  ])('%i cents → %s', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
    expect(dollarsToCents(dollars)).toBe(cents);
  });
  it('refuses fractional cents and malformed dollars', () => {
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
    expect(dollarsToCents('12.5')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
  });
  it('shows a dollar sign', () => {
    expect(formatMoney('12.50')).toBe('$12.50');
    expect(formatMoney('-3.00')).toBe('-$3.00');
    expect(formatMoney('0.00')).toBe('$0.00');
  });
  it('shows a discount as taken off, with a minus sign, wherever totals are shown (issue 23: the order list had none)', () => {
    expect(formatDiscount('5.00')).toBe('-$5.00');
    expect(formatDiscount('0.00')).toBe('$0.00');
  });
  it('groups thousands the US way', () => {
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    expect(formatMoney('-1000000.05')).toBe('-$1,000,000.05');
  });
  it('writes every amount as en-US currency formatting does (it is written out, without Intl, for the first script)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let cents = -250_000; cents <= 250_000; cents += 997) {
      expect(formatMoney(centsToDollars(cents))).toBe(intl.format(cents / 100));
    }
    for (const cents of [1, 9, 10, 99, 100, 999_99, 1000_00, 12_345_678_90, -1, -100_000_00]) {
      expect(formatMoney(centsToDollars(cents))).toBe(intl.format(cents / 100));
    }
  });
  it('shows text that is not dollars as it is, never $NaN', () => {
    expect(formatMoney('abc')).toBe('abc');
  });
});

describe('sizes', () => {
  const sizes = [
    { bottle_size: 1000, price: '18.99' },
    { bottle_size: 0, price: '99.00' },
    { bottle_size: 250, price: '6.49' },
    { bottle_size: 500, price: '10.99' },
  ];
  it('sorts numerically (not as text) and hides size 0', () => {
    expect(visibleSizesSorted(sizes).map((s) => s.bottle_size)).toEqual([250, 500, 1000]);
  });
  it("the card's 'from' price is the lowest of the sizes", () => {
    expect(lowestPrice(sizes)).toBe('6.49');
    expect(cardPriceLabel(sizes)).toBe('from $6.49');
    expect(cardPriceLabel([{ bottle_size: 500, price: '9.99' }])).toBe('$9.99');
    expect(lowestPrice([])).toBeUndefined();
  });
  it('formats weights', () => {
    expect(formatWeight(250)).toBe('250 g');
    expect(formatWeight(1000)).toBe('1 kg');
    expect(formatWeight(1500)).toBe('1.5 kg');
  });
});

describe('formatSize: grams for food, millilitres for drinks', () => {
  it('keeps food as weights and reads drinks in ml and litres', () => {
    expect(formatSize(500, 'g')).toBe('500 g');
    expect(formatSize(1500, 'g')).toBe('1.5 kg');
    expect(formatSize(750, 'ml')).toBe('750 ml');
    expect(formatSize(1000, 'ml')).toBe('1 L');
    expect(formatSize(1750, 'ml')).toBe('1.75 L');
  });
});
