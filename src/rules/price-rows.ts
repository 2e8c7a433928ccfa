import { handOverOf } from './pay-on-delivery.ts';
import { isVisitSpeed } from './speeds.ts';
import { isTipAllowed } from './tips.ts';

/**
 * Which of a price summary's mode-bound rows can apply, so that none reads '$0.00' where it never could: the cart's
 * and the checkout's price summary, the order's totals (status page, orders list) and the confirmation mail all ask
 * here. The spec's order carries delivery_fee and driver_tip and its summary a driver tip (cart-checkout-account.md
 * §3, §9): a delivery keeps both, even at $0 (its fee may be waived, its tip left at 0 %: they could apply). A pick-up
 * or a table is not delivered, so it has no Delivery Fee; and a driver tip is offered only with 1 Hour Delivery
 * (speed id 1, src/rules/tips.ts), so a visit, a courier or a farm's order has no Driver Tip.
 */
export interface ModeRows {
  deliveryFee: boolean;
  driverTip: boolean;
}

/** Both rows: an order whose speed is not known (an older reply) reads as it always did. */
const everyRow: ModeRows = { deliveryFee: true, driverTip: true };

/** The rows that can apply to an order or a checkout at this speed id (spec: 1, 2 Store Pickup, 3 Dine-In, 10, 11). */
export function modeRowsOf(speedId: number | undefined): ModeRows {
  if (speedId === undefined) return everyRow;
  return { deliveryFee: handOverOf(speedId) === 'delivery', driverTip: isTipAllowed(speedId) };
}

/**
 * The cart's rows, before a speed is chosen: a Delivery Fee unless every group is collected at a restaurant (its
 * Dine-In or Pick-Up offers, or wallet redemptions: nobody delivers them). The cart lists no tip: it is chosen on the
 * order summary.
 */
export function cartModeRows(groups: readonly { type: string; wallet?: boolean | undefined }[]): ModeRows {
  const collected = groups.length > 0 && groups.every((g) => g.wallet === true || isVisitSpeed(g.type));
  return { deliveryFee: !collected, driverTip: false };
}
