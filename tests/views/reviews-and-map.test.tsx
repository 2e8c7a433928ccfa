// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewsReply } from '../../src/api/contract/reviews.contract.ts';
import type { SampleStore } from '../../src/api/contract/stores.contract.ts';
import { ProductReviews } from '../../src/views/store/product/product-reviews.tsx';
import { StoreMap } from '../../src/views/store/stores/store-map.tsx';

const review = (id: number, title: string, detail = 'Lovely.'): Review => ({
  id,
  nickname: 'Maria G.',
  title,
  detail,
  rating: 4,
  created_at: '2026-11-01T12:00:00Z',
});
const bars = [
  { stars: 5, count: 6 },
  { stars: 4, count: 4 },
  { stars: 3, count: 0 },
  { stars: 2, count: 0 },
  { stars: 1, count: 2 },
];
const figures = { review_count: 12, rating: '4.2', rating_breakdown: bars };

// The reviews machine reaches the server through src/api/reviews.api.ts: stand-ins answer here.
const server = vi.hoisted(() => ({ pages: [] as number[] }));
vi.mock('../../src/api/reviews.api.ts', () => ({
  getReviews: vi.fn(async (_productId: number, page: number): Promise<ReviewsReply> => {
    server.pages.push(page);
    const reviews =
      page === 0
        ? [review(12, 'Newest'), review(11, '<img src=x onerror=alert(1)>', '<script>alert(1)</script>')]
        : [review(2, `Older, page ${page + 1}`)];
    return {
      code: 1,
      data: { reviews, pagination: { total_records: 12, total_page: 3, limit: 5, current_page: page }, ...figures, can_review: false },
    };
  }),
  postReview: vi.fn(),
}));

afterEach(() => {
  cleanup();
  server.pages = [];
});

describe('the product page’s reviews', () => {
  const product = { id: 7, reviews: [review(12, 'Newest')], ...figures } as const;

  it('shows the average, the breakdown and the newest reviews as text, and pages through older ones', async () => {
    render(<ProductReviews product={{ ...product, reviews: [...product.reviews], rating_breakdown: [...bars] }} />);
    expect(screen.getByText('4.2')).toBeTruthy();
    const breakdown = screen.getByRole('list', { name: 'Rating breakdown' });
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5 star6', '4 star4', '3 star0', '2 star0', '1 star2']);
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // Hostile words stay words: no element was made of them.
    expect(within(list).getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(within(list).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(list.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();

    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Older, page 2' });
    expect(server.pages).toEqual([0, 1]);
    expect(within(pager).getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the map of stores', () => {
  const store = (locId: number, name: string, serves: boolean, longitude: number, latitude: number): SampleStore => ({
    loc_id: locId,
    name,
    kind: 'Butcher',
    street1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipcode: '10014',
    telephone: '2125550100',
    latitude,
    longitude,
    serves_zip: serves,
  });
  const stores = [store(101, 'Hudson Street Butchers', true, -74.0054, 40.7339), store(103, 'Loop Butchers', false, -87.6298, 41.8781)];

  it('draws the states and a named, focusable marker per store, those delivering to the zip marked; Enter chooses one', () => {
    const chosen: number[] = [];
    const { container } = render(<StoreMap stores={stores} zipcode="10001" chosen={undefined} onChoose={(id) => chosen.push(id)} />);
    const map = screen.getByRole('group', { name: 'Map of our stores' });
    expect(container.querySelectorAll('path').length).toBeGreaterThanOrEqual(2);
    expect((container.querySelector('path')?.getAttribute('d') ?? '').length).toBeGreaterThan(1000);
    const marked = within(map).getByRole('button', { name: 'Hudson Street Butchers, New York, NY: delivers to 10001' });
    const other = within(map).getByRole('button', { name: 'Loop Butchers, New York, NY' });
    expect(marked.getAttribute('data-serves')).toBe('true');
    expect(other.getAttribute('data-serves')).toBe('false');
    for (const marker of [marked, other]) expect(marker.getAttribute('tabindex')).toBe('0');
    marked.focus();
    expect(document.activeElement).toBe(marked);
    fireEvent.keyDown(marked, { key: 'Enter' });
    fireEvent.keyDown(other, { key: ' ' });
    fireEvent.keyDown(other, { key: 'a' });
    expect(chosen).toEqual([101, 103]);
  });
});
