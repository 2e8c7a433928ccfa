/**
 * Texts both sides use, declared once: the server sends them, the client shows them or falls back to them.
 * The spec's exact words where the spec has them. In rules because the server, the machines and the views all may
 * import rules (and rules import nothing).
 */

/** The spec's fallback text (its own module for the first load: fallback-message.ts). */
export { somethingWentWrongMessage } from './fallback-message.ts';

/**
 * The spec's success toast defaults (storefront.md 8: 'mostly suppressed'): an update the shopper made shows
 * 'Updated SuccessFully' in green; a fetch succeeding is what the screen shows, so 'Fetched SuccessFully' stays
 * unshown (a toast on every load would be noise).
 */
export const successToastDefaults = { updated: 'Updated SuccessFully', fetched: 'Fetched SuccessFully' } as const;

/** A cart id that is unknown, closed or someone else's (the server never says which). */
export const cartNotFoundMessage = 'Cart not found';

/**
 * The shopper's own cart was ordered meanwhile (in another tab or window): a checkout call on it answers this, naming
 * cart_id, and the cart page says it when it opens the shopper's cart of now instead. Our own words: the spec has none.
 */
export const cartOrderedMessage = 'This cart was already ordered (in another tab or window). Here is your cart now.';

/**
 * The delivery address the checkout chose is not the shopper's saved address any more (deleted in another tab; an
 * id of someone else's reads the same). Our own words: the spec has none for it.
 */
export const addressGoneMessage = 'This address is no longer saved. Please choose another.';

/**
 * The saved card chosen for an order is not the shopper's any more (removed in another tab, or at the charge; an id
 * of someone else's reads the same). Our own words: the spec has none for it.
 */
export const cardGoneMessage = 'The card chosen for this order was removed. Please choose another card.';

/** The snackbar after the pincode dialog changed the shopper's area (storefront spec, 6000 ms). */
export const pincodeChangedMessage = 'Pin Code Changed';
/**
 * The server's 400 for a chosen restaurant (vendor_location_id) that does not sell the visit in the request's area: a
 * restaurant of another area, one gone, or a made-up id. Our own words: the spec has none.
 */
export const restaurantNotServedRefusal = (visit: 'Dine-In' | 'Pick-Up') =>
  `The chosen restaurant does not offer ${visit} in this area. Please choose a restaurant again in Delivery Options.`;

/** A zip outside every service area (storefront spec, pincode selection and dine-in list code -1). */
export const comingSoonMessage = 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.';

/** The cart page's empty state (cart spec). */
export const emptyCartMessage = 'Hey fill me, i am Empty';

/** The server's refusal to price, review or place an order for a cart with no lines. */
export const cartIsEmptyRefusal = 'Your cart is empty.';

/** Place order and order review refuse a cart with an age-restricted item unless the customer is verified (issue 11). */
export const ageVerificationNeededRefusal = 'Please verify your identity (21+) before ordering age-restricted items.';

/** Place order's refusal of a cart with an age-restricted item when no fresh face check (15 minutes) was made for it. */
export const facePassNeededRefusal = 'Please verify your face again before placing an order with age-restricted items.';

/** The Delivery Options screen and the dine-in form (storefront spec sections 2, 5, 8; issue 12). */
export const deliveryOptionMessages = {
  noRetailer: 'No retailer available for this location presently',
  retailerRequired: 'Retailer is required.',
  visitTimeRequired: 'Dining date and time is required',
  /** The spec words the dine-in form only; Pick-Up has the same picker, and a shopper picking up is not dining. */
  pickUpTimeRequired: 'Pick-up date and time is required',
  slotsBooked: 'All Slots are booked. Please try another date.',
} as const;

/** Place order's refusal of a cart that mixes a restaurant's dine-in or pick-up items with others. */
export const mixedVisitCartRefusal =
  'Dine-in and pick-up items cannot be ordered with items to deliver, or with each other. Please update your cart.';
