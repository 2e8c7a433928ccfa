import type { Page } from '@playwright/test';
import { create } from 'superstruct';
import { addressMessageReply, getAddressesReply } from '../../../src/api/contract/address.contract.ts';
import { cartReply, getSlotReply, nextDeliveryDateReply } from '../../../src/api/contract/cart-page.contract.ts';
import { orderedCartField, placeOrderReply } from '../../../src/api/contract/checkout.contract.ts';
import { cartOrderedMessage } from '../../../src/rules/messages.ts';
import { paymentMessageReply, paymentMethodsReply, tokenizeReply } from '../../../src/api/contract/payment.contract.ts';
import { walletAddToCartReply } from '../../../src/api/contract/wallet.contract.ts';
import { sessionValues, type SessionValues } from '../../../src/machines/app/session-values.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { serveDineInOrder } from '../console-steps.ts';
import { apiPost, saveAddressThroughApi } from '../steps.ts';
import { facePassThroughApi } from './identity-shoppers.ts';
import { addToCartThroughApi, clearThroughApi, firstSizeOf, postJson } from './shoppers.ts';

/**
 * The checkout journeys' prefixes through the API: a cart scheduled as the cart page would, a saved shipping address,
 * and a cart of wallet redemptions (identity: identity-shoppers.ts).
 */

function signedIn(session: SessionValues): { token: string; customerId: number } {
  if (!session.Token || session.CustomerId === undefined) throw new Error('the session has no customer');
  return { token: session.Token, customerId: session.CustomerId };
}

/**
 * Every delivery group of the session's cart gets its first date with a free slot (Same Day) or its first date;
 * daysAhead: from that many days after today instead (a week: past the 4 business days a bank debit takes to clear).
 */
export async function scheduleThroughApi(session: SessionValues, daysAhead?: number): Promise<void> {
  const { token } = signedIn(session);
  const cartId = session.cart_id;
  if (!cartId || !session.zipcode) throw new Error('the session has no cart');
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: cartId }, token), cartReply);
  for (const group of cart.data?.delivery_groups ?? []) {
    if (group.wallet) continue;
    const dates = create(
      await apiPost('/connect/delivery/nextDeliveryDate', { vendors: [{ vendor_id: group.vendor_id, delivery_type: group.type }] }, token),
      nextDeliveryDateReply,
    ).response[0];
    if (!dates) throw new Error(`no delivery date for vendor ${group.vendor_id}`);
    // Other journeys hold the seats of the first slots: the first of the next days with a seat left.
    const from = daysAhead === undefined ? dates.delivery_date : addDays(storeToday(new Date()), daysAhead);
    const scheduled = await scheduleGroupThroughApi(session, group, from, 7, dates.holidays);
    if (!scheduled) throw new Error(`no free delivery date for vendor ${group.vendor_loc_id}`);
  }
}

/**
 * Saves one delivery group of the session's cart on the first of `days` days from `from` (skipping `holidays`) that
 * takes it: for Same Day (local) the first driver slot with a seat on that day. The date saved, or undefined.
 */
export async function scheduleGroupThroughApi(
  session: SessionValues,
  group: { vendor_loc_id: number; type: string },
  from: string,
  days: number,
  holidays: readonly string[] = [],
): Promise<string | undefined> {
  const { token } = signedIn(session);
  const cartId = session.cart_id;
  if (!cartId || !session.zipcode) throw new Error('the session has no cart');
  for (let day = 0; day < days; day += 1) {
    const date = addDays(from, day);
    if (holidays.includes(date)) continue;
    let slotId: number | null = null;
    if (group.type === 'local') {
      const slots = create(
        await apiPost(
          '/connect/driverslot/getslot',
          { order_date: date, zipcode: session.zipcode, vendor_loc_id: group.vendor_loc_id, cart_id: cartId },
          token,
        ),
        getSlotReply,
      );
      slotId = slots.data?.[0]?.slot_id ?? null;
      if (slotId === null) continue;
    }
    const reply = create(
      await apiPost(
        '/api/cart/deliveryschedule',
        { cart_id: cartId, vendor_loc_id: group.vendor_loc_id, delivery_date: date, slot_id: slotId },
        token,
      ),
      cartReply,
    );
    if (reply.code === 1) return date;
  }
  return undefined;
}

/**
 * Her New York home address, saved through the API as the address tab's form would. A door of her own: the server
 * limits the orders waiting for Payment on Delivery per address, and every journey may leave one.
 */
export async function saveHomeThroughApi(session: SessionValues): Promise<void> {
  const door = 1 + Math.floor(Math.random() * 99_999);
  await saveAddressThroughApi(signedIn(session), { nickname: 'Home', street1: `${door} 5th Ave` });
}

/** Her saved shipping address of that nickname deleted through the API, as /setting/user in another tab would. */
export async function deleteAddressThroughApi({ token, customerId }: { token: string; customerId: number }, nickname: string): Promise<void> {
  const list = create(
    await apiPost(`/connect/customer/getaddresses?customerid=${customerId}`, { customerid: customerId, address_type: 'shipping' }, token),
    getAddressesReply,
  );
  const address = list.data?.find((a) => a.address_nickname === nickname);
  if (!address) throw new Error(`no address '${nickname}' to delete`);
  const reply = create(await apiPost('/connect/customer/deleteAddress', { address_id: address.address_id }, token), addressMessageReply);
  if (reply.code !== 1) throw new Error(`address '${nickname}' not deleted: ${JSON.stringify(reply)}`);
}

/**
 * A ribeye ordered through the API, 1 Hour Delivery to her saved home, paid on delivery (as another tab would): one
 * more open unpaid order of hers, whether it waits for the mailed confirmation or stands. Her session's cart, if any,
 * is the one ordered; the session without a cart is returned.
 */
export async function payOnDeliveryOrderThroughApi(session: SessionValues): Promise<SessionValues> {
  return (await payOnDeliveryOrderNumberThroughApi(session)).session;
}

/** The same, with the order's number. */
export async function payOnDeliveryOrderNumberThroughApi(session: SessionValues): Promise<{ session: SessionValues; orderId: string }> {
  const { token, customerId } = signedIn(session);
  const withCart = await addToCartThroughApi(session, 'ribeye', 'USDA Prime Ribeye Steak');
  await scheduleThroughApi(withCart);
  const addresses = create(
    await apiPost(`/connect/customer/getaddresses?customerid=${customerId}`, { customerid: customerId, address_type: 'shipping' }, token),
    getAddressesReply,
  );
  const home = addresses.data?.find((a) => a.address_nickname === 'Home');
  if (!home) throw new Error('no saved home to deliver to');
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      { cart_id: withCart.cart_id, delivery_address_id: home.address_id, speed_id: speedIds.oneHour, payment_mode: 4 },
      token,
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the pay-on-delivery order was refused: ${placed.message}`);
  return { session: { ...session, cart_id: undefined, total_products_in_cart: 0 }, orderId: placed.order_id };
}

/** Her saved cards removed through the API, as PAYMENT METHOD on /setting/user in another tab would. */
export async function removeCardsThroughApi({ token }: { token: string }): Promise<void> {
  const list = create(await apiPost('/api/checkout/paymentmethods', {}, token), paymentMethodsReply);
  if (list.data.length === 0) throw new Error('no saved card to remove');
  for (const card of list.data) {
    const reply = create(await apiPost('/api/account/RemoveCreditCard', { card_id: card.id }, token), paymentMessageReply);
    if (reply.code !== 1) throw new Error(`card ${card.id} not removed: ${JSON.stringify(reply)}`);
  }
}

/** Gramercy Chop House (the seed's New York 4-star restaurant): where the journeys' dine-in orders are eaten. */
const gramercy = 401;

/** A one-time token of Stripe's test card that pays, as the card form's tokenize call gets it. */
export async function payingCardToken(): Promise<string> {
  const body = { holder: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
  const token = create(await postJson('/api/payments/tokenize', body), tokenizeReply).data?.token;
  if (!token) throw new Error('the test card was not tokenized');
  return token;
}

/**
 * The product named `name` (found by searching `query`) bought for Dine-In at `restaurant` (Gramercy unless given)
 * tomorrow at 7 pm and paid by card (a drink after a face check, as place order asks), and served by the restaurant,
 * which puts it in her wallet. Her session's own cart is left alone. The order's number.
 */
export async function servedDineInThroughApi(session: SessionValues, query: string, name: string, restaurant = gramercy): Promise<string> {
  const orderId = await dineInThroughApi(session, query, name, restaurant);
  // The restaurant serves it: only a served dine-in order's portions are in the wallet to redeem.
  await serveDineInOrder(orderId);
  return orderId;
}

/** The same dine-in order (tomorrow at 7 pm, paid by card), placed and not yet moved by the restaurant. Its number. */
export async function dineInThroughApi(session: SessionValues, query: string, name: string, restaurant = gramercy): Promise<string> {
  return visitThroughApi(session, query, name, 'dine-in', restaurant);
}

/** A visit's order at `restaurant`: Dine-In tomorrow at 7 pm, or Pick-Up at its counter tomorrow at noon, paid by card. Its number. */
export async function visitThroughApi(
  session: SessionValues,
  query: string,
  name: string,
  speed: 'dine-in' | 'pickup',
  restaurant = gramercy,
  /** How many of it: added one at a time, as the product page's ADD TO CART does. */
  qty = 1,
): Promise<string> {
  const { token } = signedIn(session);
  let bought = await addToCartThroughApi({ ...session, cart_id: undefined }, query, name, { speed, restaurant });
  for (let more = 1; more < qty; more++) bought = await addToCartThroughApi(bought, query, name, { speed, restaurant });
  if (bought.verification_id) await facePassThroughApi(bought);
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      {
        cart_id: bought.cart_id,
        speed_id: speed === 'dine-in' ? speedIds.dineIn : speedIds.storePickup,
        retailer_id: restaurant,
        // A pick-up is collected within 10-16 (visitTimes), a table is seated at 7 pm.
        pickup_date: `${addDays(storeToday(new Date()), 1)} ${speed === 'dine-in' ? '19:00' : '12:00'}`,
        payment_mode: 2,
        card_token: await payingCardToken(),
      },
      token,
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the ${speed} order was refused: ${placed.message}`);
  return placed.order_id;
}

/**
 * A cart of one wallet redemption and nothing else: the product named `name` (found by searching `query`) bought for
 * Dine-In at Gramercy and served (servedDineInThroughApi); then redeemed at Gramercy into a new cart, as the wallet's
 * ADD TO CART does. The session then holds that cart and, as the cart page's CHECKOUT records for a wallet cart, the
 * card tab first.
 */
export async function walletCartThroughApi(session: SessionValues, query: string, name: string): Promise<SessionValues> {
  const { token } = signedIn(session);
  const orderId = await servedDineInThroughApi(session, query, name);
  const size = await firstSizeOf(session, query, name, 'dine-in');
  const [redeemed] = create(
    await apiPost(
      '/wallet/wallet/walletAddToCart',
      {
        zipcode: session.zipcode,
        product_id: size.id,
        size: size.bottle_size,
        vendor_loc_id: gramercy,
        pastorderid: orderId,
        qty: 1,
        wallet: 1,
      },
      token,
    ),
    walletAddToCartReply,
  );
  if (redeemed?.code !== 1 || !redeemed.cart_id) throw new Error(`the wallet redemption was refused: ${redeemed?.message}`);
  return { ...session, cart_id: redeemed.cart_id, total_products_in_cart: redeemed.total_products_in_cart, nextTab: 'card' };
}

/** What a checkout step's call answers for a cart ordered meanwhile: server/http/errors.ts notFound(cartOrderedMessage, 'cart_id'), HTTP 404. */
export const cartOrderedBody = { code: 0, message: cartOrderedMessage, errors: [{ field: orderedCartField, message: cartOrderedMessage }] };

/** What showcart answers for a cart of hers ordered meanwhile when no open cart of hers is left (cart-page.routes.ts). */
export const cartOrderedShowCart = { code: -1, message: cartOrderedMessage, current_cart: { cart_id: '', total_items_count: 0 } };

/**
 * Her cart ordered in another tab just as the next request to `urlPart` reaches the server: the cart is cleared
 * through the API (no open cart of hers is left, as after an order; the cart page then shows the empty cart), and
 * that request is answered as the server answers for an ordered cart (clearing is not ordering).
 */
export function cartOrderedOnce(urlPart: string, answer: { status: number; body: unknown } = { status: 404, body: cartOrderedBody }) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      async (route) => {
        const stored = await page.evaluate(() => window.localStorage.getItem('meat-and-fish.session'));
        await clearThroughApi(JSON.parse(stored ?? '{}') as SessionValues);
        await route.fulfill({ status: answer.status, json: answer.body });
      },
      { times: 1 },
    );
}

/**
 * One more of her cart's first line through the API, as + on the cart page in another tab would (walk 5 #3): the
 * summary on screen no longer shows what the cart comes to.
 */
export async function moreOfFirstLineThroughApi(page: Page): Promise<void> {
  const stored: unknown = JSON.parse((await page.evaluate(() => window.localStorage.getItem('meat-and-fish.session'))) ?? '{}');
  const session = create(stored, sessionValues);
  const { token } = signedIn(session);
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: session.cart_id }, token), cartReply);
  const line = cart.data?.result[0];
  if (!line) throw new Error('no cart line to add one more of');
  const updated = create(
    await apiPost('/api/cart/updateitem', { cart_id: session.cart_id, cart_rid: line.cart_rid, qty: line.qty + 1 }, token),
    cartReply,
  );
  if (updated.code !== 1) throw new Error(`one more not added: ${JSON.stringify(updated)}`);
}
