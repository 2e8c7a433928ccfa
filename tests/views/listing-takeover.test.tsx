// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import { pageListingElementId } from '../../src/api/contract/page-listing.contract.ts';
import type { ListingRequest } from '../../src/rules/listing-query.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { CategoryListingPage } from '../../src/views/store/listing/category-listing-page.tsx';

const card = (id: number, name: string) => ({
  id,
  name,
  image: `/media/products/${id}/0.jpg`,
  child: [{ id: 1, bottle_size: 500, price: '18.40' }],
  speed_types: ['local' as const],
  age_restricted: false,
  size_unit: 'g' as const,
});
const reply = (names: string[]): ListingReply => ({
  code: 1,
  data: {
    products: names.map((name, index) => card(index + 1, name)),
    filters: [{ id: 1, name: 'Price', parameter: 'priceranges', options: [{ label: '$0 - $10', value: '0-10' }] }],
    pagination: { total_records: names.length, total_page: 1, limit: 20, current_page: 0 },
  },
});

// Every listing call the app makes, answered with the server's fresh page.
const asked: ListingRequest[] = [];
vi.mock('../../src/api/listing.api.ts', () => ({
  getListing: (request: ListingRequest) => {
    asked.push(request);
    return Promise.resolve(reply(['Ribeye (asked)']));
  },
  getSearchListing: () => new Promise(() => undefined),
}));

// As server/http/listing-shell.ts writes it into /store/category/Meat/Beef/1001's page for 10001 / 101 (read once).
const drawnRequest = { method: 'GET', path: '/connect/index/category', query: { catid: 1001, zipcode: '10001', loc_id: 101, page: 0, limit: 20 } };
document.head.innerHTML = `<script type="application/json" id="${pageListingElementId}">${JSON.stringify({ key: drawnRequest, reply: reply(['Ribeye', 'Brisket']) })}</script>`;

function renderListing(path: string) {
  const session = createActor(sessionMachine, { input: { ageGateVerified: true, zipcode: '10001', location: 101 } }).start();
  const notifications = createActor(notificationsMachine).start();
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppActorsContext.Provider value={{ session, notifications }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/store/category/:categoryName/:categoryName2/:categoryId" element={<CategoryListingPage />} />
          </Routes>
        </MemoryRouter>
      </AppActorsContext.Provider>
    </SWRConfig>,
  );
}
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
beforeEach(() => {
  asked.length = 0;
});
afterEach(cleanup);
afterAll(() => {
  document.head.innerHTML = '';
});

describe('the app takes over the listing the server drew (decision 066)', () => {
  it("another category's listing is asked for as always: the page's reply answers only its own request", async () => {
    renderListing('/store/category/Meat/Pork/1002');
    expect(screen.getByText('Loading products…')).toBeTruthy();
    await act(async () => undefined);
    expect(asked.map((request) => (request.method === 'GET' ? request.query.catid : undefined))).toEqual([1002]);
  });

  it("draws the page's cards in its first render and does not ask for them again; a later visit asks", async () => {
    const first = renderListing('/store/category/Meat/Beef/1001');
    expect(cardNames()[0]).toContain('Ribeye');
    expect(cardNames()).toHaveLength(2);
    expect(screen.queryByText('Loading products…')).toBeNull();
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    // After the take-over (the page's reply is no longer offered) the cards stay: SWR holds them now, not asked for.
    expect(asked).toEqual([]);
    expect(cardNames()[0]).toContain('Ribeye');
    expect(cardNames()).toHaveLength(2);
    first.unmount();

    renderListing('/store/category/Meat/Beef/1001');
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(asked).toHaveLength(1);
    expect(cardNames()[0]).toContain('Ribeye (asked)');
  });
});
