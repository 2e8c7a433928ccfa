import { boolean, enums, integer, number, optional, string, type, type Infer } from 'superstruct';
import { speedValues } from '../../rules/speeds.ts';

/**
 * The spec's client-stored values, under their spec names. Stored in the browser under one key; read back through
 * this struct because storage is outside our control (an old or edited value must not crash the store).
 */
export const sessionValues = type({
  Token: optional(string()),
  cart_id: optional(string()),
  CustomerId: optional(integer()),
  cust_name: optional(string()),
  /** A seller or staff account (issue 24): the user menu links to its console. Absent for shoppers. */
  role: optional(enums(['seller', 'staff'] as const)),
  zipcode: optional(string()),
  zipState: optional(string()),
  /** loc_id of the shopper's delivery area. */
  location: optional(integer()),
  /** The catalogue's courier_type: dine-in or pickup after that choice on /ship/options (issue 12). */
  couriertype: optional(enums(speedValues)),
  vendor_location_id: optional(integer()),
  ageGateVerified: optional(boolean()),
  total_products_in_cart: optional(number()),
  walletOrder: optional(boolean()),
  shippingType: optional(string()),
  delivery: optional(number()),
  pickup: optional(number()),
  dineinpickup: optional(number()),
  retailer: optional(integer()),
  retailer_name: optional(string()),
  dineinTime: optional(string()),
  /** The Delivery option's date ('YYYY-MM-DD') and driver slot chosen on /ship/options: the cart's sellers are offered them. */
  deliveryDate: optional(string()),
  deliverySlot: optional(type({ start: string(), end: string() })),
  stripeKey: optional(string()),
  nextTab: optional(string()),
  deliveryFees: optional(string()),
  /** Sign-in's verification_id: the customer's verified KYC application, which the checkout's face check names. */
  verification_id: optional(string()),
  /** A passed face check (issue 11): the cart it was made for and until when (epoch ms) the checkout skips its face step. */
  faceCheckedCart: optional(string()),
  faceCheckedUntil: optional(number()),
  /**
   * Walk 5 #4: the session ended (the server's 401, or a logout in another tab): the page says so with a way to sign
   * in, until the shopper signs in again or logs out (also after a reload).
   */
  sessionEnded: optional(boolean()),
});
export type SessionValues = Infer<typeof sessionValues>;

export const sessionStorageKey = 'meat-and-fish.session';

/** A signed-in customer: a token and a name. A guest-checkout token comes without a name and does not count. */
export function isSignedIn(values: SessionValues): boolean {
  return Boolean(values.Token && values.cust_name);
}
