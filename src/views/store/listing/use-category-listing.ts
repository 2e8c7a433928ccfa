import { useContext, useEffect } from 'react';
import { pageListingTaken, useCategoryListing } from '../../../api/listing.swr.ts';
import { listingRequest, type ListingArea, type ListingQueryState } from '../../../rules/listing-query.ts';
import { ListingPageShellContext } from './listing-page-shell.ts';

/**
 * A category listing's reply, starting from the one the page arrived with when the server drew this very request for
 * the shopper's area cookie (decision 066): the first render draws those cards and nothing is asked for. Once
 * mounted, the reply is kept in SWR's cache as if asked for (the renders after, no longer offered it, still have it)
 * and not offered again, so a later visit revalidates as any other.
 */
export function useCategoryListingFromPage(area: ListingArea | undefined, categoryId: number | undefined, state: ListingQueryState) {
  const shell = useContext(ListingPageShellContext);
  const request = area && categoryId !== undefined ? listingRequest(state, area, categoryId) : undefined;
  const drawn = request ? shell.reply(request) : undefined;
  const listing = useCategoryListing(area, categoryId, state, drawn);
  const { mutate } = listing;
  useEffect(() => {
    if (!drawn) return;
    void mutate(drawn, { revalidate: false });
    pageListingTaken();
  }, [drawn, mutate]);
  return listing;
}
