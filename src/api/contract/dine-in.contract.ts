import { array, define, enums, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { isPriceCategoryFilter } from '../../rules/dine-in.ts';
import { visitSpeedValues } from '../../rules/speeds.ts';
import { envelope } from './envelope.ts';
import { numericId, storeField, zipcodeField } from './fields.ts';

/**
 * Partner restaurants and bars (issue 12): POST /api/product/dineinRetailerList (the spec's dine-in retailer list),
 * GET /api/partners/locator (the /party/locator screen) and GET /connect/index/suggestzipcode (the pincode dialog's
 * geo-IP prefill). A restaurant is a vendor_locations row of a 'restaurant' vendor; loc_id is its id.
 */

/** The star filter: 0 (All) or 1 to 5; query text or a number. */
const priceCategoryField = coerce(
  define<number>('price_category', (v) => isPriceCategoryFilter(v) || 'price_category must be 0 (All) or 1 to 5.'),
  string(),
  (text) => (/^\d$/.test(text.trim()) ? Number(text.trim()) : text),
);

/** zipcode: the shopper's pincode; location: its delivery area's loc_id (checked against the zip when given). */
export const dineinRetailerBody = object({
  zipcode: zipcodeField,
  location: optional(numericId('location')),
  price_category: optional(priceCategoryField),
  ...storeField,
});
export type DineinRetailerBody = Infer<typeof dineinRetailerBody>;

/** The spec's Retailer (dine-in list) plus the restaurant's hours and description. */
export const dineinRetailer = type({
  loc_id: number(),
  vendor_id: number(),
  name: string(),
  street1: string(),
  street2: string(),
  city: string(),
  state: string(),
  zipcode: string(),
  telephone: string(),
  /** 1 to 5 stars. */
  price_category: number(),
  /** 'HH:MM', every day; closes before midnight. */
  opens_at: string(),
  closes_at: string(),
  description: string(),
});
export type DineinRetailer = Infer<typeof dineinRetailer>;

/**
 * A restaurant of the dine-in list with the visit speeds ('dine-in', 'pickup') it has offers at in the shopper's area:
 * the same rule the server checks a chosen vendor_location_id by, so each card lists only restaurants it accepts.
 */
export const visitRetailer = type({ ...dineinRetailer.schema, speeds: array(enums(visitSpeedValues)) });
export type VisitRetailer = Infer<typeof visitRetailer>;

/**
 * code 1: data.vendordata, the restaurants selling at Dine-In or Pick-Up in the area (maybe none: 'No retailer
 * available for this location presently'); code -1: the coming-soon message.
 */
export const dineinRetailerReply = envelope(type({ vendordata: array(visitRetailer) }));
export type DineinRetailerReply = Infer<typeof dineinRetailerReply>;

/** GET /api/partners/locator?zipcode= */
export const partnerLocatorQuery = object({ zipcode: zipcodeField, ...storeField });
export type PartnerLocatorQuery = Infer<typeof partnerLocatorQuery>;

export const nearbyRestaurant = type({
  ...dineinRetailer.schema,
  /** Straight-line miles from the zip's centre to the restaurant, one decimal. */
  distance: number(),
});
export type NearbyRestaurant = Infer<typeof nearbyRestaurant>;

/** code 1: restaurants within reach of the zip, nearest first; code -1: none near it (the coming-soon message). */
export const partnerLocatorReply = envelope(type({ restaurants: array(nearbyRestaurant) }));
export type PartnerLocatorReply = Infer<typeof partnerLocatorReply>;

/** GET /connect/index/suggestzipcode: no parameters; the caller's address is the input. */
export const zipSuggestionQuery = object(storeField);

/** code 1: a served zip near the caller's city (never submitted for them); code -1: none known. */
export const zipSuggestionReply = envelope(type({ zipcode: string(), city: string(), state: string(), from_city: nullable(string()) }));
export type ZipSuggestionReply = Infer<typeof zipSuggestionReply>;
