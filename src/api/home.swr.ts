import useSWR from 'swr';
import { getBanners, getHomepage, homepageRequestQuery, type AreaKey } from './home.api.ts';

// The banners /store's page arrived with, and the build's stand-in for the first one (the store home's first paint).
export { pageBanners } from './page-banners.ts';
export { homeSections, prerenderedBanner, type Banner } from './contract/home.contract.ts';

/**
 * The home's SWR key: what its call asks (area, speed and, for Dine-In or Pick-Up, the restaurant), so after a switch
 * of restaurant no carousel shows the other one's prices.
 */
export function homepageKey(area: AreaKey) {
  const query = homepageRequestQuery(area);
  return ['homepage', query.zipcode, query.loc_id, query.courier_type ?? '', query.vendor_location_id ?? 0] as const;
}

/** Catalogue reads go through SWR: cached per area (and restaurant), revalidated on focus. */
export function useHomepage(area: AreaKey | undefined) {
  return useSWR(area ? homepageKey(area) : null, () => (area ? getHomepage(area) : Promise.reject(new Error('no area'))));
}

/** The store's banners (the splash slider): the same for every area. */
export function useBanners() {
  return useSWR(['banners'], getBanners);
}
