import { moveAreaReply, type MoveAreaBody, type MoveAreaReply } from './contract/cart-area.contract.ts';
import { clearCartReply, type ClearCartReply } from './contract/cart.contract.ts';
import {
  cartReply,
  getSlotReply,
  nextDeliveryDateReply,
  type CartLine,
  type CartReply,
  type DeliveryGroup,
  type DeleteItemBody,
  type RemoveKeptBody,
  type DeliveryScheduleBody,
  type GetSlotBody,
  type GetSlotReply,
  type NextDeliveryDateBody,
  type NextDeliveryDateReply,
  type ShowCartBody,
  type UpdateItemBody,
} from './contract/cart-page.contract.ts';
import { call, type Sent } from './http.ts';

/** Empties the caller's server cart (the bearer token proves a customer's cart is theirs). */
export function clearCart(cartId: string, customerId?: number): Promise<ClearCartReply> {
  return call('/api/cart/clearCart', clearCartReply, { method: 'POST', query: { quote_id: cartId, cus_id: customerId } });
}

/**
 * POST /api/cart/movearea: which lines another pincode (or delivery option) still sells; with apply: 1 the cart moves
 * there, without the lines it cannot sell (issue 23: only after the shopper agreed).
 */
export function moveCartArea(body: Sent<MoveAreaBody>): Promise<MoveAreaReply> {
  return call('/api/cart/movearea', moveAreaReply, { method: 'POST', body });
}

/** POST /api/cart/showcart: the whole cart; coupon_code applies a coupon, remove_coupon: 1 takes it off. */
export function showCart(body: Sent<ShowCartBody>): Promise<CartReply> {
  return call('/api/cart/showcart', cartReply, { method: 'POST', body });
}

/** POST /api/cart/updateitem: sets one line's quantity; a stock refusal is code -1 with the cart as it stands. */
export function updateItem(body: Sent<UpdateItemBody>): Promise<CartReply> {
  return call('/api/cart/updateitem', cartReply, { method: 'POST', body });
}

/** POST /api/cart/removekept: takes a line kept for another zip away for good (decision 047). */
export function removeKept(body: Sent<RemoveKeptBody>): Promise<CartReply> {
  return call('/api/cart/removekept', cartReply, { method: 'POST', body });
}

/** POST /api/cart/deleteitem: removes one line. */
export function deleteItem(body: Sent<DeleteItemBody>): Promise<CartReply> {
  return call('/api/cart/deleteitem', cartReply, { method: 'POST', body });
}

/** POST /connect/delivery/nextDeliveryDate: each vendor's earliest date, holidays and today's cutoff. */
export function nextDeliveryDates(body: Sent<NextDeliveryDateBody>): Promise<NextDeliveryDateReply> {
  return call('/connect/delivery/nextDeliveryDate', nextDeliveryDateReply, { method: 'POST', body });
}

/** POST /connect/driverslot/getslot: a Same Day vendor's slots with a seat left on a date. */
export function getSlots(body: Sent<GetSlotBody>): Promise<GetSlotReply> {
  return call('/connect/driverslot/getslot', getSlotReply, { method: 'POST', body });
}

/** POST /api/cart/deliveryschedule: saves a group's date (and slot, holding the seat 15 minutes). */
export function setDeliverySchedule(body: Sent<DeliveryScheduleBody>): Promise<CartReply> {
  return call('/api/cart/deliveryschedule', cartReply, { method: 'POST', body });
}

// ---------------------------------------------------------------- request bodies (pure: the machines call these)

/** showcart as it is: the cart with every figure (the server re-checks a coupon that may have stopped applying). Without a cart id, the account's cart. */
export function cartRequest(
  cartId: string | undefined,
  option?: Pick<Sent<ShowCartBody>, 'courier_type' | 'vendor_location_id'>,
): Sent<ShowCartBody> {
  // Without a cart the server answers a signed-in customer's account cart (current_cart).
  // With the option the shopper is on, lines kept for it come back first (QA walk 3).
  return cartId === undefined ? {} : { cart_id: cartId, ...option };
}

/** showcart applying the coupon typed into the box (spaces around it do not count). */
export function applyCouponRequest(cartId: string, code: string): Sent<ShowCartBody> {
  return { cart_id: cartId, coupon_code: code.trim() };
}

/** showcart taking the applied coupon off. */
export function removeCouponRequest(cartId: string): Sent<ShowCartBody> {
  return { cart_id: cartId, remove_coupon: 1 };
}

/** updateitem: one line's new quantity, with the line's product when the cart still shows that line. */
export function lineQuantityRequest(cartId: string, lines: readonly CartLine[], cartRid: number, qty: number): Sent<UpdateItemBody> {
  const line = lines.find((l) => l.cart_rid === cartRid);
  return { cart_id: cartId, cart_rid: cartRid, qty, product_id: line?.product_id };
}

/** removekept: one kept line away. */
export function keptRemovalRequest(cartId: string, keptId: number): Sent<RemoveKeptBody> {
  return { cart_id: cartId, kept_id: keptId };
}

/** deleteitem: one line off the cart. */
export function lineRemovalRequest(cartId: string, cartRid: number): Sent<DeleteItemBody> {
  return { cart_id: cartId, cart_rid: cartRid };
}

/** nextDeliveryDate: every vendor and speed of the cart's delivery groups, once each. */
export function deliveryDatesRequest(groups: readonly DeliveryGroup[]): Sent<NextDeliveryDateBody> {
  const seen = new Map<string, { vendor_id: number; delivery_type: DeliveryGroup['type'] }>();
  for (const g of groups) seen.set(`${g.vendor_id}:${g.type}`, { vendor_id: g.vendor_id, delivery_type: g.type });
  return { vendors: [...seen.values()] };
}

/** nextDeliveryDate for one shop by its location id (the delivery options page's area shop), at Same Day speed. */
export function shopCalendarRequest(vendorLocId: number): Sent<NextDeliveryDateBody> {
  return { vendors: [{ vendor_loc_id: vendorLocId, delivery_type: 'local' }] };
}

/** deliveryschedule: a group's date, and its Same Day slot (null while only the date is chosen). */
export function scheduleRequest(cartId: string, vendorLocId: number, date: string, slotId: number | null): Sent<DeliveryScheduleBody> {
  return { cart_id: cartId, vendor_loc_id: vendorLocId, delivery_date: date, slot_id: slotId };
}

/** getslot: a Same Day group's slots on its saved date (the cart's own hold counts as free). */
export function slotsRequest(cartId: string, vendorLocId: number, date: string, zipcode: string): Sent<GetSlotBody> {
  return { order_date: date, zipcode, vendor_loc_id: vendorLocId, cart_id: cartId };
}
