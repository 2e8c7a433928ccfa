import type { Kysely } from 'kysely';
import type { CartData, CartReply } from '../../../src/api/contract/cart-page.contract.ts';
import { cartNotFoundMessage } from '../../../src/rules/messages.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';
import { deleteLine, updateLineQty, type LineOutcome, type LineRef } from './cart-lines.ts';
import { currentCart, type CartSummary } from './cart-merge.ts';
import { findCallersCart, findOwnCart, lockOwnCart } from './carts.ts';
import { itemSubtotalCents, loadCartLines, loadCartView } from './cart-view.ts';
import { applyCoupon, couponCustomer, removeCoupon, revalidateCoupon, type CouponChange } from './coupons.ts';
import { scheduleDelivery, type ScheduleRequest } from './delivery-schedule.ts';
import { restoreKeptForOption } from './cart-area.ts';
import { removeKeptLine } from './kept-lines.ts';
import { slotsFor, type SlotListing } from './slots.ts';

/**
 * The cart page's calls as use cases: each changes the cart (or not) and answers with the cart as it then stands,
 * every figure computed here. code 1 is a plain answer; 2 and -1 come with a message to show.
 */
export type CartPageAnswer =
  | { kind: 'cart'; code: CartReply['code']; message?: string | undefined; data: CartData }
  /** The cart was ordered or cleared: the page shows the empty cart. */
  | { kind: 'closed' }
  /** showcart of the caller's cart that was ordered (another tab): the cart they go on with, '' for none. */
  | { kind: 'ordered'; current: CartSummary }
  /** showcart without a cart from a signed-in customer: their account's cart, '' for none. */
  | { kind: 'current'; current: CartSummary }
  /** Not the caller's cart (or line), or none at all: a 404 that never says which. */
  | { kind: 'not-found'; what: string };

const cartNotFound: CartPageAnswer = { kind: 'not-found', what: cartNotFoundMessage };
const keptLineNotFoundMessage = 'This kept item is not in your cart.';

/** The cart as it is now. */
async function cartAnswer(
  db: Kysely<Database>,
  cartId: string,
  caller: Caller | undefined,
  now: Date,
  code: CartReply['code'],
  message?: string,
  showsKept = false,
): Promise<CartPageAnswer> {
  const cart = await findOwnCart(db, cartId, caller);
  if (!cart) return cartNotFound;
  return { kind: 'cart', code, message, data: await loadCartView(db, cart, now, { kept: showsKept }) };
}

export interface ShowCartRequest {
  /** undefined: the browser holds no cart. */
  cartId: string | undefined;
  /** A code to apply; the old client sends '' with every call, and an empty code is no code. */
  couponCode: string | undefined;
  removeCoupon: boolean;
  /**
   * The delivery option the shopper is on (the cart page sends it): lines kept for the cart's zip that it sells come
   * back first, as far as their stock allows (QA walk 3). Absent: the cart as it is.
   */
  option?: Parameters<typeof restoreKeptForOption>[3] | undefined;
}

/** showcart: the cart, after applying or taking off a coupon when asked (a code that stopped applying is dropped). */
export async function showCart(db: Kysely<Database>, caller: Caller | undefined, request: ShowCartRequest, now: Date): Promise<CartPageAnswer> {
  const { cartId } = request;
  // A browser that holds no cart: a signed-in customer's is their account's cart, whichever browser filled it.
  if (cartId === undefined)
    return caller && !caller.isGuest ? { kind: 'current', current: await currentCart(db, caller.customerId) } : { kind: 'closed' };
  const known = await findCallersCart(db, cartId, caller);
  if (!known) return cartNotFound;
  // Ordered meanwhile, in another tab or window: that tab learns it here, and which cart the shopper has now.
  if (known.status === 'ordered' && caller) return { kind: 'ordered', current: await currentCart(db, caller.customerId) };
  if (known.status !== 'open') return { kind: 'closed' };
  if (request.option) await restoreKeptForOption(db, caller, cartId, request.option);
  const change = await changeCoupon(db, caller, { ...request, cartId }, now);
  if (!change) return { kind: 'closed' };
  switch (change.kind) {
    case 'unchanged':
      return cartAnswer(db, cartId, caller, now, 1, undefined, true);
    case 'applied':
    case 'removed':
      return cartAnswer(db, cartId, caller, now, 1, change.message, true);
    case 'refused':
    case 'dropped':
      return cartAnswer(db, cartId, caller, now, 2, change.message, true);
  }
}

/** removekept: a line kept for another zip goes for good; the cart as it then stands. */
export async function removeKept(
  db: Kysely<Database>,
  caller: Caller | undefined,
  ref: { cartId: string; keptId: number },
  now: Date,
): Promise<CartPageAnswer> {
  const cart = await findOwnCart(db, ref.cartId, caller);
  if (!cart) return cartNotFound;
  if (!(await removeKeptLine(db, cart.id, ref.keptId))) return { kind: 'not-found', what: keptLineNotFoundMessage };
  return { kind: 'cart', code: 1, data: await loadCartView(db, cart, now, { kept: true }) };
}

/** Thrown inside the coupon transaction to roll it back while still answering with the refusal it carries. */
class KeepCart extends Error {
  constructor(readonly change: CouponChange) {
    super('rolled back');
  }
}

/**
 * One transaction with the cart row locked: takes the coupon off when asked, then applies the new code, or checks
 * the kept one against the cart as it is now. Undefined when the cart closed meanwhile.
 */
async function changeCoupon(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ShowCartRequest & { cartId: string },
  now: Date,
): Promise<CouponChange | undefined> {
  const code = request.couponCode?.trim() ?? '';
  try {
    return await db.transaction().execute(async (trx): Promise<CouponChange | undefined> => {
      const cart = await lockOwnCart(trx, request.cartId, caller);
      if (!cart) return undefined;
      const subtotal = itemSubtotalCents(await loadCartLines(trx, cart.id));
      let removed: CouponChange = { kind: 'unchanged' };
      if (request.removeCoupon) {
        removed = await removeCoupon(trx, cart);
        cart.coupon_code = null;
      }
      const customer = caller ? await couponCustomer(trx, caller.customerId) : undefined;
      if (code === '') return removed.kind !== 'unchanged' ? removed : revalidateCoupon(trx, cart, subtotal, now, customer);
      const applied = await applyCoupon(trx, cart, code, subtotal, now, customer);
      // Swapping coupons in one call: a refused new code must not cost the shopper the old one.
      if (applied.kind === 'refused' && removed.kind === 'removed') throw new KeepCart(applied);
      return applied;
    });
  } catch (error) {
    if (!(error instanceof KeepCart)) throw error;
    return error.change;
  }
}

/** The cart after a line change: as it stands when refused (so the page puts the line back), 2 when the coupon dropped. */
function afterLineChange(
  db: Kysely<Database>,
  cartId: string,
  caller: Caller | undefined,
  now: Date,
  outcome: LineOutcome,
): Promise<CartPageAnswer> | CartPageAnswer {
  switch (outcome.kind) {
    case 'not-found':
      return { kind: 'not-found', what: 'Cart item not found' };
    case 'refused':
      return cartAnswer(db, cartId, caller, now, -1, outcome.message);
    case 'changed':
      return outcome.couponMessage === undefined
        ? cartAnswer(db, cartId, caller, now, 1)
        : cartAnswer(db, cartId, caller, now, 2, outcome.couponMessage);
  }
}

/** updateitem: a line's new quantity (0 removes it). */
export async function changeLineQty(db: Kysely<Database>, caller: Caller | undefined, ref: LineRef, qty: number, now: Date): Promise<CartPageAnswer> {
  return afterLineChange(db, ref.cartId, caller, now, await updateLineQty(db, caller, ref, qty, now));
}

/** deleteitem. */
export async function removeLine(db: Kysely<Database>, caller: Caller | undefined, ref: LineRef, now: Date): Promise<CartPageAnswer> {
  return afterLineChange(db, ref.cartId, caller, now, await deleteLine(db, caller, ref, now));
}

/** deliveryschedule: one vendor group's date (and Same Day slot); a refusal answers the cart as it was, code -1. */
export async function scheduleGroup(db: Kysely<Database>, caller: Caller | undefined, request: ScheduleRequest, now: Date): Promise<CartPageAnswer> {
  const outcome = await scheduleDelivery(db, caller, request, now);
  if (outcome.kind === 'not-found') return cartNotFound;
  // The cart row and the group's calendar as the schedule read them under the cart's lock: not read again.
  const data = await loadCartView(db, outcome.cart, now, { calendars: outcome.calendars });
  return outcome.kind === 'refused' ? { kind: 'cart', code: -1, message: outcome.message, data } : { kind: 'cart', code: 1, data };
}

/**
 * getslot: a shop's open slots on a date. A cart id only makes the cart's own hold count as free; it must still be
 * the caller's.
 */
export async function slotsForCart(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: { zipcode?: string | undefined; locId: number; date: string; cartId?: string | undefined },
  now: Date,
): Promise<SlotListing | { kind: 'not-found' }> {
  if (request.cartId !== undefined && !(await findOwnCart(db, request.cartId, caller))) return { kind: 'not-found' };
  return slotsFor(db, request, now);
}
