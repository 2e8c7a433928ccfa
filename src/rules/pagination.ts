/** The spec's pagination: 3 page links around the current page and 2 margin pages at each end (spec 9). */
export const pageRangeDisplayed = 3;
export const marginPagesDisplayed = 2;

export type PaginationItem = { kind: 'page'; page: number } | { kind: 'break' };

/**
 * The page links to show, pages 0-based, in the way react-paginate (v8) lays them out, which the old store used:
 * the first and last 2 pages, 3 pages around the current one, one '…' for each gap, and a gap of a single page shown
 * as that page (a '…' standing for one page saves no room).
 */
export function paginationItems(currentPage0: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= pageRangeDisplayed) return Array.from({ length: total }, (_, page) => ({ kind: 'page', page }));

  // A page past the end (a stale link) lays out like the last page.
  const current = Math.min(Math.max(0, Math.floor(currentPage0)), total - 1);
  let left = pageRangeDisplayed / 2;
  let right = pageRangeDisplayed - left;
  if (current > total - pageRangeDisplayed / 2) {
    right = total - current;
    left = pageRangeDisplayed - right;
  } else if (current < pageRangeDisplayed / 2) {
    left = current;
    right = pageRangeDisplayed - left;
  }
  // On the first page the window would otherwise hold one page more than the range.
  if (current === 0) right -= 1;

  const shown = (page: number) =>
    page < marginPagesDisplayed || page >= total - marginPagesDisplayed || (page >= current - left && page <= current + right);

  const items: Array<PaginationItem & { at: number }> = [];
  for (let page = 0; page < total; page++) {
    if (shown(page)) items.push({ kind: 'page', page, at: page });
    else if (items.at(-1)?.kind !== 'break') items.push({ kind: 'break', at: page });
  }

  return items.map((item, i): PaginationItem => {
    const before = items[i - 1];
    const after = items[i + 1];
    if (item.kind === 'break' && before?.kind === 'page' && after?.kind === 'page' && after.at - before.at <= 2) {
      return { kind: 'page', page: item.at };
    }
    return item.kind === 'page' ? { kind: 'page', page: item.page } : { kind: 'break' };
  });
}

/** Where Previous and Next lead, or undefined when there is nowhere to go. */
export interface PageNeighbours {
  previous: number | undefined;
  next: number | undefined;
}

export function pageNeighbours(currentPage0: number, totalPages: number): PageNeighbours {
  const last = totalPages - 1;
  return {
    // From a page past the end, Previous goes back to the last page that has products.
    previous: currentPage0 > 0 && last >= 0 ? Math.min(currentPage0 - 1, last) : undefined,
    next: currentPage0 < last ? currentPage0 + 1 : undefined,
  };
}
