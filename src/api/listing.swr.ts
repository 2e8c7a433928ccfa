import useSWR from 'swr';
import { getListing, getSearchListing } from './listing.api.ts';
import {
  listingRequest,
  searchRequest,
  type ListingArea,
  type ListingQueryState,
  type ListingRequest,
  type SearchRequest,
} from '../rules/listing-query.ts';

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
