import useSWR from 'swr';
import type { ListingReply } from './contract/catalogue.contract.ts';
import { getListing, getSearchListing } from './listing.api.ts';
import { listingKey } from './page-listing.ts';
import {
  listingRequest,
  searchRequest,
  type ListingArea,
  type ListingQueryState,
  type ListingRequest,
  type SearchRequest,
} from '../rules/listing-query.ts';

// The listing a page arrived with (server/http/listing-shell.ts), and the build's stand-ins for it (decision 066).
export { pageListingFor, pageListingTaken } from './page-listing.ts';
export { prerenderedListingReply, prerenderedListingTitle, prerenderedListingZip } from './contract/page-listing.contract.ts';

/**
 * Keeping the previous page's reply while the next one loads, so the grid does not flash empty between pages,
 * sorts or filters; the view marks it busy instead.
 */
const listingOptions = { keepPreviousData: true } as const;

/**
 * A category listing: the plain category call without filters, the filters call with any. The key is the whole
 * request (SWR hashes objects by their sorted keys), so every parameter takes part. `drawn`: the reply the page
 * arrived with for this very request (the server drew it, decision 066), shown as it is without asking again on this
 * first mount (the view then keeps it in SWR's cache and stops offering it, use-category-listing.ts).
 */
export function useCategoryListing(area: ListingArea | undefined, categoryId: number | undefined, state: ListingQueryState, drawn?: ListingReply) {
  const request = area && categoryId !== undefined ? listingRequest(state, area, categoryId) : undefined;
  return useSWR(
    request ? listingKey(request) : null,
    ([, key]: readonly [string, ListingRequest]) => getListing(key),
    drawn ? { ...listingOptions, fallbackData: drawn, revalidateOnMount: false } : listingOptions,
  );
}

/** Search results for q (from the URL); nothing is asked for blank text. */
export function useSearchListing(area: ListingArea | undefined, q: string | undefined, state: ListingQueryState) {
  const request = area ? searchRequest({ ...state, q }, area) : undefined;
  return useSWR(request ? ['search', request] : null, ([, key]: readonly [string, SearchRequest]) => getSearchListing(key), listingOptions);
}
