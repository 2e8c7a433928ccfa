import type { ListingArea } from '../../../rules/listing-query.ts';
import { useSessionValue } from '../../app-context.tsx';

/** The delivery area the catalogue calls need, or undefined until the shopper has chosen a pincode. */
export function useShopperArea(): ListingArea | undefined {
  const zipcode = useSessionValue('zipcode');
  const locId = useSessionValue('location');
  const courierType = useSessionValue('couriertype');
  // A fresh object each render is fine: SWR hashes its key by value.
  return zipcode && locId !== undefined ? { zipcode, loc_id: locId, courier_type: courierType } : undefined;
}
