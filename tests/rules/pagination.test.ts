import { describe, expect, it } from 'vitest';
import { marginPagesDisplayed, pageNeighbours, pageRangeDisplayed, paginationItems } from '../../src/rules/pagination.ts';

/** The window as a shopper reads it: 1-based page labels and '…' for a break. */
function shown(current0: number, total: number): string {
  return paginationItems(current0, total)
    .map((item) => (item.kind === 'break' ? '…' : String(item.page + 1)))
    .join(' ');
}

describe('pagination window (react-paginate: 3 pages around the current, 2 margin pages)', () => {
  it('uses the spec constants', () => {
    expect(pageRangeDisplayed).toBe(3);
    expect(marginPagesDisplayed).toBe(2);
  });

  it('shows nothing for no pages and the single page for one', () => {
    expect(paginationItems(0, 0)).toEqual([]);
    expect(paginationItems(0, 1)).toEqual([{ kind: 'page', page: 0 }]);
  });

  it('shows every page up to 3 pages', () => {
    expect(shown(0, 2)).toBe('1 2');
    expect(shown(2, 3)).toBe('1 2 3');
  });

  it('shows all 5 of 5 pages wherever the current page is', () => {
    for (let current = 0; current < 5; current++) expect(shown(current, 5)).toBe('1 2 3 4 5');
  });

  it('lays out 7 pages at the start, middle and end', () => {
    expect(shown(0, 7)).toBe('1 2 3 … 6 7');
    // Near the start the window and the margins leave single-page gaps, which show as pages.
    expect(shown(1, 7)).toBe('1 2 3 4 5 6 7');
    expect(shown(2, 7)).toBe('1 2 3 4 5 6 7');
    expect(shown(3, 7)).toBe('1 2 3 4 5 6 7');
    expect(shown(4, 7)).toBe('1 2 3 4 5 6 7');
    expect(shown(5, 7)).toBe('1 2 … 5 6 7');
    expect(shown(6, 7)).toBe('1 2 … 5 6 7');
  });

  it('lays out 20 pages at the start', () => {
    expect(shown(0, 20)).toBe('1 2 3 … 19 20');
    // react-paginate's window on the second page reaches one page further (its left side is cut at page 1).
    expect(shown(1, 20)).toBe('1 2 3 4 … 19 20');
    expect(shown(2, 20)).toBe('1 2 3 4 … 19 20');
    expect(shown(3, 20)).toBe('1 2 3 4 5 … 19 20');
    // A gap of one page shows that page instead of '…'.
    expect(shown(4, 20)).toBe('1 2 3 4 5 6 … 19 20');
  });

  it('lays out 20 pages in the middle with a break on each side', () => {
    expect(shown(5, 20)).toBe('1 2 … 5 6 7 … 19 20');
    expect(shown(9, 20)).toBe('1 2 … 9 10 11 … 19 20');
    expect(shown(14, 20)).toBe('1 2 … 14 15 16 … 19 20');
  });

  it('lays out 20 pages at the end', () => {
    expect(shown(15, 20)).toBe('1 2 … 15 16 17 18 19 20');
    expect(shown(16, 20)).toBe('1 2 … 16 17 18 19 20');
    expect(shown(17, 20)).toBe('1 2 … 17 18 19 20');
    expect(shown(18, 20)).toBe('1 2 … 18 19 20');
    expect(shown(19, 20)).toBe('1 2 … 18 19 20');
  });

  it('always includes the current page, once, and never two breaks in a row', () => {
    for (const total of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 57]) {
      for (let current = 0; current < total; current++) {
        const items = paginationItems(current, total);
        const pages = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []));
        expect(pages.filter((p) => p === current)).toHaveLength(1);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        items.forEach((item, i) => {
          if (item.kind === 'break') expect(items[i + 1]?.kind).toBe('page');
        });
        // At most 2 + 3 + 2 pages and 2 breaks, plus the pages that replace single-page gaps.
        expect(items.length).toBeLessThanOrEqual(9);
      }
    }
  });

  it('lays out a page past the end (a stale link) like the last page', () => {
    expect(shown(40, 20)).toBe(shown(19, 20));
    expect(shown(-3, 20)).toBe(shown(0, 20));
  });
});

describe('previous and next', () => {
  it('has no previous on the first page and no next on the last', () => {
    expect(pageNeighbours(0, 20)).toEqual({ previous: undefined, next: 1 });
    expect(pageNeighbours(19, 20)).toEqual({ previous: 18, next: undefined });
    expect(pageNeighbours(7, 20)).toEqual({ previous: 6, next: 8 });
  });

  it('goes nowhere with one page or none', () => {
    expect(pageNeighbours(0, 1)).toEqual({ previous: undefined, next: undefined });
    expect(pageNeighbours(0, 0)).toEqual({ previous: undefined, next: undefined });
  });

  it('sends Previous from a page past the end back to the last page', () => {
    expect(pageNeighbours(40, 20)).toEqual({ previous: 19, next: undefined });
    expect(pageNeighbours(3, 0)).toEqual({ previous: undefined, next: undefined });
  });
});
