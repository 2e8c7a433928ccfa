import { priceBuckets, type PriceBucket, type SortKey } from '../../../src/rules/listing.ts';
import { Bitset } from '../platform/bitset.ts';

/** One product of a listing as the database computes it for one area (and speed). */
export interface ListingRow {
  id: number;
  name: string;
  /** Higher comes first in the default order: popularity in a category, relevance in search results. */
  weight: number;
  /** Lowest price offered in the area, over all speeds: what the card shows and what price sorts use. */
  price_cents: number;
  /** Sizes (grams) offered in the area (at the speed, when one is asked for). */
  sizes: number[];
  /** Categories of the listing's subtree (the listed category itself excluded) the product is filed under. */
  categories: number[];
}

/** The shopper's sort, or the listing's own default order (by weight). */
export type ListingOrder = SortKey | 'default';

/**
 * A category's products in one area, kept compactly so that any filter, sort and page is a walk over arrays:
 * positions 0..n-1 index `ids` and `prices`; each order is the positions in that order; sizes and categories
 * map a filter value to the positions that have it.
 */
export interface ListingIndex {
  ids: Int32Array;
  prices: Int32Array;
  orders: Record<ListingOrder, Int32Array>;
  sizes: Map<number, Bitset>;
  categories: Map<number, Bitset>;
}

/** What a shopper picked in the filter panel. Each group is OR inside; groups are AND; an empty group is no limit. */
export interface ListingSelection {
  priceRanges: PriceBucket[];
  /** Inclusive bounds in cents (the filters call's minprice / maxprice). */
  minCents?: number | undefined;
  maxCents?: number | undefined;
  sizes: number[];
  categoryIds: number[];
  /** Vendors (vendors.id) whose offers in the area a product must have; listings only (search has no vendor filter). */
  vendorIds?: number[] | undefined;
}

export const noSelection: ListingSelection = { priceRanges: [], sizes: [], categoryIds: [] };

export function buildListingIndex(rows: readonly ListingRow[]): ListingIndex {
  const n = rows.length;
  const ids = Int32Array.from(rows, (r) => r.id);
  const prices = Int32Array.from(rows, (r) => r.price_cents);
  const names = rows.map((r) => r.name.toLowerCase());
  const weights = Float64Array.from(rows, (r) => r.weight);

  const positions = () => Int32Array.from({ length: n }, (_, i) => i);
  // Ties always fall back to the product id ascending, so pages never overlap or skip whatever the order.
  const byId = (a: number, b: number) => (ids[a] ?? 0) - (ids[b] ?? 0);
  const byName = (a: number, b: number) => {
    const x = names[a] ?? '';
    const y = names[b] ?? '';
    // Code-point order, like PostgreSQL's C collation; localeCompare is ten times slower on big categories.
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const price = (i: number) => prices[i] ?? 0;
  const orders: Record<ListingOrder, Int32Array> = {
    default: positions().sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || byId(a, b)),
    name_asc: positions().sort((a, b) => byName(a, b) || byId(a, b)),
    name_desc: positions().sort((a, b) => byName(b, a) || byId(a, b)),
    price_asc: positions().sort((a, b) => price(a) - price(b) || byId(a, b)),
    price_desc: positions().sort((a, b) => price(b) - price(a) || byId(a, b)),
  };

  const sizes = new Map<number, Bitset>();
  const categories = new Map<number, Bitset>();
  const mark = (map: Map<number, Bitset>, key: number, position: number) => {
    let set = map.get(key);
    if (!set) {
      set = new Bitset(n);
      map.set(key, set);
    }
    set.add(position);
  };
  rows.forEach((row, position) => {
    for (const size of row.sizes) mark(sizes, size, position);
    for (const category of row.categories) mark(categories, category, position);
  });
  return { ids, prices, orders, sizes, categories };
}

export function listingSize(index: ListingIndex): number {
  return index.ids.length;
}

/** One page of product ids in the chosen order, and how many products match in all. */
export function selectPage(
  index: ListingIndex,
  selection: ListingSelection,
  order: ListingOrder,
  page: number,
  limit: number,
): { ids: number[]; total: number } {
  const sizeSets = known(selection.sizes, index.sizes);
  const categorySets = known(selection.categoryIds, index.categories);
  const unfiltered =
    sizeSets.length === 0 &&
    categorySets.length === 0 &&
    selection.priceRanges.length === 0 &&
    selection.minCents === undefined &&
    selection.maxCents === undefined;

  const ordered = index.orders[order];
  const start = page * limit;
  if (unfiltered) {
    const ids = Array.from(ordered.subarray(start, start + limit), (position) => index.ids[position] ?? 0);
    return { ids, total: ordered.length };
  }

  const positions = filteredPositions(index, selection, order, sizeSets, categorySets);
  const ids = Array.from(positions.subarray(start, start + limit), (position) => index.ids[position] ?? 0);
  return { ids, total: positions.length };
}

/**
 * Shoppers page through one set of filters: the matching positions are remembered per listing (a few selections
 * each, dropped with the listing), so the next page is a slice instead of another walk over every product.
 */
const filtered = new WeakMap<ListingIndex, Map<string, Int32Array>>();
const selectionsPerListing = 8;

function filteredPositions(
  index: ListingIndex,
  selection: ListingSelection,
  order: ListingOrder,
  sizeSets: Bitset[],
  categorySets: Bitset[],
): Int32Array {
  const sorted = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b).join(',');
  const key = [
    order,
    selection.priceRanges
      .map((r) => `${r.minCents}-${r.maxCents ?? ''}`)
      .sort()
      .join(','),
    selection.minCents ?? '',
    selection.maxCents ?? '',
    sorted(selection.sizes),
    sorted(selection.categoryIds),
  ].join('|');
  let memo = filtered.get(index);
  if (!memo) {
    memo = new Map();
    filtered.set(index, memo);
  }
  const remembered = memo.get(key);
  if (remembered) return remembered;

  const { priceRanges, minCents, maxCents } = selection;
  const matches = (position: number): boolean => {
    const cents = index.prices[position] ?? 0;
    if (minCents !== undefined && cents < minCents) return false;
    if (maxCents !== undefined && cents > maxCents) return false;
    if (priceRanges.length > 0 && !priceRanges.some((r) => cents >= r.minCents && (r.maxCents === undefined || cents < r.maxCents))) {
      return false;
    }
    if (sizeSets.length > 0 && !sizeSets.some((s) => s.has(position))) return false;
    if (categorySets.length > 0 && !categorySets.some((s) => s.has(position))) return false;
    return true;
  };
  const positions = index.orders[order].filter(matches);
  memo.set(key, positions);
  if (memo.size > selectionsPerListing) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  return positions;
}

/** Filter values this listing has; values it does not know are ignored rather than matching nothing. */
function known(values: readonly number[], sets: Map<number, Bitset>): Bitset[] {
  return values.flatMap((value) => sets.get(value) ?? []);
}

/** How many products fall in each fixed price bucket (by their lowest price). */
export function priceBucketCounts(index: ListingIndex): { bucket: PriceBucket; count: number }[] {
  const counts = priceBuckets.map((bucket) => ({ bucket, count: 0 }));
  for (const cents of index.prices) {
    const found = counts.find(({ bucket }) => cents >= bucket.minCents && (bucket.maxCents === undefined || cents < bucket.maxCents));
    if (found) found.count += 1;
  }
  return counts;
}
