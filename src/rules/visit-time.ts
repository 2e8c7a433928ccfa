/**
 * A Dine-In or Pick-Up visit's date and time as the session stores it and the header, cart and checkout show it; apart
 * from the rest of the dine-in rules because the header (in the store's first load) needs only this.
 */

/** The stored dineinTime: 'YYYY-MM-DD HH:MM' (the restaurant's local time). */
export function dineinTimeOf(date: string, time: string): string {
  return `${date} ${time}`;
}

export function parseDineinTime(value: string | undefined): { date: string; time: string } | undefined {
  const match = value ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(value) : null;
  return match && match[1] && match[2] ? { date: match[1], time: match[2] } : undefined;
}

/** '19:00' as '7:00 PM'. */
export function timeLabel(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Tue, Nov 26, 7:00 PM' for the header and the cart. */
export function visitLabel(value: string | undefined): string | undefined {
  const parsed = parseDineinTime(value);
  if (!parsed) return undefined;
  const day = new Date(`${parsed.date}T00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${timeLabel(parsed.time)}`;
}

/**
 * When a seller hands an order's part over, as the consoles show it: a delivery slot '10:00–12:00', a pick-up or
 * dine-in visit's time '12:00 PM' (stored as a slot start with no end), or null when the shopper chose none.
 */
export function deliverableTimeLabel(part: { slot_start: string | null; slot_end: string | null }): string | null {
  if (!part.slot_start) return null;
  return part.slot_end ? `${part.slot_start}–${part.slot_end}` : timeLabel(part.slot_start);
}
