import { speedIds } from './delivery-speeds.ts';

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
 * Why a shopper with this many open unpaid orders (their own and their email's, as the server counts them)
 * may not open one more, or undefined: place order refuses it, and the payment tab says so before the shopper picks it
 * (walk 4 #3: it offered Payment on Delivery to a shopper with 2 open, then PLACE ORDER refused).
 */
export function payOnDeliveryOpenOrdersRefusal(openOrders: number): string | undefined {
  return openOrders >= payOnDeliveryMaxOpenOrders ? payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders) : undefined;
}

/** How the order reaches the shopper: brought to the door (1 Hour, courier, farm), collected (Store Pickup), or served at a table (Dine-In). */
export type HandOver = 'delivery' | 'pick-up' | 'dine-in';

/** The hand-over of a checkout speed id (spec: 2 Store Pickup, 3 Dine-In, the rest delivered); none chosen yet is a delivery. */
export function handOverOf(speedId: number | undefined): HandOver {
  if (speedId === speedIds.dineIn) return 'dine-in';
  if (speedId === speedIds.storePickup) return 'pick-up';
  return 'delivery';
}

/**
 * Whether the hand-over may be paid when the goods change hands. Not a Dine-In table: the spec offers Payment on
 * Delivery for what is delivered and says nothing of a table; a restaurant seats the party and cooks for it on the
 * order, and the meal (and its wine) are paid when the table is booked, by card, UPI or bank. A Pick-Up is paid at
 * the counter, in its own words (payOnDeliveryWords).
 */
export function isPayOnDeliveryOffered(handOver: HandOver): boolean {
  return handOver !== 'dine-in';
}

/**
 * Why this order may not be paid on delivery, or undefined: a hand-over that is never paid so (Dine-In), then the
 * unit limit, then the shopper's open unpaid orders (as the server counted them for the cart's reply). The payment
 * tab gives no Continue with it, and place order refuses it.
 */
export function payOnDeliveryRefusal(units: number, handOver: HandOver, openOrders = 0): string | undefined {
  if (!isPayOnDeliveryOffered(handOver)) return payOnDeliveryMessages.notForDineIn;
  return payOnDeliveryUnitsRefusal(units) ?? payOnDeliveryOpenOrdersRefusal(openOrders);
}

/** Payment on Delivery's words for each hand-over: the option, its panel, the mails and the order's status. */
export interface PayOnDeliveryWords {
  /** The payment option's label (the spec's 'Payment on Delivery' for what is delivered). */
  option: string;
  /** What the option's panel says before Continue. */
  panel: string;
  /**
   * The Order Summary's 'Payment:' line (payment-words.ts chosenPaymentWords): where the order is paid, in the words
   * the consoles use ('Pay at pick-up'; QA walk 9 S10: a pick-up's summary read 'Payment on Delivery').
   */
  summary: string;
  /** The order confirmation mail's payment line. */
  paid: string;
  /** The email confirmation request: 'placed order … with this email, {purpose}.' */
  purpose: string;
  /** The confirmed order's page: how it is paid. */
  confirmed: string;
  /** The order's status as the shopper's orders show it (shown capitalised). */
  status: string;
  /** What the weighed order's mail calls the amount still to pay. */
  due: string;
}

export const payOnDeliveryWords: Readonly<Record<HandOver, PayOnDeliveryWords>> = {
  delivery: {
    option: 'Payment on Delivery',
    panel: 'Pay when your order arrives.',
    summary: 'Payment on Delivery',
    paid: 'You pay on delivery.',
    purpose: 'to pay on delivery',
    confirmed: 'You pay when it is delivered.',
    status: 'pay on delivery',
    due: 'Due at the door',
  },
  'pick-up': {
    // The spec names the option 'Payment on Delivery' (cart-checkout-account.md, payment options 4) for every order:
    // the label stays its words, the panel under it says where a pick-up pays.
    option: 'Payment on Delivery',
    panel: 'Pay at the counter when you pick up your order.',
    summary: 'Pay at pick-up',
    paid: 'You pay when you pick it up.',
    purpose: 'to pay at pick-up',
    confirmed: 'You pay when you pick it up.',
    status: 'pay at pick-up',
    due: 'Due at pick-up',
  },
  // Not offered for a table (isPayOnDeliveryOffered); the words of a dine-in order placed so before it was refused.
  'dine-in': {
    option: 'Payment at the Table',
    panel: 'Pay at your table.',
    summary: 'Pay at the table',
    paid: 'You pay at your table.',
    purpose: 'to pay at the table',
    confirmed: 'You pay at your table.',
    status: 'pay at the table',
    due: 'Due at the table',
  },
};

/** Whether an order's status, as the shopper's orders label it, is a placed unpaid order (any hand-over's words). */
export function isPayOnDeliveryStatus(status: string): boolean {
  return Object.values(payOnDeliveryWords).some((words) => words.status === status);
}

/**
 * Pay on delivery's limits and its email confirmation, in words (issue 14). Beside the numbers rather than in
 * messages.ts: only the order-placed screen shows them, so the store's first load does not carry them.
 */
export const payOnDeliveryMessages = {
  // 'card or UPI', never 'bank': a bank payment is offered only for a delivery far enough ahead (bank-account.ts), and
  // a refusal must not send the shopper to an option the payment tab does not show (walk 6).
  tooManyUnits: (max: number) =>
    `Payment on Delivery is available for up to ${max} items per order. Please pay by card or UPI, or order fewer items.`,
  tooManyOpenOrders: (max: number) =>
    `You already have ${max} orders waiting for Payment on Delivery. Please pay this order by card or UPI, or wait until those are delivered.`,
  notForDineIn: 'Payment on Delivery is not available for Dine-In. Please pay by card or UPI.',
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
  confirmed: (orderNumber: string, handOver: HandOver = 'delivery') =>
    `Thank you: order ${orderNumber} is confirmed. ${payOnDeliveryWords[handOver].confirmed}`,
  alreadyConfirmed: (orderNumber: string) => `Order ${orderNumber} is already confirmed.`,
  linkInvalid: 'This confirmation link is invalid or has expired. An order not confirmed in time is cancelled; please order again.',
  releasedReason: 'Not confirmed by email in time.',
  /** The confirmation came after other confirmed orders took the email's, the door's or the coupon's room. */
  refusedPageTitle: 'This order could not be confirmed',
  refusedAtConfirmation: (reason: string) => `${reason} This order was cancelled and will not be delivered; please order again.`,
} as const;
