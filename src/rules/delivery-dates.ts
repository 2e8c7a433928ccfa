import type { SpeedValue } from './speeds.ts';

/**
 * Delivery dates in the store's time zone. The FAQ promises "orders changed before 3pm EST"; we read that as 3 pm
 * in New York (EST or EDT, whichever is in force), the cutoff for delivering today (Same Day) or tomorrow (Next Day).
 * Dates are calendar days 'YYYY-MM-DD' — never Date objects, which would shift with the browser's time zone.
 */
export const storeTimeZone = 'America/New_York';
export const cutoffHour = 15;

interface ZonedParts {
  date: string;
  hour: number;
  minute: number;
}

// One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and every cart and
// checkout call asks for today's date and the time several times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The parts of the minutes asked lately, per zone and minute: a zone's offset is whole minutes (New York's always), so
// every instant of one minute has the same date, hour and minute, and formatToParts (a few µs, several times per cart
// and checkout call) runs once a minute. Bounded: cleared when full.
const recentParts = new Map<string, ZonedParts>();
const maxRecentParts = 256;

function zonedParts(now: Date, timeZone = storeTimeZone): ZonedParts {
  const key = `${timeZone} ${Math.floor(now.getTime() / 60_000)}`;
  const known = recentParts.get(key);
  if (known) return known;
  const parts = formatterFor(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const zoned = { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')), minute: Number(get('minute')) };
  if (recentParts.size >= maxRecentParts) recentParts.clear();
  recentParts.set(key, zoned);
  return zoned;
}

/** Today's calendar date in New York. */
export function storeToday(now: Date): string {
  return zonedParts(now).date;
}

/** Today's calendar date in another time zone (a restaurant's own: src/rules/local-day.ts). */
export function todayIn(now: Date, timeZone: string): string {
  return zonedParts(now, timeZone).date;
}

/** Minutes since midnight in New York. */
export function storeMinutes(now: Date): number {
  return minutesIn(now);
}

/** Minutes since midnight in a time zone (a restaurant's own: src/rules/local-day.ts); New York's by default. */
export function minutesIn(now: Date, timeZone = storeTimeZone): number {
  const { hour, minute } = zonedParts(now, timeZone);
  return hour * 60 + minute;
}

export function isPastCutoff(now: Date): boolean {
  return storeMinutes(now) >= cutoffHour * 60;
}

/** The instant of today's 3 pm in New York (works across DST: it searches the offset that lands on 15:00). */
export function cutoffInstant(now: Date): Date {
  const today = storeToday(now);
  for (const offsetHours of [4, 5]) {
    const candidate = new Date(`${today}T${String(cutoffHour + offsetHours).padStart(2, '0')}:00:00Z`);
    const parts = zonedParts(candidate);
    if (parts.date === today && parts.hour === cutoffHour && parts.minute === 0) return candidate;
  }
  return new Date(`${today}T20:00:00Z`);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay();
}

export interface VendorCalendar {
  /** Weekdays the vendor does not deliver (0 = Sunday). */
  closedWeekdays: readonly number[];
  /** Dates the vendor does not deliver. */
  holidays: readonly string[];
  /** When set, the only weekdays the vendor delivers (farms: Tuesday and Friday). */
  deliveryWeekdays?: readonly number[] | undefined;
}

/** Whether the vendor delivers on that date at all (closed days, holidays, delivery days). */
export function isVendorOpen(iso: string, calendar: VendorCalendar): boolean {
  const weekday = weekdayOf(iso);
  if (calendar.closedWeekdays.includes(weekday)) return false;
  if (calendar.holidays.includes(iso)) return false;
  if (calendar.deliveryWeekdays && !calendar.deliveryWeekdays.includes(weekday)) return false;
  return true;
}

/** Days after today an order placed now can arrive at the earliest, before the vendor's calendar is applied. */
export function leadDays(speed: SpeedValue, now: Date): number {
  const late = isPastCutoff(now) ? 1 : 0;
  // A restaurant serves (or hands over) the same day, like a local shop delivers.
  if (speed === 'local' || speed === 'dine-in' || speed === 'pickup') return late;
  if (speed === 'courier') return 1 + late;
  return 2 + late;
}

/** The earliest date the vendor can deliver at this speed (searches 60 days; undefined if none). */
export function nextDeliveryDate(now: Date, speed: SpeedValue, calendar: VendorCalendar): string | undefined {
  const first = addDays(storeToday(now), leadDays(speed, now));
  for (let i = 0; i < 60; i += 1) {
    const candidate = addDays(first, i);
    if (isVendorOpen(candidate, calendar)) return candidate;
  }
  return undefined;
}

/** A date the shopper may pick: on or after the vendor's next delivery date and a day the vendor delivers. */
export function isDeliverableDate(iso: string, minDate: string, calendar: VendorCalendar): boolean {
  return iso >= minDate && isVendorOpen(iso, calendar);
}

/** The dates in [from, from + days) the vendor does not deliver: what the date picker disables. */
export function closedDates(from: string, days: number, calendar: VendorCalendar): string[] {
  const out: string[] = [];
  for (let i = 0; i < days; i += 1) {
    const iso = addDays(from, i);
    if (!isVendorOpen(iso, calendar)) out.push(iso);
  }
  return out;
}

/** 'YYYY-MM-DD' → 'MM/dd/yyyy' (the spec's display format). */
export function formatUsDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/** 'MM/dd/yyyy' → 'YYYY-MM-DD', or undefined when it is not a real date. */
export function parseUsDate(text: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  const parsed = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : undefined;
}
