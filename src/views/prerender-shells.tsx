import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { prerenderedBanner } from '../api/home.swr.ts';
import { prerenderedListingReply, prerenderedListingTitle, prerenderedListingZip } from '../api/listing.swr.ts';
import { prerenderedProductPicture } from '../api/product.swr.ts';
import { startAppActors } from '../machines/app/index.ts';
import { infoPages } from '../rules/info-pages.ts';
import { AppActorsContext } from './app-context.tsx';
import { AppRoutes } from './app-routes.tsx';
import { ListingPageShellContext, type ListingPageShell } from './store/listing/listing-page-shell.ts';
import { ProductPageShellContext, type ProductPageShell } from './store/product/product-page-shell.ts';
import { StoreHomeShellContext, type StoreHomeShell } from './store/store-home-shell.ts';

/**
 * Build time only (vite.config.ts `prerenderShells`, an SSR build of this file): the HTML of the store's frame and of
 * the static pages, so the browser paints them before any script has run (docs/decisions/034-react-ships.md). Each is
 * the app itself rendered for a first visit (no zip, not signed in) with react-dom/static, which waits for the static
 * pages' lazy chunks. The client then renders over it with createRoot: nothing in it depends on the shopper.
 */
export interface PrerenderedPage {
  path: string;
  /** The file's name in dist/.shells (without .html); the path's own name when not given. */
  name?: string;
  /** Drawn for a shopper who has answered the age question (the store home), not for a first visit. */
  returning?: boolean;
  /** Drawn for a returning shopper with an area (a stand-in zip the server writes the shopper's over). */
  withArea?: boolean;
  /** The module of the screen it shows on demand, whose stylesheets and chunks the page names in its head. */
  screen?: string;
}

/** Which module holds each static page (src/views/lazy-pages.tsx loads them). */
const infoScreens: Record<(typeof infoPages)[number]['path'], string> = {
  '/about-us': 'src/views/info/policy-pages.tsx',
  '/faq': 'src/views/info/faq-page.tsx',
  '/contact-us': 'src/views/info/contact-page.tsx',
  '/refund-policy': 'src/views/info/policy-pages.tsx',
  '/terms-conditions': 'src/views/info/policy-pages.tsx',
  '/privacy-policy': 'src/views/info/policy-pages.tsx',
};

export const prerenderedPages: PrerenderedPage[] = [
  // The store home as a returning shopper first sees it: the frame, the first banner (a placeholder the server fills
  // in, server/http/spa-shell.ts) and 'Loading the store…'.
  { path: '/store', returning: true },
  // The frame alone (a first visit's /store: the page is empty until the age question), in which listing, search and
  // product pages are painted.
  { path: '/store', name: 'store-frame' },
  // A product page as a returning shopper first sees it: the frame and the product's picture (a placeholder the server
  // fills in with the product's, server/http/spa-shell.ts), so its largest paint needs no script.
  { path: '/store/1', name: 'product-frame', returning: true, screen: 'src/views/store/product/product-page.tsx' },
  // A category listing for a shopper with an area: the frame and one stand-in card the server writes the category's
  // first page over for the shopper's area cookie (server/http/listing-shell.ts), so its first cards need no script.
  {
    path: `/store/category/${prerenderedListingTitle}/1`,
    name: 'listing-frame',
    withArea: true,
    screen: 'src/views/store/listing/category-listing-page.tsx',
  },
  ...infoPages.map((page) => ({ path: page.path, screen: infoScreens[page.path] })),
];

const firstVisit = () => ({ getItem: () => null, setItem: () => undefined });
/** A shopper who said they are 21 or older; their zip lives in their browser, so the page is drawn without one. */
const returningShopper = () => ({ getItem: () => JSON.stringify({ ageGateVerified: true }), setItem: () => undefined });
/** A returning shopper with the stand-in area the listing frame is drawn for. */
const shopperWithArea = () => ({
  getItem: () => JSON.stringify({ ageGateVerified: true, zipcode: prerenderedListingZip, location: 1 }),
  setItem: () => undefined,
});
const prerenderedListing: ListingPageShell = { reply: () => prerenderedListingReply };
const prerenderedHome: StoreHomeShell = { prerendering: true, banners: () => [prerenderedBanner] };
const prerenderedProduct: ProductPageShell = { prerendering: true, picture: () => prerenderedProductPicture.url };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

export async function prerenderShell(page: PrerenderedPage): Promise<string> {
  const actors = startAppActors(page.withArea ? shopperWithArea : page.returning ? returningShopper : firstVisit);
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <AppActorsContext.Provider value={actors}>
          <StoreHomeShellContext.Provider value={prerenderedHome}>
            <ProductPageShellContext.Provider value={prerenderedProduct}>
              <ListingPageShellContext.Provider value={prerenderedListing}>
                <StaticRouter location={page.path}>
                  <AppRoutes />
                </StaticRouter>
              </ListingPageShellContext.Provider>
            </ProductPageShellContext.Provider>
          </StoreHomeShellContext.Provider>
        </AppActorsContext.Provider>
      </StrictMode>,
    );
    return await readAll(prelude);
  } finally {
    actors.session.stop();
    actors.notifications.stop();
  }
}
