import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  deleteItemBody,
  deliveryScheduleBody,
  getSlotBody,
  nextDeliveryDateBody,
  showCartBody,
  updateItemBody,
  type CartReply,
  type GetSlotReply,
  type NextDeliveryDateReply,
} from '../../src/api/contract/cart-page.contract.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { deleteLine, updateLineQty, type LineOutcome } from '../services/cart/cart-lines.ts';
import { findCallersCart, findOwnCart, lockOwnCart } from '../services/cart/carts.ts';
import { itemSubtotalCents, loadCartLines, loadCartView } from '../services/cart/cart-view.ts';
import { applyCoupon, removeCoupon, revalidateCoupon, type CouponChange } from '../services/cart/coupons.ts';
import { nextDeliveryDates } from '../services/cart/delivery-dates.ts';
import { scheduleDelivery } from '../services/cart/delivery-schedule.ts';
import type { Caller } from '../services/accounts/sessions.ts';
import { slotsFor } from '../services/cart/slots.ts';

const cartNotFound = 'Cart not found';

/** Thrown inside a transaction to roll it back while still answering with the refusal it carries. */
class KeepCart extends Error {
  constructor(readonly change: CouponChange) {
    super('rolled back');
  }
}
export const emptyCartMessage = 'Your cart is empty.';

/** The cart as it is now, in the envelope: code 1, or 2 / -1 with the message to show. */
async function cartAnswer(
  db: Kysely<Database>,
  cartId: string,
  caller: Caller | undefined,
  now: Date,
  code: CartReply['code'],
  message?: string,
): Promise<CartReply> {
  const cart = await findOwnCart(db, cartId, caller);
  if (!cart) throw notFound(cartNotFound);
  const data = await loadCartView(db, cart, now);
  return message === undefined ? { code, data } : { code, message, data };
}

function lineAnswer(db: Kysely<Database>, cartId: string, caller: Caller | undefined, now: Date, outcome: LineOutcome): Promise<CartReply> {
  switch (outcome.kind) {
    case 'not-found':
      throw notFound('Cart item not found');
    case 'refused':
      // The cart as it stands, so the page puts the line back to the server's quantity.
      return cartAnswer(db, cartId, caller, now, -1, outcome.message);
    case 'changed':
      return outcome.couponMessage === undefined
        ? cartAnswer(db, cartId, caller, now, 1)
        : cartAnswer(db, cartId, caller, now, 2, outcome.couponMessage);
  }
}

export function cartPageRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db } = deps;
  return async (app) => {
    /** The cart with every figure computed here; coupon_code applies a coupon, remove_coupon: 1 takes it off. */
    app.post('/api/cart/showcart', async (request): Promise<CartReply> => {
      const body = parseWith(showCartBody, request.body);
      const caller = await optionalCaller(request, db);
      const now = deps.clock();
      const known = await findCallersCart(db, body.cart_id, caller);
      if (!known) throw notFound(cartNotFound);
      if (known.status !== 'open') return { code: -1, message: emptyCartMessage };

      const code = body.coupon_code?.trim() ?? '';
      let change: CouponChange | undefined;
      try {
        change = await db.transaction().execute(async (trx): Promise<CouponChange | undefined> => {
          const cart = await lockOwnCart(trx, body.cart_id, caller);
          if (!cart) return undefined;
          const subtotal = itemSubtotalCents(await loadCartLines(trx, cart.id));
          let removed: CouponChange = { kind: 'unchanged' };
          if (body.remove_coupon === 1) {
            removed = await removeCoupon(trx, cart);
            cart.coupon_code = null;
          }
          // The old client sends coupon_code: '' with every call: an empty code is no code.
          if (code === '') return removed.kind !== 'unchanged' ? removed : revalidateCoupon(trx, cart, subtotal, now);
          const applied = await applyCoupon(trx, cart, code, subtotal, now);
          // Swapping coupons in one call: a refused new code must not cost the shopper the old one.
          if (applied.kind === 'refused' && removed.kind === 'removed') throw new KeepCart(applied);
          return applied;
        });
      } catch (error) {
        if (!(error instanceof KeepCart)) throw error;
        change = error.change;
      }
      if (!change) return { code: -1, message: emptyCartMessage };
      switch (change.kind) {
        case 'unchanged':
          return cartAnswer(db, body.cart_id, caller, now, 1);
        case 'applied':
        case 'removed':
          return cartAnswer(db, body.cart_id, caller, now, 1, change.message);
        case 'refused':
        case 'dropped':
          return cartAnswer(db, body.cart_id, caller, now, 2, change.message);
      }
    });

    app.post('/api/cart/updateitem', async (request): Promise<CartReply> => {
      const body = parseWith(updateItemBody, request.body);
      const caller = await optionalCaller(request, db);
      const now = deps.clock();
      const ref = { cartId: body.cart_id, cartRid: body.cart_rid, variantId: body.product_id };
      return lineAnswer(db, body.cart_id, caller, now, await updateLineQty(db, caller, ref, body.qty, now));
    });

    app.post('/api/cart/deleteitem', async (request): Promise<CartReply> => {
      const body = parseWith(deleteItemBody, request.body);
      const caller = await optionalCaller(request, db);
      const now = deps.clock();
      return lineAnswer(db, body.cart_id, caller, now, await deleteLine(db, caller, { cartId: body.cart_id, cartRid: body.cart_rid }, now));
    });

    /** Saves one vendor group's date (and Same Day slot, holding a seat for 15 minutes). */
    app.post('/api/cart/deliveryschedule', async (request): Promise<CartReply> => {
      const body = parseWith(deliveryScheduleBody, request.body);
      const caller = await optionalCaller(request, db);
      const now = deps.clock();
      const outcome = await scheduleDelivery(
        db,
        caller,
        { cartId: body.cart_id, locId: body.vendor_loc_id, date: body.delivery_date, slotId: body.slot_id ?? null },
        now,
      );
      if (outcome.kind === 'not-found') throw notFound(cartNotFound);
      if (outcome.kind === 'refused') return cartAnswer(db, body.cart_id, caller, now, -1, outcome.message);
      return cartAnswer(db, body.cart_id, caller, now, 1);
    });

    app.post('/connect/delivery/nextDeliveryDate', async (request): Promise<NextDeliveryDateReply> => {
      const body = parseWith(nextDeliveryDateBody, request.body);
      const requests = body.vendors.map((v) => ({ vendorId: v.vendor_id, speed: v.delivery_type }));
      return { status: 1, response: await nextDeliveryDates(db, requests, deps.clock()) };
    });

    app.post('/connect/driverslot/getslot', async (request): Promise<GetSlotReply> => {
      const body = parseWith(getSlotBody, request.body);
      const caller = await optionalCaller(request, db);
      // A cart id only makes the cart's own hold count as free; it must still be the caller's.
      if (body.cart_id !== undefined && !(await findOwnCart(db, body.cart_id, caller))) throw notFound(cartNotFound);
      const listing = await slotsFor(
        db,
        { zipcode: body.zipcode.trim(), locId: body.vendor_loc_id, date: body.order_date, cartId: body.cart_id },
        deps.clock(),
      );
      return listing.kind === 'slots' ? { code: 1, data: listing.slots } : { code: -1, message: listing.message };
    });
  };
}
