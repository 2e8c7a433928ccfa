/**
 * The over-21 rule (spec, KYC): the date of birth comes as DD/MM/YYYY (the KYC verify result's `dob`); the age is
 * computed on a calendar date the caller passes as 'YYYY-MM-DD', so the caller decides the time zone (the server
 * passes storeToday(now) from delivery-dates.ts, the store's New York date). The spec's gate is "over 21": its
 * message table refuses "age 21 or under", so a shopper who is exactly 21 is refused until their 22nd birthday.
 * Pure: no imports, no clock.
 */

/** A calendar date with a 1-based month. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export type DobParse = { ok: true; date: CalendarDate } | { ok: false; message: string };

/** The spec's gate: a customer must be over 21 to be verified. */
export const minimumAgeExclusive = 21;

/** Earliest birth year taken as a real date of birth (an OCR slip such as 1097 is refused, not aged 929). */
export const earliestBirthYear = 1900;

/** The spec's KYC refusal for "age 21 or under" (exact words); the server's customer verify sends it too. */
export const tooYoungMessage = 'Not Yet Fit For Alcohol Acc. To Govt. See you soon!!!';

export const dobMessages = {
  format: 'Date of birth must be written DD/MM/YYYY.',
  notADate: 'Date of birth is not a real calendar date.',
  tooEarly: `Date of birth must be in ${earliestBirthYear} or later.`,
  inFuture: 'Date of birth cannot be in the future.',
} as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Strict DD/MM/YYYY: two-digit day and month (IDs print them zero-padded; '1/2/2000' is ambiguous with US M/D
 * habits and refused), a four-digit year, a real calendar date (31/02/2000 and 29/02/2001 refused). Surrounding
 * spaces are ignored; nothing else is.
 */
export function parseDob(text: string): DobParse {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return { ok: false, message: dobMessages.format };
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  if (!isRealDate(date)) return { ok: false, message: dobMessages.notADate };
  return { ok: true, date };
}

/** 'YYYY-MM-DD' (a real date) → CalendarDate; anything else is a programming error, so it throws. */
export function parseIsoDate(iso: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : undefined;
  if (!date || !isRealDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${iso}'`);
  return date;
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years completed on `today`. A 29 February birthday falls on 1 March in non-leap years (the day after
 * 28 February): on 28 February 2023 someone born 29/02/2000 is still 22, on 1 March 2023 they are 23.
 */
export function ageOn(dob: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > dob.month || (today.month === dob.month && today.day >= dob.day);
  return today.year - dob.year - (hadBirthday ? 0 : 1);
}

export type AgeCheck =
  { kind: 'over-21'; age: number } | { kind: 'too-young'; age: number; message: string } | { kind: 'unreadable'; message: string };

/**
 * The spec's KYC gate on a date of birth as read from the ID: over 21 may be verified (call customer verify);
 * 21 or under gets the spec's refusal; a date that is not DD/MM/YYYY, not real, before 1900 or after today is
 * unreadable (never "too young": the shopper should retake the photo, not be told to wait).
 */
export function checkAge(dobText: string, todayIso: string): AgeCheck {
  const parsed = parseDob(dobText);
  if (!parsed.ok) return { kind: 'unreadable', message: parsed.message };
  const today = parseIsoDate(todayIso);
  if (parsed.date.year < earliestBirthYear) return { kind: 'unreadable', message: dobMessages.tooEarly };
  if (compareDates(parsed.date, today) > 0) return { kind: 'unreadable', message: dobMessages.inFuture };
  const age = ageOn(parsed.date, today);
  return age > minimumAgeExclusive ? { kind: 'over-21', age } : { kind: 'too-young', age, message: tooYoungMessage };
}
