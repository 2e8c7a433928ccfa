import { minutesIn, storeTimeZone, todayIn } from './delivery-dates.ts';
import type { TableDay } from './fulfilment.ts';

/**
 * A seller location's own day. The store's dates and cutoffs are New York's (delivery-dates.ts: the FAQ's "3pm EST"),
 * but a restaurant seats its tables by its own clock: a San Francisco table booked for 12/01 is not due at 9 pm
 * Pacific on 11/30, when New York's day has already turned. A state's time zone is the one most of it keeps (a few
 * states span two; the seed's restaurants are in New York, Chicago, San Francisco and Austin).
 */
const stateTimeZones: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['CT', 'DC', 'DE', 'FL', 'GA', 'IN', 'KY', 'MA', 'MD', 'ME', 'MI', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV'].map((s) => [
      s,
      'America/New_York',
    ]),
  ),
  ...Object.fromEntries(
    ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI'].map((s) => [s, 'America/Chicago']),
  ),
  ...Object.fromEntries(['CO', 'ID', 'MT', 'NM', 'UT', 'WY'].map((s) => [s, 'America/Denver'])),
  AZ: 'America/Phoenix',
  ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((s) => [s, 'America/Los_Angeles'])),
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
};

/** A US state's time zone ('CA' → 'America/Los_Angeles'); one not known keeps the store's (New York). */
export function timeZoneOfState(state: string): string {
  return stateTimeZones[state.trim().toUpperCase()] ?? storeTimeZone;
}

/** Today's date where a location in this state is ('YYYY-MM-DD'). */
export function localToday(now: Date, state: string): string {
  return todayIn(now, timeZoneOfState(state));
}

/** Minutes since midnight where a location in this state is: a table's time is read by the restaurant's clock. */
export function localMinutes(now: Date, state: string): number {
  return minutesIn(now, timeZoneOfState(state));
}

/**
 * A part's day (a visit's date and time, a delivery's date and slot) with its location's own date and clock now: what
 * fulfilment.ts tableDayRefusal reads, for the server's move and the console's card alike.
 */
export function visitDayAt(now: Date, part: { delivery_date: string | null; slot_start: string | null; loc_state: string }): TableDay {
  return { date: part.delivery_date, today: localToday(now, part.loc_state), time: part.slot_start, minutes: localMinutes(now, part.loc_state) };
}
