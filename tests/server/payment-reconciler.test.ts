import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { PaymentGatewayError, type ChargeRequest, type ChargeResult } from '../../server/adapters/payments/payment-port.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { reconcilePendingPayments } from '../../server/services/payments/payment-reconciler.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { orderOf, signedInCustomer, stockOf } from './fixtures.ts';
import { addAddress, checkoutNow, readyCart, saveCard } from './checkout-helpers.ts';
import { startTestApp, testCaptchaKey, type TestApp } from './test-app.ts';

/** The offline gateway behind a switch: while `down`, every charge fails as an unreachable provider does. */
class FlakyGateway extends TestPaymentGateway {
  down = false;
  /** Every charge request sent, repeats included (chargeCount counts idempotency keys, so a resend is not seen there). */
  readonly sent: ChargeRequest[] = [];
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.sent.push(request);
    if (this.down) throw new PaymentGatewayError('connect ETIMEDOUT api.stripe.com');
    return super.charge(request);
  }
}

const clock = manualClock(checkoutNow);
const gateway = new FlakyGateway(clock.now);
const inner = gateway;
let t: TestApp;
let offers: OfferPick[];
let used = 0;
const errors: unknown[] = [];

/** CHECKOUT_DATABASE_URL (an empty PostgreSQL database) runs this file against a real server, as place order's tests do. */
const databaseUrl = process.env.CHECKOUT_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp({
    clock: clock.now,
    payments: gateway,
    rateLimits: generousLimits,
    ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}),
  });
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 16, 0, { priceCents: 1000, stock: 10 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const sweep = () => reconcilePendingPayments(db(), gateway, clock.now(), (error) => errors.push(error));

/** The mails whose subject names the order number. */
const mailsOf = (incrementId: string) =>
  db().selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', `%${incrementId}%`).orderBy('id').execute();
/** One reconciler pass as the background sweep makes it, its mails included (test mode's hook). */
async function sweepWithMails() {
  const { body } = await post(t, '/api/payments/test-reconcile', {});
  expect(body).toMatchObject({ code: 1 });
}
/** The mail of an order the reconciler failed, once it is in the outbox. */
const failureMailOf = (incrementId: string) =>
  eventually(async () => (await mailsOf(incrementId)).find((m) => m.subject === `Your payment for order ${incrementId} did not go through`));

/** Moves an order's creation and charge claim back in time, as if it had been left pending that long. */
async function age(orderId: number, minutes: number) {
  // created_at is not writable through the typed schema (only the database sets it): plain SQL for the test.
  await sql`update orders set created_at = now() - make_interval(mins => ${minutes}), charge_started_at = now() - make_interval(mins => ${minutes}) where id = ${orderId}`.execute(
    db(),
  );
}

/** A customer's order placed while the card provider is unreachable: the shopper hears "still confirming". */
async function pendingOrder(email: string, cardNumber = '4242424242424242') {
  const me = await signedInCustomer(t, email);
  const addressId = await addAddress(t, me.token, me.customerId);
  const cardId = await saveCard(t, me.token, me.customerId, cardNumber);
  const offer = offers[used++];
  if (!offer) throw new Error('out of offers');
  const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 2 }]);
  const stockBefore = await stockOf(t, offer.offerId);
  gateway.down = true;
  try {
    const { body } = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
      me.token,
    );
    assert(body, placeOrderReply);
    expect(body).toMatchObject({ code: 2, status: 'pending_payment' });
    const order = await orderOf(t, body.order_id ?? '');
    return { me, offer, cartId, order, stockBefore };
  } finally {
    gateway.down = false;
  }
}

describe('settling orders whose payment outcome is unknown', () => {
  it('charges a pending order once the provider answers, and leaves a fresh one to its own request', async () => {
    const { order, offer, stockBefore } = await pendingOrder('sweep-paid@example.com');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);

    // Younger than the grace period: the request that made it may still be charging it.
    expect((await sweep()).paid).not.toContain(order.id);

    await age(order.id, 5);
    gateway.down = true;
    const whileDown = await sweep();
    gateway.down = false;
    expect(whileDown.stillPending).toContain(order.id);
    expect(errors.at(-1)).toBeInstanceOf(PaymentGatewayError);
    expect((await orderOf(t, order.increment_id)).status).toBe('pending_payment');

    await age(order.id, 5);
    const charges = inner.chargeCount;
    const report = await sweep();
    expect(report.paid).toEqual([order.id]);
    const paid = await orderOf(t, order.increment_id);
    expect(paid).toMatchObject({ status: 'processing', payment_token: null });
    expect(paid.payment_ref).toMatch(/\S/);
    expect(inner.chargeCount).toBe(charges + 1);
    // Stock stays taken by the paid order; a second pass finds nothing to do.
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
    expect((await sweep()).paid).toEqual([]);
  });

  it('marks a declined pending order payment_failed and gives its stock back', async () => {
    const { order, offer, stockBefore, cartId } = await pendingOrder('sweep-declined@example.com', '4000000000000341');
    await age(order.id, 5);
    const report = await sweep();
    expect(report.failed).toEqual([order.id]);
    expect(await orderOf(t, order.increment_id)).toMatchObject({ status: 'payment_failed', payment_message: 'Your card was declined.' });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('open');
  });

  it('mails the shopper of a pending order the reconciler found declined: why, the items back in the cart, a link to it', async () => {
    const { order, cartId } = await pendingOrder('sweep-declined-mail@example.com', '4000000000000341');
    await age(order.id, 5);
    await sweepWithMails();
    const mail = await failureMailOf(order.increment_id);
    expect(mail?.body_text).toContain(
      `We could not take the payment for order ${order.increment_id}, so it was not placed and nothing was charged. Your card was declined.`,
    );
    expect(mail?.body_text).toContain('Its items are back in your cart.');
    expect(mail?.body_text).toMatch(/^Your cart: \S+\/cart$/m);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('open');
  });

  it('never mails the shopper whose own place order was declined: their page said Payment failed', async () => {
    const me = await signedInCustomer(t, 'own-declined@example.com');
    const addressId = await addAddress(t, me.token, me.customerId);
    const cardId = await saveCard(t, me.token, me.customerId, '4000000000000341');
    const offer = offers[used++];
    if (!offer) throw new Error('out of offers');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 1 }]);
    const placed = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
      me.token,
    );
    assert(placed.body, placeOrderReply);
    expect(placed.body).toMatchObject({ code: -1, message: 'Your card was declined.', status: 'payment_failed' });
    const declined = placed.body.order_id ?? '';
    // A pass that fails another order: once that one's mail is written, the pass is over and wrote none for this one.
    const { order: marker } = await pendingOrder('own-declined-marker@example.com', '4000000000000341');
    await age(marker.id, 5);
    await sweepWithMails();
    expect(await failureMailOf(marker.increment_id)).toBeDefined();
    expect(await mailsOf(declined)).toEqual([]);
  });

  it('reports an order too old to re-send safely and does not charge it', async () => {
    const { order } = await pendingOrder('sweep-old@example.com');
    await age(order.id, 24 * 60);
    const charges = inner.chargeCount;
    const report = await sweep();
    expect(report.needsReview).toContain(order.id);
    expect(report.paid).not.toContain(order.id);
    expect(inner.chargeCount).toBe(charges);
    expect((await orderOf(t, order.increment_id)).status).toBe('pending_payment');
  });

  it('runs in the background when the server is started with a sweep interval, and mails the confirmation', async () => {
    const { order } = await pendingOrder('sweep-timer@example.com');
    await age(order.id, 5);
    // A second instance over the same database, as behind a load balancer, with the sweep on.
    const config = readConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'tests/server/no-spa', CAPTCHA_HMAC_KEY: testCaptchaKey });
    const instance = await buildApp({ db: db(), config, payments: gateway, clock: clock.now, paymentSweepMs: 20 }, { logger: false });
    await instance.ready();
    try {
      const paid = await eventually(async () => {
        const row = await orderOf(t, order.increment_id);
        return row.status === 'processing' ? row : undefined;
      });
      expect(paid?.status).toBe('processing');
      const mail = await eventually(() =>
        db().selectFrom('outbox').select('subject').where('subject', 'like', `%${order.increment_id}%`).executeTakeFirst(),
      );
      expect(mail?.subject).toContain(order.increment_id);
    } finally {
      await instance.close();
    }
  });
});

describe('two sweeps at once (two workers, or two instances behind a load balancer)', () => {
  it('charge a pending order once and settle it once', async () => {
    const { order, offer, stockBefore } = await pendingOrder('sweep-twice@example.com');
    await age(order.id, 5);
    const sentBefore = inner.sent.length;
    const [first, second] = await Promise.all([sweep(), sweep()]);
    // One sweep claims the order (one UPDATE); the other finds it claimed or settled and leaves it.
    expect([...first.paid, ...second.paid].filter((id) => id === order.id)).toEqual([order.id]);
    expect(inner.sent.slice(sentBefore).filter((request) => request.metadata.order_id === order.increment_id)).toHaveLength(1);
    expect((await orderOf(t, order.increment_id)).status).toBe('processing');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
  });
});

describe('a bank check (3-D Secure) before the payment completes', () => {
  /** A customer's order paid with a card whose bank asks for a check: placed, and waiting for it. */
  async function orderAwaitingCheck(email: string) {
    const me = await signedInCustomer(t, email);
    const addressId = await addAddress(t, me.token, me.customerId);
    const cardId = await saveCard(t, me.token, me.customerId, '4000002500003155');
    const offer = offers[used++];
    if (!offer) throw new Error('out of offers');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 1 }]);
    const stockBefore = await stockOf(t, offer.offerId);
    const placeBody = { cart_id: cartId, delivery_address_id: addressId, speed_id: 1, payment_mode: 2, card_id: cardId };
    const { body } = await post(t, '/api/placeorder/placeorder', placeBody, me.token);
    assert(body, placeOrderReply);
    expect(body).toMatchObject({
      code: 2,
      message: 'Please confirm this payment with your bank.',
      status: 'pending_payment',
      authentication: { gateway: 'test' },
    });
    const clientSecret = body.authentication?.client_secret ?? '';
    const orderId = body.order_id ?? '';
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 1);
    return { me, offer, stockBefore, orderId, clientSecret, placeBody };
  }
  const confirm = async (token: string, orderId: string) => {
    const { status, body } = await post(t, '/api/placeorder/confirm', { order_id: orderId }, token);
    if (status !== 200) return { status, body };
    assert(body, placeOrderReply);
    return { status, body };
  };

  it('waits for the check, then a completed check pays the order once and mails it', async () => {
    const { me, orderId, clientSecret, placeBody } = await orderAwaitingCheck('check-ok@example.com');
    // A second PLACE ORDER (another tab) gets the same check at once, not a second charge.
    const charges = inner.chargeCount;
    const again = await post(t, '/api/placeorder/placeorder', placeBody, me.token);
    expect(again.body).toMatchObject({ code: 2, order_id: orderId, authentication: { client_secret: clientSecret } });
    expect(inner.chargeCount).toBe(charges);
    // Before the check, confirm says it still waits.
    expect((await confirm(me.token, orderId)).body).toMatchObject({ code: 2, authentication: { client_secret: clientSecret } });

    const stranger = await signedInCustomer(t, 'check-stranger@example.com');
    expect((await confirm(stranger.token, orderId)).status).toBe(404);
    const wrongSecret = await post(t, '/api/payments/test-authenticate', { client_secret: 'pi_nope_secret_nope', complete: true });
    expect(wrongSecret.body).toEqual({ code: -1, message: 'This payment is not waiting for a bank check.' });

    expect((await post(t, '/api/payments/test-authenticate', { client_secret: clientSecret, complete: true })).body).toEqual({ code: 1, data: {} });
    expect((await confirm(me.token, orderId)).body).toMatchObject({ code: 1, message: 'Order Placed.', order_id: orderId, status: 'processing' });
    expect((await confirm(me.token, orderId)).body).toMatchObject({ code: 1, status: 'processing' });
    const mail = await eventually(() => db().selectFrom('outbox').select('subject').where('subject', 'like', `%${orderId}%`).executeTakeFirst());
    expect(mail?.subject).toContain(orderId);
    const mails = await db().selectFrom('outbox').select('id').where('subject', 'like', `%${orderId}%`).execute();
    expect(mails).toHaveLength(1);
  });

  it('a failed check fails the order and gives its stock back', async () => {
    const { me, offer, stockBefore, orderId, clientSecret } = await orderAwaitingCheck('check-failed@example.com');
    await post(t, '/api/payments/test-authenticate', { client_secret: clientSecret, complete: false });
    expect((await confirm(me.token, orderId)).body).toMatchObject({
      code: -1,
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      status: 'payment_failed',
    });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
  });

  it('a check nobody finishes lets the order go after the window, and the payment can no longer complete', async () => {
    const { offer, stockBefore, orderId, clientSecret } = await orderAwaitingCheck('check-abandoned@example.com');
    const order = await orderOf(t, orderId);
    await age(order.id, 5);
    expect((await sweep()).failed).not.toContain(order.id);
    await age(order.id, 20);
    expect((await sweep()).failed).toContain(order.id);
    expect(await orderOf(t, orderId)).toMatchObject({
      status: 'payment_failed',
      payment_message: 'The payment was not confirmed with your bank in time. Please try again.',
    });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    expect((await post(t, '/api/payments/test-authenticate', { client_secret: clientSecret, complete: true })).body).toMatchObject({ code: -1 });
  });

  it('mails the shopper once when the reconciler lets an unfinished check go: why, the items back in the cart, a link to it', async () => {
    const { orderId } = await orderAwaitingCheck('check-abandoned-mail@example.com');
    const order = await orderOf(t, orderId);
    await age(order.id, 20);
    await sweepWithMails();
    expect((await orderOf(t, orderId)).status).toBe('payment_failed');
    // A second pass finds the order failed already: nothing more to say.
    await sweepWithMails();
    const mail = await failureMailOf(orderId);
    expect(mail?.body_text.split('\n')).toEqual([
      `We could not take the payment for order ${orderId}, so it was not placed and nothing was charged. The payment was not confirmed with your bank in time. Please try again.`,
      '',
      'Its items are back in your cart.',
      '',
      expect.stringMatching(/^Your cart: \S+\/cart$/),
      expect.stringMatching(/^Your orders: \S+\/setting\/order$/),
    ]);
    expect(await mailsOf(orderId)).toHaveLength(1);
  });
});
