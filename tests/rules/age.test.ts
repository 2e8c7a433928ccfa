import { describe, expect, it } from 'vitest';
import { ageOn, checkAge, dobMessages, parseDob, parseIsoDate, tooYoungMessage } from '../../src/rules/age.ts';
import { storeToday } from '../../src/rules/delivery-dates.ts';

const on = (iso: string) => parseIsoDate(iso);
function ageAt(dob: string, today: string): number {
  const parsed = parseDob(dob);
  if (!parsed.ok) throw new Error(parsed.message);
  return ageOn(parsed.date, on(today));
}

describe('parseDob: strict DD/MM/YYYY', () => {
  it('reads a real date, day first', () => {
    expect(parseDob('07/03/1990')).toEqual({ ok: true, date: { year: 1990, month: 3, day: 7 } });
    expect(parseDob(' 31/12/1999 ')).toEqual({ ok: true, date: { year: 1999, month: 12, day: 31 } });
    expect(parseDob('29/02/2000')).toEqual({ ok: true, date: { year: 2000, month: 2, day: 29 } });
  });

  it.each([
    ['1/2/2000', dobMessages.format],
    ['01/2/2000', dobMessages.format],
    ['2000-01-01', dobMessages.format],
    ['01/01/00', dobMessages.format],
    ['01/01/20000', dobMessages.format],
    ['', dobMessages.format],
    ['ab/cd/efgh', dobMessages.format],
    ['01-01-2000', dobMessages.format],
    ['01/01/2000x', dobMessages.format],
    ['31/02/2000', dobMessages.notADate],
    ['29/02/2001', dobMessages.notADate],
    ['29/02/1900', dobMessages.notADate],
    ['31/04/2000', dobMessages.notADate],
    ['00/01/2000', dobMessages.notADate],
    ['01/13/2000', dobMessages.notADate],
    ['12/31/2000', dobMessages.notADate],
  ])('refuses %j', (text, message) => {
    expect(parseDob(text)).toEqual({ ok: false, message });
  });
});

describe('ageOn: whole years on a calendar date', () => {
  it('turns a year older on the birthday itself, not the day before', () => {
    expect(ageAt('15/06/2004', '2026-06-15')).toBe(22); // birthday today
    expect(ageAt('16/06/2004', '2026-06-15')).toBe(21); // birthday tomorrow
    expect(ageAt('14/06/2004', '2026-06-15')).toBe(22); // birthday yesterday
  });

  it('a 29 February birthday counts from 1 March in non-leap years', () => {
    expect(ageAt('29/02/2004', '2026-02-28')).toBe(21);
    expect(ageAt('29/02/2004', '2026-03-01')).toBe(22);
    // In a leap year the birthday is the 29th itself.
    expect(ageAt('29/02/2004', '2028-02-28')).toBe(23);
    expect(ageAt('29/02/2004', '2028-02-29')).toBe(24);
  });

  it('parseIsoDate refuses what is not a real YYYY-MM-DD (a caller error)', () => {
    expect(() => parseIsoDate('2026-02-30')).toThrow(RangeError);
    expect(() => parseIsoDate('15/06/2026')).toThrow(RangeError);
  });
});

describe('checkAge: the spec gate (over 21 verifies; 21 or under is refused)', () => {
  it('exactly 21 is refused with the spec words; 22 passes', () => {
    expect(checkAge('15/06/2005', '2026-06-15')).toEqual({ kind: 'too-young', age: 21, message: tooYoungMessage });
    expect(tooYoungMessage).toBe('Not Yet Fit For Alcohol Acc. To Govt. See you soon!!!');
    expect(checkAge('15/06/2004', '2026-06-15')).toEqual({ kind: 'over-21', age: 22 });
    expect(checkAge('16/06/2004', '2026-06-15')).toEqual({ kind: 'too-young', age: 21, message: tooYoungMessage });
  });

  it('29 February 2004: still 21 on 28 February 2026, over 21 on 1 March', () => {
    expect(checkAge('29/02/2004', '2026-02-28').kind).toBe('too-young');
    expect(checkAge('29/02/2004', '2026-03-01').kind).toBe('over-21');
  });

  it('children and newborns are too young', () => {
    expect(checkAge('15/06/2026', '2026-06-15')).toEqual({ kind: 'too-young', age: 0, message: tooYoungMessage });
    expect(checkAge('01/01/2010', '2026-06-15').kind).toBe('too-young');
  });

  it('far past and future dates are unreadable, not ages', () => {
    expect(checkAge('01/01/1899', '2026-06-15')).toEqual({ kind: 'unreadable', message: dobMessages.tooEarly });
    expect(checkAge('01/01/1900', '2026-06-15')).toEqual({ kind: 'over-21', age: 126 });
    expect(checkAge('16/06/2026', '2026-06-15')).toEqual({ kind: 'unreadable', message: dobMessages.inFuture });
    expect(checkAge('01/01/9999', '2026-06-15')).toEqual({ kind: 'unreadable', message: dobMessages.inFuture });
    expect(checkAge('31/02/2000', '2026-06-15')).toEqual({ kind: 'unreadable', message: dobMessages.notADate });
    expect(checkAge('', '2026-06-15')).toEqual({ kind: 'unreadable', message: dobMessages.format });
  });

  it('the caller picks the day: late evening in New York is still the day before in UTC terms', () => {
    // 02:00 UTC on 16 June is 22:00 on 15 June in New York: a birthday on the 16th has not come yet in the store.
    const today = storeToday(new Date('2026-06-16T02:00:00Z'));
    expect(today).toBe('2026-06-15');
    expect(checkAge('16/06/2004', today).kind).toBe('too-young');
    expect(checkAge('16/06/2004', '2026-06-16').kind).toBe('over-21');
  });
});
