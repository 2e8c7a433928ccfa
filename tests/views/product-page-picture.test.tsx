// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pageProductPictureElementId } from '../../src/api/contract/product.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { ProductPage } from '../../src/views/store/product/product-page.tsx';

// The product call never answers here: what the page draws meanwhile is the point.
vi.mock('../../src/api/product.api.ts', () => ({ getProduct: () => new Promise(() => undefined) }));

// As server/http/spa-shell.ts writes it into product 1's page (read once per page load).
document.head.innerHTML = `<script type="application/json" id="${pageProductPictureElementId}">${JSON.stringify({ id: 1, url: '/media/products/1/0.svg' })}</script>`;

function renderProduct(path: string, zipcode?: string) {
  const input = zipcode ? { ageGateVerified: true, zipcode, location: 101 } : { ageGateVerified: true };
  const session = createActor(sessionMachine, { input }).start();
  const notifications = createActor(notificationsMachine).start();
  const { container } = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppActorsContext.Provider value={{ session, notifications }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/store/:productId" element={<ProductPage />} />
          </Routes>
        </MemoryRouter>
      </AppActorsContext.Provider>
    </SWRConfig>,
  );
  return container;
}
afterEach(cleanup);
afterAll(() => {
  document.head.innerHTML = '';
});

describe('the product page draws the picture its page arrived with until the product call answers', () => {
  it("keeps the server's picture in the gallery's place, with the loading line", () => {
    const page = renderProduct('/store/1', '10001');
    const picture = page.querySelector('article[aria-busy="true"] img');
    expect(picture?.getAttribute('src')).toBe('/media/products/1/0.svg');
    expect(picture?.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByText('Loading the product…')).toBeTruthy();
  });

  it("draws no picture for another product than the page's", () => {
    const page = renderProduct('/store/2', '10001');
    expect(page.querySelector('img')).toBeNull();
    expect(screen.getByText('Loading the product…')).toBeTruthy();
  });

  it('without an area the shopper is asked for a pincode, picture or not', () => {
    const page = renderProduct('/store/1');
    expect(page.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'choose your pincode' })).toBeTruthy();
  });
});
