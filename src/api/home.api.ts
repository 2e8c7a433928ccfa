import useSWR from 'swr';
import { bannersReply, homepageReply, type BannersReply, type HomepageReply } from './contract/home.contract.ts';
import type { SpeedType } from './contract/product-summary.contract.ts';
import { call } from './http.ts';

export interface AreaKey {
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedType | undefined;
}

export function getHomepage(area: AreaKey): Promise<HomepageReply> {
  return call('/connect/index/homepage', homepageReply, {
    query: { zipcode: area.zipcode, loc_id: area.loc_id, courier_type: area.courier_type },
  });
}

/** Catalogue reads go through SWR: cached per area, revalidated on focus. */
export function useHomepage(area: AreaKey | undefined) {
  return useSWR(area ? ['homepage', area.zipcode, area.loc_id, area.courier_type ?? ''] : null, () =>
    area ? getHomepage(area) : Promise.reject(new Error('no area')),
  );
}

export function getBanners(): Promise<BannersReply> {
  return call('/connect/index/banners', bannersReply);
}

/** The store's banners (the splash slider): the same for every area. */
export function useBanners() {
  return useSWR(['banners'], getBanners);
}
