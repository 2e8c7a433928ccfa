import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { startAppActors } from '../machines/app/index.ts';
import { infoPages } from '../rules/store-policies.ts';
import { AppActorsContext } from './app-context.tsx';
import { AppRoutes } from './app-routes.tsx';

/**
 * Build time only (vite.config.ts `prerenderShells`, an SSR build of this file): the HTML of the store's frame and of
 * the static pages, so the browser paints them before any script has run (docs/decisions/034-react-ships.md). Each is
 * the app itself rendered for a first visit (no zip, not signed in) with react-dom/static, which waits for the static
 * pages' lazy chunks. The client then renders over it with createRoot: nothing in it depends on the shopper.
 */
export interface PrerenderedPage {
  path: string;
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
  { path: '/store' },
  ...infoPages.map((page) => ({ path: page.path, screen: infoScreens[page.path] })),
];

const firstVisit = () => ({ getItem: () => null, setItem: () => undefined });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

export async function prerenderShell(path: string): Promise<string> {
  const actors = startAppActors(firstVisit);
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <AppActorsContext.Provider value={actors}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppActorsContext.Provider>
      </StrictMode>,
    );
    return await readAll(prelude);
  } finally {
    actors.session.stop();
    actors.notifications.stop();
  }
}
