import type { Kysely } from 'kysely';
import { centsToDollars } from '../../../src/rules/money.ts';
import { speedIds, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { driverSubtotalCents, isTipAllowed, tipCents, type TipPercent } from '../../../src/rules/tips.ts';
import type { Database } from '../../db/schema.ts';
import { cartTotals, cartTotalsInDollars, type CartTotals } from '../cart/cart-totals.ts';
import {
  isOrderableRow,
  loadCartLinesAndTax,
  taxedLines,
  vendorGroups,
  type CartLineRow,
  type TaxRate,
  type VendorGroup,
} from '../cart/cart-view.ts';
import { couponMessages, couponRefusal, customerLimitRefusal, findCoupon, type CouponCustomer, type CouponRow } from '../cart/coupons.ts';

/**
 * The order's money, in integer cents, recomputed on the server for order review and place order: the cart's totals
 * (docs/decisions/006) with the checkout's choices applied. Nothing here reads a figure sent by a client.
 * - Store Pickup and Dine-In (speeds 2, 3) take the Same Day groups' delivery fees off: nobody drives them.
 * - The driver tip is a percent of the item subtotal the driver brings (the Same Day groups', before any coupon),
 *   with 1 Hour Delivery only.
 */
export interface OrderChoice {
  speedId: SpeedId;
  tipPercent: TipPercent;
}

/**
 * The cart's totals for the groups as the chosen speed delivers them, plus the driver tip: grandtotal includes the
 * tip. Everything else is cartTotals' own computation.
 */
export interface OrderTotals extends CartTotals {
  tipPercent: TipPercent;
  tip: number;
}

/** What the totals are computed from, read in one go (inside place order's transaction, after its locks). */
export interface OrderBasis {
  lines: CartLineRow[];
  groups: VendorGroup[];
  /** The cart's coupon when it still applies; a coupon that stopped applying is named in couponProblem. */
  coupon: CouponRow | null;
  couponProblem: string | undefined;
  tax: TaxRate;
  /** The area (service_areas loc id) of the cart's zip, where its deliveries go: the offer rule (offers.ts) reads it. */
  area: number;
}

/** Whether the store delivers to the zip at all (an area may stop being served while a cart waits). */
export async function isServedZip(db: Kysely<Database>, zipcode: string): Promise<boolean> {
  const area = await db.selectFrom('service_areas').select('zipcode').where('zipcode', '=', zipcode).executeTakeFirst();
  return area !== undefined;
}

/**
 * The cart's lines, groups, tax and coupon. With the customer, a coupon over their own limit (a welcome coupon used
 * before) is a problem too, so the order summary shows the total they will pay.
 */
export async function loadOrderBasis(
  db: Kysely<Database>,
  cart: { id: string; zipcode: string; loc_id: number; coupon_code: string | null },
  now: Date,
  customer?: CouponCustomer,
): Promise<OrderBasis> {
  return orderBasisFrom(db, cart, await loadCartLinesAndTax(db, cart.id, cart.zipcode), now, customer);
}

/** The basis from lines and tax read already (place order reads them with its locks: lockCartLinesAndTax). */
export async function orderBasisFrom(
  db: Kysely<Database>,
  cart: { coupon_code: string | null; loc_id: number },
  { lines, tax }: { lines: CartLineRow[]; tax: TaxRate },
  now: Date,
  customer?: CouponCustomer,
): Promise<OrderBasis> {
  const groups = vendorGroups(lines);
  const found = cart.coupon_code === null ? undefined : await findCoupon(db, cart.coupon_code);
  const subtotal = groups.reduce((sum, g) => sum + g.subtotalCents, 0);
  let coupon: CouponRow | null = null;
  let couponProblem: string | undefined;
  if (cart.coupon_code !== null) {
    couponProblem = found ? couponRefusal(found, subtotal, now) : couponMessages.unknown;
    if (found && couponProblem === undefined && customer) couponProblem = await customerLimitRefusal(db, found, customer);
    if (found && couponProblem === undefined) coupon = found;
  }
  return { lines, groups, coupon, couponProblem, tax, area: cart.loc_id };
}

/**
 * The basis of what can be ordered as the cart stands: the lines sold out or short since they were added left out
 * (isOrderableRow), as the cart's totals leave them out, and the coupon judged on what is left; the basis itself when
 * every line can be. The Order Summary prices this (decision 088 left: it priced a line sold out after CHECKOUT).
 */
export async function orderableBasis(
  db: Kysely<Database>,
  cart: { coupon_code: string | null; loc_id: number },
  basis: OrderBasis,
  now: Date,
  customer?: CouponCustomer,
): Promise<OrderBasis> {
  const lines = basis.lines.filter(isOrderableRow);
  if (lines.length === basis.lines.length) return basis;
  return orderBasisFrom(db, cart, { lines, tax: basis.tax }, now, customer);
}

export function orderTotals(basis: Pick<OrderBasis, 'groups' | 'coupon' | 'tax'>, choice: OrderChoice): OrderTotals {
  const noDriver = choice.speedId === speedIds.storePickup || choice.speedId === speedIds.dineIn;
  const cart = cartTotals({
    groups: basis.groups.map((g) => ({
      locId: g.locId,
      speed: g.speed,
      subtotalCents: g.subtotalCents,
      collected: (noDriver && g.speed === 'local') || g.wallet,
      lines: taxedLines(g),
    })),
    coupon: basis.coupon,
    tax: basis.tax.rates,
  });
  const tipPercent: TipPercent = isTipAllowed(choice.speedId) ? choice.tipPercent : 0;
  const tip = tipCents(driverSubtotalCents(basis.groups), tipPercent);
  return { ...cart, tipPercent, tip, grandtotal: cart.grandtotal + tip };
}

/** Dollars for the API: the cart's figures, the tip and the grand total with it. */
export function orderTotalsInDollars(totals: OrderTotals) {
  return { ...cartTotalsInDollars(totals), driver_tip_percent: totals.tipPercent, driver_tip: centsToDollars(totals.tip) };
}
