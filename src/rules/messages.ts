/**
 * Texts both sides use, declared once: the server sends them, the client shows them or falls back to them.
 * The spec's exact words where the spec has them. In rules because the server, the machines and the views all may
 * import rules (and rules import nothing).
 */

/**
 * The spec's fallback when a failed call or a refusal brings no words of its own (capital W, full stop: the offline
 * 'Something Went wrong' is another text).
 */
export const somethingWentWrongMessage = 'Something Went Wrong.';

/**
 * The spec's success toast defaults (storefront.md 8: 'mostly suppressed'): an update the shopper made shows
 * 'Updated SuccessFully' in green; a fetch succeeding is what the screen shows, so 'Fetched SuccessFully' stays
 * unshown (a toast on every load would be noise).
 */
export const successToastDefaults = { updated: 'Updated SuccessFully', fetched: 'Fetched SuccessFully' } as const;

/** A cart id that is unknown, closed or someone else's (the server never says which). */
export const cartNotFoundMessage = 'Cart not found';

/** The snackbar after the pincode dialog changed the shopper's area (storefront spec, 6000 ms). */
export const pincodeChangedMessage = 'Pin Code Changed';

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

/**
 * A guest (no account: no token, or an email-only guest checkout) adding an age-restricted product: the product page
 * and the add-to-cart call refuse it with these words (issue 11: "asked to create an account and verify first").
 */
export const guestAgeRestrictedRefusal = 'Please create an account and verify your identity (21+) to buy this.';

/** The Delivery Options screen and the dine-in form (storefront spec sections 2, 5, 8; issue 12). */
export const deliveryOptionMessages = {
  noRetailer: 'No retailer available for this location presently',
  retailerRequired: 'Retailer is required.',
  visitTimeRequired: 'Dining date and time is required',
  slotsBooked: 'All Slots are booked. Please try another date.',
} as const;

/** Place order's refusal of a cart that mixes a restaurant's dine-in or pick-up items with others. */
export const mixedVisitCartRefusal =
  'Dine-in and pick-up items cannot be ordered with items to deliver, or with each other. Please update your cart.';

/** Pay on delivery's limits and its email confirmation (issue 14; the numbers are in rules/pay-on-delivery.ts). */
export const payOnDeliveryMessages = {
  tooManyUnits: (max: number) =>
    `Payment on Delivery is available for up to ${max} items per order. Please pay by card or UPI, or order fewer items.`,
  tooManyOpenOrders: (max: number) =>
    `You already have ${max} orders waiting for Payment on Delivery. Please pay this order by card or UPI, or wait until those are delivered.`,
  addressHasOpenOrders: (max: number) =>
    `This address already has ${max} orders waiting for Payment on Delivery. Please pay this order by card or UPI.`,
  /** Place order's answer, and the order-placed screen's note, for an order that waits for the email's confirmation. */
  confirmByEmail: (minutes: number) =>
    `Order Placed. Please confirm it with the link we emailed you within ${minutes} minutes, or it will be cancelled.`,
  confirmByEmailNote: (minutes: number) =>
    `Check your email: open the link we sent you within ${minutes} minutes to confirm this order. Unconfirmed orders are cancelled.`,
  confirmPageTitle: 'Confirm your order',
  confirmedPageTitle: 'Order confirmed',
  invalidPageTitle: 'This link no longer works',
  confirmButton: 'Confirm my order',
  confirmed: (orderNumber: string) => `Thank you: order ${orderNumber} is confirmed. You pay when it is delivered.`,
  alreadyConfirmed: (orderNumber: string) => `Order ${orderNumber} is already confirmed.`,
  linkInvalid: 'This confirmation link is invalid or has expired. An order not confirmed in time is cancelled; please order again.',
  releasedReason: 'Not confirmed by email in time.',
  /** The confirmation came after other confirmed orders took the email's, the door's or the coupon's room. */
  refusedPageTitle: 'This order could not be confirmed',
  refusedAtConfirmation: (reason: string) => `${reason} This order was cancelled and will not be delivered; please order again.`,
} as const;
