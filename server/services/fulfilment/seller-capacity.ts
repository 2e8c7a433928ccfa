import { lineSizeLabel } from '../../../src/rules/weight-entry.ts';
import type { Kysely } from 'kysely';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import { dayClosedEvent, dayClosedMail, fulfilmentKindOf } from '../../../src/rules/fulfilment.ts';
import { closeDayRefusal } from '../../../src/rules/seller-day.ts';
import { formatUsDate, weekdayOf } from '../../../src/rules/delivery-dates.ts';
import type { CapacityDay } from '../../../src/api/contract/seller-capacity.contract.ts';
import type { Database } from '../../db/schema.ts';
import { vendorCalendars } from '../cart/delivery-dates.ts';
import { keptChanged } from '../platform/catalogue-changes.ts';
import type { ConsoleScope } from './console-scope.ts';
import { followOrderLine, orderGuest } from '../platform/order-link-lines.ts';
import { closedDayOffer } from './reschedule.ts';
import { sellerName } from '../catalogue/partner-restaurants.ts';

/**
 * Issue 24 item 3: a seller's stock and slot capacity per day (decision 040). Each write lands in the rows the
 * storefront already reads (vendor_holidays for a closed day, driver_slots.capacity for a date's seats,
 * variant_offers.stock), so the calendars, the slot lists and the cart obey at once: nothing is cached between. A
 * location outside the asker's scope is not found (404), like an order of another location.
 */

/** What a closed day is called in the shopper's calendar message ('… is closed on 12/05/2026 (Closed by the seller).'). */
export const sellerClosedName = 'Closed by the seller';
/** The same for a day the store's staff closed: neither the staff console nor the shopper is told the seller did. */
export const storeClosedName = 'Closed by the store';

/** The most products one console day lists. */
export const capacityProductsMax = 200;

export const capacityMessages = {
  storeHoliday: 'This day is one of the store’s holidays: only the store’s staff can open it.',
  reasonRequired: 'Please say why you change this seller’s day.',
} as const;

/** The longest reason kept with a change. */
export const maxReasonLength = 500;

/**
 * Who makes a change and why (decision 044): kept in capacity_changes in the change's transaction. Staff must say
 * why (the routes answer 400 on reason otherwise); a seller may.
 */
export interface CapacityActor {
  userId: number;
  role: 'seller' | 'staff';
  reason: string | null;
}

async function recordChange(
  trx: Kysely<Database>,
  actor: CapacityActor,
  locId: number,
  change: 'close' | 'reopen' | 'seats' | 'stock',
  detail: string,
): Promise<void> {
  await trx
    .insertInto('capacity_changes')
    .values({ loc_id: locId, actor_id: actor.userId, actor_role: actor.role, change, detail, reason: actor.reason })
    .execute();
}

export type CapacityOutcome<T> = { kind: 'done'; value: T } | { kind: 'not-found' } | { kind: 'refused'; message: string };

/** The location and its vendor when the scope holds it. */
async function ownLocation(db: Kysely<Database>, scope: ConsoleScope, locId: number) {
  if (scope.locIds !== undefined && !scope.locIds.includes(locId)) return undefined;
  return db
    .selectFrom('vendor_locations')
    .select(['vendor_locations.id', 'vendor_locations.vendor_id', sellerName().as('name')])
    .where('vendor_locations.id', '=', locId)
    .executeTakeFirst();
}

/**
 * The orders booked with the vendor (any of its locations: a closed day is the vendor's) for a date and not yet handed
 * over: the ones a closed day would strand.
 */
async function bookedOrders(db: Kysely<Database>, vendorId: number, date: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_deliverables as d', 'd.order_id', 'orders.id')
    .innerJoin('vendor_locations as l', 'l.id', 'd.loc_id')
    .select([
      'orders.id',
      'orders.increment_id',
      'orders.email',
      'orders.fulfilment_state',
      'd.speed',
      'd.fulfilment_state as part_state',
      orderGuest,
    ])
    .distinct()
    .where('l.vendor_id', '=', vendorId)
    .where('d.delivery_date', '=', date)
    .where('d.fulfilment_state', 'in', ['placed', 'accepted', 'picking', 'packed', 'ready_for_pickup'])
    .where('orders.status', 'in', ['processing', 'pending_payment_on_delivery'])
    .orderBy('orders.id')
    .execute();
}

/**
 * The numbers of the booked orders already being prepared: their part past accepted, or the order itself (another
 * seller's part of it is being picked or further: orderStateOfParts). A closed day would strand them, as their
 * shoppers may no longer move or cancel them (shopperChangeRefusal reads the order's state; QA walk 6, decision 086
 * left: a day closed while another seller picked). setDayClosed refuses and the day's question counts the same.
 */
function preparingOrders(booked: readonly { increment_id: string; part_state: string; fulfilment_state: string }[]): string[] {
  const changeable = (state: string) => state === 'placed' || state === 'accepted';
  return [...new Set(booked.filter((o) => !changeable(o.part_state) || !changeable(o.fulfilment_state)).map((o) => o.increment_id))];
}

/** One location's day: whether it is closed (and why), each slot's seats, booked and held, and its products' stock. */
export async function capacityDay(
  db: Kysely<Database>,
  scope: ConsoleScope,
  locId: number,
  date: string,
  now: Date,
): Promise<CapacityDay | undefined> {
  const loc = await ownLocation(db, scope, locId);
  if (!loc) return undefined;
  const [info, holiday, templates, products, booked] = await Promise.all([
    vendorCalendars(db, [loc.vendor_id]).then((m) => m.get(loc.vendor_id)),
    db.selectFrom('vendor_holidays').select(['name', 'closed_by']).where('vendor_id', '=', loc.vendor_id).where('date', '=', date).executeTakeFirst(),
    db
      .selectFrom('driver_slot_templates')
      .leftJoin('driver_slots', (join) =>
        join.onRef('driver_slots.template_id', '=', 'driver_slot_templates.id').on('driver_slots.slot_date', '=', date),
      )
      .select((eb) => [
        'driver_slot_templates.id',
        'driver_slot_templates.start_time',
        'driver_slot_templates.end_time',
        'driver_slot_templates.capacity as usual',
        'driver_slots.capacity',
        'driver_slots.booked',
        eb
          .selectFrom('slot_holds')
          .innerJoin('carts', 'carts.id', 'slot_holds.cart_id')
          .select((h) => h.fn.countAll<number>().as('n'))
          .whereRef('slot_holds.template_id', '=', 'driver_slot_templates.id')
          .where('slot_holds.slot_date', '=', date)
          .where('slot_holds.expires_at', '>', now)
          .where('carts.status', '=', 'open')
          .as('held'),
      ])
      .where('driver_slot_templates.loc_id', '=', locId)
      .orderBy('driver_slot_templates.start_time')
      .execute(),
    db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'variant_offers.id',
        'products.name',
        'variant_offers.speed',
        'variant_offers.stock',
        'product_variants.bottle_size',
        'products.size_unit',
        'products.sold_by_weight',
      ])
      .where('variant_offers.loc_id', '=', locId)
      .orderBy('products.name')
      .orderBy('variant_offers.id')
      .limit(capacityProductsMax)
      .execute(),
    bookedOrders(db, loc.vendor_id, date),
  ]);
  const weekdayClosed = info?.calendar.closedWeekdays.includes(weekdayOf(date)) ?? false;
  return {
    loc_id: loc.id,
    vendor_name: loc.name,
    date,
    closed: holiday?.name ?? (weekdayClosed ? 'Closed every week on this day' : null),
    reopenable: holiday !== undefined && holiday.closed_by !== null,
    booked_orders: new Set(booked.map((o) => o.id)).size,
    preparing_orders: preparingOrders(booked).length,
    slots: templates.map((t) => ({
      slot_id: t.id,
      start: t.start_time,
      end: t.end_time,
      seats: t.capacity ?? t.usual,
      usual_seats: t.usual,
      booked: t.booked ?? 0,
      held: Number(t.held ?? 0),
    })),
    // Each row names its size and speed in words: a product sold in four sizes is four rows told apart.
    products: products.map((p) => ({
      offer_id: p.id,
      product_name: p.name,
      speed: p.speed,
      stock: p.stock,
      size: p.bottle_size > 0 ? lineSizeLabel(p.bottle_size, p.sold_by_weight, p.size_unit) : null,
    })),
  };
}

/**
 * Closes a date (a holiday row for the location's vendor, marked as the seller's) or reopens one a seller closed. The
 * orders already booked that day stay booked: a closed day takes no new ones. Each of them is flagged on its timeline
 * (an order_events row under dayClosedEvent, the state unchanged: not a move) and its shopper is mailed to choose
 * another date or cancel, which the reschedule and the cancel offer whatever the cutoff (changeCutoff: QA walk 6).
 * An order already being prepared could be neither: the close is refused, naming them, until the store cancels them.
 */
export async function setDayClosed(
  db: Kysely<Database>,
  scope: ConsoleScope,
  actor: CapacityActor,
  request: { locId: number; date: string; closed: boolean },
  mailing?: { mail: MailSender; appOrigin: string; now: Date },
): Promise<CapacityOutcome<null>> {
  const loc = await ownLocation(db, scope, request.locId);
  if (!loc) return { kind: 'not-found' };
  const stranded: { id: number; increment_id: string; email: string; speed: string; guest: boolean }[] = [];
  const outcome = await db.transaction().execute(async (trx): Promise<CapacityOutcome<null>> => {
    if (request.closed) {
      const already = await trx
        .selectFrom('vendor_holidays')
        .select('date')
        .where('vendor_id', '=', loc.vendor_id)
        .where('date', '=', request.date)
        .executeTakeFirst();
      const booked = already ? [] : await bookedOrders(trx, loc.vendor_id, request.date);
      const preparing = preparingOrders(booked);
      if (preparing.length > 0) return { kind: 'refused', message: closeDayRefusal(preparing, request.date) };
      // An order of two of this vendor's locations is one order: flagged and mailed once.
      for (const order of booked.filter((o, i) => booked.findIndex((b) => b.id === o.id) === i)) {
        await trx
          .insertInto('order_events')
          .values({
            order_id: order.id,
            event: dayClosedEvent,
            from_state: order.fulfilment_state,
            to_state: order.fulfilment_state,
            actor_role: actor.role,
            actor_id: actor.userId,
            reason: `${loc.name} is closed on ${formatUsDate(request.date)}.`,
          })
          .execute();
        stranded.push(order);
      }
      await trx
        .insertInto('vendor_holidays')
        .values({
          vendor_id: loc.vendor_id,
          date: request.date,
          name: actor.role === 'staff' ? storeClosedName : sellerClosedName,
          closed_by: actor.userId,
        })
        .onConflict((oc) => oc.columns(['vendor_id', 'date']).doNothing())
        .execute();
      await recordChange(trx, actor, loc.id, 'close', request.date);
      return { kind: 'done', value: null };
    }
    const holiday = await trx
      .selectFrom('vendor_holidays')
      .select('closed_by')
      .where('vendor_id', '=', loc.vendor_id)
      .where('date', '=', request.date)
      .executeTakeFirst();
    // Staff (every location) may open any day; a seller only one a seller closed.
    if (holiday && holiday.closed_by === null && scope.locIds !== undefined) return { kind: 'refused', message: capacityMessages.storeHoliday };
    await trx.deleteFrom('vendor_holidays').where('vendor_id', '=', loc.vendor_id).where('date', '=', request.date).execute();
    await recordChange(trx, actor, loc.id, 'reopen', request.date);
    return { kind: 'done', value: null };
  });
  // This instance's kept calendars at once; the others hear migration 035's notice (decision 078).
  if (outcome.kind === 'done') keptChanged(db, 'calendar');
  // What each order's page offers is read now, the day closed; the mails go without waiting (a failure is dropped).
  if (mailing) {
    for (const order of stranded) {
      const mail = await dayClosedMailOf(db, mailing, order, loc.name, request.date);
      if (mail) mailing.mail.send(mail).catch(() => undefined);
    }
  }
  return outcome;
}

/**
 * The mail to a shopper whose day was closed: it offers what their order page will (closedDayOffer, read now that the
 * day is closed: 087 left, a cancel promised that the page refused) and ends with where to follow the order.
 */
async function dayClosedMailOf(
  db: Kysely<Database>,
  { appOrigin, now }: { appOrigin: string; now: Date },
  order: { id: number; increment_id: string; email: string; speed: string; guest: boolean },
  sellerName: string,
  date: string,
) {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirst();
  if (!row) return undefined;
  const offer = await closedDayOffer(db, row, now);
  const follow = followOrderLine({ orderNumber: order.increment_id, guest: order.guest }, appOrigin, 'link');
  return dayClosedMail(order.email, order.increment_id, sellerName, date, fulfilmentKindOf(order.speed), { ...offer, follow, guest: order.guest });
}

/**
 * A slot's seats on a date. Seats below those already booked drop no order: the slot just offers no seat until
 * bookings fall under it (openSlots and the hold count the date's seats against booked plus held).
 */
export async function setSlotSeats(
  db: Kysely<Database>,
  scope: ConsoleScope,
  actor: CapacityActor,
  request: { locId: number; date: string; slotId: number; seats: number },
): Promise<CapacityOutcome<null>> {
  const loc = await ownLocation(db, scope, request.locId);
  if (!loc) return { kind: 'not-found' };
  const template = await db
    .selectFrom('driver_slot_templates')
    .select('id')
    .where('id', '=', request.slotId)
    .where('loc_id', '=', loc.id)
    .executeTakeFirst();
  if (!template) return { kind: 'not-found' };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('driver_slots')
      .values({ template_id: template.id, slot_date: request.date, capacity: request.seats })
      .onConflict((oc) => oc.columns(['template_id', 'slot_date']).doUpdateSet({ capacity: request.seats }))
      .execute();
    await recordChange(trx, actor, loc.id, 'seats', `slot ${template.id} on ${request.date}: ${request.seats} seats`);
  });
  return { kind: 'done', value: null };
}

/** An offer's stock at one of the asker's locations. */
export async function setOfferStock(
  db: Kysely<Database>,
  scope: ConsoleScope,
  actor: CapacityActor,
  request: { offerId: number; stock: number },
): Promise<CapacityOutcome<null>> {
  const offer = await db.selectFrom('variant_offers').select(['id', 'loc_id']).where('id', '=', request.offerId).executeTakeFirst();
  if (!offer || (scope.locIds !== undefined && !scope.locIds.includes(offer.loc_id))) return { kind: 'not-found' };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('variant_offers').set({ stock: request.stock }).where('id', '=', offer.id).execute();
    await recordChange(trx, actor, offer.loc_id, 'stock', `offer ${offer.id}: ${request.stock}`);
  });
  return { kind: 'done', value: null };
}
