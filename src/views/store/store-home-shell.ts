import { createContext } from 'react';
import { pageBanners, type Banner } from '../../api/home.swr.ts';

/**
 * Where the store home finds what it draws before its call answers. In the browser: the banners /store's page
 * arrived with. At build time (src/views/prerender-shells.tsx): a placeholder banner the server fills in, and the
 * home drawn as if loading for a shopper with a zip (the prerendered /store is what returning shoppers first see).
 */
export interface StoreHomeShell {
  prerendering: boolean;
  banners: () => Banner[] | undefined;
}

export const StoreHomeShellContext = createContext<StoreHomeShell>({ prerendering: false, banners: pageBanners });
