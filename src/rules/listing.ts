/** The listing's "Sort by" choices: value sent to the server, label shown in the dropdown. */
export const sortKeys = ['name_asc', 'name_desc', 'price_desc', 'price_asc'] as const;
export type SortKey = (typeof sortKeys)[number];

export const sortLabels: Readonly<Record<SortKey, string>> = {
  name_asc: 'Name- A to Z',
  name_desc: 'Name- Z to A',
  price_desc: 'Price- High to Low',
  price_asc: 'Price- Low to High',
};

export const sortOptions: readonly { value: SortKey; label: string }[] = sortKeys.map((value) => ({
  value,
  label: sortLabels[value],
}));

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (sortKeys as readonly string[]).includes(value);
}

/** The listing's empty message when the server sends none (spec 8), and the server's own words for an empty category. */
export const emptyCategoryMessage = 'This category contains no products';
export const noFilterMatchMessage = 'No products match the selected filters.';
export const emptySearchMessage = 'Please type something to search.';
export const noSearchMatchMessage = 'No products match your search.';

/** The vendor filter's group (spec 3: "a vendor filter is added from the cart") and the cart's link to it. */
export const vendorFilterName = 'Vendor';
export const vendorFilterId = 4;
export function shopMoreLabel(vendorName: string): string {
  return `Shop more from ${vendorName}`;
}

/** Page sizes the listing offers; 20 unless the shopper picks another. */
export const pageSizes = [10, 20, 50] as const;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = 20;
export const pageSizeMessage = 'limit must be 10, 20 or 50.';

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (pageSizes as readonly number[]).includes(value);
}

/** Pages are numbered from 0 (the client resets to page 0 on every filter change). */
export function totalPages(totalRecords: number, limit: number): number {
  return limit > 0 ? Math.ceil(totalRecords / limit) : 0;
}

/**
 * Price filter buckets in cents, lower bound included and upper bound excluded, so $10.00 is in '$10 - $25'.
 * The value is the spec's 'min-max' in dollars; an open top bucket is 'min-' (the Magento convention).
 */
export interface PriceBucket {
  minCents: number;
  maxCents: number | undefined;
}

export const priceBuckets: readonly PriceBucket[] = [
  { minCents: 0, maxCents: 1000 },
  { minCents: 1000, maxCents: 2500 },
  { minCents: 2500, maxCents: 5000 },
  { minCents: 5000, maxCents: 10000 },
  { minCents: 10000, maxCents: 20000 },
  { minCents: 20000, maxCents: undefined },
];

function wholeDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** 'Under $10', '$10 - $25', '$200 & Above'. */
export function priceBucketLabel(bucket: PriceBucket): string {
  if (bucket.maxCents === undefined) return `$${wholeDollars(bucket.minCents)} & Above`;
  if (bucket.minCents === 0) return `Under $${wholeDollars(bucket.maxCents)}`;
  return `$${wholeDollars(bucket.minCents)} - $${wholeDollars(bucket.maxCents)}`;
}

/** '0-10', '10-25', '200-'. */
export function priceBucketValue(bucket: PriceBucket): string {
  return `${wholeDollars(bucket.minCents)}-${bucket.maxCents === undefined ? '' : wholeDollars(bucket.maxCents)}`;
}

const dollarAmount = /^\d{1,7}(?:\.\d{1,2})?$/;

function dollarsTextToCents(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * '10-25' → 1000..2500 (upper excluded), '200-' → 20000 and up. Any other text is undefined: a filter value the
 * listing does not know is ignored, not an error.
 */
export function parsePriceRange(value: string): PriceBucket | undefined {
  const match = /^([^-]+)-([^-]*)$/.exec(value.trim());
  if (!match) return undefined;
  const [, low = '', high = ''] = match;
  if (!dollarAmount.test(low) || (high !== '' && !dollarAmount.test(high))) return undefined;
  const minCents = dollarsTextToCents(low);
  const maxCents = high === '' ? undefined : dollarsTextToCents(high);
  if (maxCents !== undefined && maxCents <= minCents) return undefined;
  return { minCents, maxCents };
}
