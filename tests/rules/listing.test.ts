import { describe, expect, it } from 'vitest';
import {
  defaultPageSize,
  isPageSize,
  isSortKey,
  pageSizes,
  parsePriceRange,
  priceBucketLabel,
  priceBuckets,
  priceBucketValue,
  sortOptions,
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
  });
});

describe('price buckets', () => {
  it('labels and values them the Magento way', () => {
    expect(priceBuckets.map(priceBucketLabel)).toEqual(['Under $10', '$10 - $25', '$25 - $50', '$50 - $100', '$100 - $200', '$200 & Above']);
    expect(priceBuckets.map(priceBucketValue)).toEqual(['0-10', '10-25', '25-50', '50-100', '100-200', '200-']);
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
