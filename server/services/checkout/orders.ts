import type { Kysely, Selectable } from 'kysely';
import { walletUnitOf, walletUnitsOf } from '../../../src/rules/wallet.ts';
import type { OrderItem, OrderSummary, TimelineStep } from '../../../src/api/contract/checkout.contract.ts';
import {
  isEndedState,
  lineHeadline,
  cancelStandingOf,
  orderCancelRefusal,
  partMoveRefusal,
  placedTimelineStep,
  shopperTimelineStepOf,
  type CutoffPart,
  type FulfilmentState,
} from '../../../src/rules/fulfilment.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { handOverOf, payOnDeliveryWords } from '../../../src/rules/pay-on-delivery.ts';
import { isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import { deliverableTimeLabel } from '../../../src/rules/visit-time.ts';
import type { Database, OrderItemsTable, OrdersTable } from '../../db/schema.ts';
import { capRule, isWeighedLine, lineCapped, lineFinalCents } from '../../../src/rules/catch-weight.ts';
import { orderEndingOf, partShare, refusedAloneParts, standingAmounts, type PartLine } from '../../../src/rules/refused-parts.ts';
import { endedPartMoney, refundReply, refundsMade, type RefundFacts } from '../../../src/rules/order-refunds.ts';
import type { CancelPayment } from '../../../src/rules/cancel-words.ts';
import { closedDayPartIds, cutoffPart, cutoffParts } from './closed-day-parts.ts';
import { changeClosedRefusal } from './change-refusal.ts';

/** The spec's delivery groups: Dine-in, Pickup, Local Delivery, Courier Delivery, Farm Direct. */
export function deliveryMethodOf(speed: SpeedValue, speedId: number): string {
  if (speed === 'courier') return 'Courier Delivery';
  if (speed === 'farm-direct') return 'Farm Direct';
  // A restaurant's own visit (a wallet redemption beside delivered lines is eaten at its table, decision 086 left: its
  // line read 'Local Delivery', the order's speed): named by the group's speed, whatever the order's speed is.
  if (speed === 'dine-in') return 'Dine-in';
  if (speed === 'pickup') return 'Pickup';
  if (speedId === speedIds.storePickup) return 'Pickup';
  if (speedId === speedIds.dineIn) return 'Dine-in';
  return 'Local Delivery';
}

/** A failed payment's status as shoppers read it (src/rules/catch-weight.ts says nothing was charged for it). */
export const paymentFailedLabel = 'payment failed';

/** Statuses shoppers see (the spec shows them capitalised). */
const statusLabels: Readonly<Record<Selectable<OrdersTable>['status'], string>> = {
  pending_payment: 'pending payment',
  processing: 'processing',
  awaiting_confirmation: 'awaiting email confirmation',
  pending_payment_on_delivery: 'pay on delivery',
  payment_failed: paymentFailedLabel,
  complete: 'complete',
  canceled: 'canceled',
};

/** An unpaid order's status in its hand-over's words ('pay on delivery', 'pay at pick-up'). */
export function statusLabel(order: Pick<Selectable<OrdersTable>, 'status' | 'speed_id'>): string {
  if (order.status === 'pending_payment_on_delivery') return payOnDeliveryWords[handOverOf(order.speed_id)].status;
  return statusLabels[order.status];
}

/** One page of the caller's orders, and whether older ones remain. */
export interface OrdersPage {
  orders: OrderSummary[];
  hasMore: boolean;
}

/**
 * The caller's orders with their items, newest first, grouped as the Orders tab reads them: `limit` of them, older
 * than the caller's order numbered `before` when given (keyset paging: orders placed meanwhile do not shift the
 * pages). Another customer's order number as `before` finds nothing, as a missing one does.
 */
export async function listOrders(
  db: Kysely<Database>,
  customerId: number,
  page: { before?: string | undefined; limit: number } = { limit: 100 },
  now: Date = new Date(),
): Promise<OrdersPage> {
  const before = page.before?.trim();
  // Every order, a failed payment's too ('Payment failed'): the failure mail's 'Your orders' and the status page's
  // 'All your orders' lead here, and it says nothing was charged and that its items went back to the cart.
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .$if(before !== undefined, (q) =>
      q.where('id', '<', (eb) =>
        eb
          .selectFrom('orders as b')
          .select('b.id')
          .where('b.increment_id', '=', before ?? '')
          .where('b.customer_id', '=', customerId),
      ),
    )
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { orders: await summarize(db, rows.slice(0, page.limit), now), hasMore: rows.length > page.limit };
}

/**
 * One of the caller's orders by its number, whatever its status (the order status page); undefined if not theirs.
 * `now` is the server's clock: `can_cancel` counts the cutoff by it, as the cancel itself does (a test clock too).
 */
export async function findOrder(
  db: Kysely<Database>,
  customerId: number,
  incrementId: string,
  now: Date = new Date(),
): Promise<OrderSummary | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('increment_id', '=', incrementId)
    .executeTakeFirst();
  if (!order) return undefined;
  const [summary] = await summarize(db, [order], now);
  return summary;
}

/** The id of one of the caller's orders by its number, or undefined when it is not theirs. */
export async function findOrderId(db: Kysely<Database>, customerId: number, incrementId: string): Promise<number | undefined> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('increment_id', '=', incrementId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return order?.id;
}

/**
 * A delivery's driver slot ('10:00 AM–12:00 PM'), or a dine-in or pick-up visit's time ('7:00 PM': a visit has a start and
 * no end; issue 23, its order row showed no time).
 */
function timeSlotOf(deliverable: { slot_start: string | null; slot_end: string | null } | undefined): string | null {
  return deliverable ? deliverableTimeLabel(deliverable) : null;
}

async function summarize(db: Kysely<Database>, orders: Selectable<OrdersTable>[], now = new Date()): Promise<OrderSummary[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [deliverables, items, events] = await Promise.all([
    db.selectFrom('order_deliverables').selectAll().where('order_id', 'in', ids).execute(),
    db
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .selectAll('order_items')
      .select(['products.sold_by_weight', 'products.size_unit'])
      .where('order_items.order_id', 'in', ids)
      .orderBy('order_items.id')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['order_id', 'deliverable_id', 'event', 'to_state', 'actor_role', 'reason', 'created_at'])
      .where('order_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const closed = await closedDayPartIds(db, deliverables);
  return orders.map((order) => {
    const label = statusLabel(order);
    const cutoffParts = cutoffPartsOf(deliverables, order.id, closed);
    const timeline = timelineOf(order, events, deliverables);
    // The order's figures without the parts refused while the rest went on (src/rules/refused-parts.ts); once packed,
    // the final ones (every line as packed).
    const lines = items.filter((i) => i.order_id === order.id).map(pricedLineOf);
    const parts = deliverables
      .filter((d) => d.order_id === order.id)
      .sort((a, b) => a.id - b.id)
      .map((d) => ({ ...d, state: d.fulfilment_state }));
    // An order whose rest was canceled after a part was refused reads as it stood then (refusedAloneParts).
    const ending = orderEndingOf(events.filter((e) => e.order_id === order.id));
    const standing = standingAmounts(order, lines, parts, false, ending);
    const final = order.final_total_cents === null ? null : standingAmounts(order, lines, parts, true, ending);
    const refusedAlone = refusedAloneParts(parts, ending);
    // A part refused while the rest went on: its lines are out of the order, weighed or not.
    const endedPartIds = new Set<number | null>(refusedAlone.map((p) => p.id));
    const refusedParts = refusedAlone.map((p) => ({ vendor_name: p.vendor_name, total: centsToDollars(partShare(order, lines, p).totalCents) }));
    const refundFacts: RefundFacts = {
      paidWhenPlaced: paidInFullWhenPlaced(order),
      collectedCents: order.authorised_cents ?? order.grand_total_cents,
      refusedParts: refusedAlone.map((p) => ({ vendorName: p.vendor_name, totalCents: partShare(order, lines, p).totalCents })),
      finalCents: order.final_total_cents,
      ended: order.status === 'canceled',
    };
    const refunds = refundsMade(refundFacts);
    // Each refused or canceled part's money, from the payment record: its lines say 'refunded' or 'not charged' by it.
    const partMoney = (deliverableId: number | null): Pick<OrderItem, 'part_money'> => {
      const part = parts.find((p) => p.id === deliverableId);
      if (part === undefined || !isEndedState(part.fulfilment_state)) return {};
      const index = refusedAlone.findIndex((p) => p.id === part.id);
      return { part_money: endedPartMoney(refundFacts, index < 0 ? undefined : index) };
    };
    const own = items
      .filter((i) => i.order_id === order.id)
      .map((item) => {
        const deliverable = deliverables.find((d) => d.id === item.deliverable_id);
        const entry: OrderItem & { speed: SpeedValue } = {
          product_name: item.product_name,
          product_qty: item.qty,
          bottle_size: item.bottle_size,
          price: centsToDollars(item.price_cents),
          row_total: centsToDollars(item.row_total_cents),
          tax: centsToDollars(item.tax_cents),
          // The line's own seller's step (a two-seller order's lines each where their seller is), in the headline's words.
          status: lineHeadline(
            { status: label, fulfilment_state: order.fulfilment_state, timeline, speed_id: order.speed_id },
            { fulfilment_state: deliverable?.fulfilment_state, vendor_name: deliverable?.vendor_name ?? '' },
          ),
          ...(deliverable ? { fulfilment_state: deliverable.fulfilment_state } : {}),
          delivery_method: deliverable?.delivery_method ?? 'Local Delivery',
          vendor_name: deliverable?.vendor_name ?? '',
          delivery_date: deliverable?.delivery_date ?? null,
          time_slot: timeSlotOf(deliverable),
          speed: deliverable?.speed ?? 'local',
          ...catchWeightFacts(item, order.final_total_cents !== null),
          ...partMoney(item.deliverable_id),
          ...(item.wallet_entry_id !== null ? { wallet: true } : {}),
        };
        return entry;
      });
    const strip = ({ speed: _speed, ...item }: OrderItem & { speed: SpeedValue }): OrderItem => item;
    // Its wallet redemption lines: what each took from the wallet, given back when the order ended (QA walk 5).
    const walletBack = items
      .filter((i) => i.order_id === order.id && i.wallet_entry_id !== null)
      .map((i) => {
        const unit = walletUnitOf(i.size_unit);
        return { product_name: i.product_name, amount: walletUnitsOf(unit, i.bottle_size, i.qty), unit };
      });
    const byMethod = (method: string) => own.filter((i) => i.delivery_method === method).map(strip);
    return {
      increment_id: order.increment_id,
      status: label,
      created_at: order.created_at.toISOString(),
      delivery_method: own[0]?.delivery_method ?? 'Local Delivery',
      subtotal: centsToDollars(standing.subtotalCents),
      delivery_fee: centsToDollars(standing.deliveryFeeCents),
      fee_amount: centsToDollars(standing.feeCents),
      tax: centsToDollars(standing.taxCents),
      driver_tip: centsToDollars(standing.tipCents),
      discount: centsToDollars(standing.discountCents),
      grand_total: centsToDollars(standing.totalCents),
      checkout_total: centsToDollars(order.grand_total_cents),
      payment_method: order.payment_method,
      gift_message: order.gift_message,
      speed_id: order.speed_id,
      items: own.map(strip),
      local_delivery_items: byMethod('Local Delivery'),
      pickup_items: byMethod('Pickup'),
      dine_in_items: byMethod('Dine-in'),
      courier_delivery_items: byMethod('Courier Delivery'),
      farm_direct_delivery_items: byMethod('Farm Direct'),
      fulfilment_state: order.fulfilment_state,
      timeline,
      // Placed, or its bank debit still on its way: the server's cancel's own rule (orderCancelRefusal).
      can_cancel: orderCancelRefusal(order.fulfilment_state, cutoffParts, now, cancelStandingOf(order)) === undefined,
      can_move: isPlaced(order) && closedDeliveryMayMove(order, deliverables, closed, now),
      // Past the cutoff (or being prepared): the page offers no change, it says why (walk 9 S16).
      change_refusal: changeClosedRefusal(order, goingParts(deliverables, order.id), closed, now) ?? null,
      authorised_total: order.authorised_cents === null ? null : centsToDollars(order.authorised_cents),
      final_total: order.final_total_cents === null ? null : centsToDollars(order.final_total_cents),
      final_subtotal: final === null ? null : centsToDollars(final.subtotalCents),
      final_discount: final === null ? null : centsToDollars(final.discountCents),
      final_tax: final === null ? null : centsToDollars(final.taxCents),
      // Only a line charged at its weight speaks of the cap (isWeighedLine, as checkout's and the mails'): a wallet
      // redemption of a weighed product costs nothing and is never weighed, a line marked out or replaced no longer is.
      cap_rule: lines.some((l) => isWeighedLine(l) && !endedPartIds.has(l.deliverable_id)) ? capRule : null,
      ...(refusedParts.length > 0 ? { refused_parts: refusedParts } : {}),
      ...(refunds.length > 0 ? { refunds: refunds.map(refundReply) } : {}),
      ...(walletBack.length > 0 ? { wallet_back: walletBack } : {}),
      ...(order.status === 'canceled' ? { ended_payment: endedPaymentOf(order) } : {}),
    };
  });
}

/**
 * What became of an ended order's payment, read after it ended (order-transitions.ts did it): a card only held was
 * released, a payment taken (captured at packing, or in full when placed) refunded, else nothing was taken.
 */
function endedPaymentOf(order: Selectable<OrdersTable>): CancelPayment {
  // A bank debit on its way when the order was canceled (migration 046): refunded once it clears, else never taken.
  if (order.canceled_debit === 'on-its-way') return 'debit-pending';
  if (order.canceled_debit === 'not-taken') return 'none';
  if (order.capture_state === 'released') return 'release';
  if (order.capture_state === 'captured' && order.payment_ref !== null) return 'refund';
  return paidInFullWhenPlaced(order) ? 'refund' : 'none';
}

/**
 * Whether the payment was taken in full at place order (a card charged, UPI, a bank debit): refunds give back from it.
 * A card only held (capture_state set), pay on delivery, a free order or one whose payment never went through took
 * nothing to refund.
 */
function paidInFullWhenPlaced(order: Selectable<OrdersTable>): boolean {
  const unpaid: readonly Selectable<OrdersTable>['status'][] = [
    'pending_payment',
    'awaiting_confirmation',
    'pending_payment_on_delivery',
    'payment_failed',
  ];
  // A debit canceled on its way was taken only once it cleared, and then refunded in full (canceled_debit 'refunded').
  const debitNotTaken = order.canceled_debit === 'on-its-way' || order.canceled_debit === 'not-taken';
  return (
    !debitNotTaken &&
    order.capture_state === null &&
    order.payment_mode !== 4 &&
    order.payment_ref !== null &&
    order.payment_ref !== 'none' &&
    order.grand_total_cents > 0 &&
    !unpaid.includes(order.status)
  );
}

/** A line's catch-weight and substitution facts (decision 039); its final goods once packed or answered. */
function catchWeightFacts(item: Selectable<OrderItemsTable> & { sold_by_weight: boolean }, packed: boolean): Partial<OrderItem> {
  const priced = pricedLineOf(item);
  const settled = packed || (item.substitution_state !== null && item.substitution_state !== 'proposed');
  return {
    item_id: item.id,
    sold_by_weight: item.sold_by_weight,
    weighed_grams: item.weighed_grams,
    final_row_total: settled ? centsToDollars(lineFinalCents(priced)) : null,
    capped: lineCapped(priced),
    substitution_pref: item.substitution_pref,
    substitution_state: item.substitution_state,
    substitute_name: item.substitute_name,
    substitute_price: item.substitute_price_cents === null ? null : centsToDollars(item.substitute_price_cents),
  };
}

/** An order line as the final amount needs it (src/rules/catch-weight.ts), with its part (src/rules/refused-parts.ts). */
function pricedLineOf(item: Selectable<OrderItemsTable> & { sold_by_weight: boolean }): PartLine {
  return {
    deliverable_id: item.deliverable_id,
    row_total_cents: item.row_total_cents,
    tax_cents: item.tax_cents,
    bottle_size: item.bottle_size,
    qty: item.qty,
    sold_by_weight: item.sold_by_weight,
    weighed_grams: item.weighed_grams,
    substitution_state: item.substitution_state,
    substitute_price_cents: item.substitute_price_cents,
  };
}

/** Placed: paid, or pay on delivery confirmed (what the sellers see). */
function isPlaced(order: Selectable<OrdersTable>): boolean {
  return order.status === 'processing' || order.status === 'pending_payment_on_delivery';
}

/**
 * Whether a delivery (not a visit: it has no date to move to) on a day its seller closed may still move, whatever the
 * order's state: its own seller has not started it (partMoveRefusal, the reschedule's own rule).
 */
function closedDeliveryMayMove(
  order: Selectable<OrdersTable>,
  deliverables: readonly { id: number; order_id: number; speed: string; delivery_date: string | null; fulfilment_state: FulfilmentState }[],
  closed: ReadonlySet<number>,
  now: Date,
): boolean {
  const going = goingParts(deliverables, order.id);
  const parts = cutoffParts(going, closed);
  return going.some(
    (d) => closed.has(d.id) && !isVisitSpeed(d.speed) && partMoveRefusal(order.fulfilment_state, parts, cutoffPart(closed)(d), now) === undefined,
  );
}

/** The order's parts still going (not refused nor canceled): what its change rules read (change-refusal.ts). */
function goingParts<D extends { order_id: number; fulfilment_state: FulfilmentState }>(deliverables: readonly D[], orderId: number): D[] {
  return deliverables.filter((d) => d.order_id === orderId && !isEndedState(d.fulfilment_state));
}

/**
 * The order's parts as its change cutoff reads them: those still going, each with whether its day was closed. A part
 * its seller refused no longer holds it, nor does one on a day its seller closed (order-transitions.ts and
 * reschedule.ts read the same, through orderCancelRefusal).
 */
function cutoffPartsOf(
  deliverables: readonly { id: number; order_id: number; delivery_date: string | null; fulfilment_state: FulfilmentState }[],
  orderId: number,
  closed: ReadonlySet<number>,
): CutoffPart[] {
  const going = goingParts(deliverables, orderId);
  return cutoffParts(going, closed);
}

/**
 * The shopper's timeline: 'Order placed' at its time once placed, then each fulfilment move (who by role only: the
 * seller's or staff member's identity is theirs).
 */
function timelineOf(
  order: Selectable<OrdersTable>,
  events: readonly {
    order_id: number;
    deliverable_id: number | null;
    event: string;
    to_state: string;
    actor_role: string;
    reason: string | null;
    created_at: Date;
  }[],
  deliverables: readonly { id: number; order_id: number; vendor_name: string }[],
): TimelineStep[] {
  const own = events.filter((e) => e.order_id === order.id);
  if (own.length === 0 && !isPlaced(order)) return [];
  // An order from several sellers: each step one seller took on their part names them ('Accepted by Fulton Fish Co.').
  const parts = deliverables.filter((d) => d.order_id === order.id);
  const sellerOf = (id: number | null) => (parts.length > 1 ? parts.find((d) => d.id === id)?.vendor_name : undefined);
  return [
    placedTimelineStep(order.created_at),
    // A staff note on a routine move stays in the store (reasonIsShoppers): only a refusal's or cancel's reason is theirs.
    ...own.map((e) => shopperTimelineStepOf(e, sellerOf(e.deliverable_id))),
  ];
}
