import type { Selectable } from 'kysely';
import { bankMessages } from '../../../src/rules/bank-account.ts';
import { cancelStandingOf, fulfilmentMessages, orderCancelRefusal, partMoveRefusal } from '../../../src/rules/fulfilment.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';
import type { OrderDeliverablesTable, OrdersTable } from '../../db/schema.ts';
import { cutoffPart, cutoffParts } from './closed-day-parts.ts';

/**
 * The shopper's change of a placed order, one rule for the reschedule, the cancel's panel and the order page
 * (fulfilment/reschedule.ts answers by it; orders.ts says by it whether the page offers a change at all).
 */
type Part = Pick<Selectable<OrderDeliverablesTable>, 'id' | 'loc_id' | 'speed' | 'delivery_date' | 'fulfilment_state'>;
type OrderRow = Pick<Selectable<OrdersTable>, 'status' | 'payment_mode' | 'payment_ref' | 'fulfilment_state'>;

function isPlaced(order: OrderRow): boolean {
  return order.status === 'processing' || order.status === 'pending_payment_on_delivery';
}

/**
 * The delivery to move: the asked location's, else one on a day its seller closed that its seller has not started
 * preparing (the one the shopper was mailed about, which may move whatever the rest: partMoveRefusal), else the first
 * with a date; a restaurant visit is never one.
 */
export function pickDeliverable<D extends Part>(deliverables: readonly D[], locId: number | undefined, closed: ReadonlySet<number>): D | undefined {
  const dated = deliverables.filter((d) => d.delivery_date !== null && !isVisitSpeed(d.speed) && (locId === undefined || d.loc_id === locId));
  const closedDay = dated.find((d) => closed.has(d.id) && (d.fulfilment_state === 'placed' || d.fulfilment_state === 'accepted'));
  return closedDay ?? dated[0];
}

/** A restaurant visit (pick-up or dine-in) with its date: the asked location's, else the first. */
export function pickVisit<D extends Part>(deliverables: readonly D[], locId: number | undefined): D | undefined {
  return deliverables.find((d) => d.delivery_date !== null && isVisitSpeed(d.speed) && (locId === undefined || d.loc_id === locId));
}

/**
 * Why the shopper cannot move or cancel this order now, or undefined (the same rule as the cancel's). The part asked
 * about on a day its seller closed may move whatever the cutoff says: the store closed the day, not the shopper.
 * `deliverables`: the parts still going (a refused or canceled one holds nothing).
 */
export function changeRefusal(
  order: OrderRow,
  deliverables: readonly Part[],
  closed: ReadonlySet<number>,
  asked: Part,
  now: Date,
): string | undefined {
  // A bank debit on its way: the order may be canceled (cancelRefusal), not moved until its debit clears. A visit
  // only cancels anyway (the panel offers nothing else), by its cutoff as a placed one's.
  if (!isPlaced(order) && cancelStandingOf(order) !== 'debit-pending') return fulfilmentMessages.notAllowed;
  if (!isPlaced(order) && !isVisitSpeed(asked.speed)) return bankMessages.moveWhilePending;
  return partMoveRefusal(order.fulfilment_state, cutoffParts(deliverables, closed), cutoffPart(closed)(asked), now);
}

/** Why the shopper cannot cancel the whole order now, or undefined: the server's cancel's own rule (orderCancelRefusal). */
export function cancelRefusal(order: OrderRow, deliverables: readonly Part[], closed: ReadonlySet<number>, now: Date): string | undefined {
  return orderCancelRefusal(order.fulfilment_state, cutoffParts(deliverables, closed), now, cancelStandingOf(order));
}

/**
 * Why the order's change panel would offer nothing, or undefined while it offers something (or has no dated part to
 * offer it for): the delivery it opens on may not move (changeRefusal, what the reschedule options say) and the order
 * may not be canceled (cancelRefusal). The order page then shows no panel, only these words (walk 9 S16: past the
 * cutoff it offered 'Change delivery', whose panel only said why not).
 */
export function changeClosedRefusal(order: OrderRow, going: readonly Part[], closed: ReadonlySet<number>, now: Date): string | undefined {
  const asked = pickDeliverable(going, undefined, closed) ?? pickVisit(going, undefined);
  if (asked === undefined) return undefined;
  const move = changeRefusal(order, going, closed, asked, now);
  if (move === undefined || cancelRefusal(order, going, closed, now) === undefined) return undefined;
  // A visit's panel only cancels: said in its words, not a delivery's.
  return isVisitSpeed(asked.speed) && move === fulfilmentMessages.pastCutoffTime ? fulfilmentMessages.pastVisitCutoff : move;
}
