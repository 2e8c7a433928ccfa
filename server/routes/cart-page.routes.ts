import type { FastifyPluginAsync } from 'fastify';
import {
  deleteItemBody,
  deliveryScheduleBody,
  getSlotBody,
  nextDeliveryDateBody,
  nextDeliveryDateRequest,
  removeKeptBody,
  showCartBody,
  updateItemBody,
  type CartReply,
  type GetSlotReply,
  type NextDeliveryDateReply,
} from '../../src/api/contract/cart-page.contract.ts';
import { cartIsEmptyRefusal, cartNotFoundMessage, cartOrderedMessage } from '../../src/rules/messages.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { identityStandingOf } from '../services/identity/customer-verification.ts';
import { shoppersOpenUnpaidOrders } from '../services/checkout/pay-on-delivery.ts';
import { changeLineQty, removeKept, removeLine, scheduleGroup, showCart, slotsForCart, type CartPageAnswer } from '../services/cart/cart-page.ts';
import { nextDeliveryDates } from '../services/cart/delivery-dates.ts';
import { slotShopOfVendor } from '../services/cart/slots.ts';
import { servedAreas } from '../services/catalogue/catalogue-cache.ts';
import { noSlotsLeftReply } from '../../src/rules/cart-checkout.ts';

/** The envelope for a cart page answer: the cart, code 1 or 2 / -1 with the message to show. */
function cartReply(answer: CartPageAnswer): CartReply {
  if (answer.kind === 'not-found') throw notFound(answer.what);
  if (answer.kind === 'closed') return { code: -1, message: cartIsEmptyRefusal };
  if (answer.kind === 'ordered') {
    const { cartId, totalQty } = answer.current;
    return { code: -1, message: cartOrderedMessage, current_cart: { cart_id: cartId, total_items_count: totalQty } };
  }
  if (answer.kind === 'current') return { code: -1, current_cart: { cart_id: answer.current.cartId, total_items_count: answer.current.totalQty } };
  const { code, message, data } = answer;
  return message === undefined ? { code, data } : { code, message, data };
}

export function cartPageRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db } = deps;
  return async (app) => {
    /** The cart with every figure computed here; coupon_code applies a coupon, remove_coupon: 1 takes it off. */
    app.post('/api/cart/showcart', async (request): Promise<CartReply> => {
      const body = parseWith(showCartBody, request.body);
      const caller = await optionalCaller(request, db);
      // Only a signed-in customer's browser may ask without a cart (their account's cart is then named).
      if (body.cart_id === undefined && (caller === undefined || caller.isGuest))
        throw badRequest([{ field: 'cart_id', message: 'cart_id is required.' }]);
      // The option the shopper is on (the cart page's read): lines kept for it come back (QA walk 3).
      const option = body.courier_type
        ? { courierType: body.courier_type, restaurantLocId: body.vendor_location_id, served: await servedAreas(db) }
        : undefined;
      const show = { cartId: body.cart_id, couponCode: body.coupon_code ?? undefined, removeCoupon: body.remove_coupon === 1, option };
      const reply = cartReply(await showCart(db, caller, show, deps.clock()));
      // A drink in a customer's cart: their identity as the database holds it now (verified in another browser since
      // this one signed in: walk 4), and a refusal as 21 or under, for the checkout to say why, not 'verify' again.
      const hasDrink = reply.data?.result.some((line) => line.age_restricted) ?? false;
      const identity = hasDrink && caller !== undefined && !caller.isGuest ? await identityStandingOf(db, caller.customerId) : undefined;
      // A cart with lines may be checked out: the payment tab says the open unpaid orders' limit (walk 4 #3).
      const openOrders =
        caller !== undefined && (reply.data?.result.length ?? 0) > 0
          ? await shoppersOpenUnpaidOrders(db, caller.customerId, caller.email)
          : undefined;
      return {
        ...reply,
        ...(identity ? { identity_verification_id: identity.verification_id } : {}),
        ...(identity?.refusal === 'under-21' ? { identity_under_21: true } : {}),
        ...(openOrders !== undefined ? { pay_on_delivery_open_orders: openOrders } : {}),
      };
    });

    app.post('/api/cart/updateitem', async (request): Promise<CartReply> => {
      const body = parseWith(updateItemBody, request.body);
      const caller = await optionalCaller(request, db);
      const ref = { cartId: body.cart_id, cartRid: body.cart_rid, variantId: body.product_id };
      return cartReply(await changeLineQty(db, caller, ref, body.qty, deps.clock()));
    });

    app.post('/api/cart/deleteitem', async (request): Promise<CartReply> => {
      const body = parseWith(deleteItemBody, request.body);
      const caller = await optionalCaller(request, db);
      return cartReply(await removeLine(db, caller, { cartId: body.cart_id, cartRid: body.cart_rid }, deps.clock()));
    });

    /** Takes a line kept for another zip away for good (decision 047). */
    app.post('/api/cart/removekept', async (request): Promise<CartReply> => {
      const body = parseWith(removeKeptBody, request.body);
      const caller = await optionalCaller(request, db);
      return cartReply(await removeKept(db, caller, { cartId: body.cart_id, keptId: body.kept_id }, deps.clock()));
    });

    /** Saves one vendor group's date (and Same Day slot, holding a seat for 15 minutes). */
    app.post('/api/cart/deliveryschedule', async (request): Promise<CartReply> => {
      const body = parseWith(deliveryScheduleBody, request.body);
      const caller = await optionalCaller(request, db);
      const schedule = { cartId: body.cart_id, locId: body.vendor_loc_id, date: body.delivery_date, slotId: body.slot_id ?? null };
      return cartReply(await scheduleGroup(db, caller, schedule, deps.clock()));
    });

    app.post('/connect/delivery/nextDeliveryDate', async (request): Promise<NextDeliveryDateReply> => {
      const body = parseWith(nextDeliveryDateBody, nextDeliveryDateRequest(request.body));
      const missing = body.vendors.findIndex((v) => v.vendor_id === undefined && v.vendor_loc_id === undefined);
      if (missing >= 0) throw badRequest([{ field: `vendors.${missing}.vendor_id`, message: 'vendor_id is required.' }]);
      const requests = body.vendors.map((v) =>
        v.vendor_id !== undefined ? { vendorId: v.vendor_id, speed: v.delivery_type } : { locId: v.vendor_loc_id ?? 0, speed: v.delivery_type },
      );
      return { status: 1, response: await nextDeliveryDates(db, requests, deps.clock()) };
    });

    app.post('/connect/driverslot/getslot', async (request): Promise<GetSlotReply> => {
      const body = parseWith(getSlotBody, request.body);
      const zipcode = body.zipcode === undefined ? undefined : normalizePincode(body.zipcode);
      if (body.vendor_loc_id === undefined && body.vendor_id === undefined) {
        throw badRequest([{ field: 'vendor_id', message: 'vendor_id is required.' }]);
      }
      const caller = await optionalCaller(request, db);
      const locId = body.vendor_loc_id ?? (await slotShopOfVendor(db, body.vendor_id ?? 0, zipcode));
      if (locId === undefined) return { code: -1, message: noSlotsLeftReply };
      const listing = await slotsForCart(db, caller, { zipcode, locId, date: body.order_date, cartId: body.cart_id }, deps.clock());
      if (listing.kind === 'not-found') throw notFound(cartNotFoundMessage);
      return listing.kind === 'slots' ? { code: 1, data: listing.slots } : { code: -1, message: listing.message };
    });
  };
}
