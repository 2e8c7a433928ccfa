import { sql, type Kysely, type RawBuilder } from 'kysely';
import { array, assert, boolean, enums, integer, nullable, string, type, type Infer } from 'superstruct';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import { priceBuckets, type PriceBucket } from '../../../src/rules/listing.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { sizeUnits, type SizeUnit } from '../../../src/rules/sizes.ts';
import { deliverySpeedValues, isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { ListingOrder, ListingSelection } from './listing-index.ts';

/** One page of one category in one area, as the summaries of migrations 016 and 017 answer it. */
export interface ListingPageRequest {
  categoryId: number;
  locId: number;
  /** The shopper's courier_type: a delivery speed narrows the listing, a visit speed is its own channel. */
  speed: SpeedValue | undefined;
  order: ListingOrder;
  offset: number;
  limit: number;
  /** Sub-categories already narrowed to the listed category's descendants. */
  selection: ListingSelection;
  /**
   * With a visit speed: the restaurant chosen on /ship/options. The listing is narrowed to what it sells, its cards,
   * price sorts and price filters at its prices (catalogueRestaurant in src/rules/speeds.ts); never from memory.
   */
  restaurantLocId?: number | undefined;
}

/** What the filter panel offers: only values some listed product has (at the speed asked for). */
export interface ListingFacets {
  priceBuckets: PriceBucket[];
  /** Size (grams or ml) → the units the listed products use it in. */
  sizes: Map<number, Set<SizeUnit>>;
  /** Other categories the listed products are filed under. */
  categoryIds: Set<number>;
}

export interface ListingPage {
  ids: number[];
  /** The page's cards, in page order, from the same statement (current at commit: no card cache). */
  cards: ProductSummary[];
  /** Products matching the filters. */
  total: number;
  /** Products listed before any filter. */
  available: number;
  facets: ListingFacets;
}

/** speed_mask / speed_sizes bits (migrations 016, 017); 0 is "any speed of the channel". */
const deliveryBits = { local: 1, courier: 2, 'farm-direct': 4 } as const;

/** The speed_mask bit a listing is narrowed to (0: the whole channel); listing-memory.ts narrows the same way. */
export function speedBit(speed: SpeedValue | undefined): number {
  return speed === undefined || isVisitSpeed(speed) ? 0 : deliveryBits[speed];
}

// A descending sort is its ascending index read backwards: ties by product id descending, so Z to A is exactly
// A to Z reversed (migration 017 keeps three sort indexes, none descending; rank is popularity negated).
// Under a vendor filter or a chosen restaurant the price is the chosen sellers' (vp.price_cents), so price sorts follow
// what the cards show.
function orderBy(order: ListingOrder, price: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (order) {
    case 'default':
      return sql`s.rank, s.product_id`;
    case 'name_asc':
      return sql`s.sort_name, s.product_id`;
    case 'name_desc':
      return sql`s.sort_name desc, s.product_id desc`;
    case 'price_asc':
      return sql`${price}, s.product_id`;
    case 'price_desc':
      return sql`${price} desc, s.product_id desc`;
  }
}

/** A card as area_products holds it (migration 017); checked, since it arrives as JSON. */
const cardRow = type({
  id: integer(),
  name: string(),
  image: nullable(string()),
  age_restricted: boolean(),
  size_unit: enums(sizeUnits),
  sold_by_weight: boolean(),
  in_stock: boolean(),
  speed_mask: integer(),
  channel: string(),
  child_ids: array(integer()),
  child_sizes: array(integer()),
  child_cents: array(integer()),
  /**
   * Under a vendor filter or a chosen restaurant: the seller's location whose offer the card shows (the product page
   * preselects it).
   */
  vendor_loc_id: nullable(integer()),
});
type CardRow = Infer<typeof cardRow>;

/**
 * What a listing's filter panel and its unfiltered total are made of: the same for every sort, page and filter of one
 * area × channel × category × speed, so kept in memory after the first page that read it (listing-replies.ts).
 */
export interface PanelRow {
  available: number;
  price_buckets: boolean[];
  size_values: number[];
  size_units: string[];
  category_values: number[];
}

export interface PageRow extends PanelRow {
  ids: number[];
  cards: unknown;
  total: number;
}

/** What the statement reads when the panel is already known: the page and its total. */
type SlimPageRow = Pick<PageRow, 'ids' | 'cards' | 'total'>;

/** Whether any filter is chosen (listing.ts answers unfiltered first pages from memory: decision 071). */
export function isFiltered(selection: ListingSelection): boolean {
  return (
    selection.priceRanges.length > 0 ||
    selection.minCents !== undefined ||
    selection.maxCents !== undefined ||
    selection.sizes.length > 0 ||
    selection.categoryIds.length > 0 ||
    (selection.vendorIds?.length ?? 0) > 0
  );
}

/**
 * One page of a listing, in one statement. Given the listing's panel (kept from an earlier page of the same area,
 * channel, category and speed), the statement reads only the page, its cards and its total: no facet reads and no
 * price-bucket probes to plan and run.
 */
export async function listingPage(db: Kysely<Database>, request: ListingPageRequest, known?: PanelRow): Promise<ListingPage & { panel: PanelRow }> {
  const row: (SlimPageRow & Partial<PanelRow>) | undefined = (await listingPageStatement(request, known).execute(db)).rows[0];
  if (!row) throw new Error('The listing statement returned no row');
  const panel = known ?? panelOf(row);
  const cards = row.cards;
  assert(cards, array(cardRow));
  return { ids: row.ids, cards: cards.map(cardOf), total: row.total, available: panel.available, facets: facetsOf(panel), panel };
}

function panelOf(row: Partial<PanelRow>): PanelRow {
  const { available, price_buckets, size_values, size_units, category_values } = row;
  if (available === undefined || !price_buckets || !size_values || !size_units || !category_values) {
    throw new Error('The listing statement returned no filter panel');
  }
  return { available, price_buckets, size_values, size_units, category_values };
}

/** The listing's one statement (exported so that a test can EXPLAIN it); given the panel, without the panel's reads. */
export function listingPageStatement(request: ListingPageRequest, panel?: PanelRow): RawBuilder<SlimPageRow & Partial<PanelRow>> {
  const { selection } = request;
  const channel = isVisitSpeed(request.speed) ? request.speed : 'delivery';
  const bit = speedBit(request.speed);
  const key = sql`s.area_loc_id = ${request.locId} and s.channel = ${channel} and s.category_id = ${request.categoryId}`;
  const cardKey = sql`a.area_loc_id = ${request.locId} and a.channel = ${channel}`;
  const facetKey = sql`f.area_loc_id = ${request.locId} and f.channel = ${channel} and f.category_id = ${request.categoryId} and f.speed = ${bit}`;
  const atSpeed = bit === 0 ? sql`true` : sql`s.speed_mask & ${bit} <> 0`;
  const sellers = sellersOf(request);
  const byVendor = sellers !== undefined;
  // A vendor filter or a chosen restaurant joins the chosen sellers' products (with their own lowest price) to the
  // listing's entries.
  const source = byVendor ? sql`area_category_products s join vendor_products vp on vp.product_id = s.product_id` : sql`area_category_products s`;
  const price = byVendor ? sql`vp.price_cents` : sql`s.price_cents`;

  // A filter value no listed product has is ignored, not "matches nothing": when none of a group's values is known
  // (a facet with products), the group does not filter. A product's own values are always known ones, so otherwise
  // the overlap with every value asked for is the overlap with the known ones.
  const known = (kind: 'size' | 'category', values: number[]) =>
    sql`not exists (select 1 from area_listing_facets f where ${facetKey} and f.kind = ${kind} and f.value = any(${values}::int[]) and f.products > 0)`;
  const conditions: RawBuilder<unknown>[] = [key, atSpeed];
  if (selection.priceRanges.length > 0) {
    const ranges = selection.priceRanges.map((r) =>
      r.maxCents === undefined ? sql`${price} >= ${r.minCents}` : sql`(${price} >= ${r.minCents} and ${price} < ${r.maxCents})`,
    );
    conditions.push(sql`(${sql.join(ranges, sql` or `)})`);
  }
  if (selection.minCents !== undefined) conditions.push(sql`${price} >= ${selection.minCents}`);
  if (selection.maxCents !== undefined) conditions.push(sql`${price} <= ${selection.maxCents}`);
  if (selection.sizes.length > 0) {
    // speed_sizes is in the sort indexes (migration 019): at any delivery speed, a size is its three speed keys; the
    // visit channels' few rows keep their sizes in the heap only.
    const speedKeys = (bits: readonly number[]) => selection.sizes.flatMap((size) => bits.map((b) => size * 8 + b));
    // A chosen restaurant's own sizes (its cards and filter panel show those), not every restaurant's of the area.
    const overlap =
      request.restaurantLocId !== undefined
        ? sql`vp.sizes && ${selection.sizes}::int[]`
        : channel !== 'delivery'
          ? sql`s.sizes && ${selection.sizes}::int[]`
          : sql`s.speed_sizes && ${speedKeys(bit === 0 ? Object.values(deliveryBits) : [bit])}::int[]`;
    conditions.push(sql`(${known('size', selection.sizes)} or ${overlap})`);
  }
  if (selection.categoryIds.length > 0) {
    conditions.push(sql`(${known('category', selection.categoryIds)} or s.category_ids && ${selection.categoryIds}::int[])`);
  }
  const matching = sql.join(conditions, sql` and `);
  // With a chosen restaurant, the panel is what it sells of the category (restaurantPanel): the area's facets count
  // every restaurant of the area at once.
  const restaurant = panel === undefined && request.restaurantLocId !== undefined ? request.restaurantLocId : undefined;
  // Under a vendor filter the cards and the price filter are at the vendors' prices (vp.price_cents): so are the
  // panel's price ranges (kept per vendors: listing.ts's panel key). Sizes and categories stay the area's facets.
  const byVendorPrices = restaurant === undefined && sellers?.vendorIds !== undefined;
  const pricePresent = priceBuckets.map((bucket) => {
    if (restaurant !== undefined) {
      const below = bucket.maxCents === undefined ? sql`true` : sql`r.price_cents < ${bucket.maxCents}`;
      return sql`exists (select 1 from restaurant_listed r where r.price_cents >= ${bucket.minCents} and ${below})`;
    }
    if (byVendorPrices) {
      const below = bucket.maxCents === undefined ? sql`true` : sql`vp.price_cents < ${bucket.maxCents}`;
      return sql`exists (select 1 from ${source} where ${key} and ${atSpeed} and vp.price_cents >= ${bucket.minCents} and ${below})`;
    }
    const below = bucket.maxCents === undefined ? sql`true` : sql`s.price_cents < ${bucket.maxCents}`;
    return sql`exists (select 1 from area_category_products s where ${key} and ${atSpeed} and s.price_cents >= ${bucket.minCents} and ${below})`;
  });

  // Known from memory: the listing's size is a constant, and the panel is not read again. With a chosen restaurant,
  // what it sells of the category.
  const listedCount = panel
    ? sql`select ${panel.available}::int as n`
    : restaurant !== undefined
      ? sql`select count(*)::int as n from restaurant_listed`
      : sql`select coalesce(sum(f.products), 0)::int as n from area_listing_facets f where ${facetKey} and f.kind = 'all'`;
  const panelCte = panel
    ? sql``
    : restaurant !== undefined
      ? restaurantPanel(request.categoryId)
      : sql`,
    panel as materialized (
      select
        coalesce(array_agg(f.value order by f.value, f.unit) filter (where f.kind = 'size'), '{}') as size_values,
        coalesce(array_agg(f.unit order by f.value, f.unit) filter (where f.kind = 'size'), '{}') as size_units,
        coalesce(array_agg(f.value) filter (where f.kind = 'category'), '{}') as category_values
      from area_listing_facets f
      where ${facetKey} and f.kind in ('size', 'category') and f.products > 0
    )`;
  const panelColumns = panel
    ? sql``
    : sql`,
      listed.n as available,
      array[${sql.join(pricePresent)}] as price_buckets,
      panel.size_values,
      panel.size_units,
      panel.category_values`;

  // Each part is computed once (materialized: a CTE named twice would otherwise run twice), the total before the page,
  // so that a page past the end of the matching products (not only of the listing) never scans.
  return sql<SlimPageRow & Partial<PanelRow>>`
    with ${sellers ? vendorProducts(request, sellers) : sql``}${restaurant !== undefined ? restaurantListed(request, restaurant, { key, atSpeed }) : sql``}listed as materialized (
      ${listedCount}
    ),
    counted as materialized (
      select ${totalOf(selection, { matching, facetKey, source, restaurant: request.restaurantLocId !== undefined })} as n
    ),
    page as materialized (
      select array(
        select s.product_id from ${source}
        where ${matching} and ${request.offset} < (select n from counted)
        order by ${orderBy(request.order, price)}
        limit ${request.limit} offset ${request.offset}
      ) as ids
    )${panelCte}
    select
      page.ids,
      (
        select coalesce(json_agg(json_build_object(
          'id', a.product_id, 'name', a.name, 'image', a.image, 'age_restricted', a.age_restricted, 'size_unit', a.size_unit,
          ${byVendor ? vendorCardFields : areaCardFields(selection.sizes)}, 'channel', a.channel, 'sold_by_weight', pr.sold_by_weight
        ) order by p.position), '[]'::json)
        from unnest(page.ids) with ordinality as p(id, position)
        join area_products a on ${cardKey} and a.product_id = p.id
        join products pr on pr.id = a.product_id
        ${sellers ? vendorCard(request, sellers) : sql``}
      ) as cards,
      counted.n as total${panelColumns}
    from listed, counted, page${panel ? sql`` : sql`, panel`}
  `;
}

/** The speeds a listing's offers are counted at: a visit channel's own, the one delivery speed asked for, or all three. */
function listingSpeeds(speed: SpeedValue | undefined): readonly string[] {
  return isVisitSpeed(speed) ? [speed] : speed === undefined ? deliverySpeedValues : [speed];
}

/** Whose offers a narrowed listing shows: the vendor filter's vendors, the chosen restaurant, or both. */
interface Sellers {
  vendorIds?: readonly number[] | undefined;
  restaurantLocId?: number | undefined;
}

/** The request's sellers, or undefined when neither a vendor nor a restaurant narrows it. */
function sellersOf(request: ListingPageRequest): Sellers | undefined {
  const vendorIds = request.selection.vendorIds ?? [];
  if (vendorIds.length === 0 && request.restaurantLocId === undefined) return undefined;
  return { vendorIds: vendorIds.length > 0 ? vendorIds : undefined, restaurantLocId: request.restaurantLocId };
}

/**
 * The chosen sellers' offers in the area (its own, or nationwide ones) at the listing's speeds; `o` and `v` named.
 * A restaurant is one location: migration 032's index by location reads its offers alone.
 */
function sellerOffers(request: ListingPageRequest, sellers: Sellers): RawBuilder<unknown> {
  const { vendorIds, restaurantLocId } = sellers;
  return sql`variant_offers o
      ${vendorIds === undefined ? sql`` : sql`join vendor_locations l on l.id = o.loc_id`}
      join product_variants v on v.id = o.variant_id
      where ${vendorIds === undefined ? sql`true` : sql`l.vendor_id = any(${[...vendorIds]}::int[])`}
        and ${restaurantLocId === undefined ? sql`true` : sql`o.loc_id = ${restaurantLocId}`}
        and (o.area_loc_id = ${request.locId} or o.area_loc_id is null)
        and o.speed = any(${[...listingSpeeds(request.speed)]}::text[])`;
}

/**
 * The products the chosen vendors offer in the area, in the listing's channel and at its speed (as area_products
 * counts an offer), each with the lowest price they ask for it, computed once. The summaries hold no vendor, so this
 * reads the offers (migration 032's index by location); it is only part of the statement when a vendor is chosen.
 */
function vendorProducts(request: ListingPageRequest, sellers: Sellers): RawBuilder<unknown> {
  return sql`vendor_products as materialized (
      select v.product_id, min(o.price_cents)::int as price_cents, array_agg(distinct v.bottle_size) as sizes
      from ${sellerOffers(request, sellers)}
      group by v.product_id
    ),
    `;
}

/**
 * What the chosen restaurant sells of the listing (its entries, at the listing's speed), whatever the filters or a
 * vendor filter: each product's lowest price at the restaurant, the sizes it sells it in and the categories it is
 * filed under. Read only when the listing's panel is not kept yet (withKeptPanel): the panel and the listing's size
 * are made of it.
 */
function restaurantListed(
  request: ListingPageRequest,
  restaurantLocId: number,
  parts: { key: RawBuilder<unknown>; atSpeed: RawBuilder<unknown> },
): RawBuilder<unknown> {
  return sql`restaurant_listed as materialized (
      select s.product_id, r.price_cents, r.sizes, s.category_ids
      from area_category_products s
      join (
        select v.product_id, min(o.price_cents)::int as price_cents, array_agg(distinct v.bottle_size) as sizes
        from ${sellerOffers(request, { restaurantLocId })}
        group by v.product_id
      ) r on r.product_id = s.product_id
      where ${parts.key} and ${parts.atSpeed}
    ),
    `;
}

/**
 * The filter panel of a chosen restaurant's listing, as the area's facets make it (area_listing_facet_keys, migration
 * 017) but from restaurant_listed: the sizes it sells (with their products' units) and the other categories its
 * products are filed under. Its price buckets are probed on restaurant_listed too (listingPageStatement).
 */
function restaurantPanel(categoryId: number): RawBuilder<unknown> {
  return sql`,
    restaurant_sizes as materialized (
      select distinct sz.value as size, pr.size_unit::text as unit
      from restaurant_listed r join products pr on pr.id = r.product_id cross join unnest(r.sizes) as sz(value)
    ),
    panel as materialized (
      select
        coalesce((select array_agg(z.size order by z.size, z.unit) from restaurant_sizes z), '{}') as size_values,
        coalesce((select array_agg(z.unit order by z.size, z.unit) from restaurant_sizes z), '{}') as size_units,
        coalesce((
          select array_agg(distinct c.value) from restaurant_listed r cross join unnest(r.category_ids) as c(value) where c.value <> ${categoryId}
        ), '{}') as category_values
    )`;
}

/**
 * A card's fields from area_products. Its speeds are the product's, except under a size filter: the speeds the sizes
 * asked for are bought at (speed_sizes: size × 8 + bit), so a card never names a speed the listed size is not sold at
 * (walk 9 S15); a size the product lacks (an unknown size, which filters nothing) leaves them all.
 */
function areaCardFields(sizes: readonly number[]): RawBuilder<unknown> {
  const speeds =
    sizes.length === 0
      ? sql`a.speed_mask`
      : sql`coalesce(nullif((select bit_or(k % 8) from unnest(a.speed_sizes) as k where k / 8 = any(${[...sizes]}::int[])), 0), a.speed_mask)`;
  return sql`'in_stock', a.in_stock, 'speed_mask', ${speeds}, 'child_ids', a.child_ids, 'child_sizes', a.child_sizes,
          'child_cents', a.child_cents, 'vendor_loc_id', null`;
}
const vendorCardFields = sql`'in_stock', vc.in_stock, 'speed_mask', vc.speed_mask, 'child_ids', vc.child_ids, 'child_sizes', vc.child_sizes,
          'child_cents', vc.child_cents, 'vendor_loc_id', vc.loc_id`;

/** The vendors' card's speeds: under a size filter, those its sizes are sold at (areaCardFields says why). */
function speedsOfSizes(sizes: readonly number[]): RawBuilder<unknown> {
  if (sizes.length === 0) return sql`bit_or(x.bits)::int`;
  return sql`coalesce(nullif(bit_or(x.bits) filter (where x.bottle_size = any(${[...sizes]}::int[])), 0), bit_or(x.bits))::int`;
}

/**
 * A page card's sizes, prices, stock and speeds from the chosen vendors' own offers (not the area's lowest over every
 * seller), and the location whose offer it shows: the cheapest one with stock. Only the page's few products are read.
 */
function vendorCard(request: ListingPageRequest, sellers: Sellers): RawBuilder<unknown> {
  return sql`cross join lateral (
          select array_agg(x.variant_id order by x.bottle_size, x.variant_id) as child_ids,
                 array_agg(x.bottle_size order by x.bottle_size, x.variant_id) as child_sizes,
                 array_agg(x.cents order by x.bottle_size, x.variant_id) as child_cents,
                 bool_or(x.stock > 0) as in_stock,
                 ${speedsOfSizes(request.selection.sizes)} as speed_mask,
                 (array_agg(x.loc_id order by x.stock > 0 desc, x.cents, x.loc_id))[1] as loc_id
          from (
            select v.id as variant_id, v.bottle_size, min(o.price_cents)::int as cents, max(o.stock) as stock,
                   bit_or(case o.speed when 'local' then 1 when 'courier' then 2 when 'farm-direct' then 4 else 0 end) as bits,
                   (array_agg(o.loc_id order by o.stock > 0 desc, o.price_cents, o.loc_id))[1] as loc_id
            from ${sellerOffers(request, sellers)} and v.product_id = p.id
            group by v.id, v.bottle_size
          ) x
        ) vc`;
}

/**
 * The matching products' count. Unfiltered, or filtered by one size or one sub-category alone, it is a facet count
 * (the facet of a value no listed product has is 0: then the filter is ignored and the total is the listing's); any
 * other filter counts the matching entries of the one category range.
 */
function totalOf(
  selection: ListingSelection,
  parts: { matching: RawBuilder<unknown>; facetKey: RawBuilder<unknown>; source: RawBuilder<unknown>; restaurant: boolean },
): RawBuilder<number> {
  const { facetKey } = parts;
  const listed = sql<number>`(select n from listed)`;
  // Prices, vendors and a chosen restaurant are never facets: with one, the matching entries are counted like any
  // combined filter (unfiltered, a restaurant's listing is its own count: listed).
  const notFacets =
    parts.restaurant ||
    selection.priceRanges.length > 0 ||
    selection.minCents !== undefined ||
    selection.maxCents !== undefined ||
    (selection.vendorIds?.length ?? 0) > 0;
  const single = (kind: 'size' | 'category', values: number[]) => sql<number>`(
    select case when count(*) > 0 then sum(f.products)::int else ${listed} end
    from area_listing_facets f where ${facetKey} and f.kind = ${kind} and f.value = ${values[0]} and f.products > 0
  )`;
  if (!notFacets && selection.sizes.length === 1 && selection.categoryIds.length === 0) return single('size', selection.sizes);
  if (!notFacets && selection.sizes.length === 0 && selection.categoryIds.length === 1) return single('category', selection.categoryIds);
  if (!isFiltered(selection)) return listed;
  // Nothing listed (at the speed asked for): nothing matches, and the range need not be walked to learn it.
  return sql<number>`case when ${listed} = 0 then 0 else (select count(*)::int from ${parts.source} where ${parts.matching}) end`;
}

/** A card as productSummaries makes it (the same offers: the area's and nationwide ones, at the channel's speeds). */
function cardOf(row: CardRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    image: row.image ?? `/media/products/${row.id}/0.svg`,
    child: row.child_ids.map((id, i) => ({ id, bottle_size: row.child_sizes[i] ?? 0, price: centsToDollars(row.child_cents[i] ?? 0) })),
    speed_types: isVisitSpeed(row.channel) ? [row.channel] : deliverySpeedValues.filter((speed) => (row.speed_mask & deliveryBits[speed]) !== 0),
    stock_status: row.in_stock ? 'in stock' : 'out of stock',
    age_restricted: row.age_restricted,
    size_unit: row.size_unit,
    sold_by_weight: row.sold_by_weight,
    ...(row.vendor_loc_id === null ? {} : { vendor_loc_id: row.vendor_loc_id }),
  };
}

function isSizeUnit(value: string | undefined): value is SizeUnit {
  return (sizeUnits as readonly (string | undefined)[]).includes(value);
}

/** The filter panel as listingFilters reads it (exported for listing-memory.ts, which makes the same PanelRow). */
export function facetsOf(row: PanelRow): ListingFacets {
  const sizes = new Map<number, Set<SizeUnit>>();
  row.size_values.forEach((size, i) => {
    const unit = row.size_units[i];
    const units = sizes.get(size) ?? new Set<SizeUnit>();
    if (isSizeUnit(unit)) units.add(unit);
    sizes.set(size, units);
  });
  return {
    priceBuckets: priceBuckets.filter((_, i) => row.price_buckets[i] === true),
    sizes,
    categoryIds: new Set(row.category_values),
  };
}
