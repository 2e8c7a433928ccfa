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
