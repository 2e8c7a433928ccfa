import { describe, expect, it } from 'vitest';
import {
  addDays,
  closedDates,
  cutoffInstant,
  formatUsDate,
  isDeliverableDate,
  isPastCutoff,
  nextDeliveryDate,
  parseUsDate,
  storeMinutes,
  storeToday,
  weekdayOf,
} from '../../src/rules/delivery-dates.ts';
import { deliveryPromise, isSlotPast, timeLeftLabel } from '../../src/rules/slots.ts';
import { formatSlot, shortDayLabel } from '../../src/rules/visit-time.ts';

const open = { closedWeekdays: [], holidays: [] };

describe('store calendar (New York time)', () => {
  it('reads every second of a minute alike and each minute afresh, across midnight and the spring DST jump', () => {
    // The parts are kept per minute: the first and last second of one minute agree, the next minute is read anew.
    expect(storeMinutes(new Date('2026-11-24T04:59:00Z'))).toBe(23 * 60 + 59);
    expect(storeMinutes(new Date('2026-11-24T04:59:59.999Z'))).toBe(23 * 60 + 59);
    expect(storeToday(new Date('2026-11-24T04:59:59.999Z'))).toBe('2026-11-23');
    expect(storeToday(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
    expect(storeMinutes(new Date('2026-11-24T05:00:00Z'))).toBe(0);
    // 2026-03-08: 01:59 EST is followed by 03:00 EDT.
    expect(storeMinutes(new Date('2026-03-08T06:59:30Z'))).toBe(1 * 60 + 59);
    expect(storeMinutes(new Date('2026-03-08T07:00:10Z'))).toBe(3 * 60);
  });

  it('today is the New York date, not UTC', () => {
    // 03:00 UTC on Nov 24 is still Nov 23 in New York (EST, UTC-5).
    expect(storeToday(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
  });

  it('3 pm New York is the cutoff in winter (EST) and summer (EDT)', () => {
    expect(isPastCutoff(new Date('2026-11-23T19:59:00Z'))).toBe(false);
    expect(isPastCutoff(new Date('2026-11-23T20:00:00Z'))).toBe(true);
    expect(isPastCutoff(new Date('2026-07-01T18:59:00Z'))).toBe(false);
    expect(isPastCutoff(new Date('2026-07-01T19:00:00Z'))).toBe(true);
    expect(cutoffInstant(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-23T20:00:00.000Z');
    expect(cutoffInstant(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-01T19:00:00.000Z');
  });

  it('adds days and names weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(shortDayLabel('2026-12-01')).toBe('Tue 12/01');
  });
});

describe('next delivery date', () => {
  const mondayMorning = new Date('2026-11-23T14:00:00Z'); // 09:00 New York, Monday
  const mondayEvening = new Date('2026-11-23T21:00:00Z'); // 16:00 New York, after the cutoff

  it('Same Day is today before 3 pm, tomorrow after', () => {
    expect(nextDeliveryDate(mondayMorning, 'local', open)).toBe('2026-11-23');
    expect(nextDeliveryDate(mondayEvening, 'local', open)).toBe('2026-11-24');
  });

  it('Next Day is tomorrow before 3 pm, the day after later', () => {
    expect(nextDeliveryDate(mondayMorning, 'courier', open)).toBe('2026-11-24');
    expect(nextDeliveryDate(mondayEvening, 'courier', open)).toBe('2026-11-25');
  });

  it('skips holidays, closed days and non-delivery days', () => {
    // Wednesday evening before Thanksgiving: Thursday is a holiday, so Friday.
    const wednesdayEvening = new Date('2026-11-25T21:00:00Z');
    expect(nextDeliveryDate(wednesdayEvening, 'local', { closedWeekdays: [0], holidays: ['2026-11-26'] })).toBe('2026-11-27');
    // Saturday after the cutoff with Sunday closed → Monday.
    expect(nextDeliveryDate(new Date('2026-11-28T21:00:00Z'), 'local', { closedWeekdays: [0], holidays: [] })).toBe('2026-11-30');
    // Farms deliver Tuesday and Friday only, at least two days out.
    expect(nextDeliveryDate(mondayMorning, 'farm-direct', { closedWeekdays: [], holidays: [], deliveryWeekdays: [2, 5] })).toBe('2026-11-27');
  });

  it('checks a chosen date against the minimum and the calendar', () => {
    const calendar = { closedWeekdays: [0], holidays: ['2026-12-25'] };
    expect(isDeliverableDate('2026-11-24', '2026-11-24', calendar)).toBe(true);
    expect(isDeliverableDate('2026-11-23', '2026-11-24', calendar)).toBe(false);
    expect(isDeliverableDate('2026-12-25', '2026-11-24', calendar)).toBe(false);
    expect(isDeliverableDate('2026-11-29', '2026-11-24', calendar)).toBe(false);
    expect(closedDates('2026-11-22', 7, calendar)).toEqual(['2026-11-22']);
  });
});

describe('formats', () => {
  it('shows MM/dd/yyyy and sends YYYY-MM-DD', () => {
    expect(formatUsDate('2026-12-01')).toBe('12/01/2026');
    expect(parseUsDate('12/01/2026')).toBe('2026-12-01');
    expect(parseUsDate('02/30/2026')).toBeUndefined();
    expect(parseUsDate('2026-12-01')).toBeUndefined();
  });

  it('slots and promises', () => {
    expect(formatSlot({ start: '10:00', end: '12:00' })).toBe('10:00 AM–12:00 PM');
    expect(deliveryPromise('2026-12-01', { start: '10:00', end: '12:00' })).toBe('Arrives Tue 12/01 between 10:00 AM and 12:00 PM');
    expect(deliveryPromise('2026-12-01')).toBe('Arrives Tue 12/01');
    expect(isSlotPast({ start: '10:00', end: '12:00' }, 9 * 60 + 30)).toBe(true);
    expect(isSlotPast({ start: '12:00', end: '14:00' }, 9 * 60 + 30)).toBe(false);
  });

  it('time left before the cutoff', () => {
    const cutoff = new Date('2026-11-23T20:00:00Z');
    expect(timeLeftLabel(new Date('2026-11-23T17:55:00Z'), cutoff)).toBe('2 h 05 min left to order for today');
    expect(timeLeftLabel(new Date('2026-11-23T19:50:00Z'), cutoff)).toBe('10 min left to order for today');
    expect(timeLeftLabel(new Date('2026-11-23T20:00:00Z'), cutoff)).toBeUndefined();
  });
});
