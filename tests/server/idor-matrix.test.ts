import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { kycApplicationReply, kycUploadReply } from '../../src/api/contract/kyc.contract.ts';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { walletAddToCartReply } from '../../src/api/contract/wallet.contract.ts';
import type { IdentityVerifier } from '../../server/adapters/identity/identity-port.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { registeredRoutes } from '../../server/http/route-list.ts';
import { generousLimits } from './account-helpers.ts';
import { makeCart, manualClock, pickOffers, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper, today } from './checkout-helpers.ts';
import { takeInTurn } from './fixtures.ts';
import { json, startTestApp } from './test-app.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { dineInRestaurant, dineInVisit, paidDineInOrder, restaurantOffers } from './wallet-fixtures.ts';

/**
 * The IDOR matrix (issue 14): every route that takes an id of something a customer owns, asked by its owner, by
 * another signed-in customer and anonymously. The owner gets a 200 (the request is right and reaches the record); the
 * stranger gets the 404 a missing record gets (nothing reveals that it exists) and the anonymous caller a 401 or that
 * 404. Strangers and anonymous callers go first, so the owner's 200 also shows nothing was deleted. The table is
 * keyed by the routes the app registers: a new route fails the completeness test until it is entered here, either
 * with its request or with the reason it takes no one's id.
 */

const clock = manualClock(checkoutNow);
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idor-matrix-'));
const refusing: IdentityVerifier = {
  verifyIdentity: async () => ({ kind: 'refused', reason: 'no-face-on-id', message: 'No face found on the ID.' }),
  matchFaces: async () => ({ kind: 'refused', reason: 'no-face-on-id', message: 'No face found on the ID.' }),
  compareFaces: async () => ({ kind: 'refused', reason: 'no-face-in-selfie', message: 'No face found in the selfie.' }),
  compareWithEmbedding: async () => ({ kind: 'refused', reason: 'no-face-in-selfie', message: 'No face found in the selfie.' }),
  close: async () => {},
};
const wide = { max: 100_000, windowSeconds: 3600 };
const t = await startTestApp({
  clock: clock.now,
  payments: new TestPaymentGateway(clock.now),
  rateLimits: { ...generousLimits, kycUploadPerCustomer: wide, kycVerifyPerCustomer: wide },
  identity: refusing,
  env: { UPLOAD_DIR: uploadDir },
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const owner = await shopper(t, 'idor-owner@example.com');
const stranger = await shopper(t, 'idor-stranger@example.com');

/** Issue 24's roles: a seller of the owner's orders' location (101), a seller of another (102), and staff. */
async function storeUserToken(email: string, role: 'seller' | 'staff', locIds: number[]): Promise<string> {
  const made = await addStoreUser(t.database.db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(t.database.db, made.customerId);
}
const seller = await storeUserToken('idor-seller-101@example.com', 'seller', [101]);
const otherSeller = await storeUserToken('idor-seller-102@example.com', 'seller', [102]);
const staff = await storeUserToken('idor-staff@example.com', 'staff', []);
const offers = await pickOffers(t, { speed: 'local', locId: 101 }, 30, 0, { priceCents: 1250, stock: 100 });
const nextOffer = takeInTurn(() => offers);
const dinners = await restaurantOffers(t.database, 'dine-in', 4, { priceCents: 2400, stock: 100 });
const nextDinner = takeInTurn(() => dinners);

/** The owner's records, each made fresh for the route that asks (so a delete cannot spoil another row of the table). */
const owned = {
  async cart() {
    const made = await makeCart(t, [{ offer: nextOffer(), qty: 1 }], { customerId: owner.customerId });
    return { cartId: made.cartId, lineId: made.lineIds[0] ?? 0 };
  },
  readyCart: (date = today) => readyCart(t, owner.token, owner.customerId, [{ offer: nextOffer(), qty: 1 }], { 101: date }),
  card: () => saveCard(t, owner.token, owner.customerId),
  /** A paid order at loc 101 for `date` (a later one may still be canceled by its shopper). */
  async order(date = today): Promise<string> {
    const cartId = await owned.readyCart(date);
    const cardId = await owned.card();
    const placed = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: owner.addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
      owner.token,
    );
    assert(placed.body, placeOrderReply);
    if (!placed.body.order_id) throw new Error(`no order: ${JSON.stringify(placed.body)}`);
    return placed.body.order_id;
  },
  /** Decision 039: a paid order being picked, its first line (optionally with a substitute proposed), for the substitution routes. */
  async pickingLine(proposed = false): Promise<{ orderNumber: string; itemId: number }> {
    const orderNumber = await owned.order();
    const db = t.database.db;
    const order = await db
      .updateTable('orders')
      .set({ fulfilment_state: 'picking' })
      .where('increment_id', '=', orderNumber)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Migration 038: each seller's part moves on its own; the order's state follows its parts.
    await db.updateTable('order_deliverables').set({ fulfilment_state: 'picking' }).where('order_id', '=', order.id).execute();
    const item = await db.selectFrom('order_items').select('id').where('order_id', '=', order.id).orderBy('id').executeTakeFirstOrThrow();
    if (proposed)
      await db
        .updateTable('order_items')
        .set({ substitution_state: 'proposed', substitute_name: 'A substitute', substitute_price_cents: 1000 })
        .where('id', '=', item.id)
        .execute();
    return { orderNumber, itemId: item.id };
  },
  /** A paid dine-in order at Gramercy (401): two portions in the owner's wallet. */
  async walletOrder(): Promise<{ orderNumber: string; variantId: number; size: number }> {
    const offer = nextDinner();
    const placed = await paidDineInOrder(t, owner, [{ offer, qty: 2 }], { payment_mode: 2, card_id: await owned.card() });
    if (placed.code !== 1) throw new Error(`no dine-in order: ${placed.orderNumber}`);
    const variant = await t.database.db
      .selectFrom('product_variants')
      .select('bottle_size')
      .where('id', '=', offer.variantId)
      .executeTakeFirstOrThrow();
    return { orderNumber: placed.orderNumber, variantId: offer.variantId, size: variant.bottle_size };
  },
  async application(): Promise<string> {
    const reply = await post(t, '/connect/uploadkyc/application', {}, owner.token);
    assert(reply.body, kycApplicationReply);
    if (!reply.body.data) throw new Error('no application');
    return reply.body.data.applicationId;
  },
  async kycImage(): Promise<{ applicationId: string; key: string; query: string }> {
    const applicationId = await owned.application();
    const photo = fs.readFileSync('node_modules/@vladmandic/face-api/demo/sample1.jpg');
    const reply = await post(
      t,
      '/connect/uploadkyc/kyc',
      { imageData: `data:image/jpeg;base64,${photo.toString('base64')}`, fileName: `${applicationId}_aadhaar_front.jpg` },
      owner.token,
    );
    assert(reply.body, kycUploadReply);
    const match = /^\/media\/kyc\/([0-9a-f]{32}\.jpg)\?(.*)$/.exec(reply.body.data?.imageUrl ?? '');
    if (!match?.[1] || match[2] === undefined) throw new Error(`no image link: ${JSON.stringify(reply.body)}`);
    return { applicationId, key: match[1], query: match[2] };
  },
};

interface IdRequest {
  /** The path with its query. */
  url: string;
  body?: Record<string, unknown>;
}

/**
 * What the stranger and the anonymous caller may get besides 404 (a 401 where the route wants a signed-in caller).
 * A console route's owner is the seller or staff member who may act (`actor`); every other role, and a seller of
 * another location, is a stranger to it.
 */
type Entry =
  { request: () => Promise<IdRequest>; anonymous?: readonly number[]; actor?: { owner: string; strangers: readonly string[] } } | { noId: string };

const cartOnly = async (): Promise<IdRequest> => ({ url: '', body: { cart_id: (await owned.cart()).cartId } });

/**
 * Issue 24 item 3: a console user's day at loc 101 (close it, a slot's seats, an offer's stock), for one role; staff
 * give the reason they must (decision 044), so what the matrix sees is the role and location check, not a 400.
 */
function capacityRoutes(role: 'seller' | 'staff', actor: { owner: string; strangers: readonly string[] }): Record<string, Entry> {
  const why = role === 'staff' ? { reason: 'the IDOR matrix' } : {};
  return {
    [`GET /api/${role}/capacity`]: { request: async () => ({ url: '?loc_id=101&date=2026-12-20' }), anonymous: [401], actor },
    [`POST /api/${role}/capacity/day`]: {
      request: async () => ({ url: '', body: { loc_id: 101, date: '2026-12-20', closed: true, ...why } }),
      anonymous: [401],
      actor,
    },
    [`POST /api/${role}/capacity/slot`]: {
      request: async () => ({ url: '', body: { loc_id: 101, date: '2026-12-20', slot_id: 101 * 100 + 1, seats: 3, ...why } }),
      anonymous: [401],
      actor,
    },
    [`POST /api/${role}/stock`]: {
      request: async () => ({ url: '', body: { offer_id: nextOffer().offerId, stock: 50, ...why } }),
      anonymous: [401],
      actor,
    },
  };
}

const table: Readonly<Record<string, Entry>> = {
  'GET /connect/index/getaddressbyzipcode': { noId: 'a public zip lookup' },
  'GET /connect/citylist/currentservicearea': { noId: 'a public service-area lookup' },
  'GET /connect/index/homepage': { noId: 'the public catalogue' },
  'GET /connect/index/banners': { noId: 'the public catalogue' },
  'GET /connect/index/categorylist': { noId: 'the public catalogue' },
  'GET /connect/index/category': { noId: 'the public catalogue' },
  'POST /connect/index/filters': { noId: 'the public catalogue' },
  'POST /connect/index/search': { noId: 'the public catalogue' },
  'GET /connect/index/product': { noId: 'the public catalogue' },
  'GET /connect/index/reviews': { noId: 'a product’s public reviews (can_review is the caller’s own, from the token)' },
  'GET /connect/index/stores': { noId: 'the public list of the store’s sellers' },
  'POST /api/product/review': { noId: 'reviews the caller’s own order line, found from the token' },
  'POST /api/product/dineinRetailerList': { noId: 'the public list of partner restaurants for a zip' },
  'GET /api/partners/locator': { noId: 'the public list of partner restaurants near a zip' },
  'GET /connect/index/suggestzipcode': { noId: 'a zip suggested from the caller’s own address' },
  'GET /media/products/:id/:file': { noId: 'public product images' },
  'GET /media/banners/:file': { noId: 'public banner images' },
  'GET /media/ads/:file': { noId: 'public ad images' },
  'POST /connect/delivery/nextDeliveryDate': { noId: 'vendor calendars are public' },
  'GET /api/captcha/challenge': { noId: 'a fresh challenge for anyone' },
  'POST /api/captcha/verify': { noId: 'checks a solved challenge' },
  'POST /api/customer/login': { noId: 'a held cart that is not the caller’s is ignored (accounts.test.ts)' },
  'POST /api/customer/register': { noId: 'a held cart that is not the caller’s is ignored (accounts.test.ts)' },
  'POST /api/cart/guestcart': { noId: 'a held cart that is not the caller’s is ignored (accounts.test.ts)' },
  'POST /api/customer/forgot': { noId: 'answers the same for every email' },
  'GET /api/placeorder/confirmemail': { noId: 'the emailed token is the secret' },
  'POST /api/placeorder/confirmemail': { noId: 'the emailed token is the secret' },
  'POST /api/customer/changepassword': { noId: 'the reset token is the secret' },
  'POST /api/customer/logout': { noId: 'ends the caller’s own session' },
  'POST /api/api/account/stripeDetails': { noId: 'the publishable key' },
  'POST /api/payments/tokenize': { noId: 'makes a one-time card token' },
  'POST /api/payments/test-authenticate': { noId: 'the client secret is the secret' },
  'POST /api/payments/test-reconcile': { noId: 'test mode only: one reconciler pass, no one order named' },
  'POST /api/test/clock': { noId: 'test mode only: shifts the store’s clock, no one record named' },
  'POST /payuapi/payu/varifyUpi': { noId: 'checks a UPI address' },
  'GET /api/account/myorders': { noId: 'the caller’s own orders (from the token)' },
  'POST /api/account/myorders': { noId: 'the caller’s own orders (from the token)' },
  'GET /api/account/mydashboard': { noId: 'the caller’s own dashboard (from the token)' },
  'POST /api/account/mydashboard': { noId: 'the caller’s own dashboard (from the token)' },
  'POST /api/account/preferences': { noId: 'the caller’s own preferences (from the token)' },
  'POST /connect/uploadkyc/application': { noId: 'the caller’s own application (from the token)' },
  'POST /api/customer/identity': { noId: 'the caller’s own identity (from the token)' },
  'GET /api/console/me': { noId: 'the caller’s own role (from the token)' },
  'GET /api/seller/orders': { noId: 'the orders of the caller’s own locations (from the token); other roles 404 (fulfilment.test.ts)' },
  'GET /api/staff/orders': { noId: 'staff only (from the token); other roles 404 (fulfilment.test.ts)' },
  'POST /api/seller/orders/move': {
    request: async () => ({ url: '', body: { order_id: await owned.order(), event: 'accept' } }),
    anonymous: [401],
    actor: { owner: seller, strangers: [otherSeller, staff] },
  },
  'POST /api/staff/orders/move': {
    request: async () => ({ url: '', body: { order_id: await owned.order(), event: 'accept', reason: 'on the phone' } }),
    anonymous: [401],
    actor: { owner: staff, strangers: [seller] },
  },
  'POST /api/seller/orders/substitute': {
    request: async () => {
      const line = await owned.pickingLine();
      return { url: '', body: { order_id: line.orderNumber, item_id: line.itemId, out: true } };
    },
    anonymous: [401],
    actor: { owner: seller, strangers: [otherSeller, staff] },
  },
  'POST /api/staff/orders/substitute': {
    request: async () => {
      const line = await owned.pickingLine();
      return { url: '', body: { order_id: line.orderNumber, item_id: line.itemId, out: true } };
    },
    anonymous: [401],
    actor: { owner: staff, strangers: [seller] },
  },
  'POST /api/account/order/substitution': {
    request: async () => {
      const line = await owned.pickingLine(true);
      return { url: '', body: { order_id: line.orderNumber, item_id: line.itemId, approve: true } };
    },
    anonymous: [401],
    actor: { owner: owner.token, strangers: [seller, staff] },
  },
  'POST /api/account/order/cancel': {
    request: async () => ({ url: '', body: { order_id: await owned.order('2026-12-04') } }),
    anonymous: [401],
    actor: { owner: owner.token, strangers: [seller, staff] },
  },
  'GET /api/account/order/reschedule': {
    request: async () => ({ url: `?order_id=${await owned.order('2026-12-04')}` }),
    anonymous: [401],
    actor: { owner: owner.token, strangers: [seller, staff] },
  },
  'POST /api/account/order/reschedule': {
    request: async () => ({ url: '', body: { order_id: await owned.order('2026-12-04'), delivery_date: '2026-12-10', slot_id: 101 * 100 + 3 } }),
    anonymous: [401],
    actor: { owner: owner.token, strangers: [seller, staff] },
  },
  ...capacityRoutes('seller', { owner: seller, strangers: [otherSeller, staff] }),
  ...capacityRoutes('staff', { owner: staff, strangers: [seller] }),

  'POST /api/cart/clearCart': { request: async () => ({ url: `?quote_id=${(await owned.cart()).cartId}` }) },
  'POST /api/cart/addtocart': {
    request: async () => ({
      url: '',
      body: { cart_id: (await owned.cart()).cartId, product_id: nextOffer().variantId, qty: 1, zipcode: '10001', loc_id: 101, speed_id: 'local' },
    }),
  },
  'POST /api/cart/showcart': { request: cartOnly },
  'POST /api/cart/movearea': { request: async () => ({ url: '', body: { cart_id: (await owned.cart()).cartId, zipcode: '60601', apply: 1 } }) },
  'POST /api/cart/updateitem': {
    request: async () => {
      const { cartId, lineId } = await owned.cart();
      return { url: '', body: { cart_id: cartId, cart_rid: lineId, qty: 2 } };
    },
  },
  'POST /api/cart/deleteitem': {
    request: async () => {
      const { cartId, lineId } = await owned.cart();
      return { url: '', body: { cart_id: cartId, cart_rid: lineId } };
    },
  },
  'POST /api/cart/removekept': {
    request: async () => {
      const { cartId, lineId } = await owned.cart();
      // The owner's line kept for another zip (decision 041): only the cart's owner may take it away.
      const kept = await t.database.db
        .insertInto('cart_kept_lines')
        .columns(['cart_id', 'zipcode', 'variant_id', 'offer_id', 'qty'])
        .expression((eb) =>
          eb
            .selectFrom('cart_items')
            .select([eb.val(cartId).as('cart_id'), eb.val('60601').as('zipcode'), 'variant_id', 'offer_id', 'qty'])
            .where('id', '=', lineId),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: '', body: { cart_id: cartId, kept_id: kept.id } };
    },
  },
  'POST /api/cart/deliveryschedule': {
    request: async () => ({ url: '', body: { cart_id: (await owned.cart()).cartId, vendor_loc_id: 101, delivery_date: today } }),
  },
  'POST /connect/driverslot/getslot': {
    request: async () => ({ url: '', body: { cart_id: (await owned.cart()).cartId, vendor_loc_id: 101, order_date: today, zipcode: '10001' } }),
  },
  'GET /connect/customer/getaddresses': { request: async () => ({ url: `?customerid=${owner.customerId}` }), anonymous: [401] },
  'POST /connect/customer/getaddresses': { request: async () => ({ url: '', body: { customerid: owner.customerId } }), anonymous: [401] },
  'POST /connect/customer/addaddress': {
    request: async () => ({
      url: `?customerid=${owner.customerId}`,
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        street1: '1 Main St',
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
        telephone: '2125550100',
        nickname: 'Home',
      },
    }),
    anonymous: [401],
  },
  'POST /connect/customer/updateAddress': {
    request: async () => ({
      url: '',
      body: {
        address_id: owner.addressId,
        first_name: 'Ada',
        last_name: 'Lovelace',
        street: '2 Main St',
        city: 'New York',
        state: 'NY',
        postcode: '10001',
        telephone: '2125550100',
      },
    }),
    anonymous: [401],
  },
  'POST /connect/customer/deleteAddress': {
    request: async () => {
      const extra = await post(
        t,
        `/connect/customer/addaddress?customerid=${owner.customerId}`,
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          street1: '3 Main St',
          city: 'New York',
          state: 'NY',
          zipcode: '10001',
          telephone: '2125550100',
          nickname: 'Work',
        },
        owner.token,
      );
      const addressId: unknown = Reflect.get(Object(extra.body), 'address_id');
      return { url: '', body: { address_id: addressId } };
    },
    anonymous: [401],
  },
  'POST /api/customer/setdefaultshippingaddress': {
    request: async () => ({ url: '', body: { customer_id: owner.customerId, address_id: owner.addressId } }),
    anonymous: [401],
  },
  'POST /api/shipping': { request: async () => ({ url: '', body: { cart_id: await owned.readyCart(), delivery_address_id: owner.addressId } }) },
  'POST /api/checkout/paymentmethods': { request: cartOnly, anonymous: [401] },
  'POST /api/account/mycards': {
    request: async () => {
      const billing = await post(
        t,
        `/connect/customer/addaddress`,
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          street1: '4 Main St',
          city: 'New York',
          state: 'NY',
          zipcode: '10001',
          telephone: '2125550100',
          address_type: 'billing',
        },
        owner.token,
      );
      const tokens = [];
      for (let i = 0; i < 2; i++) {
        const reply = await post(t, '/api/payments/tokenize', {
          holder: 'Ada',
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2030,
          cvc: '123',
        });
        tokens.push(Reflect.get(Object(Reflect.get(Object(reply.body), 'data')), 'token'));
      }
      return { url: '', body: { card_token: tokens, billing_address: { billing_address_id: Reflect.get(Object(billing.body), 'address_id') } } };
    },
    anonymous: [401],
  },
  'POST /api/account/RemoveCreditCard': { request: async () => ({ url: '', body: { card_id: await owned.card() } }), anonymous: [401] },
  'POST /api/checkout/orderreview': {
    request: async () => ({ url: '', body: { cart_id: await owned.readyCart(), delivery_address_id: owner.addressId, speed_id: 1 } }),
    anonymous: [401],
  },
  'POST /api/placeorder/placeorder': {
    request: async () => ({
      url: '',
      body: { cart_id: await owned.readyCart(), delivery_address_id: owner.addressId, speed_id: 1, payment_mode: 2, card_id: await owned.card() },
    }),
    anonymous: [401],
  },
  'POST /api/placeorder/confirm': { request: async () => ({ url: '', body: { order_id: await owned.order() } }), anonymous: [401] },
  'GET /api/account/orderstatus': { request: async () => ({ url: `?order_id=${await owned.order()}` }), anonymous: [401] },
  'POST /api/account/orderstatus': { request: async () => ({ url: '', body: { order_id: await owned.order() } }), anonymous: [401] },
  'POST /connect/uploadkyc/kyc': {
    request: async () => {
      const applicationId = await owned.application();
      const photo = fs.readFileSync('node_modules/@vladmandic/face-api/demo/sample1.jpg');
      return { url: '', body: { imageData: `data:image/jpeg;base64,${photo.toString('base64')}`, fileName: `${applicationId}_selfie.jpg` } };
    },
    anonymous: [401],
  },
  'GET /media/kyc/:key': {
    request: async () => {
      const image = await owned.kycImage();
      return { url: `${image.key}?${image.query}` };
    },
    anonymous: [401],
  },
  'POST /connect/verifycustomer/verify': {
    request: async () => {
      const image = await owned.kycImage();
      const selfie = fs.readFileSync('node_modules/@vladmandic/face-api/demo/sample1.jpg');
      await post(
        t,
        '/connect/uploadkyc/kyc',
        { imageData: `data:image/jpeg;base64,${selfie.toString('base64')}`, fileName: `${image.applicationId}_selfie.jpg` },
        owner.token,
      );
      return { url: '', body: { applicationID: image.applicationId } };
    },
    anonymous: [401],
  },
  'POST /connect/verifyorder/verify': {
    request: async () => ({ url: '', body: { applicationID: await owned.application(), orderID: (await owned.cart()).cartId } }),
    anonymous: [401],
  },
  'GET /wallet/wallet/index': { request: async () => ({ url: `?customer_id=${owner.customerId}` }), anonymous: [401] },
  'POST /wallet/wallet/index': { request: async () => ({ url: '', body: { customer_id: owner.customerId } }), anonymous: [401] },
  'POST /api/vendorsbyproduct/applyproducts': {
    request: async () => ({ url: '', body: { customer_id: owner.customerId, state: 'NY', price_category: 0 } }),
    anonymous: [401],
  },
  'POST /api/walletproductlst/walletProducts': {
    request: async () => {
      const restaurant = await t.database.db
        .selectFrom('vendor_locations')
        .select('vendor_id')
        .where('id', '=', dineInRestaurant)
        .executeTakeFirstOrThrow();
      return { url: '', body: { customer_id: owner.customerId, vendor_id: restaurant.vendor_id } };
    },
    anonymous: [401],
  },
  'POST /wallet/wallet/walletAddToCart': {
    request: async () => {
      const held = await owned.walletOrder();
      return {
        url: '',
        body: {
          qty: '1',
          wallet: 1,
          zipcode: '10001',
          product_id: held.variantId,
          size: held.size,
          vendor_loc_id: dineInRestaurant,
          pastorderid: held.orderNumber,
        },
      };
    },
    anonymous: [401],
  },
  'POST /wallet/wallet/walletVisit': {
    request: async () => {
      const held = await owned.walletOrder();
      const added = await post(
        t,
        '/wallet/wallet/walletAddToCart',
        {
          qty: '1',
          wallet: 1,
          zipcode: '10001',
          product_id: held.variantId,
          size: held.size,
          vendor_loc_id: dineInRestaurant,
          pastorderid: held.orderNumber,
        },
        owner.token,
      );
      assert(added.body, walletAddToCartReply);
      const cartId = added.body[0]?.cart_id;
      if (!cartId) throw new Error(`no wallet line: ${JSON.stringify(added.body)}`);
      return { url: '', body: { cart_id: cartId, vendor_loc_id: dineInRestaurant, dinein_time: dineInVisit } };
    },
    anonymous: [401],
  },
  'POST /api/customer/customerverify': {
    request: async () => ({ url: '', body: { is_verified: 1, verificationid: await owned.application() } }),
    anonymous: [401],
  },
};

const routes = registeredRoutes(t.app).map((route) => `${route.method} ${route.url}`);

test('every route the app registers is in the matrix, and the matrix names no route that is gone', () => {
  expect(routes.filter((route) => !(route in table))).toEqual([]);
  expect(Object.keys(table).filter((key) => !routes.includes(key))).toEqual([]);
});

const idRoutes = Object.entries(table).flatMap(([key, entry]) => ('request' in entry ? [[key, entry] as const] : []));

describe.each(idRoutes)('%s', (key, entry) => {
  const [method = 'POST', route = ''] = key.split(' ');
  const send = async (request: IdRequest, token: string | undefined) => {
    const base = route.replace(/:\w+/, '');
    const url = route.includes(':') ? base + request.url : route + request.url;
    const response = await t.app.inject({
      method: method === 'GET' ? 'GET' : 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' ? {} : { payload: { store_id: 1, ...request.body } }),
    });
    return {
      status: response.statusCode,
      body: String(response.headers['content-type'] ?? '').includes('json') ? json(response) : response.body.length,
    };
  };

  test('another customer gets 404, an anonymous caller 401 or 404, the owner 200', async () => {
    const request = await entry.request();
    for (const token of [stranger.token, ...(entry.actor?.strangers ?? [])]) {
      const asStranger = await send(request, token);
      expect(asStranger.status, JSON.stringify(asStranger.body)).toBe(404);
    }
    const asNobody = await send(request, undefined);
    expect([404, ...(entry.anonymous ?? [])], JSON.stringify(asNobody.body)).toContain(asNobody.status);
    const asOwner = await send(request, entry.actor?.owner ?? owner.token);
    expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(200);
  });
});
