import { describe, expect, it } from 'vitest';
import { closeDayQuestion, closeDayRefusal, dayEntry, stockRowLabel } from '../../src/rules/seller-day.ts';

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

  it('closing a day asks how many are booked; orders already being prepared are named and the close refused (QA walk 6)', () => {
    expect(closeDayQuestion(2, '2026-12-01')).toBe(
      '2 orders are booked on 12/01/2026. Close the day anyway? Their shoppers will be mailed to choose another date or cancel, whatever the cutoff.',
    );
    expect(closeDayQuestion(2, '2026-12-01', 1)).toBe(
      '2 orders are booked on 12/01/2026, and 1 of them is already being prepared: the day cannot close until the store cancels it.',
    );
    expect(closeDayQuestion(1, '2026-12-01', 1)).toBe(
      '1 order is booked on 12/01/2026, and it is already being prepared: the day cannot close until the store cancels it.',
    );
    expect(closeDayRefusal(['100000005'], '2026-12-01')).toBe(
      '1 order booked on 12/01/2026 is already being prepared (#100000005): its shopper can no longer move or cancel it. The store must cancel it before the day can close.',
    );
    expect(closeDayRefusal(['100000005', '100000007'], '2026-12-01')).toContain(
      '2 orders booked on 12/01/2026 are already being prepared (#100000005, #100000007)',
    );
  });
});
