import { sql, type Kysely } from 'kysely';
import type { FiltersBody, ListingData, ListingFilter } from '../../../src/api/contract/catalogue.contract.ts';
import { parsePriceRange, priceBucketLabel, priceBucketValue, totalPages, type PriceBucket, type SortKey } from '../../../src/rules/listing.ts';
import { formatSize, type SizeUnit } from '../../../src/rules/sizes.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { cachedSummaries } from './cached-summaries.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { findCategory, type CategoryInfo } from './categories.ts';
import {
  buildListingIndex,
  listingSize,
  noSelection,
  priceBucketCounts,
  selectPage,
  type ListingIndex,
  type ListingRow,
  type ListingSelection,
} from './listing-index.ts';
import { offeredInArea } from './product-summaries.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';

export interface ListingRequest {
  categoryId: number;
  locId: number;
  speed?: SpeedValue | undefined;
  sort?: SortKey | undefined;
  page: number;
  limit: number;
  selection?: ListingSelection | undefined;
}

export type ListingResult =
  | { kind: 'not-served' }
  | { kind: 'unknown-category' }
  /** available: how many products the category has in the area before filters (0 = an empty category). */
  | { kind: 'listing'; data: ListingData; available: number };

/**
 * A big category (16,000 products at 100k) costs one aggregate over its sizes and offers (about half a second on
 * the embedded database); doing that per page or per filter click would not meet the 25 ms budget. So each
 * (category, area, speed) is computed at most every 5 minutes (in the background once it exists) and every sort,
 * filter and page is answered from memory. What goes stale is only membership and the order of price sorts after
 * a price change; the cards themselves come from the 10-second card cache.
 */
interface CachedListing {
  index: ListingIndex;
  /** The filter panel depends only on the listing, not on the page or the shopper's picks: built once. */
  filters: ListingFilter[];
}

const listings = perDatabase<Kysely<Database>, ReadCache<CachedListing>>(
  () => new ReadCache<CachedListing>({ maxEntries: 128, freshMs: 300_000, staleMs: 1_800_000 }),
);

export async function categoryListing(db: Kysely<Database>, request: ListingRequest): Promise<ListingResult> {
  if (!(await isServedLocation(db, request.locId))) return { kind: 'not-served' };
  const category = await findCategory(db, request.categoryId);
  if (!category) return { kind: 'unknown-category' };

  const key = `${category.id}|${request.locId}|${request.speed ?? ''}`;
  const { index, filters } = await listings(db).get(key, async () => {
    const rows = await listingRows(db, category, request.locId, request.speed);
    const built = buildListingIndex(rows);
    return { index: built, filters: listingFilters(built, category, sizeUnitsOf(rows)) };
  });
  const { ids, total } = selectPage(index, request.selection ?? noSelection, request.sort ?? 'default', request.page, request.limit);
  const products = await cachedSummaries(db, ids, request.locId, request.speed);
  return {
    kind: 'listing',
    available: listingSize(index),
    data: {
      products,
      filters,
      pagination: {
        total_records: total,
        total_page: totalPages(total, request.limit),
        limit: request.limit,
        current_page: request.page,
      },
    },
  };
}

/** The filters call's arrays as a selection; price ranges that do not parse are ignored like any unknown value. */
export function selectionFromFilters(body: FiltersBody): ListingSelection {
  return {
    priceRanges: (body.priceranges ?? []).flatMap((value): PriceBucket[] => {
      const range = parsePriceRange(value);
      return range ? [range] : [];
    }),
    minCents: body.minprice === undefined ? undefined : Math.round(body.minprice * 100),
    maxCents: body.maxprice === undefined ? undefined : Math.round(body.maxprice * 100),
    sizes: body.size ?? [],
    categoryIds: body.catid ?? [],
  };
}

/** Every product of the category offered in the area (at the speed, when given), with what filters and sorts need. */
type UnitListingRow = ListingRow & { size_unit: SizeUnit };

async function listingRows(db: Kysely<Database>, category: CategoryInfo, locId: number, speed: SpeedValue | undefined): Promise<UnitListingRow[]> {
  const atSpeed = speed ? sql`variant_offers.speed = ${speed}` : sql`true`;
  const subCategories =
    category.descendantIds.length === 0
      ? sql`array[]::int[]`
      : sql`coalesce((
          select array_agg(pc2.category_id) from product_categories pc2
          where pc2.product_id = p.id and pc2.category_id = any(${category.descendantIds}::int[])
        ), array[]::int[])`;
  const result = await sql<UnitListingRow>`
    select p.id, p.name, p.popularity as weight, p.size_unit, agg.price_cents, agg.sizes, ${subCategories} as categories
    from (
      select product_variants.product_id,
             min(variant_offers.price_cents)::int as price_cents,
             array_agg(distinct product_variants.bottle_size) filter (where ${atSpeed}) as sizes
      from product_categories pc
      join product_variants on product_variants.product_id = pc.product_id
      join variant_offers on variant_offers.variant_id = product_variants.id
      where pc.category_id = ${category.id} and ${offeredInArea(locId, speed)}
      group by product_variants.product_id
    ) agg
    join products p on p.id = agg.product_id
    where agg.sizes is not null`.execute(db);
  return result.rows;
}

/** Which units each size number is in among the rows: 750 is '750 ml' for wine, and would be '750 g' for a roast. */
function sizeUnitsOf(rows: readonly UnitListingRow[]): Map<number, Set<SizeUnit>> {
  const units = new Map<number, Set<SizeUnit>>();
  for (const row of rows) {
    for (const size of row.sizes) units.set(size, (units.get(size) ?? new Set<SizeUnit>()).add(row.size_unit));
  }
  return units;
}

/** A size filter's label in the units the listing's products use it in ('750 g / 750 ml' when both do). */
function sizeLabel(amount: number, units: ReadonlySet<SizeUnit> | undefined): string {
  const present = units && units.size > 0 ? [...units].sort() : (['g'] as const);
  return present.map((unit) => formatSize(amount, unit)).join(' / ');
}

function listingFilters(index: ListingIndex, category: CategoryInfo, unitsOf: ReadonlyMap<number, ReadonlySet<SizeUnit>>): ListingFilter[] {
  const filters: ListingFilter[] = [];
  const priceOptions = priceBucketCounts(index)
    .filter(({ count }) => count > 0)
    .map(({ bucket }) => ({ label: priceBucketLabel(bucket), value: priceBucketValue(bucket) }));
  if (priceOptions.length > 0) filters.push({ id: 1, name: 'Price', parameter: 'priceranges', options: priceOptions });

  // Size 0 means "no size" and is never shown.
  const sizes = [...index.sizes.keys()].filter((grams) => grams > 0).sort((a, b) => a - b);
  if (sizes.length > 0) {
    filters.push({ id: 2, name: 'Size', parameter: 'size', options: sizes.map((g) => ({ label: sizeLabel(g, unitsOf.get(g)), value: String(g) })) });
  }

  const hasProducts = (id: number) => index.categories.get(id)?.isEmpty() === false;
  const childOptions = category.children
    .filter((c) => hasProducts(c.id))
    .map((c) => {
      const grandchildren = c.children.filter((g) => hasProducts(g.id)).map((g) => ({ label: g.name, value: String(g.id) }));
      return grandchildren.length > 0 ? { label: c.name, value: String(c.id), children: grandchildren } : { label: c.name, value: String(c.id) };
    });
  // 'Shop All' is the page's own category: the option Clear All keeps.
  filters.push({
    id: 3,
    name: 'Category',
    parameter: 'catid',
    options: [{ label: 'Shop All', value: String(category.id) }, ...childOptions],
  });
  return filters;
}
