import { useId, useRef, useState, type ReactNode } from 'react';
import type { ListingReply } from '../../../api/contract/catalogue.contract.ts';
import { emptyCategoryMessage, pageSizes, sortOptions } from '../../../rules/listing.ts';
import { withCartVendors, withLimit, withPage, withSort, type CartVendor, type ListingQueryState } from '../../../rules/listing-query.ts';
import { primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import { ProductCard } from '../product-card.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { FilterSheet } from './filter-sheet.tsx';
import * as css from './listing-view.css.ts';
import { PaginationNav } from './pagination-nav.tsx';

export interface ListingViewProps {
  title: string;
  /** What the URL says to show (the single source of truth). */
  state: ListingQueryState;
  /** The last reply; with SWR's keepPreviousData this is the previous page's while the next one loads. */
  reply: ListingReply | undefined;
  /** A request for this state is under way (with `reply` set, the reply shown is the previous one). */
  isLoading: boolean;
  error?: unknown;
  /** The page's own category ('Shop All' in the filter panel); search listings have none. */
  ownCategoryId?: number | undefined;
  /** Category listings show the filter panel; search does not. */
  showFilters?: boolean;
  /** The cart's sellers: the filter panel offers them as the vendor filter (spec 3). */
  cartVendors?: readonly CartVendor[];
  /** Shown when the server sends an empty listing without a message of its own (spec 8). */
  emptyMessage?: string;
  /** The option standing for the server's own order (no sort chosen). */
  defaultSortLabel?: string;
  /** Under the title: the search form, the result count. */
  summary?: ReactNode;
  /** Every change of sort, page size, filter or page: the page component writes it to the URL. */
  onChange: (next: ListingQueryState) => void;
}

/** The product listing screen shared by category, legacy category and search pages. */
export function ListingView({
  title,
  state,
  reply,
  isLoading,
  error,
  ownCategoryId,
  showFilters = true,
  cartVendors = [],
  emptyMessage = emptyCategoryMessage,
  defaultSortLabel = 'Featured',
  summary,
  onChange,
}: ListingViewProps) {
  const titleId = useId();
  const sortId = useId();
  const limitId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  const data = reply?.data;
  const products = data?.products ?? [];
  const totalPages = data?.pagination.total_page ?? 0;
  const filters = showFilters ? withCartVendors(data?.filters ?? [], cartVendors) : [];
  const stale = isLoading && reply !== undefined;

  const closeSheet = () => {
    setSheetOpen(false);
    filterButton.current?.focus();
  };
  const changePage = (next: ListingQueryState) => {
    onChange(next);
    // The pagination sits under the grid; the next page starts at the top. (jsdom has no scrollIntoView.)
    heading.current?.scrollIntoView?.({ block: 'start' });
  };

  let content: ReactNode;
  if (error instanceof Error && !reply) {
    content = (
      <p role="alert" className={css.error}>
        {error.message}
      </p>
    );
  } else if (!reply) {
    content = isLoading ? (
      <p role="status" className={css.message}>
        Loading products…
      </p>
    ) : null;
  } else if (reply.code === 1 && products.length === 0 && (data?.pagination.total_records ?? 0) > 0) {
    // A stale link past the last page: the products exist, just not on this page.
    content = (
      <div className={css.message}>
        <p>There are no products on this page.</p>
        <button type="button" className={secondaryButton} onClick={() => changePage(withPage(state, 0))}>
          Go to the first page
        </button>
      </div>
    );
  } else if (reply.code !== 1 || products.length === 0) {
    content = <p className={css.message}>{reply.message || emptyMessage}</p>;
  } else {
    content = (
      <>
        <ul className={css.grid} aria-label="Products">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
        {totalPages > 1 && <PaginationNav state={state} totalPages={totalPages} onChange={changePage} />}
      </>
    );
  }

  return (
    <section className={css.page} aria-labelledby={titleId}>
      <header className={css.header}>
        <h1 id={titleId} ref={heading} className={css.title}>
          {title}
        </h1>
        {summary}
      </header>

      <div className={css.toolbar}>
        {filters.length > 0 && (
          <button
            ref={filterButton}
            type="button"
            className={`${primaryButton} ${css.filterButton}`}
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            Filter
          </button>
        )}
        <div className={css.control}>
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} className={css.select} value={state.sort ?? ''} onChange={(event) => onChange(withSort(state, event.target.value))}>
            <option value="">{defaultSortLabel}</option>
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={css.control}>
          <label htmlFor={limitId}>Show</label>
          <select
            id={limitId}
            className={css.select}
            value={String(state.limit)}
            onChange={(event) => onChange(withLimit(state, Number(event.target.value)))}
          >
            {pageSizes.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={filters.length > 0 ? css.body : css.bodyWithoutFilters}>
        {filters.length > 0 && (
          <aside className={css.aside} aria-label="Filters">
            <FilterPanel filters={filters} state={state} ownCategoryId={ownCategoryId} onChange={onChange} heading="Filters" />
          </aside>
        )}
        <div className={`${css.results} ${stale ? css.busy : ''}`} aria-busy={isLoading}>
          {error instanceof Error && reply && (
            <p role="alert" className={css.error}>
              {error.message}
            </p>
          )}
          {content}
        </div>
      </div>

      {sheetOpen && (
        <FilterSheet
          filters={filters}
          state={state}
          ownCategoryId={ownCategoryId}
          onCancel={closeSheet}
          onApply={(next) => {
            closeSheet();
            onChange(next);
          }}
        />
      )}
    </section>
  );
}
