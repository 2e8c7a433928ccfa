import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ListingReply } from './contract/catalogue.contract.ts';
import { getListing, getSearchListing } from './listing.api.ts';
import { listingKey, pageListingFor, pageListingTaken } from './page-listing.ts';
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
 * request (SWR hashes objects by their sorted keys), so every parameter takes part. `fromPage`: the reply the page
 * arrived with for this very request (the server drew it, decision 066), shown as it is without asking again; once
 * mounted it is not offered again, so a later visit revalidates as any other.
 */
export function useCategoryListing(
  area: ListingArea | undefined,
  categoryId: number | undefined,
  state: ListingQueryState,
  fromPage: (request: ListingRequest) => ListingReply | undefined = pageListingFor,
) {
  const request = area && categoryId !== undefined ? listingRequest(state, area, categoryId) : undefined;
  const drawn = request ? fromPage(request) : undefined;
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!drawn || !request) return;
    // Kept as if it had been asked for, so the renders after this one (no longer offered it) still have it.
    void mutate(listingKey(request), drawn, { revalidate: false });
    pageListingTaken();
    // Once, for the reply the page arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn]);
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
