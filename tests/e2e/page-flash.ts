import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** The 'Loading…' texts seen in #root since the page started (watchLoadingFlash). */
    loadingSeen?: string[];
  }
}

/**
 * Watches every page this `page` opens for the app's 'Loading…' fallback (src/views/lazy-pages.tsx) from the
 * document's first byte on. A page the server drew (the store's frame, a listing's cards, a product's picture, a static
 * page) must go straight from the server's markup to the app's: a flash of 'Loading…' between them blanks what the
 * shopper was already reading and moves the largest paint later.
 */
export async function watchLoadingFlash(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.loadingSeen = [];
    const look = () => {
      for (const status of document.querySelectorAll('#root [role="status"]')) {
        if (status.textContent?.trim() === 'Loading…') window.loadingSeen?.push(status.outerHTML);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The 'Loading…' fallbacks seen since the page's last load. */
export const loadingSeen = (page: Page): Promise<string[]> => page.evaluate(() => window.loadingSeen ?? []);
