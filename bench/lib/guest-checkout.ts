/**
 * One guest checkout over HTTP, as the client makes it: add to cart (a new cart), guest cart (email-only checkout),
 * next delivery date, delivery schedule, address, card token, place order with the offline gateway's test card. The
 * one home of these calls for every bench that checks out (checkout.bench.ts, the scale test's shoppers,
 * throughput.bench.ts): each bench passes its own caller, which sends a call, times it, counts it as it wants and
 * checks the reply against the client's contract.
 */
import { create, type Struct } from 'superstruct';
import { addToCartReply } from '../../src/api/contract/add-to-cart.contract.ts';
import { addAddressReply } from '../../src/api/contract/address.contract.ts';
import { cartReply, nextDeliveryDateReply } from '../../src/api/contract/cart-page.contract.ts';
import { placeOrderReply, type PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { tokenizeReply } from '../../src/api/contract/payment.contract.ts';

export const checkoutCalls = ['addtocart', 'guestcart', 'nextDeliveryDate', 'deliveryschedule', 'addaddress', 'tokenize', 'placeorder'] as const;
export type CheckoutCall = (typeof checkoutCalls)[number];

/** Sends one POST (with the bearer token when given) and answers its reply checked against `reply`, or throws. */
export type CheckoutCaller = <T>(call: CheckoutCall, url: string, body: unknown, reply: Struct<T>, token?: string) => Promise<T>;

/** What a guest buys: sizes (the spec's product_id is a variant id) the courier sells, the courier and its vendor. */
/** The seven calls over HTTP to the server at `base`, as the store's client sends them (JSON, compressed replies). */
export function httpCheckoutCaller(base: string): CheckoutCaller {
  return async (_call, url, body, reply, token) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br, zstd',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.json();
    return create(json, reply);
  };
}

export interface CheckoutShop {
  variantIds: readonly number[];
  vendorId: number;
  courierLocId: number;
}

export type CheckoutOutcome =
  { kind: 'refused'; message: string } | { kind: 'answered'; cartId: string; token: string; customerId: number; placed: PlaceOrderReply };

/**
 * The n-th guest's checkout of one unit, from an empty cart to the place order's answer (placed or refused with an
 * order number: `placed.code` says). An add to cart refused (a sold-out size) ends it early; `onSession` hears the
 * guest's session as soon as it exists.
 */
export async function guestCheckout(
  post: CheckoutCaller,
  shop: CheckoutShop,
  n: number,
  onSession: (token: string, customerId: number) => void = () => undefined,
): Promise<CheckoutOutcome> {
  const added = await post(
    'addtocart',
    '/api/cart/addtocart',
    {
      product_id: shop.variantIds[n % shop.variantIds.length] ?? 0,
      qty: 1,
      zipcode: '10001',
      loc_id: 101,
      speed_id: 'courier',
      vendor_loc_id: shop.courierLocId,
      store_id: 1,
    },
    addToCartReply,
  );
  const cartId = added[0]?.cart_id;
  if (added[0]?.code !== 1 || !cartId) return { kind: 'refused', message: `addtocart: ${added[0]?.message ?? ''}` };
  const guest = await post(
    'guestcart',
    '/api/cart/guestcart',
    { customer_email: `bench-${n}@example.com`, cart_id: cartId, store_id: 1 },
    guestCartReply,
  );
  if (!guest.data) throw new Error('guestcart: no session');
  const { api_token: token, customer_id: customerId } = guest.data;
  onSession(token, customerId);
  const next = await post(
    'nextDeliveryDate',
    '/connect/delivery/nextDeliveryDate',
    { vendors: [{ vendor_id: shop.vendorId, delivery_type: 'courier' }], store_id: 1 },
    nextDeliveryDateReply,
    token,
  );
  const date = next.response[0]?.delivery_date;
  if (!date) throw new Error('nextDeliveryDate: no date');
  await post(
    'deliveryschedule',
    '/api/cart/deliveryschedule',
    { cart_id: cartId, vendor_loc_id: shop.courierLocId, delivery_date: date },
    cartReply,
    token,
  );
  const address = await post(
    'addaddress',
    `/connect/customer/addaddress?customerid=${customerId}`,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street1: `${n} Bench Street`,
      street2: '',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      nickname: 'Home',
      telephone: '2125550100',
      country: 'US',
      address_type: 'shipping',
    },
    addAddressReply,
    token,
  );
  if (address.address_id === undefined) throw new Error('addaddress: no id');
  const card = await post(
    'tokenize',
    '/api/payments/tokenize',
    { holder: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    tokenizeReply,
  );
  const placed = await post(
    'placeorder',
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: address.address_id, speed_id: 10, payment_mode: 2, card_token: card.data?.token ?? '', store_id: 1 },
    placeOrderReply,
    token,
  );
  return { kind: 'answered', cartId, token, customerId, placed };
}
