import { describe, expect, it } from 'vitest';
import {
  defaultPageSize,
  isPageSize,
  isSortKey,
  pageOffset,
  pageSizes,
  parsePriceRange,
  priceBucketLabel,
  priceBucketOf,
  priceBuckets,
  priceBucketValue,
  sortOptions,
  sortProducts,
  totalPages,
} from '../../src/rules/listing.ts';

describe('sort options', () => {
  it('lists the spec labels in the dropdown order', () => {
    expect(sortOptions.map((o) => o.label)).toEqual(['Name- A to Z', 'Name- Z to A', 'Price- High to Low', 'Price- Low to High']);
    expect(sortOptions.map((o) => o.value)).toEqual(['name_asc', 'name_desc', 'price_desc', 'price_asc']);
  });

  it('knows only its own keys', () => {
    expect(isSortKey('price_asc')).toBe(true);
    expect(isSortKey('popularity')).toBe(false);
    expect(isSortKey(1)).toBe(false);
  });
});

describe('page sizes', () => {
  it('offers 10, 20 and 50 with 20 by default', () => {
    expect(pageSizes).toEqual([10, 20, 50]);
    expect(defaultPageSize).toBe(20);
    expect(isPageSize(50)).toBe(true);
    expect(isPageSize(30)).toBe(false);
    expect(isPageSize('20')).toBe(false);
  });

  it('counts pages from 0', () => {
    expect(totalPages(0, 20)).toBe(0);
    expect(totalPages(20, 20)).toBe(1);
    expect(totalPages(21, 20)).toBe(2);
    expect(pageOffset(0, 20)).toBe(0);
    expect(pageOffset(2, 10)).toBe(20);
  });
});

describe('price buckets', () => {
  it('labels and values them the Magento way', () => {
    expect(priceBuckets.map(priceBucketLabel)).toEqual([
      'Under $10',
      '$10 - $25',
      '$25 - $50',
      '$50 - $100',
      '$100 - $200',
      '$200 & Above',
    ]);
    expect(priceBuckets.map(priceBucketValue)).toEqual(['0-10', '10-25', '25-50', '50-100', '100-200', '200-']);
  });

  it('puts a price on a boundary in the upper bucket', () => {
    expect(priceBucketOf(999)?.minCents).toBe(0);
    expect(priceBucketOf(1000)?.minCents).toBe(1000);
    expect(priceBucketOf(34999)?.maxCents).toBeUndefined();
  });

  it('parses every bucket value back and custom ranges too', () => {
    for (const bucket of priceBuckets) expect(parsePriceRange(priceBucketValue(bucket))).toEqual(bucket);
    expect(parsePriceRange('12.5-17.25')).toEqual({ minCents: 1250, maxCents: 1725 });
  });

  it('ignores text that is not a range', () => {
    for (const text of ['', 'cheap', '10', '-10', '25-10', '10-10', '1e3-2e3', '10-25-50', '$10-$25', '10.999-20']) {
      expect(parsePriceRange(text)).toBeUndefined();
    }
  });
});

describe('sortProducts', () => {
  const p = (id: number, name: string, ...prices: string[]) => ({
    id,
    name,
    child: prices.map((price, i) => ({ bottle_size: (i + 1) * 500, price })),
  });
  const items = [p(1, 'beef', '12.00', '9.50'), p(2, 'Apple Sausage', '20.00'), p(3, 'chicken', '9.50'), p(4, 'Duck', '30.00')];

  it('sorts by name either way, case-insensitively', () => {
    expect(sortProducts(items, 'name_asc').map((i) => i.id)).toEqual([2, 1, 3, 4]);
    expect(sortProducts(items, 'name_desc').map((i) => i.id)).toEqual([4, 3, 1, 2]);
  });

  it('sorts by the lowest size price, ties by id', () => {
    expect(sortProducts(items, 'price_asc').map((i) => i.id)).toEqual([1, 3, 2, 4]);
    expect(sortProducts(items, 'price_desc').map((i) => i.id)).toEqual([4, 2, 1, 3]);
  });

  it('does not change its input', () => {
    const copy = [...items];
    sortProducts(items, 'price_desc');
    expect(items).toEqual(copy);
  });
});
