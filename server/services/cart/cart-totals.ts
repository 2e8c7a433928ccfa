/**
 * The cart's money, in integer cents, as pure functions: the server computes every figure the cart page and the
 * checkout show, and never takes one from a client. Rules and their reasons: docs/decisions/006-cart-totals-and-tax.md.
 */
import { centsToDollars, divideRoundHalfUp, spreadCents } from '../../../src/rules/money.ts';
import { isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
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

/**
 * What a line is for sales tax (decision 007, revised by 081): groceries (raw, frozen, smoked, cured and cooked meat
 * and fish sold by weight for home use) are taxed at the state's grocery rate; a restaurant's dine-in or pick-up offer is
 * a meal (prepared food) and a drink is alcohol, both taxed at the state's general rate, in every state.
 */
export type TaxKind = 'grocery' | 'prepared-food' | 'alcohol';

/** The state's two sales tax rates, in parts per million (a grocery-exempt state's grocery rate is 0). */
export interface TaxRates {
  groceryPpm: number;
  generalPpm: number;
}

/**
 * A line's kind for sales tax. Age-restricted products are the Wine & Spirits (alcohol, whoever sells them); a line
 * bought for Dine-In or Pick-Up at a partner restaurant (its offer's speed) is a restaurant meal: the restaurant cooks
 * what it serves or hands over (its own offer, at its own price), and a restaurant's take-away food is taxed as its
 * meals are (decision 087 kept 081 against QA walk 7 #5; the tax note now says 'Dine-In and Pick-Up'). The rest is
 * food sold for home preparation.
 */
export function taxKindOf(line: { speed: SpeedValue; age_restricted: boolean }): TaxKind {
  if (line.age_restricted) return 'alcohol';
  if (isVisitSpeed(line.speed)) return 'prepared-food';
  return 'grocery';
}

/** The rate a kind of line is taxed at: groceries at the grocery rate, prepared food and alcohol at the general rate. */
export function taxRatePpmOf(kind: TaxKind, rates: TaxRates): number {
  return kind === 'grocery' ? rates.groceryPpm : rates.generalPpm;
}

/** One line as sales tax reads it: its items' price (before any coupon) and its kind. */
export interface TaxedLine {
  rowCents: number;
  kind: TaxKind;
}

/** A vendor group with its lines, as the cart's totals take it. */
export interface TaxedGroup extends GroupAmounts {
  lines: readonly TaxedLine[];
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
  /** Each group's lines' share of the taxes (as the groups and their lines came in): they add up to taxes. */
  lineTaxes: number[][];
  grandtotal: number;
}

// Rounding half up lives with the rules (src/rules/money.ts): an order's percent coupon follows its lines with it.
export { divideRoundHalfUp };

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

/** Sales tax on a taxable amount at a rate in parts per million, rounded half up to the cent. */
export function salesTaxCents(taxableCents: number, ratePpm: number): number {
  return divideRoundHalfUp(taxableCents * ratePpm, 1_000_000);
}

// Spreading cents over parts lives with the rules (src/rules/money.ts): a refused part's coupon share uses it too.
export { spreadCents };

/**
 * Each line's sales tax. The coupon is the store's, so it lowers every line's price: it is spread over the lines in
 * proportion to their prices. The lines taxed at one rate are added up and taxed once (rounded half up, as a
 * receipt's tax per rate), and that tax is spread back over them, so the lines add up to the cart's taxes.
 */
export function lineTaxesCents(lines: readonly TaxedLine[], discountCents: number, rates: TaxRates): number[] {
  const discounts = spreadCents(
    lines.map((line) => line.rowCents),
    discountCents,
  );
  const taxable = lines.map((line, index) => line.rowCents - (discounts[index] ?? 0));
  const ratesOf = lines.map((line) => taxRatePpmOf(line.kind, rates));
  const taxes = lines.map(() => 0);
  for (const rate of new Set(ratesOf)) {
    const at = ratesOf.flatMap((r, index) => (r === rate ? [index] : []));
    const bases = at.map((index) => taxable[index] ?? 0);
    const shares = spreadCents(
      bases,
      salesTaxCents(
        bases.reduce((sum, base) => sum + base, 0),
        rate,
      ),
    );
    at.forEach((index, position) => (taxes[index] = shares[position] ?? 0));
  }
  return taxes;
}

export function cartTotals(input: { groups: readonly TaxedGroup[]; coupon: CouponTerms | null; tax: TaxRates }): CartTotals {
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
  const flatTaxes = lineTaxesCents(
    input.groups.flatMap((g) => g.lines),
    discount,
    input.tax,
  );
  let next = 0;
  const lineTaxes = input.groups.map((g) => g.lines.map(() => flatTaxes[next++] ?? 0));
  const taxes = flatTaxes.reduce((sum, tax) => sum + tax, 0);
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
    lineTaxes,
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
