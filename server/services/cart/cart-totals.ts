/**
 * The cart's money, in integer cents, as pure functions: the server computes every figure the cart page and the
 * checkout show, and never takes one from a client. Rules and their reasons: docs/decisions/006-cart-totals-and-tax.md.
 */
import { centsToDollars } from '../../../src/rules/money.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { CouponKind } from '../../db/schema.ts';

/** Delivery fee per vendor group, by speed; a restaurant's dine-in and pick-up groups are never delivered. */
export const deliveryFeeCents: Readonly<Record<SpeedValue, number>> = { local: 499, courier: 999, 'farm-direct': 1299, 'dine-in': 0, pickup: 0 };
/** A Same Day group whose items come to this much delivers free (the home page ad: 'Free delivery over $75'). */
export const freeLocalDeliveryFromCents = 7500;
/** Insulated box and dry ice for a group that travels by courier or from a farm. */
export const packagingFeeCents = 200;

export interface GroupAmounts {
  locId: number;
  speed: SpeedValue;
  /** The group's items at their current prices, before any coupon. */
  subtotalCents: number;
  /** The shopper collects the group at the shop (checkout's Store Pickup or Dine-In): nobody delivers it. */
  collected?: boolean | undefined;
}

export interface CouponTerms {
  code: string;
  kind: CouponKind;
  /** Basis points for percent, cents for fixed. */
  amount: number;
}

export interface GroupFees {
  locId: number;
  deliveryFeeCents: number;
  packagingFeeCents: number;
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  /** subtotal − discount: what sales tax is computed on. */
  subtotalAfterDiscount: number;
  groups: GroupFees[];
  deliveryFee: number;
  packagingFee: number;
  processingFee: number;
  bankCharges: number;
  gstOnFee: number;
  /** packaging + processing + bank charges + GST on fees: every fee that is not delivery. */
  feeAmount: number;
  taxes: number;
  grandtotal: number;
}

/** numerator / denominator rounded half up, for non-negative integers (so 0.5 cent becomes 1 cent). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0 || denominator <= 0) throw new RangeError('divideRoundHalfUp takes a non-negative numerator');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A coupon's discount on the item subtotal: percent rounds half up to the cent; neither exceeds the subtotal. */
export function couponDiscountCents(subtotalCents: number, coupon: CouponTerms | null): number {
  if (!coupon || subtotalCents <= 0) return 0;
  const raw = coupon.kind === 'percent' ? divideRoundHalfUp(subtotalCents * coupon.amount, 10_000) : coupon.amount;
  return Math.min(raw, subtotalCents);
}

export function groupFees(group: GroupAmounts): GroupFees {
  const free = group.collected === true || (group.speed === 'local' && group.subtotalCents >= freeLocalDeliveryFromCents);
  return {
    locId: group.locId,
    deliveryFeeCents: free ? 0 : deliveryFeeCents[group.speed],
    packagingFeeCents: group.speed === 'courier' || group.speed === 'farm-direct' ? packagingFeeCents : 0,
  };
}

/** Sales tax on the discounted item subtotal at the shopper's state grocery rate (parts per million). */
export function salesTaxCents(taxableCents: number, ratePpm: number): number {
  return divideRoundHalfUp(taxableCents * ratePpm, 1_000_000);
}

export function cartTotals(input: { groups: readonly GroupAmounts[]; coupon: CouponTerms | null; taxRatePpm: number }): CartTotals {
  const subtotal = input.groups.reduce((sum, g) => sum + g.subtotalCents, 0);
  const discount = couponDiscountCents(subtotal, input.coupon);
  const subtotalAfterDiscount = subtotal - discount;
  const groups = input.groups.map(groupFees);
  const deliveryFee = groups.reduce((sum, g) => sum + g.deliveryFeeCents, 0);
  const packagingFee = groups.reduce((sum, g) => sum + g.packagingFeeCents, 0);
  // No card surcharge, bank charge or tax on fees: the fields exist because the spec's cart carries them.
  const processingFee = 0;
  const bankCharges = 0;
  const gstOnFee = 0;
  const feeAmount = packagingFee + processingFee + bankCharges + gstOnFee;
  const taxes = salesTaxCents(subtotalAfterDiscount, input.taxRatePpm);
  return {
    subtotal,
    discount,
    subtotalAfterDiscount,
    groups,
    deliveryFee,
    packagingFee,
    processingFee,
    bankCharges,
    gstOnFee,
    feeAmount,
    taxes,
    grandtotal: subtotalAfterDiscount + deliveryFee + feeAmount + taxes,
  };
}

/** The figures in dollars, as the cart page and the order review send them. */
export function cartTotalsInDollars(totals: CartTotals) {
  return {
    subtotal: centsToDollars(totals.subtotal),
    discount: centsToDollars(totals.discount),
    subtotal_discount: centsToDollars(totals.subtotalAfterDiscount),
    delivery_fee: centsToDollars(totals.deliveryFee),
    delivery_charges: centsToDollars(totals.deliveryFee),
    taxes: centsToDollars(totals.taxes),
    fee_amount: centsToDollars(totals.feeAmount),
    gst_on_fee: centsToDollars(totals.gstOnFee),
    processing_fee: centsToDollars(totals.processingFee),
    packaging_fee: centsToDollars(totals.packagingFee),
    bank_charges: centsToDollars(totals.bankCharges),
    grandtotal: centsToDollars(totals.grandtotal),
  };
}
