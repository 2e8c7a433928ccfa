import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { cardHtml, listingFrame } from '../../server/http/listing-shell.ts';
import { prerenderedPages, prerenderShell } from '../../src/views/prerender-shells.tsx';
import { ProductCard } from '../../src/views/store/product-card.tsx';

/**
 * The server draws a listing's cards from the prerendered frame's stand-in card (server/http/listing-shell.ts): each
 * must be the very markup ProductCard renders for that product, so the app's first render draws the same page.
 */
const base: ProductSummary = {
  id: 12,
  name: 'Ribeye',
  image: '/media/products/12/0.jpg',
  child: [{ id: 1, bottle_size: 500, price: '18.40' }],
  speed_types: ['local'],
  age_restricted: false,
  size_unit: 'g',
};
const products: ProductSummary[] = [
  base,
  { ...base, id: 13, child: [], speed_types: [] },
  {
    ...base,
    id: 14,
    name: `Tom's "best" <b>&amp; $& $1`,
    child: [
      { id: 1, bottle_size: 500, price: '9.5' },
      { id: 2, bottle_size: 1000, price: '17' },
    ],
  },
  { ...base, id: 15, age_restricted: true, size_unit: 'ml', speed_types: ['courier', 'farm-direct'] },
  { ...base, id: 16, sold_by_weight: true, speed_types: ['dine-in', 'pickup', 'local'], vendor_loc_id: 7 },
  { ...base, id: 17, sold_by_weight: true, age_restricted: true, image: '/media/products/17/0.jpg?v="2"&x=<y>' },
];

describe("the listing frame's cards are ProductCard's markup", () => {
  it('for every mix of parts (price or none, 21+, an estimate, speeds, a seller, text to escape)', async () => {
    const page = prerenderedPages.find((candidate) => candidate.name === 'listing-frame');
    if (!page) throw new Error('no listing frame among the prerendered pages');
    const frame = listingFrame(await prerenderShell(page));
    if (!frame) throw new Error('the listing frame has no stand-in card the server can take apart');
    // The server knows no one's identity: its cards are a guest's (a verified customer's are drawn again by the app).
    const actors = { session: createActor(sessionMachine, { input: {} }).start(), notifications: createActor(notificationsMachine).start() };
    for (const product of products) {
      const card = renderToStaticMarkup(
        <AppActorsContext.Provider value={actors}>
          <MemoryRouter>
            <ProductCard product={product} />
          </MemoryRouter>
        </AppActorsContext.Provider>,
      );
      expect(cardHtml(frame.card, product, false), product.name).toBe(`<li>${card}</li>`);
    }
    // A first-row card's picture is not lazy, and nothing else differs.
    expect(cardHtml(frame.card, base, true)).toBe(cardHtml(frame.card, base, false).replace(' loading="lazy"', ''));
  });
});
