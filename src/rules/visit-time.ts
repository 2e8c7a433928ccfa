/**
 * A Dine-In or Pick-Up visit's date and time as the session stores it, and the one way the store writes a day and a
 * time of day wherever a shopper reads them (the header, the cart, the checkout, the Order Summary, the order page, the
 * mails and the consoles): a time is '7:00 PM', a delivery slot '10:00 AM–12:00 PM', a day 'Thu 12/03' (a whole date
 * is the spec's MM/dd/yyyy: formatUsDate). Decision 087 left visits at '12:30 PM' beside slots at '12:00–14:00', and
 * 'Thu, Dec 3' beside 'Thu 12/03'. Apart from the rest of the dine-in rules because the header (in the store's first
 * load) needs only this.
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

/** A delivery slot ('10:00', '12:00') as '10:00 AM–12:00 PM': its times as a visit's are written. */
export function formatSlot(slot: { start: string; end: string }): string {
  return `${timeLabel(slot.start)}–${timeLabel(slot.end)}`;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'YYYY-MM-DD' as 'Tue 12/01': a day near at hand (a delivery's promise, a visit in the header and the cart). */
export function shortDayLabel(iso: string): string {
  const [, month, day] = iso.split('-');
  return `${weekdays[new Date(`${iso}T12:00:00Z`).getUTCDay()] ?? ''} ${month}/${day}`;
}

/** 'Thu 12/03, 7:00 PM' for the header and the cart. */
export function visitLabel(value: string | undefined): string | undefined {
  const parsed = parseDineinTime(value);
  if (!parsed) return undefined;
  return `${shortDayLabel(parsed.date)}, ${timeLabel(parsed.time)}`;
}

/**
 * When a seller hands an order's part over, as the consoles and the order page show it: a delivery slot
 * '10:00 AM–12:00 PM', a pick-up or dine-in visit's time '12:00 PM' (stored as a slot start with no end), or null when
 * the shopper chose none.
 */
export function deliverableTimeLabel(part: { slot_start: string | null; slot_end: string | null }): string | null {
  if (!part.slot_start) return null;
  return part.slot_end ? formatSlot({ start: part.slot_start, end: part.slot_end }) : timeLabel(part.slot_start);
}
