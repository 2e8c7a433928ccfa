import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { bankMessages } from '../../src/rules/bank-account.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { reconcilePendingPayments } from '../../server/services/payments/payment-reconciler.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { orderOf, signedInCustomer, stockOf } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** Pay by bank (ACH debit) with the offline gateway's test accounts (Stripe's: routing 110000000). */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
let t: TestApp;
let offers: OfferPick[];
let used = 0;
const errors: unknown[] = [];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 8, 0, { priceCents: 1000, stock: 10 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const sweep = () => reconcilePendingPayments(db(), gateway, clock.now(), (error) => errors.push(error));
const bankFields = (accountNumber: string) => ({ payment_mode: 1, bank_name: 'Chase', routing_number: '110000000', account_number: accountNumber });

/** A customer's cart, ready to pay: the offer has 2 units in it. */
async function readyShopper(email: string) {
  const me = await signedInCustomer(t, email);
  const addressId = await addAddress(t, me.token, me.customerId);
  const offer = offers[used++];
  if (!offer) throw new Error('out of offers');
  const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 2 }]);
  const stockBefore = await stockOf(t, offer.offerId);
  const body = { cart_id: cartId, delivery_address_id: addressId, speed_id: 1 };
  return { me, offer, cartId, stockBefore, body };
}

async function payByBank(email: string, accountNumber: string) {
  const shopper = await readyShopper(email);
  const { status, body } = await post(t, '/api/placeorder/placeorder', { ...shopper.body, ...bankFields(accountNumber) }, shopper.me.token);
  expect(status).toBe(200);
  assert(body, placeOrderReply);
  return { ...shopper, reply: body };
}

describe('pay by bank (ACH debit)', () => {
  it('places the order pending while the debit clears, and the reconciler marks it paid and mails the confirmation', async () => {
    const { reply, offer, stockBefore, cartId } = await payByBank('bank-clears@example.com', '000123456789');
    expect(reply).toMatchObject({ code: 1, message: bankMessages.pending, status: 'pending_payment' });
    const order = await orderOf(t, reply.order_id ?? '');
    expect(order).toMatchObject({ payment_mode: 1, payment_method: 'us_bank_account', card_brand: 'Chase', card_last4: '6789' });
    expect(order.payment_ref).toMatch(/^pi_test_ach_/);
    expect(order.bank_mandate).toMatchObject({ ipAddress: expect.any(String), userAgent: expect.any(String) });
    // The account numbers themselves are nowhere on the order.
    expect(JSON.stringify(order)).not.toContain('000123456789');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');

    // Test mode's hook for the e2e journeys: one reconciler pass, as the background sweep makes, mails included.
    const pass = await post(t, '/api/payments/test-reconcile', {});
    expect(pass.body).toMatchObject({ code: 1, data: { paid: 1 } });
    expect(await orderOf(t, order.increment_id)).toMatchObject({ status: 'processing', card_brand: 'Chase', card_last4: '6789' });
    const mail = await eventually(() =>
      db().selectFrom('outbox').select('subject').where('subject', 'like', `%${order.increment_id}%`).executeTakeFirst(),
    );
    expect(mail?.subject).toContain(order.increment_id);
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
    expect((await sweep()).paid).not.toContain(order.id);
  });

  it('releases the order when the debit comes back unpaid: stock given back, cart reopened, the bank reason kept', async () => {
    const { reply, offer, stockBefore, cartId } = await payByBank('bank-fails@example.com', '000111111116');
    expect(reply).toMatchObject({ code: 1, status: 'pending_payment' });
    const order = await orderOf(t, reply.order_id ?? '');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);

    const report = await sweep();
    expect(report.failed).toContain(order.id);
    expect(await orderOf(t, order.increment_id)).toMatchObject({
      status: 'payment_failed',
      payment_message: "The customer's bank account could not be located.",
    });
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('open');
  });

  it('keeps a debit the bank has not answered pending, pass after pass, and never reports it for review', async () => {
    const { reply, offer, stockBefore } = await payByBank('bank-waits@example.com', '000555555559');
    const order = await orderOf(t, reply.order_id ?? '');
    for (let pass = 0; pass < 2; pass++) {
      const report = await sweep();
      expect(report.stillPending).toContain(order.id);
      expect(report.needsReview).not.toContain(order.id);
    }
    expect((await orderOf(t, order.increment_id)).status).toBe('pending_payment');
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore - 2);
  });

  it('answers a repeated place order with the same order and debits once', async () => {
    const shopper = await readyShopper('bank-twice@example.com');
    const send = () => post(t, '/api/placeorder/placeorder', { ...shopper.body, ...bankFields('000555555559') }, shopper.me.token);
    const [first, second] = await Promise.all([send(), send()]);
    assert(first.body, placeOrderReply);
    assert(second.body, placeOrderReply);
    expect(second.body.order_id).toBe(first.body.order_id);
    const third = await send();
    assert(third.body, placeOrderReply);
    expect(third.body).toMatchObject({ code: 1, order_id: first.body.order_id, status: 'pending_payment' });
    const orders = await db().selectFrom('orders').select(['id', 'payment_ref']).where('cart_id', '=', shopper.cartId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t, shopper.offer.offerId)).toBe(shopper.stockBefore - 2);
  });

  it('refuses a bank that is not one of the seven, a bad routing number or account number, naming the field', async () => {
    const shopper = await readyShopper('bank-typo@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ bank_name: 'Piggy Bank' }, 'bank_name'],
      [{ routing_number: '110000001' }, 'routing_number'],
      [{ account_number: '12' }, 'account_number'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await post(
        t,
        '/api/placeorder/placeorder',
        { ...shopper.body, ...bankFields('000123456789'), ...change },
        shopper.me.token,
      );
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain(field);
    }
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', shopper.cartId).execute()).toEqual([]);
  });
});
