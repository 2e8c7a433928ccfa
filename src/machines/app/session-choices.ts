import type { DeliveryPreference } from '../../rules/slots.ts';
import type { SessionValues } from './session-values.ts';

// Read by the cart, the checkout and the Delivery Options choice's keepers only: kept out of session-values.ts, which the
// first load of /store holds.

/**
 * The Delivery Options choice (issue 12): the shipping flags, the catalogue's courier type and the restaurant visit.
 * Forgotten together when it stops applying (an order placed, another delivery area).
 */
export const visitChoiceKeys = [
  'shippingType',
  'couriertype',
  'delivery',
  'pickup',
  'dineinpickup',
  'retailer',
  'retailer_name',
  'vendor_location_id',
  'dineinTime',
  'deliveryDate',
  'deliverySlot',
] as const satisfies readonly (keyof SessionValues)[];

/**
 * Where the shopper shops: the area and the Delivery Options choice (mode, restaurant, visit, delivery date). The store
 * keeps one for the browser, so a change in one tab is every tab's (walk 6 #4: this tab follows another tab's, and an
 * open checkout goes back to the cart).
 */
export const sharedChoiceKeys = ['zipcode', 'zipState', 'location', ...visitChoiceKeys] as const satisfies readonly (keyof SessionValues)[];

/** The shared choice as one comparable value: equal strings, the same choice. */
export function sharedChoiceOf(values: SessionValues): string {
  return JSON.stringify(sharedChoiceKeys.map((key) => values[key] ?? null));
}

/** The Delivery option's date and slot to carry to the cart's sellers; none unless Delivery was chosen with a date. */
export function deliveryPreferenceOf(values: SessionValues): DeliveryPreference | undefined {
  if (values.shippingType !== 'delivery' || values.deliveryDate === undefined) return undefined;
  return { date: values.deliveryDate, slot: values.deliverySlot };
}

/**
 * What an order placed forgets with its cart (in the tab that placed it, and in another tab once it learns of it): the
 * cart id, the checkout's stored choices, and the Delivery Options choice (the store is on Delivery again).
 */
export const orderedCartKeys = [
  'cart_id',
  'nextTab',
  'deliveryFees',
  'walletOrder',
  ...visitChoiceKeys,
] as const satisfies readonly (keyof SessionValues)[];
