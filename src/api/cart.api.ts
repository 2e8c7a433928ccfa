import { clearCartReply, type ClearCartReply } from './contract/cart.contract.ts';
import {
  cartReply,
  getSlotReply,
  nextDeliveryDateReply,
  type CartReply,
  type DeleteItemBody,
  type DeliveryScheduleBody,
  type GetSlotBody,
  type GetSlotReply,
  type NextDeliveryDateBody,
  type NextDeliveryDateReply,
  type ShowCartBody,
  type UpdateItemBody,
} from './contract/cart-page.contract.ts';
import { call } from './http.ts';

/** `call` adds store_id itself. */
type Sent<T> = Omit<T, 'store_id'>;

/** Empties the caller's server cart (the bearer token proves a customer's cart is theirs). */
export function clearCart(cartId: string, customerId?: number): Promise<ClearCartReply> {
  return call('/api/cart/clearCart', clearCartReply, { method: 'POST', query: { quote_id: cartId, cus_id: customerId } });
}

/** POST /api/cart/showcart: the whole cart; coupon_code applies a coupon, remove_coupon: 1 takes it off. */
export function showCart(body: Sent<ShowCartBody>): Promise<CartReply> {
  return call('/api/cart/showcart', cartReply, { method: 'POST', body });
}

/** POST /api/cart/updateitem: sets one line's quantity; a stock refusal is code -1 with the cart as it stands. */
export function updateItem(body: Sent<UpdateItemBody>): Promise<CartReply> {
  return call('/api/cart/updateitem', cartReply, { method: 'POST', body });
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
