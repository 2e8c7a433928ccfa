import { array, number, object, optional, string, type, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { storeField, zipcodeField } from './fields.ts';

/** GET /connect/index/getaddressbyzipcode?zipcode=&store_id=1 */
export const zipLookupQuery = object({ zipcode: zipcodeField, ...storeField });
export type ZipLookupQuery = Infer<typeof zipLookupQuery>;

export const zipLookupEntry = type({
  zipcode: string(),
  city: optional(string()),
  state: optional(string()),
  loc_id: optional(number()),
});
/** code 1: data[0] has state and loc_id. code -1: not served; data[0] has the zip's city and state when known. */
export const zipLookupReply = envelope(array(zipLookupEntry));
export type ZipLookupReply = Infer<typeof zipLookupReply>;

/** GET connect/citylist/currentservicearea?city=&state= */
export const serviceAreaQuery = object({ city: string(), state: string(), ...storeField });
export type ServiceAreaQuery = Infer<typeof serviceAreaQuery>;

export const servedCity = type({ city: string(), state: string(), postcodes: array(string()) });
export type ServedCity = Infer<typeof servedCity>;

/** avaialbepostcodes (sic, the spec's name): the city's served zips; all_areas: every served city, for when it has none. */
export const serviceAreaReply = envelope(type({ avaialbepostcodes: array(string()), all_areas: array(servedCity) }));
export type ServiceAreaReply = Infer<typeof serviceAreaReply>;
