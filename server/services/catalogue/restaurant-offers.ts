import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import type { VisitSpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';

/** One size a restaurant sells at a visit speed: its own price and stock. */
export interface RestaurantSize {
  variantId: number;
  bottleSize: number;
  cents: number;
  stock: number;
}

/** The restaurant chosen on /ship/options at a visit speed, in its delivery area (catalogueRestaurant). */
export interface Restaurant {
  locId: number;
  areaLocId: number;
  speed: VisitSpeedValue;
}

/**
 * A condition on `variant_offers` for statements that read offers in SQL (the product page, its Similar Items, the
 * home's choice of products): the offer is the chosen restaurant's; true without one.
 */
export function atRestaurant(restaurantLocId: number | undefined): RawBuilder<boolean> {
  return restaurantLocId === undefined ? sql<boolean>`true` : sql<boolean>`variant_offers.loc_id = ${restaurantLocId}`;
}

/**
 * What the restaurant chosen on /ship/options sells of these products at the visit speed in the area, by product (a
 * product it does not sell is absent): one statement over migration 032's index by location, at most a search's
 * results (300 products). Search's structures in memory hold the area's offers, every restaurant's at once (decisions
 * 064, 067); a Dine-In or Pick-Up shopper's results are narrowed and priced with this, as the product page is.
 */
export async function restaurantOffers(
  db: Kysely<Database>,
  productIds: readonly number[],
  restaurant: Restaurant,
): Promise<Map<number, RestaurantSize[]>> {
  const offers = new Map<number, RestaurantSize[]>();
  if (productIds.length === 0) return offers;
  const rows = await sql<{ product_id: number; variant_id: number; bottle_size: number; cents: number; stock: number }>`
    select v.product_id, v.id as variant_id, v.bottle_size, min(o.price_cents)::int as cents, max(o.stock)::int as stock
    from variant_offers o join product_variants v on v.id = o.variant_id
    where o.loc_id = ${restaurant.locId} and o.speed = ${restaurant.speed}
      and (o.area_loc_id = ${restaurant.areaLocId} or o.area_loc_id is null)
      and v.product_id = any(${[...productIds]}::int[])
    group by v.product_id, v.id, v.bottle_size`.execute(db);
  for (const row of rows.rows) {
    const sizes = offers.get(row.product_id) ?? [];
    sizes.push({ variantId: row.variant_id, bottleSize: row.bottle_size, cents: row.cents, stock: row.stock });
    offers.set(row.product_id, sizes);
  }
  return offers;
}

/** The restaurant's lowest price for the product: what a price sort orders its card by. */
export function lowestCents(sizes: readonly RestaurantSize[]): number {
  return Math.min(...sizes.map((s) => s.cents));
}

/**
 * The area's card with the restaurant's own sizes, prices, stock and speed, and its location (the product page opens
 * with its offer chosen): what the shopper is charged, as the product page shows it.
 */
export function restaurantCard(
  card: ProductSummary,
  sizes: readonly RestaurantSize[],
  restaurant: { locId: number; speed: VisitSpeedValue },
): ProductSummary {
  return {
    ...card,
    child: [...sizes]
      .sort((a, b) => a.bottleSize - b.bottleSize || a.variantId - b.variantId)
      .map((s) => ({ id: s.variantId, bottle_size: s.bottleSize, price: centsToDollars(s.cents) })),
    speed_types: [restaurant.speed],
    stock_status: sizes.some((s) => s.stock > 0) ? 'in stock' : 'out of stock',
    vendor_loc_id: restaurant.locId,
  };
}

/**
 * The area's cards (home carousels) as the restaurant sells them: its sizes at its prices, in the cards' order; a
 * product it does not sell is left out. One statement (restaurantOffers) for all the cards.
 */
export async function restaurantCards(db: Kysely<Database>, cards: readonly ProductSummary[], restaurant: Restaurant): Promise<ProductSummary[]> {
  const offers = await restaurantOffers(
    db,
    cards.map((card) => card.id),
    restaurant,
  );
  return cards.flatMap((card) => {
    const sizes = offers.get(card.id);
    return sizes ? [restaurantCard(card, sizes, restaurant)] : [];
  });
}
