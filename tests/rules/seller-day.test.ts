import { describe, expect, it } from 'vitest';
import { dayEntry, stockRowLabel } from '../../src/rules/seller-day.ts';

describe("the seller's day panel", () => {
  it('names each stock row by its size and its speed in words, so the sizes of one product are told apart', () => {
    expect(stockRowLabel({ product_name: 'Ground Beef 80/20', size: '1 lb', speed: 'local' })).toBe('Ground Beef 80/20, 1 lb · Same Day');
    expect(stockRowLabel({ product_name: 'Ground Beef 80/20', size: '2 lb', speed: 'courier' })).toBe('Ground Beef 80/20, 2 lb · Next Day');
    expect(stockRowLabel({ product_name: 'Gift card', size: null, speed: 'pickup' })).toBe('Gift card · Pick-Up');
  });

  it('takes a whole number from 0 for seats and stock, and names the field otherwise', () => {
    expect(dayEntry(' 12 ', 'Seats')).toEqual({ ok: true, value: 12 });
    expect(dayEntry('0', 'Stock')).toEqual({ ok: true, value: 0 });
    expect(dayEntry('-3', 'Seats')).toEqual({ ok: false, message: 'Seats must be a whole number from 0 to 999,999.' });
    expect(dayEntry('2.5', 'Stock')).toEqual({ ok: false, message: 'Stock must be a whole number from 0 to 999,999.' });
    expect(dayEntry('', 'Seats')).toMatchObject({ ok: false });
  });
});
