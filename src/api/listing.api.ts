import useSWR from 'swr';
import {
  categoryListReply,
  listingReply,
  type CategoryListReply,
  type CategoryQuery,
  type FiltersBody,
  type ListingReply,
  type SearchQuery,
} from './contract/catalogue.contract.ts';
import type { SpeedType } from './contract/product-summary.contract.ts';
import { call } from './http.ts';
import { listingRequest, searchRequest, type ListingArea, type ListingQueryState, type ListingRequest, type SearchRequest } from '../rules/listing-query.ts';

// The rules build requests without importing the contract; these checks keep the two in step at compile time.
type Assignable<T, U extends T> = U;
type _CategoryQueryFits = Assignable<CategoryQuery, Extract<ListingRequest, { method: 'GET' }>['query']>;
type _FiltersBodyFits = Assignable<FiltersBody, Extract<ListingRequest, { method: 'POST' }>['body']>;
type _SearchQueryFits = Assignable<SearchQuery, SearchRequest['query']>;

export function getListing(request: ListingRequest): Promise<ListingReply> {
  return request.method === 'GET'
    ? call(request.path, listingReply, { method: 'GET', query: { ...request.query } })
    : call(request.path, listingReply, { method: 'POST', body: { ...request.body } });
}

export function getSearchListing(request: SearchRequest): Promise<ListingReply> {
  return call('/connect/index/search', listingReply, { method: 'POST', query: { ...request.query }, body: { ...request.body } });
}

export function getCategoryList(courierType: SpeedType | undefined): Promise<CategoryListReply> {
  return call('/connect/index/categorylist', categoryListReply, { query: { courier_type: courierType } });
}

/**
 * Keeping the previous page's reply while the next one loads, so the grid does not flash empty between pages,
 * sorts or filters; the view marks it busy instead.
 */
const listingOptions = { keepPreviousData: true } as const;

/**
 * A category listing: the plain category call without filters, the filters call with any. The key is the whole
 * request (SWR hashes objects by their sorted keys), so every parameter takes part.
 */
export function useCategoryListing(area: ListingArea | undefined, categoryId: number | undefined, state: ListingQueryState) {
  const request = area && categoryId !== undefined ? listingRequest(state, area, categoryId) : undefined;
  return useSWR(request ? ['listing', request] : null, ([, key]: readonly [string, ListingRequest]) => getListing(key), listingOptions);
}

/** Search results for q (from the URL); nothing is asked for blank text. */
export function useSearchListing(area: ListingArea | undefined, q: string | undefined, state: ListingQueryState) {
  const request = area ? searchRequest({ ...state, q }, area) : undefined;
  return useSWR(request ? ['search', request] : null, ([, key]: readonly [string, SearchRequest]) => getSearchListing(key), listingOptions);
}

/** The category tree (the same in every area), for the header menu and the legacy /category routes. */
export function useCategoryList(courierType: SpeedType | undefined) {
  return useSWR(['categorylist', courierType ?? ''], () => getCategoryList(courierType));
}
