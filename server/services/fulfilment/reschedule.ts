import { sql, type Kysely, type Selectable } from 'kysely';
import type { RescheduleOptions } from '../../../src/api/contract/reschedule.contract.ts';
import { noSlotsLeftReply } from '../../../src/rules/cart-checkout.ts';
import { closedDates, formatUsDate, nextDeliveryDate, storeToday } from '../../../src/rules/delivery-dates.ts';
import { changeCutoff, fulfilmentMessages, rescheduleEvent, type ClosedDayOffer } from '../../../src/rules/fulfilment.ts';
import { formatSlot, timeLabel } from '../../../src/rules/visit-time.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database, OrderDeliverablesTable, OrdersTable } from '../../db/schema.ts';
import { calendarDays, deliveryDateRefusal, vendorCalendars } from '../cart/delivery-dates.ts';
import { isPastToday, lockSeatCount, openSlots, slotMessages } from '../cart/slots.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';
import { followOrderLine, orderGuest } from '../platform/order-link-lines.ts';
import { cancelFactsOf, cancelFactsReply } from './cancel-facts.ts';
import { closedDayPartIds, cutoffParts } from '../checkout/closed-day-parts.ts';
import { cancelRefusal, changeRefusal, pickDeliverable, pickVisit } from '../checkout/change-refusal.ts';
import { restOfOrder, restOfOrderReply } from './rest-of-order.ts';

/**
 * Issue 24 item 6: the shopper moves a placed order's delivery to another date and slot, until the seller's cutoff
 * for it (shopperChangeRefusal: 3 pm Eastern the day before, and never once picking started; a part on a day its
 * seller closed has no cutoff, changeCutoff: QA walk 6). Everything the cart checks is checked again (the vendor's
 * calendar: closed days, holidays, the earliest date; the slot's seats), in one
 * transaction holding the order's row lock, so a reschedule racing a seller's move or the shopper's own cancel is
 * counted one after the other. The order's seat moves with it: the new slot's row is locked and counted as the cart
 * counts it (booked seats plus every cart's live hold, against the date's seats), booked, and the old seat freed.
 */

type Deliverable = Selectable<OrderDeliverablesTable>;
type OrderRow = Selectable<OrdersTable>;

export type RescheduleOutcome =
  | { kind: 'moved'; deliveryDate: string; timeSlot: string | null; locId: number; vendorName: string }
  | { kind: 'not-found' }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; field: 'slot_id'; message: string };

export interface RescheduleRequest {
  customerId: number;
  orderNumber: string;
  /** Which delivery of a multi-seller order; absent: the first dated one. */
  locId?: number | undefined;
  date: string;
  slotId: number | null;
}

/** The order's deliveries still going: a part its seller refused has none to move (its seat was given back). */
async function deliverablesOf(db: Kysely<Database>, orderId: number): Promise<Deliverable[]> {
  return db
    .selectFrom('order_deliverables')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('fulfilment_state', 'not in', ['refused', 'canceled'])
    .orderBy('id')
    .execute();
}

/**
 * The date the change cutoff counts from: the earliest delivery still going on an open day (the cancel's rule too);
 * a part on a day its seller closed holds none (changeCutoff).
 */
function cutoffOf(deliverables: readonly Deliverable[], closed: ReadonlySet<number>) {
  return changeCutoff(cutoffParts(deliverables, closed));
}

/**
 * What the order page will offer an order after its day was closed (the mail about it says the same: dayClosedMail):
 * moving a delivery on the closed day (the panel's Move delivery, changeRefusal) and canceling the whole order (its
 * Cancel order, cancelRefusal), each by the rule the reschedule and the cancel answer by.
 */
export async function closedDayOffer(db: Kysely<Database>, order: OrderRow, now: Date): Promise<Pick<ClosedDayOffer, 'move' | 'cancelRefusal'>> {
  const deliverables = await deliverablesOf(db, order.id);
  const closed = await closedDayPartIds(db, deliverables);
  const moving = deliverables.filter((d) => closed.has(d.id) && d.delivery_date !== null && !isVisitSpeed(d.speed));
  return {
    move: moving.some((d) => changeRefusal(order, deliverables, closed, d, now) === undefined),
    cancelRefusal: cancelRefusal(order, deliverables, closed, now),
  };
}

/** The order's deliveries still going, each with its own date: one moves at a time, the others stay. */
function deliveryParts(deliverables: readonly Deliverable[]) {
  return deliverables
    .filter((d) => d.delivery_date !== null && !isVisitSpeed(d.speed))
    .map((d) => ({
      vendor_loc_id: d.loc_id,
      vendor_name: d.vendor_name,
      speed: d.speed,
      delivery_date: d.delivery_date ?? '',
      time_slot: timeSlotOf(d),
    }));
}

function timeSlotOf(d: { slot_start: string | null; slot_end: string | null }): string | null {
  return d.slot_start && d.slot_end ? formatSlot({ start: d.slot_start, end: d.slot_end }) : null;
}

/**
 * What the order may move to: whether it may still change (and why not), the vendor's calendar (earliest date, closed
 * days) and, for `date` (default: the current one), why that day cannot be chosen or its slots with a seat left.
 */
export async function rescheduleOptions(
  db: Kysely<Database>,
  request: { customerId: number; orderNumber: string; locId?: number | undefined; date?: string | undefined },
  now: Date,
): Promise<RescheduleOptions | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('increment_id', '=', request.orderNumber)
    .where('customer_id', '=', request.customerId)
    .executeTakeFirst();
  if (!order) return undefined;
  const deliverables = await deliverablesOf(db, order.id);
  const closed = await closedDayPartIds(db, deliverables);
  const deliverable = pickDeliverable(deliverables, request.locId, closed) ?? pickVisit(deliverables, request.locId);
  if (!deliverable || deliverable.delivery_date === null) return undefined;
  const refusal = changeRefusal(order, deliverables, closed, deliverable, now) ?? null;
  // A part refused alone before: the confirm step says what a cancel of the rest gives back, and what was before.
  const rest = await restOfOrder(db, order);
  const known = {
    order_id: order.increment_id,
    vendor_loc_id: deliverable.loc_id,
    vendor_name: deliverable.vendor_name,
    speed: deliverable.speed,
    delivery_date: deliverable.delivery_date,
    parts: deliveryParts(deliverables),
    cutoff_date: cutoffOf(deliverables, closed).date,
    day_closed: closed.has(deliverable.id),
    can_change: refusal === null,
    refusal,
    // The part may move while the whole order may not be canceled (its day closed, another past its cutoff).
    cancel_refusal: cancelRefusal(order, deliverables, closed, now) ?? null,
    cancel: cancelFactsReply(await cancelFactsOf(db, order)),
    ...(rest ? { rest_of_order: restOfOrderReply(rest) } : {}),
  };
  // A restaurant visit has no delivery to move: it may be canceled, by the same cutoff (the panel offers Cancel only).
  if (isVisitSpeed(deliverable.speed)) {
    const time = deliverable.slot_start ? timeLabel(deliverable.slot_start) : null;
    return { ...known, slot_id: null, time_slot: time, earliest: null, holidays: [], date: deliverable.delivery_date, date_refusal: null, slots: [] };
  }
  const vendor = await db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', deliverable.loc_id).executeTakeFirst();
  const info = vendor ? (await vendorCalendars(db, [vendor.vendor_id])).get(vendor.vendor_id) : undefined;
  const date = request.date ?? deliverable.delivery_date;
  const dateRefusal = info ? (deliveryDateRefusal(date, deliverable.speed, info, now) ?? null) : fulfilmentMessages.notAllowed;
  const slots = deliverable.speed === 'local' && dateRefusal === null ? await openSlots(db, deliverable.loc_id, date, undefined, now) : [];
  return {
    ...known,
    slot_id: deliverable.slot_template_id,
    time_slot: timeSlotOf(deliverable),
    earliest: info ? (nextDeliveryDate(now, deliverable.speed, info.calendar) ?? null) : null,
    holidays: info ? closedDates(storeToday(now), calendarDays, info.calendar) : [],
    date,
    // Closed is not full (issue 23): a closed day says so; an open one with no seat left says the slots are booked.
    date_refusal: dateRefusal ?? (deliverable.speed === 'local' && slots.length === 0 ? noSlotsLeftReply : null),
    slots,
  };
}

export interface RescheduleDeps {
  db: Kysely<Database>;
  mail: MailSender;
  /** The store's address, for a guest's mail link to the order's page (order-link-lines.ts). */
  config?: { appOrigin: string } | undefined;
}

/** Moves the order's delivery (and its seat) to `date` and `slotId`; see the file's comment for what is checked. */
export async function rescheduleOrder(deps: RescheduleDeps, request: RescheduleRequest, now: Date, log: Log): Promise<RescheduleOutcome> {
  const result = await deps.db
    .transaction()
    .execute(async (trx): Promise<{ outcome: RescheduleOutcome; order?: OrderRow & { guest: boolean }; stays?: Deliverable[] }> => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .select(orderGuest)
        .where('increment_id', '=', request.orderNumber)
        .where('customer_id', '=', request.customerId)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return { outcome: { kind: 'not-found' } };
      const deliverables = await deliverablesOf(trx, order.id);
      const closed = await closedDayPartIds(trx, deliverables);
      const deliverable = pickDeliverable(deliverables, request.locId, closed);
      if (!deliverable) {
        return { outcome: request.locId === undefined ? { kind: 'refused', message: fulfilmentMessages.notDelivered } : { kind: 'not-found' } };
      }
      const refusal = changeRefusal(order, deliverables, closed, deliverable, now);
      if (refusal !== undefined) return { outcome: { kind: 'refused', message: refusal } };
      const whose = { locId: deliverable.loc_id, vendorName: deliverable.vendor_name };

      const vendor = await trx.selectFrom('vendor_locations').select('vendor_id').where('id', '=', deliverable.loc_id).executeTakeFirstOrThrow();
      const info = (await vendorCalendars(trx, [vendor.vendor_id])).get(vendor.vendor_id);
      if (!info) return { outcome: { kind: 'not-found' } };
      const dateRefusal = deliveryDateRefusal(request.date, deliverable.speed, info, now);
      if (dateRefusal !== undefined) return { outcome: { kind: 'refused', message: dateRefusal } };

      if (deliverable.speed !== 'local') {
        if (request.slotId !== null) return { outcome: { kind: 'invalid', field: 'slot_id', message: slotMessages.noSlotsAtSpeed } };
        await trx.updateTable('order_deliverables').set({ delivery_date: request.date }).where('id', '=', deliverable.id).execute();
        const part = partOf(deliverable, deliverables);
        await recordReschedule(trx, order, request.customerId, request.date, null, now, part);
        return {
          outcome: { kind: 'moved', deliveryDate: request.date, timeSlot: null, ...whose },
          order,
          stays: othersOf(deliverable, deliverables),
        };
      }
      if (request.slotId === null) return { outcome: { kind: 'invalid', field: 'slot_id', message: slotMessages.required } };
      const template = await trx.selectFrom('driver_slot_templates').selectAll().where('id', '=', request.slotId).executeTakeFirst();
      if (!template || template.loc_id !== deliverable.loc_id) {
        return { outcome: { kind: 'invalid', field: 'slot_id', message: slotMessages.notSellers } };
      }
      const timeSlot = formatSlot({ start: template.start_time, end: template.end_time });
      // The same slot on the same date: nothing moves, nothing is booked twice.
      if (template.id === deliverable.slot_template_id && request.date === deliverable.delivery_date) {
        return { outcome: { kind: 'moved', deliveryDate: request.date, timeSlot, ...whose } };
      }
      if (isPastToday(template, request.date, now)) return { outcome: { kind: 'refused', message: slotMessages.past } };
      await lockSlotRows(trx, [
        { templateId: template.id, date: request.date },
        ...(deliverable.slot_template_id !== null && deliverable.delivery_date !== null
          ? [{ templateId: deliverable.slot_template_id, date: deliverable.delivery_date }]
          : []),
      ]);
      if (!(await lockSeatCount(trx, template, request.date, undefined, now))) return { outcome: { kind: 'refused', message: slotMessages.full } };
      await trx
        .updateTable('driver_slots')
        .set((eb) => ({ booked: eb('booked', '+', 1) }))
        .where('template_id', '=', template.id)
        .where('slot_date', '=', request.date)
        .execute();
      if (deliverable.slot_template_id !== null && deliverable.delivery_date !== null) {
        await trx
          .updateTable('driver_slots')
          .set({ booked: sql<number>`greatest(booked - 1, 0)` })
          .where('template_id', '=', deliverable.slot_template_id)
          .where('slot_date', '=', deliverable.delivery_date)
          .execute();
      }
      await trx
        .updateTable('order_deliverables')
        .set({ delivery_date: request.date, slot_template_id: template.id, slot_start: template.start_time, slot_end: template.end_time })
        .where('id', '=', deliverable.id)
        .execute();
      await trx.updateTable('orders').set({ updated_at: now }).where('id', '=', order.id).execute();
      await recordReschedule(trx, order, request.customerId, request.date, timeSlot, now, partOf(deliverable, deliverables));
      return { outcome: { kind: 'moved', deliveryDate: request.date, timeSlot, ...whose }, order, stays: othersOf(deliverable, deliverables) };
    });
  const { outcome, order, stays = [] } = result;
  if (outcome.kind === 'moved' && order) {
    // A guest has no account: the mail links to the order's page (order-link-lines.ts followOrderLine).
    const follow = followOrderLine({ orderNumber: order.increment_id, guest: order.guest }, deps.config?.appOrigin ?? '');
    deps.mail
      .send({ to: order.email, ...rescheduleMail(order.increment_id, outcome, stays, follow) })
      .catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'reschedule mail not sent'));
  }
  return outcome;
}

/** The deliverable a move names on the timeline: only an order of several deliveries names whose moved. */
function partOf(deliverable: Deliverable, deliverables: readonly Deliverable[]): Deliverable | undefined {
  return deliverables.length > 1 ? deliverable : undefined;
}

/** The order's other deliveries still going: they keep their dates. */
function othersOf(deliverable: Deliverable, deliverables: readonly Deliverable[]): Deliverable[] {
  return deliverables.filter((d) => d.id !== deliverable.id && d.delivery_date !== null);
}

/**
 * The move's mail: the whole order's delivery, or (several sellers) whose delivery moved and that each other one
 * stays on its date (QA walk 3 item 5: the mail said the order moved while the courier's part stayed).
 */
export function rescheduleMail(
  orderNumber: string,
  moved: { deliveryDate: string; timeSlot: string | null; vendorName: string },
  stays: readonly { vendor_name: string; delivery_date: string | null; slot_start: string | null; slot_end: string | null }[],
  /** Where the shopper follows the order (order-link-lines.ts followOrderLine): their account, or a guest's order page. */
  track: string,
): { subject: string; text: string } {
  const when = movedTo(moved.deliveryDate, moved.timeSlot);
  if (stays.length === 0) {
    return {
      subject: `Your order #${orderNumber}: delivery moved`,
      text: [`Your order #${orderNumber} will now be delivered on ${when}.`, track].join('\n\n'),
    };
  }
  const staying = stays.map((d) => `The delivery from ${mailText(d.vendor_name)} stays on ${movedTo(d.delivery_date ?? '', timeSlotOf(d))}.`);
  return {
    subject: `Your order #${orderNumber}: a delivery moved`,
    text: [`The delivery from ${mailText(moved.vendorName)} in your order #${orderNumber} will now be on ${when}.`, ...staying, track].join('\n\n'),
  };
}

/** Where the delivery now is, in the shopper's words (the mail's and the timeline's). */
function movedTo(date: string, timeSlot: string | null): string {
  return `${formatUsDate(date)}${timeSlot ? `, ${timeSlot}` : ''}`;
}

/**
 * The reschedule on the order's timeline (decision 044): an order_events row that keeps the state (from = to) under
 * the event 'reschedule', with its time, the shopper as actor and where the delivery went as its reason.
 */
async function recordReschedule(
  trx: Kysely<Database>,
  order: OrderRow,
  customerId: number,
  date: string,
  timeSlot: string | null,
  now: Date,
  part: Deliverable | undefined,
) {
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      // One of several deliveries: the timeline names its seller ('Delivery moved (Hudson Street Butchers)').
      ...(part ? { deliverable_id: part.id } : {}),
      event: rescheduleEvent,
      from_state: order.fulfilment_state,
      to_state: order.fulfilment_state,
      actor_role: 'shopper',
      actor_id: customerId,
      reason: `Now on ${movedTo(date, timeSlot)}`,
      created_at: now,
    })
    .execute();
}

/**
 * The slot rows the move touches (the new one made if missing), locked in one order (template, then date), so two
 * orders swapping slots wait for each other instead of deadlocking.
 */
async function lockSlotRows(trx: Kysely<Database>, rows: readonly { templateId: number; date: string }[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.templateId - b.templateId || a.date.localeCompare(b.date));
  for (const row of sorted) {
    await trx
      .insertInto('driver_slots')
      .values({ template_id: row.templateId, slot_date: row.date })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .selectFrom('driver_slots')
      .select('booked')
      .where('template_id', '=', row.templateId)
      .where('slot_date', '=', row.date)
      .forUpdate()
      .execute();
  }
}
