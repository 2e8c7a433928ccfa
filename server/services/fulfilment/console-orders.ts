import { sql, type Kysely } from 'kysely';
import type { ConsoleItem, ConsoleOrder, ConsoleOrdersFilter } from '../../../src/api/contract/fulfilment.contract.ts';
import {
  fulfilmentKindOf,
  handingOverEvents,
  isLineLeft,
  isLate,
  isMoveEvent,
  isStuck,
  sellerListDates,
  placedTimelineStep,
  timelineStepOf,
  type FulfilmentActor,
  type FulfilmentState,
} from '../../../src/rules/fulfilment.ts';
import { visitDayAt } from '../../../src/rules/local-day.ts';
import { storeToday } from '../../../src/rules/delivery-dates.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { deliverableTimeLabel } from '../../../src/rules/visit-time.ts';
import { partEventsFor } from '../../../src/rules/order-parts.ts';
import { orderEndingOf, partTotalCents, refusedAloneParts, standingAmounts } from '../../../src/rules/refused-parts.ts';
import { chargesNothing, paymentStatusWords } from '../../../src/rules/payment-words.ts';
import type { Database } from '../../db/schema.ts';
import { isAwaitingItsPayment, orderListedInConsole, type ConsoleScope } from './console-scope.ts';
import { locationDays } from './location-days.ts';
import { closedDayPartIds } from '../checkout/closed-day-parts.ts';
import { substituteCandidates } from './substitutions.ts';

/** The most orders one console page lists. */
export const consoleOrdersMax = 200;

/**
 * The consoles' order list, one entry per seller's part of an order. A seller sees their locations' orders for a date (default each location's own today and the next two days, or its own Today, Tomorrow or The day after: sellerListDates, locationDays), by date
 * and slot; staff every order, filtered by seller location, state, date and lateness, the late and stuck ones
 * first. Each order carries its lines (with the weight packed), its timeline and the moves the asker may make.
 */
export async function listConsoleOrders(
  db: Kysely<Database>,
  actor: Exclude<FulfilmentActor, 'shopper'>,
  scope: ConsoleScope,
  filter: ConsoleOrdersFilter,
  now: Date,
): Promise<ConsoleOrder[]> {
  // A seller's default days, and its Today / Tomorrow / The day after, are each location's own (its time zone), not
  // New York's nor its earliest location's: location by location (sellerListDates).
  const days = actor === 'seller' && !filter.date ? await locationDays(db, scope.locIds ?? [], now) : undefined;
  // Staff have no location of their own: their day counts from the store's.
  const staffDate = actor === 'staff' && !filter.date && filter.day !== undefined ? sellerListDates(storeToday(now), filter.day)[0] : undefined;
  const date = filter.date ?? staffDate;
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_deliverables as d', 'd.order_id', 'orders.id')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .innerJoin('vendor_locations as l', 'l.id', 'd.loc_id')
    .leftJoin('payment_methods as pm', 'pm.id', 'orders.payment_method_id')
    .select([
      'orders.id',
      'orders.increment_id',
      'orders.status',
      'orders.payment_mode',
      'orders.capture_state',
      'orders.payment_ref',
      'orders.speed_id',
      'orders.fulfilment_state',
      'orders.grand_total_cents',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.delivery_fee_cents as order_delivery_fee_cents',
      'orders.fee_cents',
      'orders.taxes_cents',
      'orders.tip_cents',
      // The percents a coupon and the tip were placed at: they follow the lines as they change (refused-parts.ts).
      'orders.tip_percent',
      'orders.coupon_percent_bp',
      'orders.final_total_cents',
      'orders.created_at',
      'orders.updated_at',
      'orders.gift_message',
      'customers.first_name',
      'customers.last_name',
      'orders.email',
      // A guest's customer row has no name: the name the order was addressed to stands in (a walk saw 'Guest'); a
      // visit (pick-up, dine-in) has no address, so the card's holder or the billing address names it (QA walk 7 #4):
      // this order's card's billing address, never the customer's latest (QA walk 9 S11: a guest's pick-up paid at the
      // counter was called by the billing name typed for another order's card).
      sql<string | null>`orders.shipping_address->>'name'`.as('shipping_name'),
      'pm.holder_name',
      sql<string | null>`(select trim(a.first_name || ' ' || a.last_name) from addresses a
        where a.id = pm.billing_address_id)`.as('billing_name'),
      'd.id as deliverable_id',
      'd.loc_id',
      'd.vendor_name',
      'd.speed',
      'd.delivery_method',
      'd.delivery_date',
      'd.slot_start',
      'd.slot_end',
      'd.fulfilment_state as part_state',
      'd.delivery_fee_cents',
      'd.packaging_fee_cents',
      'l.state as loc_state',
    ])
    .where(orderListedInConsole(actor))
    .where(scope.filter)
    .$if(scope.locIds !== undefined, (q) => q.where('d.loc_id', 'in', [...(scope.locIds ?? [])]))
    .$if(filter.loc_id !== undefined, (q) => q.where('d.loc_id', '=', filter.loc_id ?? 0))
    .$if(filter.state !== undefined, (q) => q.where('d.fulfilment_state', '=', filter.state ?? 'placed'))
    .$if(date !== undefined, (q) => q.where('d.delivery_date', '=', date ?? ''))
    .$if(days !== undefined, (q) =>
      q.where((eb) =>
        eb.or(
          (days ?? []).map((day) => eb.and([eb('d.loc_id', '=', day.loc_id), eb('d.delivery_date', 'in', sellerListDates(day.today, filter.day))])),
        ),
      ),
    )
    .orderBy('d.delivery_date')
    .orderBy('d.slot_start')
    .orderBy('orders.id')
    .limit(consoleOrdersMax)
    .execute();
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.id))];
  // Parts booked on a day their seller (or the store) closed: the card says so and offers only Refuse and Cancel.
  const closed = await closedDayPartIds(
    db,
    rows.map((r) => ({ id: r.deliverable_id })),
  );
  const [items, events, parts] = await Promise.all([
    db
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select([
        'order_items.id',
        'order_items.order_id',
        'order_items.deliverable_id',
        'order_items.product_name',
        'order_items.qty',
        'order_items.bottle_size',
        'order_items.row_total_cents',
        'order_items.tax_cents',
        'order_items.weighed_grams',
        'order_items.wallet_entry_id',
        'order_items.product_id',
        'order_items.substitution_pref',
        'order_items.substitution_state',
        'order_items.substitute_name',
        'order_items.substitute_price_cents',
        'products.sold_by_weight',
        'products.size_unit',
      ])
      .where('order_items.order_id', 'in', orderIds)
      .orderBy('order_items.id')
      .execute(),
    db.selectFrom('order_events').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    db
      .selectFrom('order_deliverables')
      .select(['id', 'order_id', 'vendor_name', 'fulfilment_state', 'delivery_fee_cents', 'packaging_fee_cents', 'speed'])
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute(),
  ]);
  // One card per seller's part (order_deliverables row): each seller moves, weighs and totals only their own lines, and
  // staff see an order of two sellers as its two parts.
  const orders: ConsoleOrder[] = [];
  for (const row of rows) {
    const state: FulfilmentState = row.part_state;
    const orderParts = parts.filter((p) => p.order_id === row.id);
    const otherParts = orderParts.filter((p) => p.id !== row.deliverable_id).map((p) => ({ vendor_name: p.vendor_name, state: p.fulfilment_state }));
    const sellerOf = (deliverableId: number | null) =>
      orderParts.length > 1 ? orderParts.find((p) => p.id === deliverableId)?.vendor_name : undefined;
    const own = events.filter((e) => e.order_id === row.id);
    // What 'stuck' counts from: this part's last move, or the order's own (a cancel).
    const since =
      own.filter((e) => isMoveEvent(e) && (e.deliverable_id === null || e.deliverable_id === row.deliverable_id)).at(-1)?.created_at ??
      row.created_at;
    const late = isLate(state, row, now);
    const stuck = isStuck(state, since, now);
    if (filter.late === true && !late && !stuck) continue;
    const ownItems = items.filter((i) => i.order_id === row.id && i.deliverable_id === row.deliverable_id);
    // Once the order is packed (its final amount known), each line counts at what was charged for it (decision 039).
    const charged = row.final_total_cents !== null;
    // A part refused while the rest went on charges nothing (src/rules/refused-parts.ts); the order's estimate is without it.
    const partStates = orderParts.map((p) => ({ ...p, state: p.fulfilment_state }));
    // A cancel of the rest leaves the parts refused before as they were (refusedAloneParts).
    const ending = orderEndingOf(own);
    const refusedAlone = refusedAloneParts(partStates, ending).some((p) => p.id === row.deliverable_id);
    const orderItems = items.filter((i) => i.order_id === row.id);
    const ownPart = { id: row.deliverable_id, state, delivery_fee_cents: row.delivery_fee_cents, packaging_fee_cents: row.packaging_fee_cents };
    const partCents = refusedAlone ? 0 : partTotalCents(row, orderItems, ownPart, charged);
    const standing = standingAmounts({ ...row, delivery_fee_cents: row.order_delivery_fee_cents }, orderItems, partStates, false, ending);
    // A part waits for its day (a table also for its time) by its location's clock (tableDayRefusal), and on a day its
    // seller closed is only refused or canceled (closedDayRefusal): the card is told its day, time and closure.
    const dayClosed = closed.has(row.deliverable_id);
    const tableDay = { ...visitDayAt(now, row), closed: dayClosed };
    const substitutes = state === 'picking' ? await candidatesByLine(db, ownItems, row.loc_id) : new Map<number, ConsoleItem['substitutes']>();
    const payment = {
      ...row,
      paid_when_placed: row.payment_ref !== null && row.grand_total_cents > 0,
      // Wallet redemptions only: nothing was paid, the portions came from the wallet (QA walk 5: '$0.00 · Paid').
      wallet_only: row.grand_total_cents === 0 && orderItems.some((i) => i.wallet_entry_id !== null),
      part_refused: refusedAlone,
    };
    // An order that ended with nothing taken (its hold released, never paid) charged this part nothing: the card says
    // $0.00 and what it came to, not its amount beside 'Card hold released' (QA walk 8 #6). A part refused alone is
    // already $0.00, taken off what the order comes to.
    const wasCents = !refusedAlone && partCents > 0 && chargesNothing(payment) ? partCents : undefined;
    orders.push({
      order_number: row.increment_id,
      state,
      payment_status: row.status,
      payment_words: paymentStatusWords(payment),
      kind: fulfilmentKindOf(row.speed),
      customer_name: consoleCustomerName(row),
      gift_message: row.gift_message,
      loc_id: row.loc_id,
      vendor_name: row.vendor_name,
      delivery_method: row.delivery_method,
      delivery_date: row.delivery_date,
      slot: deliverableTimeLabel(row),
      total: centsToDollars(wasCents === undefined ? partCents : 0),
      ...(wasCents === undefined ? {} : { was_total: centsToDollars(wasCents) }),
      // Staff see the whole order's figures; a seller only their part (never another seller's goods or the tip).
      ...(actor === 'staff'
        ? {
            grand_total: centsToDollars(standing.totalCents),
            final_total: row.final_total_cents === null ? null : centsToDollars(row.final_total_cents),
            // In no part: said beside the order's total, so the parts and it add up to it (QA walk 9 #1).
            driver_tip: centsToDollars(standing.tipCents),
          }
        : {}),
      placed_at: row.created_at.toISOString(),
      late,
      stuck,
      // An order still waiting for its payment is shown to staff read-only: no move until it is paid.
      // A part with no line left hands nothing over (the server refuses it: fulfilmentMessages.nothingLeft).
      moves: isAwaitingItsPayment(row.status)
        ? []
        : partEventsFor(state, otherParts, actor, fulfilmentKindOf(row.speed), tableDay).filter(
            (event) => ownItems.some(isLineLeft) || !handingOverEvents.includes(event),
          ),
      table_today: tableDay.today,
      table_time: tableDay.time ?? null,
      table_minutes: tableDay.minutes,
      ...(dayClosed ? { day_closed: true } : {}),
      other_parts: otherParts,
      items: ownItems.map((i) => ({
        id: i.id,
        product_name: i.product_name,
        qty: i.qty,
        bottle_size: i.bottle_size,
        by_weight: i.sold_by_weight && i.bottle_size > 0 && i.wallet_entry_id === null && i.substitution_state === null,
        size_unit: i.size_unit,
        sold_by_weight: i.sold_by_weight,
        weighed_grams: i.weighed_grams,
        ...(i.wallet_entry_id !== null ? { wallet: true } : {}),
        substitution_pref: i.substitution_pref,
        // A refused part's lines are out of the order, but were not out of stock: its card says it was refused.
        substitution_state: refusedAlone ? null : i.substitution_state,
        substitute_name: i.substitute_name,
        ...(substitutes.has(i.id) ? { substitutes: substitutes.get(i.id) } : {}),
      })),
      // This part's own steps and the order's (placed, a whole-order cancel): not another seller's (QA walk 7: Fulton's
      // card read 'History (1 step)' once Hudson accepted their part). Placed first, as on the shopper's page (walk 9
      // S17: a part refused at once read '1 step'), unless nothing happened to an order not placed.
      timeline: consoleTimeline(
        row,
        own.filter((e) => isPartsStep(e, row.deliverable_id)).map((e) => timelineStepOf(e, sellerOf(e.deliverable_id))),
      ),
    });
  }
  if (actor === 'staff') orders.sort((a, b) => Number(b.late || b.stuck) - Number(a.late || a.stuck));
  return orders;
}

/**
 * The name a console card gives the order's customer: their account's name; for a guest (no name on the account) the
 * name the order was addressed to, else the card's holder or its billing address's name, the order's own card's (a
 * pick-up or a table has no address), else the email's name part; '' (the card says 'Guest') only when the order holds none.
 */
export function consoleCustomerName(row: {
  first_name: string;
  last_name: string;
  shipping_name: string | null;
  holder_name: string | null;
  billing_name: string | null;
  email: string;
}): string {
  const names = [`${row.first_name} ${row.last_name}`, row.shipping_name, row.holder_name, row.billing_name, row.email.split('@')[0]];
  return names.map((n) => (n ?? '').trim()).find((n) => n !== '') ?? '';
}

/** A step a part's card lists: the part's own, or the order's (no part named: placed, paid, a whole-order cancel). */
/**
 * A card's history: the order placed, then its part's steps (the shopper's page's rule, orders.ts timelineOf): an
 * order not placed (its payment still to come or failed) with no step yet has none.
 */
function consoleTimeline(row: { status: string; created_at: Date }, steps: ReturnType<typeof timelineStepOf>[]): ReturnType<typeof timelineStepOf>[] {
  const placed = row.status === 'processing' || row.status === 'pending_payment_on_delivery';
  return steps.length === 0 && !placed ? steps : [placedTimelineStep(row.created_at), ...steps];
}

export function isPartsStep(e: { deliverable_id: number | null }, deliverableId: number): boolean {
  return e.deliverable_id === null || e.deliverable_id === deliverableId;
}

/** While picking: each open line's allowed substitutes in stock at the location (decision 039). */
async function candidatesByLine(
  db: Kysely<Database>,
  items: readonly {
    id: number;
    product_id: number;
    qty: number;
    bottle_size: number;
    wallet_entry_id: number | null;
    substitution_pref: 'similar' | 'same_brand' | 'refund';
    substitution_state: string | null;
  }[],
  locId: number,
): Promise<Map<number, ConsoleItem['substitutes']>> {
  const byLine = new Map<number, ConsoleItem['substitutes']>();
  for (const item of items) {
    if (item.wallet_entry_id !== null || item.substitution_state !== null) continue;
    const offers = await substituteCandidates(db, {
      productId: item.product_id,
      preference: item.substitution_pref,
      locId,
      qty: item.qty,
      bottleSize: item.bottle_size,
    });
    byLine.set(
      item.id,
      offers.map((o) => ({ product_id: o.product_id, name: o.name, price: centsToDollars(o.price_cents) })),
    );
  }
  return byLine;
}
