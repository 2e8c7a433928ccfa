import type { Kysely } from 'kysely';
import type { OrderReviewData } from '../../../src/api/contract/checkout.contract.ts';
import { addressRuleMessages } from '../../../src/rules/address-validation.ts';
import { speedIds, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { deliveryAddressField } from '../../../src/api/contract/shipping.contract.ts';
import { addressGoneMessage, ageVerificationNeededRefusal, cartIsEmptyRefusal } from '../../../src/rules/messages.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { isTipAllowed, type TipPercent } from '../../../src/rules/tips.ts';
import type { Database } from '../../db/schema.ts';
import { findOwnAddress } from '../accounts/addresses.ts';
import { closedCartNotFound, findOwnCart } from '../cart/carts.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { loadCartView, taxNoteOf } from '../cart/cart-view.ts';
import { couponCustomer } from '../cart/coupons.ts';
import { isServedZip, loadOrderBasis, orderableBasis, orderTotals, orderTotalsInDollars } from './order-totals.ts';
import { cartSpeedIds, speedRefusal } from './offers.ts';
import { placeOrderMessages } from './place-order.ts';
import { isAgeCheckMissing } from './age-restriction.ts';
import type { Caller } from '../platform/caller.ts';

export interface ReviewRequest {
  cartId: string;
  addressId: number | undefined;
  speedId: SpeedId | undefined;
  tipPercent: TipPercent;
  giftMessage: string | undefined;
}

export type ReviewOutcome =
  | { kind: 'review'; data: OrderReviewData }
  | { kind: 'refused'; message: string; field?: string }
  /** field: the body field naming what is gone (the caller's cart, ordered meanwhile; the delivery address deleted since it was chosen), else none. */
  | { kind: 'not-found'; what: string; field?: string };

/**
 * The order summary before PLACE ORDER: the cart as the cart page shows it, with the chosen speed's fees (no delivery
 * fee for Store Pickup and Dine-In) and the driver tip, every total computed here. Place order computes the same
 * figures again inside its transaction; this answer is for showing only.
 */
export async function reviewOrder(db: Kysely<Database>, caller: Caller | undefined, request: ReviewRequest, now: Date): Promise<ReviewOutcome> {
  const cart = await findOwnCart(db, request.cartId, caller);
  if (!cart) return { kind: 'not-found', ...(await closedCartNotFound(db, request.cartId, caller)) };
  if (request.addressId !== undefined) {
    const address = caller ? await findOwnAddress(db, caller.customerId, request.addressId) : undefined;
    // Named by its field: the checkout goes back to the addresses instead of pricing the same address again.
    if (!address) return { kind: 'not-found', what: addressGoneMessage, field: deliveryAddressField };
    if (address.zipcode !== cart.zipcode) return { kind: 'refused', message: addressRuleMessages.deliveryZipMismatch };
  }
  if (!(await isServedZip(db, cart.zipcode))) return { kind: 'refused', message: notServedMessage };
  const customer = caller ? await couponCustomer(db, caller.customerId) : undefined;
  const basis = await loadOrderBasis(db, cart, now, customer);
  if (basis.lines.length === 0) return { kind: 'refused', message: cartIsEmptyRefusal };
  if (await isAgeCheckMissing(db, cart.id, caller)) return { kind: 'refused', message: ageVerificationNeededRefusal };
  const primary = cartSpeedIds(basis.groups, basis.area)[0];
  if (request.speedId === undefined && primary === undefined) return { kind: 'refused', message: placeOrderMessages.speedNotForCart };
  const speedId = request.speedId ?? primary ?? speedIds.oneHour;
  // A speed the cart's sellers do not offer is a crafted request: named, and never priced.
  const refusal = speedRefusal(basis.groups, basis.area, speedId);
  if (refusal !== undefined) return { kind: 'refused', message: refusal, field: 'speed_id' };
  if (request.tipPercent > 0 && !isTipAllowed(speedId)) return { kind: 'refused', message: placeOrderMessages.tipWithoutDriver };

  // A line sold out or short since CHECKOUT is listed (its stock says so: the summary marks it) but priced as the cart
  // prices it, out of every figure; PLACE ORDER would refuse it, and the summary leads back to the cart.
  const billed = await orderableBasis(db, cart, basis, now, customer);
  const totals = orderTotals(billed, { speedId, tipPercent: request.tipPercent });
  const view = await loadCartView(db, cart, now);
  const feeOf = (locId: number) => totals.groups.find((g) => g.locId === locId)?.deliveryFeeCents ?? 0;
  const firstLineOf = new Set<number>();
  const result = view.result.map((line) => {
    const first = !firstLineOf.has(line.vendor_loc_id);
    firstLineOf.add(line.vendor_loc_id);
    // As on the cart page, a group's fee rides on its first line.
    return { ...line, shipping_amount: centsToDollars(first ? feeOf(line.vendor_loc_id) : 0) };
  });
  return {
    kind: 'review',
    data: {
      cart_id: cart.id,
      speed_id: speedId,
      result,
      delivery_groups: view.delivery_groups.map((g) => ({ ...g, delivery_fee: centsToDollars(feeOf(g.vendor_loc_id)) })),
      ...orderTotalsInDollars(totals),
      tax_note: taxNoteOf(billed.tax, billed.groups),
      coupon_code: billed.coupon?.code ?? null,
      total_items_count: view.total_items_count,
      gift_message: request.giftMessage?.trim() || null,
    },
  };
}
