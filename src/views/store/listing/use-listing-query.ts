import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listingQueryString, parseListingQuery, type ListingQueryState } from '../../../rules/listing-query.ts';

/**
 * The listing state lives in the URL query (links, reload and Back keep it). Each change is a new history entry,
 * so Back undoes a filter, a sort or a page; a change that changes nothing (Apply with no new choice) adds none.
 */
export function useListingQuery(): [ListingQueryState, (next: ListingQueryState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListingQuery(params), [params]);
  const change = useCallback(
    (next: ListingQueryState) => {
      const query = listingQueryString(next);
      if (query !== listingQueryString(state)) setParams(new URLSearchParams(query));
    },
    [setParams, state],
  );
  return [state, change];
}
