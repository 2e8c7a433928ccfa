import type { ListingArea } from '../../../rules/listing-query.ts';
import { shopperArea } from '../../../rules/shopper-area.ts';
import { useSessionValue } from '../../app-context.tsx';

/**
 * The delivery area the catalogue calls need, or undefined until the shopper has chosen a pincode; with Dine-In or
 * Pick-Up, the restaurant chosen on /ship/options (the listing's requests carry it for a visit speed only).
 */
export function useShopperArea(): ListingArea | undefined {
  const zipcode = useSessionValue('zipcode');
  const location = useSessionValue('location');
  const couriertype = useSessionValue('couriertype');
  const retailer = useSessionValue('retailer');
  // A fresh object each render is fine: SWR hashes its key by value.
  return shopperArea({ zipcode, location, couriertype, retailer });
}
