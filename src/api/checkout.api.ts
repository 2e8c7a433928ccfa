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
import { call, type Sent } from './http.ts';
import type { AddressValues } from '../rules/address-validation.ts';
import type { SubstitutionPreference } from '../rules/catch-weight.ts';
import type { SpeedId } from '../rules/delivery-speeds.ts';
import type { TipPercent } from '../rules/tips.ts';
import { parseDineinTime } from '../rules/visit-time.ts';

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

// ---------------------------------------------------------------- request bodies (pure)

/** The new address payload (spec section 3) for the address form's values: a US shipping address. */
export function newAddressBody(values: AddressValues, makeDefault: boolean): Sent<AddAddressBody> {
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    street1: values.address.trim(),
    street2: (values.address2 ?? '').trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipcode: values.zip.trim(),
    nickname: (values.addressNickname ?? '').trim(),
    telephone: values.phone.trim(),
    default_address: makeDefault ? '1' : '0',
    country: 'US',
    address_type: 'shipping',
  };
}

/** The client-stored values the speed options depend on (structurally the session's): 1 means set. */
export interface StoredDelivery {
  zipcode?: string | undefined;
  delivery?: number | undefined;
  pickup?: number | undefined;
  dineinpickup?: number | undefined;
}

/** POST /api/shipping's body: the cart, the chosen address and the stored delivery flags. */
export function shippingOptionsBody(cartId: string, deliveryAddressId: number | undefined, stored: StoredDelivery): Sent<ShippingBody> {
  return {
    cart_id: cartId,
    delivery_address_id: deliveryAddressId,
    zipcode: stored.zipcode,
    delivery: stored.delivery === 1,
    pickup: stored.pickup === 1,
    dineinpickup: stored.dineinpickup === 1,
  };
}

/** The cart flow's choices order review reads (structurally the checkout machines' CartFlow). */
export interface ReviewChoices {
  selectedAddress: { id: number } | undefined;
  selectedSpeedID: SpeedId | undefined;
  selectedRetailerID: number | undefined;
  selectedShippingMethodID: string | undefined;
  tipPercent: TipPercent;
}

/** ... and what place order reads besides: the payment and the gift message. */
export interface OrderChoices
  extends
    ReviewChoices,
    Pick<PlaceOrderBody, 'payment_mode' | 'card_id' | 'card_token' | 'upi_address' | 'bank_name' | 'routing_number' | 'account_number'> {
  isGift: boolean;
  giftMessage: string;
  /** Dine-in and pick-up: the visit 'YYYY-MM-DD HH:MM' (the session's dineinTime); anything else is not sent. */
  pickup_date?: string | undefined;
}

/** POST /api/checkout/orderreview's body: the choices only; every figure is the server's. */
export function reviewBody(cartId: string, flow: ReviewChoices): Sent<OrderReviewBody> {
  return {
    cart_id: cartId,
    delivery_address_id: flow.selectedAddress?.id,
    speed_id: flow.selectedSpeedID,
    retailer_id: flow.selectedRetailerID,
    shipping_method_id: flow.selectedShippingMethodID ?? null,
    driver_tip: flow.tipPercent,
  };
}

/** POST /api/placeorder/placeorder's body: the review's choices under both the API's and the cart flow's names, the payment and the gift. */
export function placeOrderBody(
  cartId: string,
  flow: OrderChoices,
  substitutions: Readonly<Record<number, SubstitutionPreference>> = {},
  /** The grand total the summary shows: the server refuses the order if the cart no longer comes to it (walk 5 #3). */
  shownGrandtotal?: string,
): Sent<PlaceOrderBody> {
  const chosen = Object.entries(substitutions).map(([cartRid, preference]) => ({ cart_rid: Number(cartRid), preference }));
  return {
    ...reviewBody(cartId, flow),
    selectedAddress: flow.selectedAddress?.id,
    selectedSpeedID: flow.selectedSpeedID,
    selectedRetailerID: flow.selectedRetailerID,
    selectedShippingMethodID: flow.selectedShippingMethodID ?? null,
    payment_mode: flow.payment_mode,
    card_id: flow.card_id,
    card_token: flow.card_token ?? null,
    upi_id: flow.upi_address ?? null,
    upi_address: flow.upi_address ?? null,
    ...(flow.payment_mode === 1
      ? { bank_name: flow.bank_name ?? null, routing_number: flow.routing_number ?? null, account_number: flow.account_number ?? null }
      : {}),
    gift_message: flow.isGift && flow.giftMessage.trim() !== '' ? flow.giftMessage.trim() : null,
    pickup_date: parseDineinTime(flow.pickup_date) ? flow.pickup_date : undefined,
    // Lines not listed take the default preference on the server (a similar product).
    ...(chosen.length > 0 ? { substitutions: chosen } : {}),
    ...(shownGrandtotal !== undefined ? { shown_grandtotal: shownGrandtotal } : {}),
  };
}
