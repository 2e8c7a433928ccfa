import type { Kysely } from 'kysely';
import type { SlotOffer } from '../../../src/api/contract/cart-page.contract.ts';
import { storeMinutes, storeToday } from '../../../src/rules/delivery-dates.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';
import { noSlotsLeftReply } from '../../../src/rules/cart-checkout.ts';
import { isSlotPast } from '../../../src/rules/slots.ts';
import type { Database } from '../../db/schema.ts';
import { loadDeliveryChoices, validChoice, vendorGroups, type CartLineRow, type DeliveryChoice } from './cart-view.ts';
import { deliveryDateRefusal, vendorCalendars } from './delivery-dates.ts';

/** How long choosing a slot keeps a seat for the cart before anyone else may take it. */
export const holdMinutes = 15;

export const slotMessages = {
  none: noSlotsLeftReply,
  notSellers: 'This time slot is not offered by this seller.',
  noSlotsAtSpeed: 'This seller delivers without time slots.',
  past: 'This time slot has passed. Please choose another.',
  full: 'This time slot is full. Please choose another.',
  required: 'Required',
  lostHold: 'Your hold on this time slot expired and the slot is now full. Please choose another.',
} as const;

export interface SlotTemplate {
  id: number;
  loc_id: number;
  start_time: string;
  end_time: string;
  capacity: number;
}

/** Seats taken in a slot on a date by carts other than this one: live holds of open carts. */
async function heldByOthers(db: Kysely<Database>, templateIds: readonly number[], date: string, cartId: string | undefined, now: Date) {
  if (templateIds.length === 0) return new Map<number, number>();
  let query = db
    .selectFrom('slot_holds')
    .innerJoin('carts', 'carts.id', 'slot_holds.cart_id')
    .select(['slot_holds.template_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('slot_holds.template_id', 'in', templateIds)
    .where('slot_holds.slot_date', '=', date)
    .where('slot_holds.expires_at', '>', now)
    .where('carts.status', '=', 'open')
    .groupBy('slot_holds.template_id');
  if (cartId !== undefined) query = query.where('slot_holds.cart_id', '!=', cartId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.template_id, Number(r.n)]));
}

/** Per slot on a date: the seats booked and, when a seller changed them for that date, its seats (migration 027). */
async function bookedSeats(db: Kysely<Database>, templateIds: readonly number[], date: string) {
  if (templateIds.length === 0) return new Map<number, { booked: number; capacity: number | null }>();
  const rows = await db
    .selectFrom('driver_slots')
    .select(['template_id', 'booked', 'capacity'])
    .where('template_id', 'in', templateIds)
    .where('slot_date', '=', date)
    .execute();
  return new Map(rows.map((r) => [r.template_id, { booked: r.booked, capacity: r.capacity }]));
}

export function isPastToday(template: SlotTemplate, date: string, now: Date): boolean {
  return date === storeToday(now) && isSlotPast({ start: template.start_time, end: template.end_time }, storeMinutes(now));
}

/** A location's slots on a date that still have a seat for this cart (its own hold counts as free), past ones left out. */
export async function openSlots(db: Kysely<Database>, locId: number, date: string, cartId: string | undefined, now: Date): Promise<SlotOffer[]> {
  const templates = (await db.selectFrom('driver_slot_templates').selectAll().where('loc_id', '=', locId).orderBy('start_time').execute()).filter(
    (t) => !isPastToday(t, date, now),
  );
  const ids = templates.map((t) => t.id);
  const [held, booked] = await Promise.all([heldByOthers(db, ids, date, cartId, now), bookedSeats(db, ids, date)]);
  return templates
    .map((t) => {
      const day = booked.get(t.id);
      const seats = day?.capacity ?? t.capacity;
      return { slot_id: t.id, start: t.start_time, end: t.end_time, available: seats - (day?.booked ?? 0) - (held.get(t.id) ?? 0) };
    })
    .filter((slot) => slot.available > 0);
}

export type SlotListing = { kind: 'slots'; slots: SlotOffer[] } | { kind: 'refused'; message: string };

/**
 * getslot: the Same Day slots of a shop on a date for a zip. The shop must be a local one delivering to that zip's
 * area, and the date one it delivers on (after the cutoff, not a holiday or closed day).
 */
export async function slotsFor(
  db: Kysely<Database>,
  request: { zipcode?: string | undefined; locId: number; date: string; cartId?: string | undefined },
  now: Date,
): Promise<SlotListing> {
  const none: SlotListing = { kind: 'refused', message: slotMessages.none };
  const area =
    request.zipcode === undefined
      ? undefined
      : await db.selectFrom('service_areas').select('loc_id').where('zipcode', '=', request.zipcode).executeTakeFirst();
  if (request.zipcode !== undefined && !area) return none;
  const shop = await db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(['vendors.id as vendor_id', 'vendors.kind'])
    .where('vendor_locations.id', '=', request.locId)
    .executeTakeFirst();
  if (!shop || shop.kind !== 'local') return none;
  // A shop delivers to the area it sells in (a city's fishmonger sells in its butcher's area); without a zip (the
  // storefront's order_date and vendor_id), the shop's own slots.
  if (area) {
    const sells = await db
      .selectFrom('variant_offers')
      .select('id')
      .where('loc_id', '=', request.locId)
      .where('area_loc_id', '=', area.loc_id)
      .limit(1)
      .executeTakeFirst();
    if (!sells) return none;
  }
  const calendar = (await vendorCalendars(db, [shop.vendor_id])).get(shop.vendor_id);
  if (!calendar) return none;
  const refusal = deliveryDateRefusal(request.date, 'local', calendar, now);
  if (refusal !== undefined) return { kind: 'refused', message: refusal };
  const slots = await openSlots(db, request.locId, request.date, request.cartId, now);
  return slots.length > 0 ? { kind: 'slots', slots } : none;
}

export type HoldOutcome = { kind: 'held'; expiresAt: Date } | { kind: 'refused'; message: string };

/**
 * Takes (or renews) one seat in a slot for a cart's vendor group, replacing the group's previous hold. The slot's
 * row is locked first (SELECT ... FOR UPDATE), so two carts racing for the last seat are counted one after the
 * other and exactly one gets it. Must run inside a transaction; the caller checked the date.
 */
export async function holdSlot(
  trx: Kysely<Database>,
  request: { cartId: string; locId: number; date: string; templateId: number },
  now: Date,
): Promise<HoldOutcome> {
  const template = await trx.selectFrom('driver_slot_templates').selectAll().where('id', '=', request.templateId).executeTakeFirst();
  if (!template || template.loc_id !== request.locId) return { kind: 'refused', message: slotMessages.notSellers };
  if (isPastToday(template, request.date, now)) return { kind: 'refused', message: slotMessages.past };
  if (!(await lockSeatCount(trx, template, request.date, request.cartId, now))) return { kind: 'refused', message: slotMessages.full };

  const expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
  await trx
    .insertInto('slot_holds')
    .values({ cart_id: request.cartId, loc_id: request.locId, template_id: template.id, slot_date: request.date, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.constraint('slot_holds_cart_group_unique').doUpdateSet({ template_id: template.id, slot_date: request.date, expires_at: expiresAt }),
    )
    .execute();
  return { kind: 'held', expiresAt };
}

/**
 * Locks the slot's row for this date (creating it) and says whether a seat is left for cartId (undefined: for an
 * order moving into the slot, which every cart's live hold counts against). A seller's seats for the date win over
 * the template's.
 */
export async function lockSeatCount(
  trx: Kysely<Database>,
  template: SlotTemplate,
  date: string,
  cartId: string | undefined,
  now: Date,
): Promise<boolean> {
  await trx
    .insertInto('driver_slots')
    .values({ template_id: template.id, slot_date: date })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const slot = await trx
    .selectFrom('driver_slots')
    .select(['booked', 'capacity'])
    .where('template_id', '=', template.id)
    .where('slot_date', '=', date)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const held = (await heldByOthers(trx, [template.id], date, cartId, now)).get(template.id) ?? 0;
  return slot.booked + held < (slot.capacity ?? template.capacity);
}

export async function releaseSlot(db: Kysely<Database>, cartId: string, locId: number): Promise<void> {
  await db.deleteFrom('slot_holds').where('cart_id', '=', cartId).where('loc_id', '=', locId).execute();
}

export interface DeliveryProblem {
  vendor_loc_id: number;
  message: string;
}

/** choices: each group's date and hold as read before the check (a renewal changes only a hold's expiry). */
export type SlotHoldCheck = { ok: true; choices: Map<number, DeliveryChoice> } | { ok: false; problems: DeliveryProblem[] };

/**
 * For place order, inside its transaction: every vendor group still has a date the vendor can deliver on, and
 * every Same Day group a slot that has not passed with a seat held for this cart. A hold that expired is taken
 * again when the slot still has a seat (and refused when someone else took it); live holds are renewed, so the
 * seats stay this cart's until the order books them (place order's insert, order-insert.ts).
 */
export async function checkSlotHolds(
  db: Kysely<Database>,
  cartId: string,
  lines: readonly CartLineRow[],
  now: Date,
  // Read with the lines when the caller read them (place order, decision 082), else read here.
  readChoices?: Map<number, DeliveryChoice>,
): Promise<SlotHoldCheck> {
  const groups = vendorGroups(lines);
  const [choices, calendars] = await Promise.all([
    readChoices ?? loadDeliveryChoices(db, cartId),
    vendorCalendars(
      db,
      groups.map((g) => g.vendorId),
    ),
  ]);
  const problems: DeliveryProblem[] = [];
  for (const group of groups) {
    // Wallet redemptions are eaten at the restaurant: no delivery date, no driver.
    if (group.wallet) continue;
    // A restaurant's dine-in or pick-up lines: the visit's date and time come with the order (place order's pickup_date).
    if (isVisitSpeed(group.speed)) continue;
    const choice = validChoice(group, choices.get(group.locId), calendars.get(group.vendorId), now);
    if (choice.date === null || (group.speed === 'local' && choice.hold === null)) {
      problems.push({ vendor_loc_id: group.locId, message: slotMessages.required });
      continue;
    }
    if (choice.hold === null) continue;
    const outcome = await holdSlot(db, { cartId, locId: group.locId, date: choice.date, templateId: choice.hold.templateId }, now);
    if (outcome.kind === 'refused') {
      const expired = choice.hold.expiresAt.getTime() <= now.getTime();
      problems.push({
        vendor_loc_id: group.locId,
        message: expired && outcome.message === slotMessages.full ? slotMessages.lostHold : outcome.message,
      });
    }
  }
  return problems.length === 0 ? { ok: true, choices } : { ok: false, problems };
}

/**
 * The shop whose slots the storefront's getslot (order_date, vendor_id) means: the vendor's local shop that sells in
 * the zip's area, or without a zip its first local shop; undefined when the vendor has none.
 */
export async function slotShopOfVendor(db: Kysely<Database>, vendorId: number, zipcode: string | undefined): Promise<number | undefined> {
  let query = db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select('vendor_locations.id')
    .where('vendors.id', '=', vendorId)
    .where('vendors.kind', '=', 'local')
    .orderBy('vendor_locations.id')
    .limit(1);
  if (zipcode !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('variant_offers')
          .innerJoin('service_areas', 'service_areas.loc_id', 'variant_offers.area_loc_id')
          .select('variant_offers.id')
          .whereRef('variant_offers.loc_id', '=', 'vendor_locations.id')
          .where('service_areas.zipcode', '=', zipcode),
      ),
    );
  }
  return (await query.executeTakeFirst())?.id;
}
