/**
 * Pay on delivery (issue 14): an unpaid order takes stock the store may never be paid for, so it is bounded. A real
 * shop's rules, in one place for the server (which enforces them) and the client (which says them):
 *
 * - one unpaid order holds at most payOnDeliveryMaxUnits units (a family's shop, not a reseller's stock);
 * - at most payOnDeliveryMaxOpenOrders unpaid orders are open at once per customer, per email and per delivery
 *   address, an order counting as open for payOnDeliveryOpenDays (every delivery date falls within a week);
 * - the email is confirmed before the order stands: until the mailed link is opened the order is awaiting
 *   confirmation, and after payOnDeliveryConfirmMinutes it is released, its stock, seats and coupon use given back.
 *   A registered customer who confirmed an order once is not asked again.
 */
export const payOnDeliveryMaxUnits = 12;
export const payOnDeliveryMaxOpenOrders = 2;
export const payOnDeliveryOpenDays = 7;
export const payOnDeliveryConfirmMinutes = 30;

/**
 * Why an order of this many units may not be paid on delivery, or undefined: place order refuses it, and the payment
 * tab says so before the shopper picks it (it offered Payment on Delivery for 13 units, then PLACE ORDER refused).
 */
export function payOnDeliveryUnitsRefusal(units: number): string | undefined {
  return units > payOnDeliveryMaxUnits ? payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits) : undefined;
}

/**
 * Pay on delivery's limits and its email confirmation, in words (issue 14). Beside the numbers rather than in
 * messages.ts: only the order-placed screen shows them, so the store's first load does not carry them.
 */
export const payOnDeliveryMessages = {
  tooManyUnits: (max: number) =>
    `Payment on Delivery is available for up to ${max} items per order. Please pay by card, UPI or bank, or order fewer items.`,
  tooManyOpenOrders: (max: number) =>
    `You already have ${max} orders waiting for Payment on Delivery. Please pay this order by card, UPI or bank, or wait until those are delivered.`,
  addressHasOpenOrders: (max: number) =>
    `This address already has ${max} orders waiting for Payment on Delivery. Please pay this order by card, UPI or bank.`,
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
