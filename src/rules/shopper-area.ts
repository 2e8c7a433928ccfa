import type { ListingArea } from './listing-query.ts';
import type { SpeedValue } from './speeds.ts';

/** The stored values (session-values.ts) a catalogue read is asked with. */
export interface StoredArea {
  zipcode?: string | undefined;
  location?: number | undefined;
  couriertype?: SpeedValue | undefined;
  retailer?: number | undefined;
}

/**
 * The shopper's area as every catalogue read asks with it (home, listings, the search page and the header's search
 * box): zip, area and mode, and with Dine-In or Pick-Up the restaurant chosen on /ship/options (the requests carry it
 * for a visit speed only, catalogueRestaurant). Undefined until the shopper has chosen a pincode.
 */
export function shopperArea(values: StoredArea): ListingArea | undefined {
  const { zipcode, location, couriertype, retailer } = values;
  return zipcode && location !== undefined ? { zipcode, loc_id: location, courier_type: couriertype, vendor_location_id: retailer } : undefined;
}
