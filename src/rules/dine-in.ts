/**
 * Dine-in and pick-up (issue 12, spec storefront "Delivery options screen", "Dine-in retailer selection"): the star
 * filter, the visit times a shopper may choose, and the shipping flags the choice writes. Pure: both sides use it.
 */
import { timeLabel } from './visit-time.ts';

/** The star filter's values: 0 is All, then 1 to 5 star (spec section 9). */
export const priceCategoryFilters = [0, 1, 2, 3, 4, 5] as const;
export type PriceCategoryFilter = (typeof priceCategoryFilters)[number];

export function isPriceCategoryFilter(value: unknown): value is PriceCategoryFilter {
  return typeof value === 'number' && (priceCategoryFilters as readonly number[]).includes(value);
}

/** 'All' for 0, else '4 star' (a restaurant's own category reads the same way). */
export function priceCategoryLabel(stars: number): string {
  return stars === 0 ? 'All' : `${stars} star`;
}

/** The sample star-rating price dialog: prices are multiples of a base price, 1 to 5 star (spec section 9). */
export const sampleStarBasePrice = 60;
export function sampleStarPrices(base: number = sampleStarBasePrice): { stars: number; price: number }[] {
  return [1, 2, 3, 4, 5].map((stars) => ({ stars, price: base * stars }));
}

/** The three cards of 'Choose a Delivery Options', in the spec's order. */
export const deliveryOptionKinds = ['dine-in', 'delivery', 'pick-up'] as const;
export type DeliveryOptionKind = (typeof deliveryOptionKinds)[number];

export const deliveryOptionLabels: Readonly<Record<DeliveryOptionKind, string>> = {
  'dine-in': 'Dine-In',
  delivery: 'Delivery',
  'pick-up': 'Pick-Up',
};

/**
 * Pick-up hours: the spec's time picker, 10 to 16 (the last pick-up at 16:00). Dine-in follows the restaurant's own
 * opening hours instead (a dinner at 7 pm is the point of it); both stay inside the restaurant's hours.
 */
export const pickupHours = { from: 10, to: 16 } as const;
/** Minutes between the times offered. */
export const visitTimeStepMinutes = 30;
/** The last table is this long before closing. */
export const lastSeatingBeforeCloseMinutes = 60;

function minutesOf(hhmm: string): number | undefined {
  const match = /^(\d\d):(\d\d)$/.exec(hhmm);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface OpeningHours {
  opens_at: string;
  closes_at: string;
}

/** The first and last visit time of a day (minutes since midnight), or undefined when none fits the hours. */
function visitWindowMinutes(kind: 'dine-in' | 'pick-up', hours: OpeningHours): { first: number; last: number } | undefined {
  const opens = minutesOf(hours.opens_at);
  const closes = minutesOf(hours.closes_at);
  if (opens === undefined || closes === undefined) return undefined;
  let first = Math.ceil(opens / visitTimeStepMinutes) * visitTimeStepMinutes;
  let last = closes - lastSeatingBeforeCloseMinutes;
  if (kind === 'pick-up') {
    first = Math.max(first, pickupHours.from * 60);
    last = Math.min(last, pickupHours.to * 60);
  }
  if (first <= last) return { first, last };
  // A restaurant open for under an hour still seats at its opening time: its list of times was empty, every date
  // reading 'No time left on this date' (decision 087). Pick-Up keeps to its own window (offersPickUp lists by it).
  if (kind === 'dine-in' && opens < closes) return { first: opens, last: opens };
  return undefined;
}

/**
 * The first and last pick-up time ('HH:MM') a restaurant offers on a day: the spec's 10 to 16 within its own hours (a
 * walk read 'open 12:00 PM to 10:30 PM; pick-up from 10:00 AM to 4:00 PM' beside times from 12:00). Undefined when
 * its hours leave none.
 */
export function pickupWindow(hours: OpeningHours): { from: string; to: string } | undefined {
  const window = visitWindowMinutes('pick-up', hours);
  return window && { from: hhmm(window.first), to: hhmm(window.last) };
}

/**
 * Whether a restaurant hands over at its counter: its hours leave at least one pick-up time (pickupWindow). The one
 * rule of who offers Pick-Up: the offer rule (server/services/checkout/offers.ts), the served areas' restaurants by
 * mode (the /api lists, the catalogue's check, place order) and the Delivery Options list all go by it (walk 7 #1:
 * Hudson Prime, open 5 PM to 11 PM, was listed for Pick-Up and every date read 'No time left on this date').
 */
export function offersPickUp(hours: OpeningHours): boolean {
  return pickupWindow(hours) !== undefined;
}

/** Whether a restaurant with these hours (if known) hands over at its counter: a pick-up time is left in them. */
export function handsOver(hours: OpeningHours | undefined): boolean {
  return hours !== undefined && offersPickUp(hours);
}

/**
 * '; pick-up from 12:00 PM to 4:00 PM.' beside a restaurant's hours, '; pick-up at 4:00 PM.' when its window is one
 * time (walk 7: 'pick-up from 4:00 PM to 4:00 PM'), or that it has none.
 */
export function pickupHoursNote(hours: OpeningHours): string {
  const window = pickupWindow(hours);
  if (!window) return '; it has no pick-up hours.';
  if (window.from === window.to) return `; pick-up at ${timeLabel(window.from)}.`;
  return `; pick-up from ${timeLabel(window.from)} to ${timeLabel(window.to)}.`;
}

/**
 * The times ('HH:MM') a shopper can choose on `date` ('YYYY-MM-DD') for dine-in or pick-up at a restaurant: every
 * half hour from opening to an hour before closing (pick-up also within 10:00-16:00; a dine-in open for under an hour:
 * its opening time); on today only those still
 * ahead of `nowDate`/`nowMinutes` (the store's date and minutes since midnight), and none on a past date.
 */
export function visitTimes(kind: 'dine-in' | 'pick-up', hours: OpeningHours, date: string, nowDate: string, nowMinutes: number): string[] {
  if (date < nowDate) return [];
  const window = visitWindowMinutes(kind, hours);
  if (!window) return [];
  const times: string[] = [];
  for (let t = window.first; t <= window.last; t += visitTimeStepMinutes) {
    if (date === nowDate && t <= nowMinutes) continue;
    times.push(hhmm(t));
  }
  return times;
}

/** The spec's shipping flags for a choice: Dine-In sets dineinpickup, Pick-Up pickup=1, Delivery delivery=1. */
export interface ShippingFlags {
  shippingType: DeliveryOptionKind;
  delivery: 0 | 1;
  pickup: 0 | 1;
  dineinpickup: 0 | 1;
}

export function shippingFlagsFor(kind: DeliveryOptionKind): ShippingFlags {
  return {
    shippingType: kind,
    delivery: kind === 'delivery' ? 1 : 0,
    pickup: kind === 'pick-up' ? 1 : 0,
    dineinpickup: kind === 'dine-in' ? 1 : 0,
  };
}

/** The catalogue's courier_type for a choice: the restaurants' dine-in or pick-up offers; delivery shows every delivery speed. */
export function courierTypeFor(kind: DeliveryOptionKind): 'dine-in' | 'pickup' | undefined {
  return kind === 'dine-in' ? 'dine-in' : kind === 'pick-up' ? 'pickup' : undefined;
}
