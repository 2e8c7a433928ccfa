import { describe, expect, it } from 'vitest';
import { buildListingIndex, noSelection, priceBucketCounts, selectPage, type ListingRow } from '../../server/services/catalogue/listing-index.ts';

const row = (id: number, name: string, price_cents: number, weight: number, sizes: number[], categories: number[] = []): ListingRow => ({
  id,
  name,
  price_cents,
  weight,
  sizes,
  categories,
});

const rows = [
  row(1, 'Beef mince', 899, 5, [500, 1000], [11]),
  row(2, 'anchovies', 2500, 9, [250], [12]),
  row(3, 'Chicken thighs', 1250, 1, [1000], [11]),
  row(4, 'Duck breast', 1250, 5, [500], [13]),
  row(5, 'Eel', 25000, 0, [0], [12, 13]),
];
const index = buildListingIndex(rows);

describe('listing index', () => {
  it('pages in the default order (weight, then id)', () => {
    expect(selectPage(index, noSelection, 'default', 0, 10)).toEqual({ ids: [2, 1, 4, 3, 5], total: 5 });
    expect(selectPage(index, noSelection, 'default', 1, 2)).toEqual({ ids: [4, 3], total: 5 });
    expect(selectPage(index, noSelection, 'default', 9, 2)).toEqual({ ids: [], total: 5 });
  });

  it('sorts names by lower case and prices with ties by id', () => {
    expect(selectPage(index, noSelection, 'name_asc', 0, 10).ids).toEqual([2, 1, 3, 4, 5]);
    expect(selectPage(index, noSelection, 'name_desc', 0, 10).ids).toEqual([5, 4, 3, 1, 2]);
    expect(selectPage(index, noSelection, 'price_asc', 0, 10).ids).toEqual([1, 3, 4, 2, 5]);
    expect(selectPage(index, noSelection, 'price_desc', 0, 10).ids).toEqual([5, 2, 3, 4, 1]);
  });

  it('ORs values inside a group and ANDs groups', () => {
    const selection = { ...noSelection, sizes: [500, 250], categoryIds: [11, 12] };
    expect(selectPage(index, selection, 'default', 0, 10)).toEqual({ ids: [2, 1], total: 2 });
  });

  it('filters by price ranges (upper bound excluded) and by inclusive min/max', () => {
    const ranges = { ...noSelection, priceRanges: [{ minCents: 1000, maxCents: 2500 }] };
    expect(selectPage(index, ranges, 'price_asc', 0, 10).ids).toEqual([3, 4]);
    const bounds = { ...noSelection, minCents: 1250, maxCents: 2500 };
    expect(selectPage(index, bounds, 'price_asc', 0, 10).ids).toEqual([3, 4, 2]);
  });

  it('ignores values the listing does not have', () => {
    expect(selectPage(index, { ...noSelection, sizes: [750], categoryIds: [99] }, 'default', 0, 10).total).toBe(5);
  });

  it('counts totals over every page when filtered', () => {
    const page = selectPage(index, { ...noSelection, categoryIds: [12, 13] }, 'price_asc', 1, 2);
    expect(page).toEqual({ ids: [5], total: 3 });
  });

  it('pages through one selection consistently, whatever order its values come in', () => {
    const selection = { ...noSelection, sizes: [1000, 500] };
    const first = selectPage(index, selection, 'name_asc', 0, 2);
    const second = selectPage(index, { ...noSelection, sizes: [500, 1000, 500] }, 'name_asc', 1, 2);
    expect(first).toEqual({ ids: [1, 3], total: 3 });
    expect(second).toEqual({ ids: [4], total: 3 });
    expect(selectPage(index, selection, 'name_desc', 0, 3).ids).toEqual([4, 3, 1]);
  });

  it('counts products per price bucket', () => {
    const counts = priceBucketCounts(index).map((c) => c.count);
    expect(counts).toEqual([1, 2, 1, 0, 0, 1]);
  });

  it('handles an empty listing', () => {
    const empty = buildListingIndex([]);
    expect(selectPage(empty, noSelection, 'price_desc', 0, 20)).toEqual({ ids: [], total: 0 });
  });
});
