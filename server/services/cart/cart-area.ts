import { sql, type Kysely } from 'kysely';
import type { AreaLine, MoveAreaData } from '../../../src/api/contract/cart-area.contract.ts';
import type { FieldError } from '../../../src/api/contract/envelope.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import { keptOptionLabel } from '../../../src/rules/area-change.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import { catalogueRestaurant, catalogueSpeeds, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { ServedAreas } from '../catalogue/catalogue-cache.ts';
import { restaurantRefusal } from '../catalogue/chosen-restaurant.ts';
import type { Caller } from '../platform/caller.ts';
import { findOwnCart, lockOwnCart } from './carts.ts';
import { addLinesCapped, stillKept } from './kept-lines.ts';
import { moveToOffers, offerMovesFor, type MoveTarget } from './offer-moves.ts';
import { sellerName } from '../catalogue/partner-restaurants.ts';
import { cartBadgeQty } from './cart-badge.ts';

export interface MoveAreaRequest {
  cartId: string;
  zipcode: string;
  /** The delivery option's courier type: dine-in and pick-up narrow what can be sold; undefined is delivery. */
  courierType?: SpeedValue | undefined;
  /**
   * Dine-In or Pick-Up: the restaurant chosen on /ship/options. Its offer of a line's size replaces the line's own
   * (another seller's, or another speed's) when the line's is not sold there; a line it does not sell is listed.
   * Ignored for Delivery, where a restaurant's line moves to the size's delivery offer in the area instead.
   */
  restaurantLocId?: number | undefined;
  /** The served areas and their restaurants (servedAreas): the chosen restaurant must sell the option in the zip's area. */
  served: ServedAreas;
  /** Move the cart there (taking off what the area cannot sell), not only answer. */
  apply: boolean;
  /** With apply: the lines the area cannot sell are kept for the cart's old zip instead of removed. */
  keepOld?: boolean | undefined;
}

export type MoveAreaOutcome =
  | { kind: 'answered'; data: MoveAreaData }
  | { kind: 'not-served' }
  /** The chosen restaurant does not sell the option in the zip's area: the field it is refused for, and why. */
  | { kind: 'restaurant-refused'; refusal: FieldError }
  | { kind: 'cart-not-found' };

interface LineRow {
  id: number;
  name: string;
  bottle_size: Parameters<typeof formatSize>[0];
  size_unit: Parameters<typeof formatSize>[1];
  qty: number;
  area_loc_id: number | null;
  speed: SpeedValue;
  /** The seller's location. */
  loc_id: number;
  offer_id: number;
  /** A wallet redemption (decision 017): redeemable where its entry says, never moved to another offer. */
  wallet: boolean;
  /** What the line costs now (a wallet redemption: nothing, as the cart shows it). */
  price_cents: number;
}

/**
 * Which lines of the caller's cart another pincode (and delivery option) can sell: the catalogue's own rule
 * (offeredInArea), line by line — the line's own seller's offer is sold in that area at a speed the option shows,
 * and for Dine-In or Pick-Up with a restaurant chosen, it is that restaurant's (what its product page offers). A line
 * whose own offer is not, but whose size the chosen restaurant sells at the option's speed, stays and moves to the
 * restaurant's offer at its price (as the cards and product page show it). Going to Delivery, a restaurant's line, or
 * another area's delivery line (a new zip), whose size is sold for delivery in the area moves to that offer at its
 * price, as the product page there would sell it (offer-moves.ts); what the area cannot deliver is listed. A moved
 * line goes with no more than its new offer has in stock (and 24): a capped one names its new_qty, and one whose new
 * offer has none left is listed as leaving with new_qty 0 (decision 082 left stock unchecked on a move). Otherwise
 * (a visit without a restaurant, a wallet line) nothing is re-priced or swapped to another seller: a line stays
 * exactly as chosen, or is listed for the shopper. A moved line's keep entry names its new price.
 * Lines kept earlier for this zip (cart_kept_lines, migration 028) that the area and option sell are listed in restore.
 * With apply, one transaction with the cart locked takes the listed lines off (or, with keepOld, keeps them for the
 * cart's old zip), puts the restored ones back and moves the cart to the area.
 */
export async function moveCartToArea(db: Kysely<Database>, caller: Caller | undefined, request: MoveAreaRequest): Promise<MoveAreaOutcome> {
  return db.transaction().execute(async (trx): Promise<MoveAreaOutcome> => {
    const area = await trx.selectFrom('service_areas').select(['zipcode', 'loc_id']).where('zipcode', '=', request.zipcode).executeTakeFirst();
    if (!area) return { kind: 'not-served' };
    const refusal = restaurantRefusal(request.served, { locId: area.loc_id, speed: request.courierType, restaurantLocId: request.restaurantLocId });
    if (refusal) return { kind: 'restaurant-refused', refusal };
    const cart = request.apply ? await lockOwnCart(trx, request.cartId, caller) : await findOwnCart(trx, request.cartId, caller);
    if (!cart) return { kind: 'cart-not-found' };
    return { kind: 'answered', data: await moveCartIn(trx, cart, area, request) };
  });
}

/** The cart a move works on (locked when applied), and the area it goes to. */
interface MovingCart {
  id: string;
  /** Its zip before the move: the lines kept with keepOld wait for it. */
  zipcode: string;
}

/**
 * moveCartToArea's work inside its transaction, the cart found (and locked when applied) and the area and restaurant
 * checked: the sign-in's cart merge (cart-merge.ts) moves the merged cart to the shopper's delivery option with it,
 * as choosing that option on /ship/options would (QA walk 3: a merge mixed Delivery and Pick-Up lines).
 */
export async function moveCartIn(
  trx: Kysely<Database>,
  cart: MovingCart,
  area: { zipcode: string; loc_id: number },
  request: Pick<MoveAreaRequest, 'courierType' | 'restaurantLocId' | 'apply' | 'keepOld'>,
): Promise<MoveAreaData> {
  const speeds = catalogueSpeeds(request.courierType);
  const restaurant = catalogueRestaurant(request.courierType, request.restaurantLocId);
  const sold = sellsLine({ areaLocId: area.loc_id, speeds, restaurant });
  const lineOf = (row: LineRow): AreaLine => ({
    cart_rid: row.id,
    name: row.name,
    size: formatSize(row.bottle_size, row.size_unit),
    qty: row.qty,
    price: centsToDollars(row.price_cents),
  });

  const rows = await trx
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
    .select([
      'cart_items.id',
      'products.name',
      'product_variants.bottle_size',
      'products.size_unit',
      'cart_items.qty',
      'variant_offers.area_loc_id',
      'variant_offers.speed',
      'variant_offers.loc_id',
      'cart_items.offer_id',
      sellerName().as('seller'),
      sql<boolean>`cart_items.wallet_entry_id is not null`.as('wallet'),
      sql<number>`case when cart_items.wallet_entry_id is null then variant_offers.price_cents else 0 end`.as('price_cents'),
    ])
    .where('cart_items.cart_id', '=', cart.id)
    .orderBy('cart_items.id')
    .execute();
  // Another offer of an unsold line's size the target sells (a chosen restaurant's, or the new area's for Delivery).
  const moves = await offerMovesFor(
    trx,
    cart.id,
    rows.filter((row) => !sold(row)),
    { areaLocId: area.loc_id, speeds, restaurant },
  );
  const moved = new Map(moves.map((move) => [move.lineId, move]));
  const sellers = await sellersOf(
    trx,
    moves.map((move) => move.offerId),
  );
  const keep: AreaLine[] = [];
  const drop: AreaLine[] = [];
  for (const row of rows) {
    const move = moved.get(row.id);
    // A move to an offer with less in stock than the line (or past 24) is named with what moves; none left: it leaves.
    const capped = move && move.qty < row.qty ? { new_qty: move.qty } : {};
    // Another seller (QA walk: lines went to Halsted Meat Market unsaid): named, and its date and time chosen again.
    const seller = move ? sellers.get(move.offerId) : undefined;
    const newSeller = seller && seller.locId !== row.loc_id ? { new_seller: seller.name } : {};
    if (move && move.qty > 0) keep.push({ ...lineOf(row), new_price: centsToDollars(move.priceCents), ...capped, ...newSeller });
    else if (move) drop.push({ ...lineOf(row), ...capped });
    else (sold(row) ? keep : drop).push(lineOf(row));
  }

  // Kept for this zip earlier (cart_rid is the kept line's id): back when this area and option sell them.
  const keptRows = await keptRowsFor(trx, cart.id, area.zipcode);
  // A kept line comes back with no more than its offer has in stock (and 24) beside what the cart holds of it once
  // the moves are made, as a moved line does: a capped one names its new_qty; with none left (new_qty 0) it stays
  // kept for this zip (its week goes on) rather than come back empty.
  const held = new Map<number, number>();
  const hold = (offerId: number, qty: number) => held.set(offerId, (held.get(offerId) ?? 0) + qty);
  for (const row of rows) if (!row.wallet && sold(row)) hold(row.offer_id, row.qty);
  for (const move of moves) hold(move.offerId, move.qty);
  const backQty = new Map<number, number>();
  const restore = keptRows
    .map((row) => ({ ...row, wallet: false }))
    .filter(sold)
    .map((row) => {
      const qty = Math.max(0, Math.min(row.qty, Math.min(maxQuantity, row.stock) - (held.get(row.offer_id) ?? 0)));
      hold(row.offer_id, qty);
      backQty.set(row.id, qty);
      return { ...lineOf(row), ...(qty < row.qty ? { new_qty: qty } : {}) };
    });

  const keptFor = keptOptionsOf(rows.filter((row) => drop.some((line) => line.cart_rid === row.id)));
  const data: MoveAreaData = { zipcode: area.zipcode, loc_id: area.loc_id, keep, drop, restore, ...(keptFor ? { kept_for: keptFor } : {}) };
  if (!request.apply) return data;

  if (drop.length > 0) {
    // A redemption cannot be kept aside (it would come back a paid line): with keepOld it stays in the cart.
    const redemptions = new Set(rows.filter((row) => row.wallet).map((row) => row.id));
    const dropIds = drop.map((line) => line.cart_rid).filter((id) => !(request.keepOld && redemptions.has(id)));
    if (request.keepOld && dropIds.length > 0) {
      // The old zip's lines wait for it; a line kept there before for the same offer adds up (at most 24, as in the cart).
      await trx
        .insertInto('cart_kept_lines')
        .columns(['cart_id', 'zipcode', 'variant_id', 'offer_id', 'qty'])
        .expression((eb) =>
          eb
            .selectFrom('cart_items')
            .select([eb.val(cart.id).as('cart_id'), eb.val(cart.zipcode).as('zipcode'), 'variant_id', 'offer_id', 'qty'])
            .where('cart_id', '=', cart.id)
            .where('id', 'in', dropIds),
        )
        .onConflict((oc) =>
          oc.constraint('cart_kept_lines_unique').doUpdateSet((eb) => ({
            zipcode: eb.ref('excluded.zipcode'),
            qty: eb.fn('least', [eb.lit(24), eb('cart_kept_lines.qty', '+', eb.ref('excluded.qty'))]),
            // Kept again: its week starts again (decision 047).
            created_at: sql<Date>`now()`,
          })),
        )
        .execute();
    }
    if (dropIds.length > 0) await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).where('id', 'in', dropIds).execute();
  }
  await moveToOffers(trx, cart.id, moves);
  await putKeptBack(trx, cart.id, keptRows, backQty, false);
  await releaseEmptiedGroups(trx, cart.id);
  await trx.updateTable('carts').set({ zipcode: area.zipcode, loc_id: area.loc_id, updated_at: new Date() }).where('id', '=', cart.id).execute();
  const totalQty = await cartBadgeQty(trx, cart.id);
  return { ...data, total_products_in_cart: totalQty };
}

/**
 * The delivery options the leaving lines were bought for, in the kept section's words (keptOptionLabel): the cart's
 * own, read from its offers, so the question never names the option this tab remembered instead (walk 9).
 */
function keptOptionsOf(rows: readonly { speed: SpeedValue; seller: string }[]): string | undefined {
  const options = [...new Set(rows.map((row) => keptOptionLabel(row.speed, row.seller)))];
  return options.length === 0 ? undefined : options.join(' and ');
}

/** The seller (its shown name) and shop of each offer a line moves to. */
async function sellersOf(trx: Kysely<Database>, offerIds: readonly number[]): Promise<Map<number, { locId: number; name: string }>> {
  if (offerIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('variant_offers')
    .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
    .select(['variant_offers.id', 'variant_offers.loc_id', sellerName().as('name')])
    .where('variant_offers.id', 'in', offerIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { locId: row.loc_id, name: row.name }]));
}

/**
 * A seller whose lines all left or moved to another seller keeps no date and no seat hold in the cart: the hold would
 * keep a seat from other shoppers for nothing (the question said the date and time are chosen again).
 */
async function releaseEmptiedGroups(trx: Kysely<Database>, cartId: string): Promise<void> {
  const stillSelling = trx
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .select('variant_offers.loc_id')
    .where('cart_items.cart_id', '=', cartId);
  await trx.deleteFrom('slot_holds').where('cart_id', '=', cartId).where('loc_id', 'not in', stillSelling).execute();
  await trx.deleteFrom('cart_deliveries').where('cart_id', '=', cartId).where('loc_id', 'not in', stillSelling).execute();
}

/**
 * Whether an option sells a line as it is (offeredInArea's rule): its area, a speed the option shows, its restaurant.
 * A wallet redemption stays: it is eaten at its own restaurant's table with Dine-In or beside delivered lines, and a
 * kept line cannot hold a redemption (it would come back a paid line). Sign-in moves the customer's cart with this
 * switch (decision 086 left): a redemption signed into on Delivery was kept aside. Only a Pick-Up cannot take it (no
 * speed orders a table with a counter's lines: cartSpeedIds): it is listed as leaving (walk 8 #3), and leaves only
 * when the shopper lets it go; 'keep them' leaves it in the cart, whose CHECKOUT then says what to do.
 */
function sellsLine(target: MoveTarget) {
  const pickUp = target.speeds.length > 0 && target.speeds.every((speed) => speed === 'pickup');
  return (row: { area_loc_id: number | null; speed: SpeedValue; loc_id: number; wallet: boolean }) =>
    (row.wallet && !pickUp) ||
    (!row.wallet &&
      (row.area_loc_id === null || row.area_loc_id === target.areaLocId) &&
      target.speeds.includes(row.speed) &&
      (target.restaurant === undefined || row.loc_id === target.restaurant));
}

/** The cart's lines kept for a zip (cart_rid is the kept line's id), oldest first; an expired one never comes back. */
function keptRowsFor(trx: Kysely<Database>, cartId: string, zipcode: string) {
  return (
    trx
      .selectFrom('cart_kept_lines')
      .innerJoin('variant_offers', 'variant_offers.id', 'cart_kept_lines.offer_id')
      .innerJoin('product_variants', 'product_variants.id', 'cart_kept_lines.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'cart_kept_lines.id',
        'cart_kept_lines.variant_id',
        'products.name',
        'product_variants.bottle_size',
        'products.size_unit',
        'cart_kept_lines.qty',
        'variant_offers.area_loc_id',
        'variant_offers.speed',
        'variant_offers.loc_id',
        'cart_kept_lines.offer_id',
        'variant_offers.price_cents',
        'variant_offers.stock',
      ])
      .where('cart_kept_lines.cart_id', '=', cartId)
      .where('cart_kept_lines.zipcode', '=', zipcode)
      // An expired line (decision 047) never comes back, even before the sweep removes it.
      .where(stillKept)
      .orderBy('cart_kept_lines.id')
      .execute()
  );
}

/**
 * Kept lines back into the cart, each with the quantity its stock allows (reckoned by the caller with what the cart
 * holds, so the sum stays within it); none: it stays kept. With keepRest, what the stock did not allow stays kept
 * (nobody was asked, so nothing is let go); without, the question named it and the kept line goes.
 */
async function putKeptBack(
  trx: Kysely<Database>,
  cartId: string,
  rows: readonly { id: number; variant_id: number; offer_id: number; qty: number }[],
  backQty: ReadonlyMap<number, number>,
  keepRest: boolean,
): Promise<void> {
  const coming = rows.filter((row) => (backQty.get(row.id) ?? 0) > 0);
  if (coming.length === 0) return;
  await addLinesCapped(
    trx,
    cartId,
    coming.map((row) => ({ variant_id: row.variant_id, offer_id: row.offer_id, qty: backQty.get(row.id) ?? 0 })),
  );
  for (const row of coming) {
    const rest = row.qty - (backQty.get(row.id) ?? 0);
    if (keepRest && rest > 0) await trx.updateTable('cart_kept_lines').set({ qty: rest }).where('id', '=', row.id).execute();
    else await trx.deleteFrom('cart_kept_lines').where('id', '=', row.id).execute();
  }
}

/**
 * The cart page on the option the shopper is on (QA walk 3: a line kept aside at an order, out of stock, never came
 * back, under 'These come back … when you choose that delivery option again' while the shopper was on it): the lines
 * kept for the cart's own zip that this option sells come back as far as their stock allows beside what the cart
 * holds, as choosing the option again would bring them back; the rest stays kept (the page names it as not in stock).
 * Nothing else in the cart changes. A restaurant that no longer serves the option there brings nothing back.
 */
export async function restoreKeptForOption(
  db: Kysely<Database>,
  caller: Caller | undefined,
  cartId: string,
  option: { courierType: SpeedValue; restaurantLocId?: number | undefined; served: ServedAreas },
): Promise<void> {
  // Most carts keep nothing for their own zip: one read without a lock or a transaction says so.
  const anyKept = await db
    .selectFrom('cart_kept_lines')
    .innerJoin('carts', 'carts.id', 'cart_kept_lines.cart_id')
    .select('cart_kept_lines.id')
    .where('cart_kept_lines.cart_id', '=', cartId)
    .whereRef('cart_kept_lines.zipcode', '=', 'carts.zipcode')
    .limit(1)
    .executeTakeFirst();
  if (!anyKept) return;
  await db.transaction().execute(async (trx) => {
    const cart = await lockOwnCart(trx, cartId, caller);
    if (!cart) return;
    const area = { zipcode: cart.zipcode, loc_id: cart.loc_id };
    if (restaurantRefusal(option.served, { locId: area.loc_id, speed: option.courierType, restaurantLocId: option.restaurantLocId })) return;
    const kept = await keptRowsFor(trx, cart.id, area.zipcode);
    const sold = sellsLine({
      areaLocId: area.loc_id,
      speeds: catalogueSpeeds(option.courierType),
      restaurant: catalogueRestaurant(option.courierType, option.restaurantLocId),
    });
    const selling = kept.filter((row) => sold({ ...row, wallet: false }));
    if (selling.length === 0) return;
    const lines = await trx
      .selectFrom('cart_items')
      .select(['offer_id', 'qty'])
      .where('cart_id', '=', cart.id)
      .where('wallet_entry_id', 'is', null)
      .execute();
    const held = new Map<number, number>();
    for (const line of lines) held.set(line.offer_id, (held.get(line.offer_id) ?? 0) + line.qty);
    const backQty = new Map<number, number>();
    for (const row of selling) {
      const before = held.get(row.offer_id) ?? 0;
      const qty = Math.max(0, Math.min(row.qty, Math.min(maxQuantity, row.stock) - before));
      held.set(row.offer_id, before + qty);
      backQty.set(row.id, qty);
    }
    await putKeptBack(trx, cart.id, selling, backQty, true);
  });
}
