import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply, type PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { hashSecret, newSecret } from '../../server/services/platform/tokens.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart, shopper, tokenize } from './checkout-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock(checkoutNow);
let courier: OfferPick[];
let used = 0;

/** CHECKOUT_DATABASE_URL (an empty PostgreSQL database) runs the races against a real server, with real concurrency. */
const databaseUrl = process.env.CHECKOUT_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp({
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: generousLimits,
    ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}),
  });
  // Courier items (no driver slots to run out of): $20.00 each, so two make the $30 minimum of WELCOME10.
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 6, 0, { priceCents: 2000, stock: 500 });
});
afterAll(async () => {
  await t.close();
});

function nextOffer(): OfferPick {
  const offer = courier[used++ % courier.length];
  if (!offer) throw new Error('no courier offer');
  return offer;
}

/** A ready courier cart of two items for the customer, with the coupon on it. */
async function couponCart(me: { token: string; customerId: number }, code: string): Promise<string> {
  const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 2 }], { 201: '2026-12-02' });
  await t.database.db.updateTable('carts').set({ coupon_code: code }).where('id', '=', cartId).execute();
  return cartId;
}

async function placeWithCard(me: { token: string; addressId: number }, cartId: string): Promise<PlaceOrderReply> {
  const card_token = await tokenize(t, '4242424242424242');
  const { body } = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 10, payment_mode: 2, card_token },
    me.token,
  );
  assert(body, placeOrderReply);
  return body;
}

const discountOf = async (orderNumber: string | undefined) =>
  (
    await t.database.db
      .selectFrom('orders')
      .select('discount_cents')
      .where('increment_id', '=', orderNumber ?? '')
      .executeTakeFirstOrThrow()
  ).discount_cents;

/** A guest customer (email-only checkout: a new guest row every time) with a session and a shipping address. */
async function guest(email: string): Promise<{ token: string; customerId: number; addressId: number }> {
  const db = t.database.db;
  const row = await db
    .insertInto('customers')
    .values({ email, email_normalized: email.toLowerCase(), first_name: '', last_name: '', password_hash: null, is_guest: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({ customer_id: row.id, token_hash: hashSecret(token), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { token, customerId: row.id, addressId: await addAddress(t, token, row.id) };
}

describe('the welcome coupon: once per customer', () => {
  it('gives WELCOME10 to a customer once; the second order is refused and the coupon comes off that cart', async () => {
    const me = await shopper(t, 'welcome-once@example.com');
    const first = await placeWithCard(me, await couponCart(me, 'WELCOME10'));
    expect(first).toMatchObject({ code: 1 });
    expect(await discountOf(first.order_id)).toBe(400);

    const secondCart = await couponCart(me, 'welcome10');
    // The order summary already prices the second cart without it: the shopper sees what they will pay.
    const review = await post(t, '/api/checkout/orderreview', { cart_id: secondCart, delivery_address_id: me.addressId, speed_id: 10 }, me.token);
    expect(review.body).toMatchObject({ code: 1, data: { coupon_code: null, discount: '0.00' } });
    expect(await placeWithCard(me, secondCart)).toEqual({
      code: -1,
      message: 'You have already used this coupon: it is one per customer. Please review your cart.',
    });
    const cart = await t.database.db.selectFrom('carts').select(['coupon_code', 'status']).where('id', '=', secondCart).executeTakeFirstOrThrow();
    expect(cart).toEqual({ coupon_code: null, status: 'open' });
    // Without the coupon the same cart goes through at full price.
    const again = await placeWithCard(me, secondCart);
    expect(again).toMatchObject({ code: 1 });
    expect(await discountOf(again.order_id)).toBe(0);
  });

  it('tells a known shopper on the cart page, before checkout', async () => {
    const me = await shopper(t, 'welcome-cart@example.com');
    expect(await placeWithCard(me, await couponCart(me, 'WELCOME10'))).toMatchObject({ code: 1 });
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 2 }], { 201: '2026-12-02' });
    const reply = await showcart(t, { cart_id: cartId, coupon_code: 'WELCOME10' }, me.token);
    expect(reply).toMatchObject({ message: 'You have already used this coupon: it is one per customer.' });
    // A cart that had it before the first order went through loses it on its next view, with the reason.
    const older = await couponCart(me, 'WELCOME10');
    expect(await showcart(t, { cart_id: older }, me.token)).toMatchObject({
      message: 'Coupon WELCOME10 was removed from your cart. You have already used this coupon: it is one per customer.',
    });
  });

  it('counts guests by email: a new guest checkout with the same email does not get it twice', async () => {
    const firstGuest = await guest('guest-welcome@example.com');
    expect(await placeWithCard(firstGuest, await couponCart(firstGuest, 'WELCOME10'))).toMatchObject({ code: 1 });
    const sameEmail = await guest('Guest-Welcome@example.com');
    expect(await placeWithCard(sameEmail, await couponCart(sameEmail, 'WELCOME10'))).toMatchObject({
      code: -1,
      message: 'You have already used this coupon: it is one per customer. Please review your cart.',
    });
    const otherEmail = await guest('another-guest@example.com');
    expect(await placeWithCard(otherEmail, await couponCart(otherEmail, 'WELCOME10'))).toMatchObject({ code: 1 });
  });

  it('a declined order gives the customer their use back', async () => {
    const me = await shopper(t, 'welcome-declined@example.com');
    const cartId = await couponCart(me, 'WELCOME10');
    const card_token = await tokenize(t, '4000000000000002');
    const declined = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 10, payment_mode: 2, card_token },
      me.token,
    );
    expect(declined.body).toMatchObject({ code: -1 });
    expect(await placeWithCard(me, cartId)).toMatchObject({ code: 1 });
  });
});

describe('coupon races', () => {
  it('one customer placing WELCOME10 from six carts at once gets it on exactly one order', async () => {
    const me = await shopper(t, 'welcome-race@example.com');
    const carts: string[] = [];
    for (let i = 0; i < 6; i += 1) carts.push(await couponCart(me, 'WELCOME10'));
    const tokens: string[] = [];
    for (let i = 0; i < 6; i += 1) tokens.push(await tokenize(t, '4242424242424242'));
    const results = await Promise.all(
      carts.map((cartId, i) =>
        post(
          t,
          '/api/placeorder/placeorder',
          { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 10, payment_mode: 2, card_token: tokens[i] },
          me.token,
        ),
      ),
    );
    const codes = results.map((r) => {
      assert(r.body, placeOrderReply);
      return r.body.code;
    });
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    expect(codes.filter((c) => c === -1)).toHaveLength(5);
    const redeemed = await t.database.db.selectFrom('coupon_redemptions').select('order_id').where('customer_id', '=', me.customerId).execute();
    expect(redeemed).toHaveLength(1);
  });

  it('a single-use coupon sent to eight shoppers\u2019 carts at once is redeemed by exactly one order', async () => {
    await t.database.db
      .insertInto('coupons')
      .values({ code: 'ONLYONE', kind: 'fixed', amount: 500, min_subtotal_cents: 0, expires_at: null, usage_limit: 1, used_count: 0 })
      .execute();
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => shopper(t, `single-use-${i}@example.com`)));
    const carts: string[] = [];
    for (const s of shoppers) carts.push(await couponCart(s, 'ONLYONE'));
    const tokens: string[] = [];
    for (let i = 0; i < shoppers.length; i += 1) tokens.push(await tokenize(t, '4242424242424242'));
    const results = await Promise.all(
      shoppers.map((s, i) =>
        post(
          t,
          '/api/placeorder/placeorder',
          { cart_id: carts[i], delivery_address_id: s.addressId, speed_id: 10, payment_mode: 2, card_token: tokens[i] },
          s.token,
        ),
      ),
    );
    const replies = results.map((r) => {
      assert(r.body, placeOrderReply);
      return r.body;
    });
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) expect(r.message).toBe('This coupon has been fully used. Please review your cart.');
    const coupon = await t.database.db.selectFrom('coupons').select('used_count').where('code', '=', 'ONLYONE').executeTakeFirstOrThrow();
    expect(coupon.used_count).toBe(1);
  });
});

describe('only the email\u2019s owner spends its welcome coupon (issue 26 item 2)', () => {
  async function placePayOnDelivery(me: { token: string; addressId: number }, cartId: string): Promise<PlaceOrderReply> {
    const { body } = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 10, payment_mode: 4 },
      me.token,
    );
    assert(body, placeOrderReply);
    return body;
  }

  /** The confirmation link's token mailed for an order (the outbox holds mail when no SMTP_URL is set). */
  async function mailedToken(orderNumber: string | undefined): Promise<string> {
    const mail = await eventually(() =>
      t.database.db
        .selectFrom('outbox')
        .select('body_text')
        .where('subject', '=', `Please confirm your order ${orderNumber ?? ''}`)
        .executeTakeFirst(),
    );
    const token = /confirmemail\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link mailed for ${orderNumber ?? ''}`);
    return token;
  }

  it('a stranger\u2019s unconfirmed pay-on-delivery order with the victim\u2019s email leaves the victim their WELCOME10', async () => {
    const stranger = await guest('coupon-victim@example.com');
    const held = await placePayOnDelivery(stranger, await couponCart(stranger, 'WELCOME10'));
    expect(held).toMatchObject({ code: 1, status: 'awaiting_confirmation' });

    const victim = await shopper(t, 'coupon-victim@example.com');
    const cartId = await readyCart(t, victim.token, victim.customerId, [{ offer: nextOffer(), qty: 2 }], { 201: '2026-12-02' });
    expect(await showcart(t, { cart_id: cartId, coupon_code: 'WELCOME10' }, victim.token)).toMatchObject({ message: 'Coupon WELCOME10 applied.' });
    const own = await placeWithCard(victim, cartId);
    expect(own).toMatchObject({ code: 1 });
    expect(await discountOf(own.order_id)).toBe(400);

    // The victim clicking the stranger's link later does not get the coupon a second time: that order is cancelled.
    const click = await t.app.inject({
      method: 'POST',
      url: '/api/placeorder/confirmemail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${await mailedToken(held.order_id)}`,
    });
    expect(click.body).toContain('This order could not be confirmed');
    expect(click.body).toContain('You have already used this coupon');
    const status = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('increment_id', '=', held.order_id ?? '')
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('canceled');
  });

  it('another spelling of the same mailbox does not get it again', async () => {
    const owner = await guest('spelled@example.com');
    expect(await placeWithCard(owner, await couponCart(owner, 'WELCOME10'))).toMatchObject({ code: 1 });
    for (const spelled of ['Spelled@Example.com', 'spelled+again@example.com', 'spelled@example.com.', 'SPELLED+x@EXAMPLE.COM.']) {
      const again = await guest(spelled);
      expect(await placeWithCard(again, await couponCart(again, 'WELCOME10')), spelled).toMatchObject({
        code: -1,
        message: 'You have already used this coupon: it is one per customer. Please review your cart.',
      });
    }
  });
});
