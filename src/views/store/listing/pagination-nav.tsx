import type { MouseEvent } from 'react';
import { listingQueryString, withPage, type ListingQueryState } from '../../../rules/listing-query.ts';
import { pageNeighbours, paginationItems } from '../../../rules/pagination.ts';
import * as css from './pagination-nav.css.ts';

export interface PaginationNavProps {
  state: ListingQueryState;
  totalPages: number;
  onChange: (next: ListingQueryState) => void;
}

/**
 * Previous, page numbers (3 around the current, 2 at each end, '…' between) and Next. Real links to the page's
 * query, so a page opens in a new tab or is copied; a plain click goes through onChange like every other change.
 */
export function PaginationNav({ state, totalPages, onChange }: PaginationNavProps) {
  const { previous, next } = pageNeighbours(state.page, totalPages);

  const pageLink = (page: number | undefined, label: string, current = false) => {
    if (page === undefined) {
      return (
        <a role="link" aria-disabled="true" className={css.link}>
          {label}
        </a>
      );
    }
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      // Let the browser open new tabs and windows itself.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (!current) onChange(withPage(state, page));
    };
    return (
      <a href={`?${listingQueryString(withPage(state, page))}`} aria-current={current ? 'page' : undefined} className={css.link} onClick={follow}>
        {label}
      </a>
    );
  };

  return (
    <nav aria-label="Pagination">
      <ul className={css.list}>
        <li>{pageLink(previous, 'Previous')}</li>
        {paginationItems(state.page, totalPages).map((item, index) =>
          item.kind === 'break' ? (
            <li key={`break-${index}`} className={css.gap}>
              …
            </li>
          ) : (
            <li key={item.page}>{pageLink(item.page, String(item.page + 1), item.page === state.page)}</li>
          ),
        )}
        <li>{pageLink(next, 'Next')}</li>
      </ul>
    </nav>
  );
}
