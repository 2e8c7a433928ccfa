import { useId, useState } from 'react';
import { useSearchListing } from '../../../api/listing.swr.ts';
import { emptySearchMessage, noSearchMatchMessage } from '../../../rules/listing.ts';
import { withSearchText, type ListingQueryState } from '../../../rules/listing-query.ts';
import { primaryButton, textInput } from '../../../styles/controls.css.ts';
import { ChoosePincode } from './choose-pincode.tsx';
import * as css from './listing-pages.css.ts';
import { ListingView } from './listing-view.tsx';
import { useListingQuery } from './use-listing-query.ts';
import { useShopperArea } from './use-shopper-area.ts';

/** /store/search and /search: results for ?q=, with sort and pagination (search has no filter panel). */
export function SearchResultsPage() {
  const area = useShopperArea();
  const [state, setState] = useListingQuery();
  const { data, error, isLoading } = useSearchListing(area, state.q, state);

  // Keyed by q so the box shows the new text after Back or a header search.
  const form = <SearchForm key={state.q ?? ''} state={state} onSearch={setState} />;

  if (!area) return <ChoosePincode />;
  if (!state.q) {
    return (
      <section aria-labelledby="search-title">
        <h1 id="search-title">Search</h1>
        {form}
        <p className={css.message}>{emptySearchMessage}</p>
      </section>
    );
  }
  return (
    <ListingView
      title={`Search results for “${state.q}”`}
      state={state}
      reply={data}
      isLoading={isLoading}
      error={error}
      showFilters={false}
      emptyMessage={noSearchMatchMessage}
      defaultSortLabel="Relevance"
      summary={
        <>
          {form}
          {data && (
            <p role="status" className={css.total}>
              Total {data.data?.pagination.total_records ?? 0} Result.
            </p>
          )}
        </>
      }
      onChange={setState}
    />
  );
}

function SearchForm({ state, onSearch }: { state: ListingQueryState; onSearch: (next: ListingQueryState) => void }) {
  const [text, setText] = useState(state.q ?? '');
  const inputId = useId();
  return (
    <form
      role="search"
      aria-label="Product search"
      className={css.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(withSearchText(state, text));
      }}
    >
      <div className={css.searchField}>
        <label htmlFor={inputId}>Search the catalogue</label>
        <input id={inputId} type="search" className={textInput} value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
      </div>
      <button type="submit" className={primaryButton}>
        Search
      </button>
    </form>
  );
}
