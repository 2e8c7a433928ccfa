import { bannersReply, homepageReply, type BannersReply, type HomepageReply } from './contract/home.contract.ts';
import type { SpeedType } from './contract/product-summary.contract.ts';
import { call } from './http.ts';
import { catalogueRestaurant } from '../rules/speeds.ts';

export interface AreaKey {
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedType | undefined;
  /** Dine-in and pick-up: the chosen restaurant (the product page lists only its offers). */
  vendor_location_id?: number | undefined;
}

/** The home call's query: with Dine-In or Pick-Up, the chosen restaurant (its offers, as listings and search show). */
export function homepageRequestQuery(area: AreaKey) {
  return {
    zipcode: area.zipcode,
    loc_id: area.loc_id,
    courier_type: area.courier_type,
    vendor_location_id: catalogueRestaurant(area.courier_type, area.vendor_location_id),
  };
}

export function getHomepage(area: AreaKey): Promise<HomepageReply> {
  return call('/connect/index/homepage', homepageReply, { query: homepageRequestQuery(area) });
}

export function getBanners(): Promise<BannersReply> {
  return call('/connect/index/banners', bannersReply);
}
