import {
  addAddressReply,
  getAddressesReply,
  type AddAddressBody,
  type AddAddressReply,
  type GetAddressesReply,
} from './contract/address.contract.ts';
import {
  orderReviewReply,
  placeOrderReply,
  type OrderReviewBody,
  type OrderReviewReply,
  type PlaceOrderBody,
  type PlaceOrderReply,
} from './contract/checkout.contract.ts';
import { shippingReply, type ShippingBody, type ShippingReply } from './contract/shipping.contract.ts';
import { call } from './http.ts';

/** `call` adds store_id itself. */
type Sent<T> = Omit<T, 'store_id'>;

/** GET /connect/customer/getaddresses: the caller's shipping addresses. */
export function getShippingAddresses(customerId: number): Promise<GetAddressesReply> {
  return call('/connect/customer/getaddresses', getAddressesReply, { method: 'GET', query: { customerid: customerId, address_type: 'shipping' } });
}

/** POST /connect/customer/addaddress?customerid=: a new shipping address (code -1 when zip and city disagree). */
export function addShippingAddress(customerId: number | undefined, body: Sent<AddAddressBody>): Promise<AddAddressReply> {
  return call('/connect/customer/addaddress', addAddressReply, { method: 'POST', query: { customerid: customerId }, body: { ...body } });
}

/** POST /api/shipping: the delivery speed options for the cart. */
export function shippingOptions(body: Sent<ShippingBody>): Promise<ShippingReply> {
  return call('/api/shipping', shippingReply, { method: 'POST', body: { ...body } });
}

/** POST /api/checkout/orderreview: the order summary with the chosen speed and tip, every figure the server's. */
export function orderReview(body: Sent<OrderReviewBody>): Promise<OrderReviewReply> {
  return call('/api/checkout/orderreview', orderReviewReply, { method: 'POST', body: { ...body } });
}

/** POST /api/placeorder/confirm: after the bank check, the order as its payment now stands. */
export function confirmOrder(orderId: string): Promise<PlaceOrderReply> {
  return call('/api/placeorder/confirm', placeOrderReply, { method: 'POST', body: { order_id: orderId } });
}

/** POST /api/placeorder/placeorder: one order per cart, however often it arrives. */
export function placeOrder(body: Sent<PlaceOrderBody>): Promise<PlaceOrderReply> {
  return call('/api/placeorder/placeorder', placeOrderReply, { method: 'POST', body: { ...body } });
}
