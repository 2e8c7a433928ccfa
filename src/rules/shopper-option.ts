import { isVisitSpeed, type SpeedValue } from './speeds.ts';
/**
 * The delivery option the shopper is on as a request's fields: 'local' says Delivery, a visit names its restaurant.
 * Sign-in (the merged cart takes it) and the cart page (lines kept for it come back) send it (QA walk 3).
 */
export function shopperOptionFields(stored: { couriertype?: SpeedValue | undefined; vendor_location_id?: number | undefined }): {
  courier_type: SpeedValue;
  vendor_location_id?: number | undefined;
} {
  return isVisitSpeed(stored.couriertype)
    ? { courier_type: stored.couriertype, vendor_location_id: stored.vendor_location_id }
    : { courier_type: 'local' };
}
