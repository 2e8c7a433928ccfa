import { sql, type Kysely, type Selectable } from 'kysely';
import type { CartsTable, Database, SpeedType } from '../../db/schema.ts';
import { statementShape, type Value } from '../../db/statement-shapes.ts';
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
 * before anything is written: a refusal leaves the cart as it was. A date alone is one statement that writes only
 * while the cart is still open (decision 084: no transaction, two round trips fewer); a slot is held in one
 * transaction with the cart locked, as the seat's count needs.
 */
export async function scheduleDelivery(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ScheduleRequest,
  now: Date,
): Promise<ScheduleOutcome> {
  if (request.slotId === null) {
    const checked = await checkSchedule(db, caller, request, now, (cartId) => cartWithGroup.first(db, { cartId, locId: request.locId }));
    if (checked.kind !== 'checked') return checked;
    const saved = await saveDateReleasingHold.first(db, { cartId: checked.cart.id, locId: request.locId, date: request.date, now: new Date() });
    // The cart was ordered (or emptied into another) between the read and the save: nothing was written.
    return saved ? { kind: 'saved', ...checked.reads } : { kind: 'not-found' };
  }
  const templateId = request.slotId;
  return tiedTransaction(db, async (trx): Promise<ScheduleOutcome> => {
    const checked = await checkSchedule(trx, caller, request, now, (cartId) => lockedCartWithGroup.first(trx, { cartId, locId: request.locId }));
    if (checked.kind !== 'checked') return checked;
    const { cart, group, reads } = checked;
    if (group.speed !== 'local') return { kind: 'refused', message: slotMessages.noSlotsAtSpeed, ...reads };
    const held = await holdSlot(trx, { cartId: cart.id, locId: request.locId, date: request.date, templateId }, now);
    // holdSlot's refusals write nothing, so the cart read under the lock is still the cart as it stands.
    if (held.kind === 'refused') return { ...held, ...reads };
    await saveDate.execute(trx, { cartId: cart.id, locId: request.locId, date: request.date, now: new Date() });
    return { kind: 'saved', ...reads };
  });
}

type CartWithGroupRow = Selectable<CartsTable> & { group_speed: SpeedType | null; group_vendor_id: number | null };

/** The cart (the caller's, open), its group at the vendor location and the vendor's calendar; or the answer that ends it. */
async function checkSchedule(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ScheduleRequest,
  now: Date,
  readCart: (cartId: string) => Promise<CartWithGroupRow | undefined>,
): Promise<
  | { kind: 'checked'; cart: Selectable<CartsTable>; group: { speed: SpeedType; vendor_id: number }; reads: ScheduleReads }
  | Exclude<ScheduleOutcome, { kind: 'saved' }>
> {
  const found = cartAndGroup(await readCart(request.cartId), caller);
  if (!found) return { kind: 'not-found' };
  const { cart, group } = found;
  // No line of this seller in the cart: nothing to schedule, and nothing to reveal.
  if (!group) return { kind: 'not-found' };
  const calendars = await vendorCalendars(db, [group.vendor_id]);
  const calendar = calendars.get(group.vendor_id);
  if (!calendar) return { kind: 'not-found' };
  const reads: ScheduleReads = { cart, calendars };
  const refusal = deliveryDateRefusal(request.date, group.speed, calendar, now);
  if (refusal !== undefined) return { kind: 'refused', message: refusal, ...reads };
  return { kind: 'checked', cart, group, reads };
}

/** The open cart with its group's speed and vendor (any line of the cart at the vendor location): built once (issue 27). */
function cartWithGroupQuery(db: Kysely<Database>, cartId: Value<string>, locId: Value<number>) {
  return db
    .selectFrom('carts')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('cart_items')
          .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
          .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
          .select(['variant_offers.speed', 'vendor_locations.vendor_id'])
          .whereRef('cart_items.cart_id', '=', 'carts.id')
          .where('variant_offers.loc_id', '=', locId)
          .limit(1)
          .as('grp'),
      (join) => join.onTrue(),
    )
    .selectAll('carts')
    .select(['grp.speed as group_speed', 'grp.vendor_id as group_vendor_id'])
    .where('carts.id', '=', cartId)
    .where('carts.status', '=', 'open');
}

const cartWithGroup = statementShape<{ cartId: string; locId: number }>()((db, value) => cartWithGroupQuery(db, value('cartId'), value('locId')));

/** The same, the cart locked (the lateral join on the locked row locks only the cart: decision 068). */
const lockedCartWithGroup = statementShape<{ cartId: string; locId: number }>()((db, value) =>
  cartWithGroupQuery(db, value('cartId'), value('locId')).forUpdate('carts'),
);

/** The caller's cart and its group at the vendor location (undefined: no line there), or undefined when not theirs. */
function cartAndGroup(row: CartWithGroupRow | undefined, caller: Caller | undefined) {
  if (!row) return undefined;
  const { group_speed: speed, group_vendor_id: vendorId, ...cart } = row;
  if (cart.customer_id !== null && cart.customer_id !== caller?.customerId) return undefined;
  return { cart, group: speed === null || vendorId === null ? undefined : { speed, vendor_id: vendorId } };
}

type SaveDateParams = { cartId: string; locId: number; date: string; now: Date };

/**
 * Under the cart's lock (a seat was just held): the group's date, with the cart's updated_at in a CTE. Data-modifying
 * CTEs run once and to completion whether or not the insert reads them (decision 065).
 */
const saveDate = statementShape<SaveDateParams>()((db, value) =>
  db
    .with('touched', (cte) =>
      cte
        .updateTable('carts')
        .set({ updated_at: value('now') })
        .where('id', '=', value('cartId')),
    )
    .insertInto('cart_deliveries')
    .values({ cart_id: value('cartId'), loc_id: value('locId'), delivery_date: value('date') })
    .onConflict((oc) => oc.columns(['cart_id', 'loc_id']).doUpdateSet({ delivery_date: value('date'), updated_at: value('now') })),
);

/**
 * A date alone, with no lock held (decision 084): the cart is touched only while it is open (the update waits for a
 * place order holding the cart's lock, then sees the cart ordered), the group's seat is given up and the date saved
 * from the touched row, so a cart closed meanwhile gets nothing and no row comes back.
 */
const saveDateReleasingHold = statementShape<SaveDateParams>()((db, value) =>
  db
    .with('touched', (cte) =>
      cte
        .updateTable('carts')
        .set({ updated_at: value('now') })
        .where('id', '=', value('cartId'))
        .where('status', '=', 'open')
        .returning('id'),
    )
    .with('released', (cte) =>
      cte
        .deleteFrom('slot_holds')
        .where('cart_id', 'in', (eb) => eb.selectFrom('touched').select('touched.id'))
        .where('loc_id', '=', value('locId')),
    )
    .insertInto('cart_deliveries')
    .columns(['cart_id', 'loc_id', 'delivery_date'])
    .expression((eb) =>
      eb
        .selectFrom('touched')
        .select(['touched.id', sql<number>`${value('locId')}::int`.as('loc_id'), sql<string>`${value('date')}::date`.as('delivery_date')]),
    )
    .onConflict((oc) => oc.columns(['cart_id', 'loc_id']).doUpdateSet({ delivery_date: value('date'), updated_at: value('now') }))
    .returning('cart_deliveries.cart_id'),
);
