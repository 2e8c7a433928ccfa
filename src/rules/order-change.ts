import { isPayOnDeliveryStatus } from './pay-on-delivery.ts';
import { formatUsDate } from './delivery-dates.ts';

/** What the shopper's panel offers an order: a delivery to move or cancel, or a restaurant visit to cancel. */
export type OrderChangeKind = 'delivery' | 'visit';

interface ChangeableOrder {
  fulfilment_state?: string | undefined;
  /** A delivery on a day its seller closed may still move though another seller is preparing theirs (the server says). */
  can_move?: boolean | undefined;
  /** The server's cancel would take it (orderCancelRefusal): a bank debit on its way may be canceled, not moved. */
  can_cancel?: boolean | undefined;
  /** Why the panel would offer nothing (the server's: past the cutoff, being prepared), or null while it offers something. */
  change_refusal?: string | null | undefined;
  status: string;
  items: readonly { delivery_date: string | null; delivery_method: string }[];
}

const visitMethods: readonly string[] = ['Dine-in', 'Pickup'];

/**
 * What an order's panel offers (issue 24 item 6), or undefined when it shows none: an order not yet being picked,
 * with a delivery to move or cancel, else a restaurant visit (pick-up, dine-in) to cancel (a walk found no way to
 * cancel a pick-up for tomorrow). Past the cutoff it shows none: nothing could be done in it (walk 9 S16), the page
 * says why instead (changeClosedText). Once a seller is preparing, only a delivery on a day its seller closed may
 * still move (`can_move`, 086 left): the panel shows for it.
 */
export function orderChangeKind(order: ChangeableOrder): OrderChangeKind | undefined {
  if (typeof order.change_refusal === 'string') return undefined;
  return panelKindOf(order);
}

/**
 * Why an order that would have offered its panel no longer may (the server's words, 'This order can no longer be
 * changed: the seller's cutoff … has passed.'), or undefined: said where the panel's button was, with nothing to press.
 */
export function changeClosedText(order: ChangeableOrder): string | undefined {
  return typeof order.change_refusal === 'string' && panelKindOf(order) !== undefined ? order.change_refusal : undefined;
}

/** The panel's kind by the order's state and parts alone (orderChangeKind, before the server's refusal). */
function panelKindOf(order: ChangeableOrder): OrderChangeKind | undefined {
  // The order's status as the shopper's reply labels it (orders.ts statusLabels): paid, or pay on delivery.
  const placed = order.status === 'processing' || isPayOnDeliveryStatus(order.status);
  const state = order.fulfilment_state ?? 'placed';
  // Not placed yet, the server's own cancel rule still takes it: a bank debit on its way (the panel offers Cancel).
  if (!placed && order.can_cancel !== true) return undefined;
  if (state !== 'placed' && state !== 'accepted') return order.can_move === true ? 'delivery' : undefined;
  const dated = order.items.filter((i) => i.delivery_date !== null);
  if (dated.some((i) => !visitMethods.includes(i.delivery_method))) return 'delivery';
  return dated.length > 0 ? 'visit' : undefined;
}

/**
 * The change panel's title (and its button's): what it offers, and only that (087 left: 'Change delivery or cancel'
 * when only the move was). A visit is canceled, not moved; a delivery whose order cannot be canceled (another
 * seller's part holds it: orderCancelRefusal) is only moved. The closed day's mail names the panel by it.
 */
export function orderChangeTitle(kind: OrderChangeKind, canCancel: boolean): string {
  if (kind === 'visit') return 'Cancel this order';
  return canCancel ? 'Change delivery or cancel' : 'Change delivery';
}

/** Whether an order shows its panel at all. */
export function changeableOrder(order: ChangeableOrder): boolean {
  return orderChangeKind(order) !== undefined;
}

/** One delivery of an order as the change panel lists it (the reschedule options' parts). */
export interface DeliveryPart {
  vendor_loc_id: number;
  vendor_name: string;
  delivery_date: string;
  time_slot: string | null;
}

/** A date and its slot as the panel and the mails say them: '12/04/2026, 12:00 PM–2:00 PM'. */
export function dateAndSlot(date: string, slot: string | null): string {
  return `${formatUsDate(date)}${slot ? `, ${slot}` : ''}`;
}

/** How a visit is named where it is booked: the change panel's 'Now: …' and the Order Summary. */
const visitWords = { pickup: 'Pick-up', 'dine-in': 'Table' } as const;

/**
 * A restaurant visit as the store names it: 'Table at Gramercy Chop House on 12/02/2026, 7:00 PM' or 'Pick-up at … on
 * …'. The change panel says it of a placed order, the Order Summary of the one about to be placed (walk 7 #6).
 */
export function visitBookedText(visit: { speed: 'pickup' | 'dine-in'; vendor_name: string; date: string; time: string | null }): string {
  return `${visitWords[visit.speed]} at ${visit.vendor_name} on ${dateAndSlot(visit.date, visit.time)}`;
}

/**
 * What the panel says once a delivery moved (QA walk 3 item 5): the order's one delivery ('Your delivery is now on …'),
 * or, of several sellers' deliveries, whose moved and that each other one stays on its date.
 */
export function movedText(
  moved: { delivery_date: string; time_slot: string | null; vendor_loc_id?: number | undefined; vendor_name?: string | undefined },
  parts: readonly DeliveryPart[] = [],
): string {
  const when = dateAndSlot(moved.delivery_date, moved.time_slot);
  const others = parts.filter((p) => p.vendor_loc_id !== moved.vendor_loc_id);
  if (others.length === 0 || moved.vendor_name === undefined) return `Your delivery is now on ${when}.`;
  return [
    `The delivery from ${moved.vendor_name} is now on ${when}.`,
    ...others.map((p) => `The delivery from ${p.vendor_name} stays on ${dateAndSlot(p.delivery_date, p.time_slot)}.`),
  ].join(' ');
}

/**
 * Until when the order may change: 3 pm Eastern the day before delivery; of several deliveries, the earliest one
 * still going decides (the server's rule, reschedule.ts and order-transitions.ts), and the panel names its date. On a
 * day its seller closed no cutoff holds (changeCutoff, QA walk 6): the panel says so, as the closed day's mail does.
 */
export function changeCutoffText(options: {
  parts?: readonly DeliveryPart[] | undefined;
  cutoff_date?: string | null | undefined;
  day_closed?: boolean | undefined;
  vendor_name?: string | undefined;
  delivery_date?: string | undefined;
  /** Why the whole order may not be canceled (another seller's delivery past its cutoff): only the move is offered. */
  cancel_refusal?: string | null | undefined;
}): string {
  if (options.day_closed && options.cancel_refusal) return `${closedDayWords(options)} Please choose another date for it, whatever the cutoff.`;
  if (options.day_closed) return `${closedDayWords(options)} Please choose another date for it, or cancel the order, whatever the cutoff.`;
  if ((options.parts?.length ?? 0) < 2 || !options.cutoff_date) return 'You can move or cancel it until 3 pm Eastern the day before delivery.';
  return `You can move a delivery or cancel the order until 3 pm Eastern the day before its earliest delivery, ${formatUsDate(options.cutoff_date)}.`;
}

/** A restaurant visit's (table, pick-up) line in the panel: it may be canceled until the cutoff, or, its day closed, whatever it says. */
export function visitCancelText(options: {
  day_closed?: boolean | undefined;
  vendor_name?: string | undefined;
  delivery_date?: string | undefined;
  cancel_refusal?: string | null | undefined;
}): string {
  // Another seller's delivery past its cutoff holds the whole order: the panel says that instead (cancel_refusal).
  if (options.day_closed && options.cancel_refusal) return closedDayWords(options);
  if (options.day_closed) return `${closedDayWords(options)} You can cancel it, whatever the cutoff.`;
  return 'You can cancel it until 3 pm Eastern the day before.';
}

/** 'Gramercy Chop House is closed on 12/01/2026.' (the seller closed the day the order is booked on). */
function closedDayWords(options: { vendor_name?: string | undefined; delivery_date?: string | undefined }): string {
  const who = options.vendor_name ?? 'The seller';
  return options.delivery_date ? `${who} is closed on ${formatUsDate(options.delivery_date)}.` : `${who} closed that day.`;
}
