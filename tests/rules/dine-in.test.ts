import { describe, expect, it } from 'vitest';
import {
  courierTypeFor,
  priceCategoryLabel,
  sampleStarPrices,
  shippingFlagsFor,
  offersPickUp,
  pickupHoursNote,
  pickupWindow,
  visitTimes,
} from '../../src/rules/dine-in.ts';
import { dineinTimeOf, parseDineinTime, visitLabel } from '../../src/rules/visit-time.ts';

const hours = { opens_at: '12:00', closes_at: '22:30' };

describe('dine-in rules', () => {
  it('offers dine-in times every half hour from opening to an hour before closing', () => {
    const times = visitTimes('dine-in', hours, '2026-12-02', '2026-12-01', 600);
    expect(times[0]).toBe('12:00');
    expect(times.at(-1)).toBe('21:30');
    expect(times).toContain('19:00');
  });

  it('keeps pick-up inside the spec’s 10 to 16 hours, and today only what is still ahead; no past date', () => {
    expect(visitTimes('pick-up', { opens_at: '09:00', closes_at: '23:00' }, '2026-12-02', '2026-12-01', 0)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(visitTimes('dine-in', hours, '2026-12-01', '2026-12-01', 21 * 60)).toEqual(['21:30']);
    expect(visitTimes('dine-in', hours, '2026-11-30', '2026-12-01', 0)).toEqual([]);
  });

  it('seats a restaurant open for under an hour at its opening time, not at no time at all (decision 087)', () => {
    const short = { opens_at: '17:00', closes_at: '17:45' };
    expect(visitTimes('dine-in', short, '2026-12-02', '2026-12-01', 0)).toEqual(['17:00']);
    // Opening off the half hour: its own opening time.
    expect(visitTimes('dine-in', { opens_at: '16:45', closes_at: '17:30' }, '2026-12-02', '2026-12-01', 0)).toEqual(['16:45']);
    // Today, once it has opened, nothing is left; Pick-Up keeps to its own window (none here).
    expect(visitTimes('dine-in', short, '2026-12-01', '2026-12-01', 17 * 60)).toEqual([]);
    expect(visitTimes('pick-up', { opens_at: '12:00', closes_at: '12:45' }, '2026-12-02', '2026-12-01', 0)).toEqual([]);
  });

  it('writes the spec’s shipping flags and the catalogue’s courier type for each card', () => {
    expect(shippingFlagsFor('dine-in')).toEqual({ shippingType: 'dine-in', delivery: 0, pickup: 0, dineinpickup: 1 });
    expect(shippingFlagsFor('pick-up')).toEqual({ shippingType: 'pick-up', delivery: 0, pickup: 1, dineinpickup: 0 });
    expect(shippingFlagsFor('delivery')).toEqual({ shippingType: 'delivery', delivery: 1, pickup: 0, dineinpickup: 0 });
    expect([courierTypeFor('dine-in'), courierTypeFor('pick-up'), courierTypeFor('delivery')]).toEqual(['dine-in', 'pickup', undefined]);
  });

  it('stores and shows the visit time', () => {
    expect(dineinTimeOf('2026-12-02', '19:00')).toBe('2026-12-02 19:00');
    expect(parseDineinTime('2026-12-02 19:00')).toEqual({ date: '2026-12-02', time: '19:00' });
    expect(parseDineinTime('tomorrow')).toBeUndefined();
    expect(visitLabel('2026-12-02 19:00')).toBe('Wed 12/02, 7:00 PM');
    expect(visitLabel('2026-12-02 00:30')).toBe('Wed 12/02, 12:30 AM');
  });

  it('labels the star filter and prices the sample dialog in multiples of the base', () => {
    expect([0, 1, 5].map((s) => priceCategoryLabel(s as 0 | 1 | 5))).toEqual(['All', '1 star', '5 star']);
    expect(sampleStarPrices(20).map((p) => p.price)).toEqual([20, 40, 60, 80, 100]);
  });
});

describe('the pick-up window said beside the times', () => {
  it("is the spec's 10 to 16 within the restaurant's own hours, the same times the picker offers", () => {
    // A walk read 'open 12:00 PM to 10:30 PM; pick-up from 10:00 AM to 4:00 PM' beside times from 12:00.
    expect(pickupWindow({ opens_at: '12:00', closes_at: '22:30' })).toEqual({ from: '12:00', to: '16:00' });
    expect(pickupWindow({ opens_at: '08:00', closes_at: '15:30' })).toEqual({ from: '10:00', to: '14:30' });
    expect(pickupWindow({ opens_at: '17:00', closes_at: '23:00' })).toBeUndefined();
    const times = visitTimes('pick-up', { opens_at: '12:00', closes_at: '22:30' }, '2026-12-02', '2026-12-01', 0);
    expect([times[0], times.at(-1)]).toEqual(['12:00', '16:00']);
  });
});

describe('who offers Pick-Up (walk 7 #1)', () => {
  it('is a restaurant whose hours leave a pick-up time, and the note reads a one-time window as one time', () => {
    // Hudson Prime, open 5 PM to 11 PM: no pick-up time, not offered (every date read 'No time left on this date').
    expect(offersPickUp({ opens_at: '17:00', closes_at: '23:00' })).toBe(false);
    expect(offersPickUp({ opens_at: '', closes_at: '' })).toBe(false);
    expect(offersPickUp({ opens_at: '12:00', closes_at: '22:30' })).toBe(true);
    // Delancey Sake Bar, open 4 PM to 11:30 PM: the one time 4:00 PM ('pick-up from 4:00 PM to 4:00 PM' before).
    expect(offersPickUp({ opens_at: '16:00', closes_at: '23:30' })).toBe(true);
    expect(pickupHoursNote({ opens_at: '16:00', closes_at: '23:30' })).toBe('; pick-up at 4:00 PM.');
    expect(pickupHoursNote({ opens_at: '12:00', closes_at: '22:30' })).toBe('; pick-up from 12:00 PM to 4:00 PM.');
  });
});
