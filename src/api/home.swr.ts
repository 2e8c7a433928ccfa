import useSWR from 'swr';
import { getBanners, getHomepage, type AreaKey } from './home.api.ts';

// The banners /store's page arrived with, and the build's stand-in for the first one (the store home's first paint).
export { pageBanners } from './page-banners.ts';
export { homeSections, prerenderedBanner, type Banner } from './contract/home.contract.ts';

/** Catalogue reads go through SWR: cached per area, revalidated on focus. */
export function useHomepage(area: AreaKey | undefined) {
  return useSWR(area ? ['homepage', area.zipcode, area.loc_id, area.courier_type ?? ''] : null, () =>
    area ? getHomepage(area) : Promise.reject(new Error('no area')),
  );
}

/** The store's banners (the splash slider): the same for every area. */
export function useBanners() {
  return useSWR(['banners'], getBanners);
}
