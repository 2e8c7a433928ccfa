import { describe, expect, it } from 'vitest';
import { areaChangeWords, priceChangeLines, type AreaChangeLine } from '../../src/rules/area-change.ts';

const line = (name: string, size: string, price?: string, new_price?: string): AreaChangeLine => ({ name, size, qty: 1, price, new_price });

describe('the switch question names a moved line’s new price', () => {
  it('names each kept line moved at another price with its old and new price', () => {
    expect(priceChangeLines([line('Ribeye Steak', '1 lb', '41.63', '38.10')])).toEqual(['Ribeye Steak: $41.63 → $38.10']);
  });

  it('leaves out a line that stays as it is, or moves at the same price', () => {
    const keep = [line('Salmon', '1 lb', '20.00'), line('Oysters', '12 ct', '30.00', '30.00'), line('Wagyu', '8 oz', '1234.50', '99.00')];
    expect(priceChangeLines(keep)).toEqual(['Wagyu: $1,234.50 → $99.00']);
    expect(priceChangeLines([line('Salmon', '1 lb')])).toEqual([]);
  });

  it('adds the size when two moved lines share a name', () => {
    const keep = [line('Ribeye Steak', '1 lb', '65.79', '36.59'), line('Ribeye Steak', '2 lb', '123.99', '68.99')];
    expect(priceChangeLines(keep)).toEqual(['Ribeye Steak, 1 lb: $65.79 → $36.59', 'Ribeye Steak, 2 lb: $123.99 → $68.99']);
  });

  it('keeps the question’s words and heads the price lines with the option', () => {
    const words = areaChangeWords({ target: 'Delivery', current: 'Dine-In', keep: [line('Ribeye Steak', '1 lb', '41.63', '38.10')], drop: [] });
    expect(words.title).toBe('Change to Delivery?');
    expect(words.keepHeading).toBe('Everything in your cart comes with you to Delivery:');
    expect(words.confirm).toBe('Change to Delivery');
    expect(words.priceHeading).toBe('New prices with Delivery:');
  });
});
