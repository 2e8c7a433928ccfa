import {
  dineinRetailerReply,
  partnerLocatorReply,
  zipSuggestionReply,
  type DineinRetailerBody,
  type DineinRetailerReply,
  type PartnerLocatorReply,
  type ZipSuggestionReply,
} from './contract/dine-in.contract.ts';
import { call, type Sent } from './http.ts';

/** POST /api/product/dineinRetailerList: the partner restaurants of the shopper's city (code -1: zip not served). */
export function dineinRetailerList(body: Sent<DineinRetailerBody>): Promise<DineinRetailerReply> {
  return call('/api/product/dineinRetailerList', dineinRetailerReply, { method: 'POST', body: { ...body } });
}

/** GET /api/partners/locator: restaurants near a zip, nearest first. */
export function partnerLocator(zipcode: string): Promise<PartnerLocatorReply> {
  return call('/api/partners/locator', partnerLocatorReply, { query: { zipcode } });
}

/** GET /connect/index/suggestzipcode: a served zip near the caller's city, to offer in the pincode dialog. */
export function suggestZipcode(): Promise<ZipSuggestionReply> {
  return call('/connect/index/suggestzipcode', zipSuggestionReply);
}
