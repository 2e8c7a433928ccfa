import type { Kysely, Transaction } from 'kysely';
import type { AreaLine } from '../../../src/api/contract/cart-area.contract.ts';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { CartMergeChange, CartSummary } from './cart-summary.ts';
import type { ServedAreas } from '../catalogue/catalogue-cache.ts';
import { restaurantRefusal } from '../catalogue/chosen-restaurant.ts';
import { moveCartIn } from './cart-area.ts';
import { lockCurrentCart } from './carts.ts';
import { cartBadgeQty } from './cart-badge.ts';

export type { CartMergeChange, CartModeMove, CartSummary } from './cart-summary.ts';

/**
 * The delivery option the shopper is on while signing in (their current choice: Delivery, or Dine-In or Pick-Up at a
 * restaurant), which the merged cart takes; the served areas check that the restaurant still serves it there.
 */
export interface ShopperMode {
  courierType: SpeedValue;
  restaurantLocId?: number | undefined;
  served: ServedAreas;
}

/**
 * Sign-in and sign-up take over the cart the shopper built as a guest, then report the customer's current cart.
 * The guest cart is one with no customer (or, for a shopper who went through guest checkout, that guest's own,
 * proven by the guest's token). Anything else given as cart_id is ignored: a stale id in the browser must not
 * make signing in fail.
 */
export async function takeOverGuestCart(
  db: Kysely<Database>,
  customerId: number,
  guestCartId: string | undefined,
  guestCallerId: number | undefined,
  mode?: ShopperMode,
): Promise<CartSummary> {
  return db.transaction().execute(async (trx) => {
    const merged: Merged = guestCartId ? await mergeOrAdopt(trx, customerId, guestCartId, guestCallerId) : { changes: [] };
    // Whichever cart is the customer's now (merged, adopted from the guest, or the account's own taken as it is: no
    // guest cart, an empty or stale one) takes the shopper's option (decision 086 left: an account's Dine-In group
    // signed into on Delivery stayed beside the delivered lines and reached CHECKOUT).
    const taken = mode ? await takeShoppersMode(trx, customerId, mode, merged.changes) : {};
    return { ...(await currentCart(trx, customerId)), ...merged, ...taken };
  });
}

type Merged = Pick<CartSummary, 'changes' | 'combined'> & { changes: CartMergeChange[] };

async function mergeOrAdopt(trx: Transaction<Database>, customerId: number, guestCartId: string, guestCallerId: number | undefined): Promise<Merged> {
  // Locked, so two sign-ins racing with the same guest cart cannot both move its lines.
  const guest = await trx
    .selectFrom('carts')
    .select(['id', 'customer_id', 'zipcode', 'loc_id', 'coupon_code'])
    .where('id', '=', guestCartId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  const claimable = guest && (guest.customer_id === null || (guestCallerId !== undefined && guest.customer_id === guestCallerId));
  if (!guest || !claimable) return { changes: [] };

  const target = await trx
    .selectFrom('carts')
    .select(['id', 'loc_id', 'coupon_code'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .where('id', '!=', guest.id)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  const targetLines = target ? await linesOf(trx, target.id) : [];

  // A cart holds one delivery area. With no cart, an empty one, or one for another area, the guest cart (the one
  // the shopper is using now, in their current pincode) becomes the customer's current cart; an older cart for
  // another area stays as it was, so no line is lost.
  if (!target || targetLines.length === 0 || target.loc_id !== guest.loc_id) {
    if (target && targetLines.length === 0) await close(trx, target.id);
    await trx.updateTable('carts').set({ customer_id: customerId, updated_at: new Date() }).where('id', '=', guest.id).execute();
    return { changes: [] };
  }

  const changes = await joinLines(trx, target.id, targetLines, await linesOf(trx, guest.id), signInJoin);
  await carryDeliveryChoices(trx, guest.id, target.id);
  await trx
    .updateTable('carts')
    .set({ zipcode: guest.zipcode, coupon_code: target.coupon_code ?? guest.coupon_code, updated_at: new Date() })
    .where('id', '=', target.id)
    .execute();
  await close(trx, guest.id);
  // Two carts became one: the sign-in notice says 'combined' only then (decision 087 left: it said so of a cart moved).
  return { changes, combined: true };
}

/** A moved line's old and new price, when the move changed it (the dialog's priceChangeLines words them alike). */
function pricesOf(line: AreaLine): { price?: string; new_price?: string } {
  const { price, new_price } = line;
  return price !== undefined && new_price !== undefined && new_price !== price ? { price, new_price } : {};
}

/**
 * The customer's cart of now takes the delivery option the shopper is on (QA walk 3: an account's Same Day line joined a
 * guest's Pick-Up, and the cart could not be checked out). As choosing that option on /ship/options moves a cart
 * (cart-area.ts), with the answer 'keep them for the option I come from': a line whose size the option sells (the
 * chosen restaurant's offer, or Delivery's) moves to that offer; one it cannot sell, or whose offer has none left, is
 * kept aside for this zip (back when the shopper chooses that option again); lines kept earlier for this option come
 * back. Nothing is asked (the shopper is signing in) but everything is said: the moved lines, the kept ones, and a
 * move capped by stock among the changes. A restaurant that no longer serves the option there leaves the cart as it is
 * (the store drops such a choice on its next read, decision 082).
 */
async function takeShoppersMode(
  trx: Transaction<Database>,
  customerId: number,
  mode: ShopperMode,
  changes: CartMergeChange[],
): Promise<Pick<CartSummary, 'moved' | 'keptAside'>> {
  // Locked (a merged or adopted cart already is): the move reads and rewrites its lines.
  const cart = await lockCurrentCart(trx, customerId);
  if (!cart) return {};
  const option = { locId: cart.loc_id, speed: mode.courierType, restaurantLocId: mode.restaurantLocId };
  if (restaurantRefusal(mode.served, option)) return {};
  // Redemptions a Pick-Up cannot take stay in the cart (never kept aside): they are not said to be kept aside.
  const redemptions = await trx
    .selectFrom('cart_items')
    .select('id')
    .where('cart_id', '=', cart.id)
    .where('wallet_entry_id', 'is not', null)
    .execute()
    .then((rows) => new Set(rows.map((row) => row.id)));
  const data = await moveCartIn(
    trx,
    cart,
    { zipcode: cart.zipcode, loc_id: cart.loc_id },
    { courierType: mode.courierType, restaurantLocId: mode.restaurantLocId, apply: true, keepOld: true },
  );
  for (const line of data.keep) {
    if (line.new_qty !== undefined && line.new_qty < line.qty)
      changes.push({ name: line.name, size: line.size, wanted: line.qty, qty: line.new_qty });
  }
  // A moved line's price before and after (walk 6 #5): the notice names a change as the switch dialog does.
  const moved = data.keep.flatMap((line) =>
    line.new_seller === undefined
      ? []
      : [{ name: line.name, size: line.size, qty: line.new_qty ?? line.qty, seller: line.new_seller, ...pricesOf(line) }],
  );
  const keptAside = data.drop.filter((line) => !redemptions.has(line.cart_rid)).map((line) => ({ name: line.name, size: line.size, qty: line.qty }));
  return { ...(moved.length > 0 ? { moved } : {}), ...(keptAside.length > 0 ? { keptAside } : {}) };
}

/**
 * How lines join a cart that may hold them already (quantities add up, at most 24 and the offer's stock). At sign-in
 * a line is kept at 1 at least with its date and slot (checkout checks stock again); a failed order's lines come back
 * only as far as stock allows, and without the order's date and slot, which have most likely passed by then
 * (cart/failed-order-lines.ts).
 */
export interface JoinRule {
  keepOne: boolean;
  withDates: boolean;
}
const signInJoin: JoinRule = { keepOne: true, withDates: true };

export type CartLine = Awaited<ReturnType<typeof linesOf>>[number];

/** The lines joined into the target cart; returns those not kept as they were (capped, or not added at all: qty 0). */
export async function joinLines(
  trx: Transaction<Database>,
  targetId: string,
  targetLines: readonly CartLine[],
  lines: readonly CartLine[],
  rule: JoinRule,
): Promise<CartMergeChange[]> {
  const key = (line: CartLine) => `${line.offer_id}:${line.wallet_entry_id ?? ''}`;
  const existing = new Map(targetLines.map((line) => [key(line), line.qty]));
  const changes: CartMergeChange[] = [];
  for (const line of lines) {
    const held = existing.get(key(line)) ?? 0;
    const total = held + line.qty;
    // Wallet lines (issue 12) take no stock: the redemption's units went back to their entry.
    const available = line.wallet_entry_id === null ? line.stock : maxQuantity;
    const capped = Math.min(total, maxQuantity, available);
    // Never lower than the cart already holds; at sign-in never below 1.
    const qty = Math.max(capped, held, rule.keepOne ? 1 : 0);
    if (qty < total) changes.push({ name: line.name, size: formatSize(line.bottle_size, line.size_unit), wanted: total, qty });
    if (qty === held) continue;
    existing.set(key(line), qty);
    await trx
      .insertInto('cart_items')
      .values({
        cart_id: targetId,
        variant_id: line.variant_id,
        offer_id: line.offer_id,
        qty,
        // A wallet line's visit (its table's date and time) is the redemption's own: it always goes with it.
        delivery_date: rule.withDates || line.wallet_entry_id !== null ? line.delivery_date : null,
        timeslot: rule.withDates || line.wallet_entry_id !== null ? line.timeslot : null,
        wallet_entry_id: line.wallet_entry_id,
        wallet_loc_id: line.wallet_loc_id,
      })
      .onConflict((oc) => oc.constraint('cart_items_line_unique').doUpdateSet({ qty }))
      .execute();
  }
  return changes;
}

export function linesOf(trx: Transaction<Database>, cartId: string) {
  return trx
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'products.name',
      'product_variants.bottle_size',
      'products.size_unit',
      'cart_items.variant_id',
      'cart_items.offer_id',
      'cart_items.qty',
      'cart_items.delivery_date',
      'cart_items.timeslot',
      'cart_items.wallet_entry_id',
      'cart_items.wallet_loc_id',
      'variant_offers.stock',
    ])
    .where('cart_items.cart_id', '=', cartId)
    .orderBy('cart_items.id')
    .execute();
}

/**
 * The guest cart's delivery dates and seat holds go with its lines (they are per vendor location, so they follow the
 * lines into the same groups). Where both carts chose for the same location, the guest's choice wins: it is the one
 * the shopper made just now, in the cart they are looking at (as the guest cart's zipcode wins), while the account's is
 * older and its 15-minute hold most likely lapsed; the account's hold there is released, so no seat is held twice.
 * The hold row moves (same seat, same expiry), so nobody else can take the seat in between.
 */
async function carryDeliveryChoices(trx: Transaction<Database>, fromId: string, toId: string): Promise<void> {
  const [dates, holds] = await Promise.all([
    trx.selectFrom('cart_deliveries').select('loc_id').where('cart_id', '=', fromId).execute(),
    trx.selectFrom('slot_holds').select('loc_id').where('cart_id', '=', fromId).execute(),
  ]);
  const locIds = [...new Set([...dates, ...holds].map((row) => row.loc_id))];
  if (locIds.length === 0) return;
  await trx.deleteFrom('cart_deliveries').where('cart_id', '=', toId).where('loc_id', 'in', locIds).execute();
  await trx.deleteFrom('slot_holds').where('cart_id', '=', toId).where('loc_id', 'in', locIds).execute();
  await trx.updateTable('cart_deliveries').set({ cart_id: toId }).where('cart_id', '=', fromId).execute();
  await trx.updateTable('slot_holds').set({ cart_id: toId }).where('cart_id', '=', fromId).execute();
}

/** A closed cart keeps no line, date or seat hold (a hold left on it would be an orphan). */
async function close(trx: Transaction<Database>, cartId: string): Promise<void> {
  await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await trx.deleteFrom('slot_holds').where('cart_id', '=', cartId).execute();
  await trx.deleteFrom('cart_deliveries').where('cart_id', '=', cartId).execute();
  await trx.updateTable('carts').set({ status: 'cleared', updated_at: new Date() }).where('id', '=', cartId).execute();
}

/** The customer's most recently used open cart and how many items it holds (the header's cart count). */
export async function currentCart(db: Kysely<Database>, customerId: number): Promise<CartSummary> {
  const cart = await db
    .selectFrom('carts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!cart) return { cartId: '', totalQty: 0 };
  const totalQty = await cartBadgeQty(db, cart.id);
  return { cartId: cart.id, totalQty };
}
