import {
  defaultPageSize,
  isPageSize,
  isSortKey,
  parsePriceRange,
  shopMoreLabel,
  vendorFilterId,
  vendorFilterName,
  type PageSize,
  type SortKey,
} from './listing.ts';
import { categoryPath } from './category-paths.ts';
import { catalogueRestaurant, type SpeedValue } from './speeds.ts';

/**
 * What a listing shows, kept in the URL query so a link, a reload and Back all give the same page.
 * `page` is 0-based like the API. `catid` empty means 'Shop All' (the page's own category, no sub-category chosen).
 */
export interface ListingQueryState {
  sort?: SortKey | undefined;
  page: number;
  limit: PageSize;
  priceranges: string[];
  size: number[];
  catid: number[];
  /** Vendor ids (spec 3: "a vendor filter is added from the cart"). */
  vendor: number[];
  q?: string | undefined;
}

/** The filter groups the listing can send; the server may name others, which the listing does not offer. */
export const filterParameters = ['priceranges', 'size', 'catid', 'vendor'] as const;
export type FilterParameter = (typeof filterParameters)[number];

export function isFilterParameter(value: unknown): value is FilterParameter {
  return typeof value === 'string' && (filterParameters as readonly string[]).includes(value);
}

export const emptyListingQuery: ListingQueryState = { page: 0, limit: defaultPageSize, priceranges: [], size: [], catid: [], vendor: [] };

/** The same bounds the contract checks, so a URL the client builds is never a 400. */
const maxPage = 1_000_000;
const maxId = 2_147_483_647;
const maxGrams = 1_000_000;
/** Beyond this a query is junk (or an attack on the cache), not a shopper's choice. */
const maxValuesPerFilter = 50;
const maxSearchLength = 100;

function wholeNumber(text: string, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= max ? value : undefined;
}

/** Category ids are positive; 0 is never a category. */
function positiveId(text: string): number | undefined {
  const id = wholeNumber(text, maxId);
  return id === undefined || id === 0 ? undefined : id;
}

function sortedNumbers(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b).slice(0, maxValuesPerFilter);
}

/** Price ranges in price order ('0-10', '10-25', '200-'), so equal choices give equal URLs and cache keys. */
function sortedPriceRanges(values: Iterable<string>): string[] {
  const byValue = new Map<string, number>();
  for (const raw of values) {
    const value = raw.trim();
    const range = parsePriceRange(value);
    if (range) byValue.set(value, range.minCents);
  }
  return [...byValue.entries()]
    .sort(([a, minA], [b, minB]) => minA - minB || (a < b ? -1 : a > b ? 1 : 0))
    .map(([value]) => value)
    .slice(0, maxValuesPerFilter);
}

/** Reads the listing state from a query string; anything it does not understand falls back to the default. */
export function parseListingQuery(search: string | URLSearchParams): ListingQueryState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  const limit = wholeNumber(params.get('limit') ?? '', 1000);
  const q = (params.get('q') ?? '').trim().slice(0, maxSearchLength);
  const state: ListingQueryState = {
    page: wholeNumber(params.get('page') ?? '', maxPage) ?? 0,
    limit: isPageSize(limit) ? limit : defaultPageSize,
    priceranges: sortedPriceRanges(params.getAll('priceranges')),
    size: sortedNumbers(params.getAll('size').flatMap((v) => wholeNumber(v, maxGrams) ?? [])),
    catid: sortedNumbers(params.getAll('catid').flatMap((v) => positiveId(v) ?? [])),
    vendor: sortedNumbers(params.getAll('vendor').flatMap((v) => positiveId(v) ?? [])),
  };
  if (isSortKey(sort)) state.sort = sort;
  if (q !== '') state.q = q;
  return state;
}

/** The query string (without '?') for a state: fixed key order, defaults left out, one key per chosen value. */
export function listingQueryString(state: ListingQueryState): string {
  const params = new URLSearchParams();
  const q = state.q?.trim();
  if (q) params.set('q', q);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 0) params.set('page', String(state.page));
  if (state.limit !== defaultPageSize) params.set('limit', String(state.limit));
  for (const value of sortedPriceRanges(state.priceranges)) params.append('priceranges', value);
  for (const value of sortedNumbers(state.size)) params.append('size', String(value));
  for (const value of sortedNumbers(state.catid)) params.append('catid', String(value));
  for (const value of sortedNumbers(state.vendor)) params.append('vendor', String(value));
  return params.toString();
}

// ---- Transitions ---------------------------------------------------------------------------------------------

function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * Checks or unchecks one filter option; every filter change starts again at page 0 (spec 4).
 * 'Shop All' is the page's own category: choosing it clears the sub-categories, and choosing a sub-category
 * deselects it (the own id never stays in `catid`). Values the parameter cannot hold leave the state as it was.
 */
export function withFilterToggled(state: ListingQueryState, parameter: string, value: string, ownCategoryId: number | undefined): ListingQueryState {
  switch (parameter) {
    case 'priceranges': {
      if (!parsePriceRange(value)) return state;
      return { ...state, page: 0, priceranges: sortedPriceRanges(toggled(state.priceranges, value.trim())) };
    }
    case 'size': {
      const grams = wholeNumber(value, maxGrams);
      if (grams === undefined) return state;
      return { ...state, page: 0, size: sortedNumbers(toggled(state.size, grams)) };
    }
    case 'catid': {
      const id = positiveId(value);
      if (id === undefined) return state;
      if (id === ownCategoryId) return { ...state, page: 0, catid: [] };
      const others = state.catid.filter((c) => c !== ownCategoryId);
      return { ...state, page: 0, catid: sortedNumbers(toggled(others, id)) };
    }
    case 'vendor': {
      const id = positiveId(value);
      if (id === undefined) return state;
      return { ...state, page: 0, vendor: sortedNumbers(toggled(state.vendor, id)) };
    }
    default:
      return state;
  }
}

/** Whether a filter option shows as checked; 'Shop All' is checked exactly when no sub-category is. */
export function isFilterChecked(state: ListingQueryState, parameter: string, value: string, ownCategoryId: number | undefined): boolean {
  switch (parameter) {
    case 'priceranges':
      return state.priceranges.includes(value.trim());
    case 'size': {
      const grams = wholeNumber(value, maxGrams);
      return grams !== undefined && state.size.includes(grams);
    }
    case 'catid': {
      const id = positiveId(value);
      if (id === undefined) return false;
      if (id === ownCategoryId) return state.catid.every((c) => c === ownCategoryId);
      return state.catid.includes(id);
    }
    case 'vendor': {
      const id = positiveId(value);
      return id !== undefined && state.vendor.includes(id);
    }
    default:
      return false;
  }
}

/** Clear All keeps only the page's own category ('Shop All'), and the shopper's sort and page size (spec 4). */
export function withClearAll(state: ListingQueryState, _ownCategoryId?: number): ListingQueryState {
  // Keeping the own category is an empty catid: the page lists its own category whenever no sub-category is chosen,
  // so the id is accepted for symmetry with withFilterToggled but never stored.
  return { ...state, page: 0, priceranges: [], size: [], catid: [], vendor: [] };
}

/** A new order starts again at the first page: page 3 of another order shows unrelated products. */
export function withSort(state: ListingQueryState, sort: string): ListingQueryState {
  if (sort === '') return { ...state, sort: undefined, page: 0 };
  return isSortKey(sort) ? { ...state, sort, page: 0 } : state;
}

export function withPage(state: ListingQueryState, page: number): ListingQueryState {
  return Number.isInteger(page) && page >= 0 && page <= maxPage ? { ...state, page } : state;
}

/** A new page size starts again at page 0, since the old page number points at other products. */
export function withLimit(state: ListingQueryState, limit: number): ListingQueryState {
  return isPageSize(limit) ? { ...state, limit, page: 0 } : state;
}

/** A new search text starts at page 0 and keeps the shopper's sort and page size. */
export function withSearchText(state: ListingQueryState, q: string): ListingQueryState {
  const text = q.trim().slice(0, maxSearchLength);
  return { ...state, q: text === '' ? undefined : text, page: 0 };
}

/** Any filter chosen (a sub-category counts; 'Shop All', the page's own category, does not). */
export function hasActiveFilters(state: ListingQueryState, ownCategoryId?: number): boolean {
  return state.priceranges.length > 0 || state.size.length > 0 || state.vendor.length > 0 || state.catid.some((c) => c !== ownCategoryId);
}

/** A filter as the listing reply sends it (the contract's shape, restated so rules import nothing else). */
export interface FilterLike<O> {
  id?: number | undefined;
  name: string;
  parameter: string;
  options: readonly O[];
}

export interface FilterGroup<O> {
  name: string;
  options: Array<{ parameter: FilterParameter; option: O }>;
}

/**
 * The filter panel's groups: one per filter name (filters sharing a name are shown together), in the server's
 * order; parameters the listing cannot send are left out rather than offered and ignored.
 */
export function filterGroups<O>(filters: readonly FilterLike<O>[]): FilterGroup<O>[] {
  const groups = new Map<string, FilterGroup<O>>();
  for (const filter of filters) {
    const { parameter } = filter;
    if (!isFilterParameter(parameter) || filter.options.length === 0) continue;
    const group = groups.get(filter.name) ?? { name: filter.name, options: [] };
    group.options.push(...filter.options.map((option) => ({ parameter, option })));
    groups.set(filter.name, group);
  }
  return [...groups.values()];
}

/** A seller the shopper's cart holds lines from. */
export interface CartVendor {
  id: number;
  name: string;
}

/** The cart's sellers, once each, by name; wallet redemptions are not shopping, so their restaurant is left out. */
export function cartVendors(lines: readonly { vendor_id: number; vendor_name: string; wallet?: boolean | undefined }[]): CartVendor[] {
  const byId = new Map<number, string>();
  for (const line of lines) if (!line.wallet && !byId.has(line.vendor_id)) byId.set(line.vendor_id, line.vendor_name);
  return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

export interface FilterChoiceLike {
  label: string;
  value: string;
  children?: readonly { label: string; value: string }[] | undefined;
}

/**
 * The listing's filters with the vendor filter added from the cart (spec 3): the cart's sellers join the vendors the
 * reply already names (a link's choice), each once; nothing is added without either.
 */
export function withCartVendors<O extends FilterChoiceLike>(
  filters: readonly FilterLike<O>[],
  vendors: readonly CartVendor[],
): FilterLike<O | FilterChoiceLike>[] {
  const named = filters.find((f) => f.parameter === 'vendor');
  const known = new Set(named?.options.map((o) => o.value) ?? []);
  const added = vendors.filter((v) => !known.has(String(v.id))).map((v) => ({ label: v.name, value: String(v.id) }));
  if (added.length === 0) return [...filters];
  const options = [...(named?.options ?? []), ...added].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const group = { id: named?.id ?? vendorFilterId, name: named?.name ?? vendorFilterName, parameter: 'vendor', options };
  return named ? filters.map((f) => (f === named ? group : f)) : [...filters, group];
}

/**
 * Where the cart's "Shop more from" link goes: the listing of the category the seller's lines come from, with the
 * seller chosen in its Vendor filter (removable there like any filter); without a known category, the store's
 * categories, each carrying the filter on.
 */
export function shopMorePath(vendorId: number, category?: { id: number; name: string }): string {
  return withVendorQuery(category ? categoryPath(category.name, category.id) : '/category/ALL', [vendorId]);
}

/** The seller's location a product page was opened for (a vendor-filtered card), when the address names a valid one. */
export function parseVendorLocId(search: string | URLSearchParams): number | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return positiveId(params.get('vendor_loc_id') ?? '');
}

/** A listing path with the vendor filter chosen (the category grid passes it on to the category it leads to). */
export function withVendorQuery(path: string, vendorIds: readonly number[]): string {
  const query = listingQueryString({ ...emptyListingQuery, vendor: [...vendorIds] });
  return query === '' ? path : `${path}?${query}`;
}

/** The category grid's title: the chosen seller's own when the cart names it (the cart's "Shop more from" link). */
export function categoryGridTitle(vendorIds: readonly number[], vendors: readonly CartVendor[]): string {
  const chosen = vendorIds.length === 1 ? vendors.find((v) => v.id === vendorIds[0]) : undefined;
  return chosen ? shopMoreLabel(chosen.name) : 'Shop by category';
}

// ---- Requests -------------------------------------------------------------------------------------------------

/** The shopper's delivery area as the catalogue calls take it. */
export interface ListingArea {
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedValue | undefined;
  /**
   * Dine-In and Pick-Up: the restaurant chosen on /ship/options, whose offers the cards show (its prices, only what it
   * sells), as its product page and the cart do. Part of every request, so of every SWR key: after a switch no card
   * shows the other restaurant's price.
   */
  vendor_location_id?: number | undefined;
}

export interface CategoryRequestQuery {
  catid: number;
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedValue | undefined;
  vendor_location_id?: number | undefined;
  page: number;
  limit: PageSize;
  sort?: SortKey | undefined;
}

export interface FiltersRequestBody {
  parent_category_id: number;
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedValue | undefined;
  vendor_location_id?: number | undefined;
  page: number;
  limit: PageSize;
  sort?: SortKey | undefined;
  priceranges: string[];
  size: number[];
  catid: number[];
  vendor: number[];
}

export type ListingRequest =
  | { method: 'GET'; path: '/connect/index/category'; query: CategoryRequestQuery }
  | { method: 'POST'; path: '/connect/index/filters'; body: FiltersRequestBody };

/** The area's fields every listing call carries; the restaurant only with a visit speed (a delivery one ignores it). */
function areaFields(area: ListingArea) {
  return {
    zipcode: area.zipcode,
    loc_id: area.loc_id,
    courier_type: area.courier_type,
    vendor_location_id: catalogueRestaurant(area.courier_type, area.vendor_location_id),
  };
}

/** Without a filter the plain category call answers (it is cached per page); any filter needs the filters call. */
export function listingRequest(state: ListingQueryState, area: ListingArea, categoryId: number): ListingRequest {
  const common = {
    ...areaFields(area),
    page: state.page,
    limit: state.limit,
    sort: state.sort,
  };
  if (!hasActiveFilters(state, categoryId)) {
    return { method: 'GET', path: '/connect/index/category', query: { catid: categoryId, ...common } };
  }
  return {
    method: 'POST',
    path: '/connect/index/filters',
    body: {
      parent_category_id: categoryId,
      ...common,
      priceranges: [...state.priceranges],
      size: [...state.size],
      catid: state.catid.filter((c) => c !== categoryId),
      vendor: [...state.vendor],
    },
  };
}

export interface SearchRequest {
  query: {
    q: string;
    zipcode: string;
    loc_id: number;
    courier_type?: SpeedValue | undefined;
    vendor_location_id?: number | undefined;
    page: number;
    limit: PageSize;
    sort?: SortKey | undefined;
  };
  body: { q: string };
}

/** The search call carries q in both the query and the body (the old client's shape; the body wins). */
export function searchRequest(state: ListingQueryState, area: ListingArea): SearchRequest | undefined {
  const q = state.q?.trim();
  if (!q) return undefined;
  return {
    query: { q, ...areaFields(area), page: state.page, limit: state.limit, sort: state.sort },
    body: { q },
  };
}

// ---- Category routes --------------------------------------------------------------------------------------------

/** The last path segment as a category id: digits only, or undefined ('This category does not exist.'). */
export function parseCategoryId(segment: string | undefined): number | undefined {
  return segment !== undefined && /^\d+$/.test(segment) ? positiveId(segment) : undefined;
}

export interface NamedCategory<T> {
  category_id: number;
  category_name: string;
  child: readonly T[];
}

/** The legacy /category/{name} route: the first category with that name, at any depth, ignoring case. */
export function findCategoryByName<T extends NamedCategory<T>>(categories: readonly T[], name: string): T | undefined {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return undefined;
  const queue = [...categories];
  // Breadth first, so a top-level category wins over a sub-category of the same name.
  for (let category = queue.shift(); category; category = queue.shift()) {
    if (category.category_name.trim().toLowerCase() === wanted) return category;
    queue.push(...category.child);
  }
  return undefined;
}
