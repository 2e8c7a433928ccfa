import { create } from 'superstruct';
import { cartReply } from '../../../src/api/contract/cart-page.contract.ts';
import { listingReply } from '../../../src/api/contract/catalogue.contract.ts';
import { getAddressesReply } from '../../../src/api/contract/address.contract.ts';
import { placeOrderReply } from '../../../src/api/contract/checkout.contract.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { payingCardToken, saveHomeThroughApi, scheduleGroupThroughApi } from '../journeys/checkout-shoppers.ts';
import { addToCartThroughApi, newCustomer, postJson } from '../journeys/shoppers.ts';
import { apiPost } from '../steps.ts';

/**
 * A Same Day order placed through the API, as checkout would place it (the checkout journeys test the screens): a
 * ribeye delivered a week or more ahead, so the seller's cutoff is still ahead and the order may change.
 */
export interface PlacedOrder {
  session: SessionValues;
  orderId: string;
  /** The shopper's email (where the store's mails about the order go). */
  email: string;
  /** The seller location that delivers it, its name, and the delivery date ('YYYY-MM-DD'). */
  vendorLocId: number;
  vendorName: string;
  deliveryDate: string;
}

/**
 * `pieces` ribeyes (one by default), delivered on the first day with a seat of `days` from `fromDays` ahead: from today
 * for the seller's default list and its pick list (the next three days), or a day no other test books (a count of
 * the day's orders).
 */
export async function sameDayOrderThroughApi(
  prefix: string,
  bankAccount?: string,
  giftMessage?: string,
  { pieces = 1, fromDays = 7, days = 14 }: { pieces?: number; fromDays?: number; days?: number } = {},
): Promise<PlacedOrder> {
  const { session: customer, email } = await newCustomer(prefix);
  const token = customer.Token ?? '';
  let session = customer;
  for (let piece = 0; piece < pieces; piece++) session = await addToCartThroughApi(session, 'ribeye', 'USDA Prime Ribeye Steak');
  const cartId = session.cart_id ?? '';
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: cartId }, token), cartReply);
  const group = cart.data?.delivery_groups[0];
  if (!group) throw new Error('the cart has no delivery group');
  // The first day from a week ahead with a seat left (other tests hold the first slots).
  const scheduled = await scheduleGroupThroughApi(session, group, addDays(storeToday(new Date()), fromDays), days);
  if (scheduled === undefined) throw new Error('no free Same Day slot in the next three weeks');
  await saveHomeThroughApi(session);
  const addresses = create(
    await postJson(`/connect/customer/getaddresses?customerid=${session.CustomerId}&address_type=shipping`, {}, token),
    getAddressesReply,
  );
  const address = addresses.data?.[0];
  if (!address) throw new Error('no saved address');
  // bankAccount: paid from Chase (a week ahead is past the 4 business days a debit takes); else by a test card.
  const payment =
    bankAccount === undefined
      ? { payment_mode: 2, card_token: await payingCardToken() }
      : { payment_mode: 1, bank_name: 'Chase', routing_number: '110000000', account_number: bankAccount };
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: address.address_id, speed_id: speedIds.oneHour, ...payment, gift_message: giftMessage },
      token,
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the order was refused: ${placed.message} ${JSON.stringify(placed.problems)}`);
  return {
    session: { ...session, cart_id: undefined, total_products_in_cart: 0 },
    orderId: placed.order_id,
    email,
    vendorLocId: group.vendor_loc_id,
    vendorName: group.vendor_name,
    deliveryDate: scheduled,
  };
}

/**
 * A ribeye Same Day (the part the 1 Hour driver brings) and a chicken Farm Direct from Green Pastures Farm, a 10 %
 * driver tip, paid by a test card: the order whose tip goes when its only driver part is refused (QA walk 3).
 */
export interface MixedOrder extends PlacedOrder {
  farmName: string;
  farmDate: string;
}

export async function sameDayAndFarmOrderThroughApi(prefix: string): Promise<MixedOrder> {
  const { session: customer, email } = await newCustomer(prefix);
  const token = customer.Token ?? '';
  const withRibeye = await addToCartThroughApi(customer, 'ribeye', 'USDA Prime Ribeye Steak');
  const chicken = await firstProductName(withRibeye, 'chicken', 'farm-direct');
  const session = await addToCartThroughApi(withRibeye, 'chicken', chicken, { speed: 'farm-direct' });
  const cartId = session.cart_id ?? '';
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: cartId }, token), cartReply);
  const groups = cart.data?.delivery_groups ?? [];
  const local = groups.find((g) => g.type === 'local');
  const farm = groups.find((g) => g.type === 'farm-direct');
  if (!local || !farm) throw new Error(`the cart has no Same Day and Farm Direct groups: ${groups.map((g) => g.type).join(', ')}`);
  const from = addDays(storeToday(new Date()), 7);
  const scheduled = await scheduleGroupThroughApi(session, local, from, 14);
  const farmDate = await scheduleGroupThroughApi(session, farm, from, 14);
  if (scheduled === undefined || farmDate === undefined) throw new Error('no Same Day or Farm Direct date in the next three weeks');
  await saveHomeThroughApi(session);
  const addresses = create(
    await postJson(`/connect/customer/getaddresses?customerid=${session.CustomerId}&address_type=shipping`, {}, token),
    getAddressesReply,
  );
  const address = addresses.data?.[0];
  if (!address) throw new Error('no saved address');
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      {
        cart_id: cartId,
        delivery_address_id: address.address_id,
        speed_id: speedIds.oneHour,
        payment_mode: 2,
        card_token: await payingCardToken(),
        driver_tip: 10,
      },
      token,
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the order was refused: ${placed.message} ${JSON.stringify(placed.problems)}`);
  return {
    session: { ...session, cart_id: undefined, total_products_in_cart: 0 },
    orderId: placed.order_id,
    email,
    vendorLocId: local.vendor_loc_id,
    vendorName: local.vendor_name,
    deliveryDate: scheduled,
    farmName: farm.vendor_name,
    farmDate,
  };
}

/** The first product a search for `query` lists at `speed` in the session's area (whichever the seed sells there). */
async function firstProductName(session: SessionValues, query: string, speed: 'farm-direct'): Promise<string> {
  const { zipcode, location } = session;
  if (!zipcode || location === undefined) throw new Error('the session has no area');
  const listing = create(
    await postJson(`/connect/index/search?q=${encodeURIComponent(query)}&zipcode=${zipcode}&loc_id=${location}&courier_type=${speed}`, { q: query }),
    listingReply,
  );
  const name = listing.data?.products[0]?.name;
  if (!name) throw new Error(`nothing found for '${query}' at ${speed}`);
  return name;
}
