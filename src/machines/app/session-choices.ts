import type { DeliveryPreference } from '../../rules/slots.ts';
import { visitChoiceKeys, type SessionValues } from './session-values.ts';

// Read by the cart and the checkout only: kept out of session-values.ts, which the first load of /store holds.

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
