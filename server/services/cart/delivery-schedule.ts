import type { Kysely, Selectable } from 'kysely';
import type { CartsTable, Database } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';
import { deliveryDateRefusal, vendorCalendars, type VendorCalendarInfo } from './delivery-dates.ts';
import type { Caller } from '../platform/caller.ts';
import { tiedTransaction } from '../platform/catalogue-changes.ts';
import { holdSlot, slotMessages } from './slots.ts';

export interface ScheduleRequest {
  cartId: string;
  /** The vendor group: one vendor location of the cart. */
  locId: number;
  date: string;
  /** Same Day only; null or absent saves the date alone and gives up any seat held. */
  slotId: number | null;
}

/**
 * What the check read (the cart row as locked, the group's vendor calendar) rides along with a saved or refused
 * outcome, so the cart answer that follows need not read them again (decision 065).
 */
export interface ScheduleReads {
  cart: Selectable<CartsTable>;
  calendars: ReadonlyMap<number, VendorCalendarInfo>;
}

export type ScheduleOutcome = (({ kind: 'saved' } | { kind: 'refused'; message: string }) & ScheduleReads) | { kind: 'not-found' };

/**
 * Saves a vendor group's delivery date (and Same Day slot, holding a seat for 15 minutes). Everything is checked
 * before anything is written, in one transaction with the cart locked: a refusal leaves the cart as it was.
 */
export async function scheduleDelivery(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ScheduleRequest,
  now: Date,
): Promise<ScheduleOutcome> {
  return tiedTransaction(db, async (trx): Promise<ScheduleOutcome> => {
    const locked = await lockCartWithGroup(trx, request.cartId, request.locId, caller);
    if (!locked) return { kind: 'not-found' };
    const { cart, group } = locked;
    // No line of this seller in the cart: nothing to schedule, and nothing to reveal.
    if (!group) return { kind: 'not-found' };

    const calendars = await vendorCalendars(trx, [group.vendor_id]);
    const calendar = calendars.get(group.vendor_id);
    if (!calendar) return { kind: 'not-found' };
    const reads: ScheduleReads = { cart, calendars };
    const refusal = deliveryDateRefusal(request.date, group.speed, calendar, now);
    if (refusal !== undefined) return { kind: 'refused', message: refusal, ...reads };

    if (request.slotId !== null) {
      if (group.speed !== 'local') return { kind: 'refused', message: slotMessages.noSlotsAtSpeed, ...reads };
      const held = await holdSlot(trx, { cartId: cart.id, locId: request.locId, date: request.date, templateId: request.slotId }, now);
      // holdSlot's refusals write nothing, so the cart read under the lock is still the cart as it stands.
      if (held.kind === 'refused') return { ...held, ...reads };
    }
    await saveDeliveryDate(trx, { cartId: cart.id, locId: request.locId, date: request.date, releaseHold: request.slotId === null });
    return { kind: 'saved', ...reads };
  });
}

/** lockCartWithGroup's statement, built once (issue 27). */
const cartWithGroup = statementShape<{ cartId: string; locId: number }>()((db, value) =>
  db
    .selectFrom('carts')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('cart_items')
          .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
          .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
          .select(['variant_offers.speed', 'vendor_locations.vendor_id'])
          .whereRef('cart_items.cart_id', '=', 'carts.id')
          .where('variant_offers.loc_id', '=', value('locId'))
          .limit(1)
          .as('grp'),
      (join) => join.onTrue(),
    )
    .selectAll('carts')
    .select(['grp.speed as group_speed', 'grp.vendor_id as group_vendor_id'])
    .where('carts.id', '=', value('cartId'))
    .where('carts.status', '=', 'open')
    .forUpdate('carts'),
);

/**
 * lockOwnCart, with the group's speed and vendor (any line of the cart at the vendor location) read in the same
 * statement: a lateral join on the locked row, locking only the cart (decision 068).
 */
async function lockCartWithGroup(trx: Kysely<Database>, cartId: string, locId: number, caller: Caller | undefined) {
  const row = await cartWithGroup.first(trx, { cartId, locId });
  if (!row) return undefined;
  const { group_speed: speed, group_vendor_id: vendorId, ...cart } = row;
  if (cart.customer_id !== null && cart.customer_id !== caller?.customerId) return undefined;
  return { cart, group: speed === null || vendorId === null ? undefined : { speed, vendor_id: vendorId } };
}

/**
 * The group's date, the cart's updated_at and (a date without a slot) the group's seat given up, in one statement:
 * data-modifying CTEs run once and to completion whether or not the insert reads them (decision 065: two round
 * trips fewer on every delivery schedule; on the embedded database each one waits its turn on the one connection).
 */
async function saveDeliveryDate(trx: Kysely<Database>, save: { cartId: string; locId: number; date: string; releaseHold: boolean }): Promise<void> {
  const params = { cartId: save.cartId, locId: save.locId, date: save.date, now: new Date() };
  await (save.releaseHold ? saveDateReleasingHold : saveDate).execute(trx, params);
}

type SaveDateParams = { cartId: string; locId: number; date: string; now: Date };

/** The date's upsert, the cart touched in a CTE; with or without the group's seat given up (two shapes, built once). */
function saveDateStatement(releaseHold: boolean) {
  return statementShape<SaveDateParams>()((db, value) => {
    const touched = db.with('touched', (cte) =>
      cte
        .updateTable('carts')
        .set({ updated_at: value('now') })
        .where('id', '=', value('cartId')),
    );
    const released = releaseHold
      ? touched.with('released', (cte) => cte.deleteFrom('slot_holds').where('cart_id', '=', value('cartId')).where('loc_id', '=', value('locId')))
      : touched;
    return released
      .insertInto('cart_deliveries')
      .values({ cart_id: value('cartId'), loc_id: value('locId'), delivery_date: value('date') })
      .onConflict((oc) => oc.columns(['cart_id', 'loc_id']).doUpdateSet({ delivery_date: value('date'), updated_at: value('now') }));
  });
}

const saveDate = saveDateStatement(false);
const saveDateReleasingHold = saveDateStatement(true);
