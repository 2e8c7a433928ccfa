import { sql, type Kysely } from 'kysely';
import type { KeptLine } from '../../../src/api/contract/cart-page.contract.ts';
import { keptLinesLastDays, keptOptionLabel } from '../../../src/rules/area-change.ts';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import { catalogueSpeeds } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { newSecret } from '../platform/tokens.ts';
import type { CartMergeChange, CartSummary } from './cart-summary.ts';
import type { Log } from '../platform/log.ts';
import { startPeriodicPass, type PeriodicPass, type SweepTurn } from '../platform/periodic-pass.ts';
import { sellerName } from '../catalogue/partner-restaurants.ts';
import { cartBadgeQty } from './cart-badge.ts';

/**
 * Lines kept for an old zip (cart_kept_lines, decision 041) are shown in the cart and last keptLinesLastDays from
 * when they were (last) kept (decision 047). "Still kept" is read in the database's own time, the same clock that
 * stamped created_at, so a line past its time is never shown or restored even before the sweep removes it.
 */
export const stillKept = sql<boolean>`cart_kept_lines.created_at > now() - make_interval(days => ${keptLinesLastDays})`;

/** The cart's kept lines, oldest first, each with the zip it waits for and when it goes. */
export async function loadKeptLines(db: Kysely<Database>, cartId: string): Promise<KeptLine[]> {
  const rows = await db
    .selectFrom('cart_kept_lines')
    .innerJoin('product_variants', 'product_variants.id', 'cart_kept_lines.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_kept_lines.offer_id')
    .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
    .select([
      'cart_kept_lines.id',
      'cart_kept_lines.zipcode',
      'variant_offers.stock',
      'variant_offers.speed',
      sellerName().as('seller'),
      'products.name',
      'product_variants.bottle_size',
      'products.size_unit',
      'cart_kept_lines.qty',
      sql<Date>`cart_kept_lines.created_at + make_interval(days => ${keptLinesLastDays})`.as('expires_at'),
    ])
    .where('cart_kept_lines.cart_id', '=', cartId)
    .where(stillKept)
    .orderBy('cart_kept_lines.id')
    .execute();
  return rows.map((row) => ({
    kept_id: row.id,
    zipcode: row.zipcode,
    name: row.name,
    size: formatSize(row.bottle_size, row.size_unit),
    qty: row.qty,
    expires_at: new Date(row.expires_at).toISOString(),
    in_stock: row.stock > 0,
    option: keptOptionLabel(row.speed, row.seller),
  }));
}

/** Removes one kept line of the cart; false when the cart holds no such line. */
export async function removeKeptLine(db: Kysely<Database>, cartId: string, keptId: number): Promise<boolean> {
  const result = await db.deleteFrom('cart_kept_lines').where('cart_id', '=', cartId).where('id', '=', keptId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes every kept line past its time (migration 032's index finds them); returns how many went. */
export async function removeExpiredKeptLines(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('cart_kept_lines')
    .where(sql<boolean>`not ${stillKept}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface KeptLinesSweepSettings {
  db: Kysely<Database>;
  everyMs: number;
  /** Whether this instance's turn it is (decision 042); absent: always. */
  myTurn?: SweepTurn | undefined;
  log: Log;
}

/** Runs removeExpiredKeptLines every `everyMs` on one instance at a time, like the other sweeps. */
export function startKeptLinesSweep(settings: KeptLinesSweepSettings): PeriodicPass {
  const { db, log } = settings;
  const sweep = async () => {
    const removed = await removeExpiredKeptLines(db);
    if (removed > 0) log.info({ removed, afterDays: keptLinesLastDays }, 'expired kept cart lines removed');
  };
  return startPeriodicPass('cart-kept-lines', settings.everyMs, log, 'kept cart line sweep failed', sweep, settings.myTurn);
}

/**
 * After an order (issue 23, nothing lost silently): the lines its cart kept aside, for another zip or another
 * delivery option, move to the shopper's next cart — their most recent open cart, else a new one in the order's zip
 * and area. After an order the store is on Delivery again (the client forgets a Dine-In or Pick-Up choice with the
 * ordered cart), so a line kept at the order's zip that Delivery sells there is back in that cart at once, as
 * choosing Delivery again would have brought it back (cart-area.ts); every other line stays kept for its zip, and
 * comes back when the shopper chooses that zip or option again. A line the next cart already holds or keeps adds up
 * (at most 24 and the offer's stock: what was capped is in the summary's changes, the answer's cart_changes); a kept line keeps its week (decision 047). One transaction; the ordered cart's kept
 * lines are claimed by deleting them, so a repeated call carries nothing twice. Undefined when it kept nothing.
 */
export async function carryKeptLines(db: Kysely<Database>, customerId: number, orderedCartId: string): Promise<CartSummary | undefined> {
  return db.transaction().execute(async (trx): Promise<CartSummary | undefined> => {
    const kept = await trx
      .deleteFrom('cart_kept_lines')
      .using(['carts', 'variant_offers', 'product_variants', 'products'])
      .whereRef('carts.id', '=', 'cart_kept_lines.cart_id')
      .whereRef('variant_offers.id', '=', 'cart_kept_lines.offer_id')
      .whereRef('product_variants.id', '=', 'cart_kept_lines.variant_id')
      .whereRef('products.id', '=', 'product_variants.product_id')
      .where('cart_kept_lines.cart_id', '=', orderedCartId)
      .returning([
        'cart_kept_lines.zipcode',
        'cart_kept_lines.variant_id',
        'cart_kept_lines.offer_id',
        'cart_kept_lines.qty',
        'cart_kept_lines.created_at',
        stillKept.as('still_kept'),
        'variant_offers.area_loc_id',
        'variant_offers.speed',
        'variant_offers.stock',
        'products.name',
        'product_variants.bottle_size',
        'products.size_unit',
        'carts.zipcode as cart_zipcode',
        'carts.loc_id as cart_loc_id',
      ])
      .execute();
    const carried = kept.filter((line) => line.still_kept);
    const first = carried[0];
    if (!first) return undefined;
    const area = { zipcode: first.cart_zipcode, locId: first.cart_loc_id };

    const current = await trx
      .selectFrom('carts')
      .select(['id', 'zipcode'])
      .where('customer_id', '=', customerId)
      .where('status', '=', 'open')
      .where('id', '!=', orderedCartId)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const next = current ?? { id: newSecret(), zipcode: area.zipcode };
    if (!current) {
      await trx
        .insertInto('carts')
        .values({ id: next.id, customer_id: customerId, zipcode: area.zipcode, loc_id: area.locId, coupon_code: null })
        .execute();
    } else {
      await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', next.id).execute();
    }

    // Back at once: kept at the order's zip, for a cart there, and sold by Delivery in its area (offeredInArea's rule).
    const deliverySells = (line: (typeof carried)[number]) =>
      line.zipcode === area.zipcode &&
      next.zipcode === area.zipcode &&
      (line.area_loc_id === null || line.area_loc_id === area.locId) &&
      catalogueSpeeds(undefined).includes(line.speed);
    // Back with no more than the offer has in stock (and 24) beside what the next cart holds of it, as a failed
    // order's lines come back (joinLines): a capped line is named in changes; one with none left stays kept aside
    // (it comes back when the option is chosen again, or goes after its week) rather than come back empty.
    const sold = carried.filter(deliverySells);
    const held = await heldInCart(
      trx,
      next.id,
      sold.map((line) => line.offer_id),
    );
    const changes: CartMergeChange[] = [];
    const back: { line: (typeof sold)[number]; qty: number }[] = [];
    const noneLeft: typeof sold = [];
    for (const line of sold) {
      const before = held.get(line.offer_id) ?? 0;
      const qty = Math.max(0, Math.min(line.qty, Math.min(maxQuantity, line.stock) - before));
      held.set(line.offer_id, before + qty);
      if (qty === 0) noneLeft.push(line);
      else back.push({ line, qty });
      if (qty > 0 && qty < line.qty) {
        changes.push({ name: line.name, size: formatSize(line.bottle_size, line.size_unit), wanted: before + line.qty, qty: before + qty });
      }
    }
    const stillAside = [...carried.filter((line) => !deliverySells(line)), ...noneLeft];
    if (back.length > 0) {
      await addLinesCapped(
        trx,
        next.id,
        back.map(({ line, qty }) => ({ variant_id: line.variant_id, offer_id: line.offer_id, qty })),
      );
    }
    await keepLinesIn(trx, next.id, stillAside);
    const totalQty = await cartBadgeQty(trx, next.id);
    return { cartId: next.id, totalQty, ...(changes.length > 0 ? { changes } : {}) };
  });
}

/** What a cart holds of each offer (its paid lines; a wallet redemption takes no stock). */
async function heldInCart(trx: Kysely<Database>, cartId: string, offerIds: readonly number[]): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('cart_items')
    .select(['offer_id', 'qty'])
    .where('cart_id', '=', cartId)
    .where('wallet_entry_id', 'is', null)
    .where('offer_id', 'in', [...offerIds])
    .execute();
  return new Map(rows.map((row) => [row.offer_id, row.qty]));
}

/** A line kept aside for a zip: its week counts from created_at (decision 047). */
export interface LineKeptAside {
  zipcode: string;
  variant_id: number;
  offer_id: number;
  qty: number;
  created_at: Date;
}

/**
 * Lines kept aside in the cart for their zip; one the cart already keeps adds up (at most 24, as in the cart) and
 * keeps the later week.
 */
export async function keepLinesIn(trx: Kysely<Database>, cartId: string, lines: readonly LineKeptAside[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('cart_kept_lines')
    .values(
      lines.map((line) => ({
        cart_id: cartId,
        zipcode: line.zipcode,
        variant_id: line.variant_id,
        offer_id: line.offer_id,
        qty: line.qty,
        created_at: line.created_at,
      })),
    )
    .onConflict((oc) =>
      oc.constraint('cart_kept_lines_unique').doUpdateSet((eb) => ({
        zipcode: eb.ref('excluded.zipcode'),
        qty: eb.fn('least', [eb.lit(maxQuantity), eb('cart_kept_lines.qty', '+', eb.ref('excluded.qty'))]),
        created_at: sql<Date>`greatest(cart_kept_lines.created_at, excluded.created_at)`,
      })),
    )
    .execute();
}

/**
 * Lines back into a cart (kept lines coming back, moved lines): added to a line of the same offer when the cart has
 * one, never past the 24 a line may hold. One insert for all of them.
 */
export async function addLinesCapped(
  trx: Kysely<Database>,
  cartId: string,
  lines: readonly { variant_id: number; offer_id: number; qty: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('cart_items')
    .values(
      lines.map((line) => ({
        cart_id: cartId,
        variant_id: line.variant_id,
        offer_id: line.offer_id,
        qty: line.qty,
        delivery_date: null,
        timeslot: null,
      })),
    )
    .onConflict((oc) =>
      oc.constraint('cart_items_line_unique').doUpdateSet((eb) => ({
        qty: eb.fn('least', [eb.lit(maxQuantity), eb('cart_items.qty', '+', eb.ref('excluded.qty'))]),
      })),
    )
    .execute();
}
