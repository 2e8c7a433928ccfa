import { shortDayLabel, timeLabel } from './visit-time.ts';

export interface SlotTimes {
  start: string;
  end: string;
}

/**
 * The Delivery option's date and slot chosen on /ship/options (issue 12), carried to the cart's sellers: each seller
 * without a date of its own is offered that date, and a Same Day seller that slot, where it has them.
 */
export interface DeliveryPreference {
  /** 'YYYY-MM-DD' */
  date: string;
  slot: SlotTimes | undefined;
}

/** The slot of `slots` with the preferred times and a seat left, if any (a seller's slots have their own ids). */
export function preferredSlot<S extends SlotTimes & { available: number }>(slots: readonly S[], preferred: SlotTimes | undefined): S | undefined {
  if (!preferred) return undefined;
  return slots.find((s) => s.start === preferred.start && s.end === preferred.end && s.available > 0);
}

/** 'HH:MM' → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** A slot of today is no longer offered once it starts within this many minutes (drivers need time to pick up). */
export const slotLeadMinutes = 60;

export function isSlotPast(slot: SlotTimes, nowMinutes: number): boolean {
  return minutesOf(slot.start) - slotLeadMinutes < nowMinutes;
}

/** 'Arrives Tue 12/01 between 10:00 AM and 12:00 PM', or 'Arrives Tue 12/01' without a slot. */
export function deliveryPromise(date: string, slot?: SlotTimes | null): string {
  const day = shortDayLabel(date);
  return slot ? `Arrives ${day} between ${timeLabel(slot.start)} and ${timeLabel(slot.end)}` : `Arrives ${day}`;
}

/** '2 h 05 min left to order for today' before the cutoff; undefined once it has passed. */
export function timeLeftLabel(now: Date, cutoff: Date): string | undefined {
  const minutes = Math.floor((cutoff.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return undefined;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const text = hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
  return `${text} left to order for today`;
}
