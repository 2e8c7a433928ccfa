import { bannersReply, homepageReply, type BannersReply, type HomepageReply } from './contract/home.contract.ts';
import type { SpeedType } from './contract/product-summary.contract.ts';
import { call } from './http.ts';

export interface AreaKey {
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedType | undefined;
  /** Dine-in and pick-up: the chosen restaurant (the product page lists only its offers). */
  vendor_location_id?: number | undefined;
}

export function getHomepage(area: AreaKey): Promise<HomepageReply> {
  return call('/connect/index/homepage', homepageReply, {
    query: { zipcode: area.zipcode, loc_id: area.loc_id, courier_type: area.courier_type },
  });
}

export function getBanners(): Promise<BannersReply> {
  return call('/connect/index/banners', bannersReply);
}
