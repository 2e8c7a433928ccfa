import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { paymentMethodsReply, saveCardReply, stripeDetailsReply } from '../../src/api/contract/payment.contract.ts';
import { StripePaymentGateway } from '../../server/adapters/payments/stripe-gateway.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The whole checkout with the production Stripe adapter, against the local Stripe stand-in. */
let t: TestApp;
let standIn: StripeStandIn;
const clock = manualClock(checkoutNow);
let offers: OfferPick[];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const payments = new StripePaymentGateway({
    secretKey: standIn.secretKey,
    publishableKey: 'pk_test_standin123',
    apiHost: '127.0.0.1',
    apiPort: standIn.port,
    apiProtocol: 'http',
    maxNetworkRetries: 0,
  });
  t = await startTestApp({ clock: clock.now, payments, rateLimits: generousLimits });
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 3, 0, { priceCents: 1800, stock: 10 });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('checkout with Stripe', () => {
  it('gives the browser the publishable key and no tokenize route', async () => {
    const details = await post(t, '/api/api/account/stripeDetails', {});
    assert(details.body, stripeDetailsReply);
    expect(details.body.data).toEqual({ publishable_key: 'pk_test_standin123', gateway: 'stripe' });
    expect(
      (await post(t, '/api/payments/tokenize', { holder: 'A', number: '4242424242424242', exp_month: 1, exp_year: 2030, cvc: '123' })).status,
    ).toBe(404);
  });

  it('saves a card, pays an order with it, and refuses a declined one with no paid order', async () => {
    const me = await signedInCustomer(t, 'stripe-shopper@example.com');
    const addressId = await addAddress(t, me.token, me.customerId);
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '' });
    const saved = await post(
      t,
      '/api/account/mycards',
      { card_token: ['pm_card_visa', 'pm_card_visa'], billing_address: { billing_address_id: billing } },
      me.token,
    );
    assert(saved.body, saveCardReply);
    expect(saved.body).toMatchObject({
      code: 1,
      data: [{ customer: expect.stringMatching(/^cus_/), brand: 'visa', last4: '4242', metadata: { address_id: billing } }],
    });
    const cards = await post(t, '/api/checkout/paymentmethods', {}, me.token);
    assert(cards.body, paymentMethodsReply);
    const card = cards.body.data[0];
    if (!card) throw new Error('no card');
    expect(card.customer_stripe_id).toMatch(/^cus_/);

    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: offers[0]!, qty: 2 }]);
    const paid = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: addressId, speed_id: 1, payment_mode: 2, card_id: card.id, grandtotal: '0.50' },
      me.token,
    );
    assert(paid.body, placeOrderReply);
    expect(paid.body).toMatchObject({ code: 1, message: 'Order Placed.' });
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('increment_id', '=', paid.body.order_id ?? '')
      .executeTakeFirstOrThrow();
    const intent = standIn.intents.get(order.payment_ref ?? '');
    expect(intent).toMatchObject({
      amount: order.grand_total_cents,
      status: 'succeeded',
      customer: card.customer_stripe_id,
      metadata: { order_id: order.increment_id },
    });
    const create = standIn.requests.find((r) => r.path === '/v1/payment_intents' && r.form['metadata[order_id]'] === order.increment_id);
    expect(create?.headers['idempotency-key']).toBe(`order-${order.increment_id}:create`);

    const declinedCart = await readyCart(t, me.token, me.customerId, [{ offer: offers[1]!, qty: 1 }]);
    const declined = await post(
      t,
      '/api/placeorder/placeorder',
      { cart_id: declinedCart, delivery_address_id: addressId, speed_id: 1, payment_mode: 2, card_token: 'pm_card_chargeDeclined' },
      me.token,
    );
    expect(declined.body).toMatchObject({ code: -1, message: 'Your card was declined.', status: 'payment_failed' });
    const stock = await t.database.db.selectFrom('variant_offers').select('stock').where('id', '=', offers[1]!.offerId).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
  });

  it("answers a card declined when saved with code -1 and Stripe's words", async () => {
    const me = await signedInCustomer(t, 'stripe-declined@example.com');
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '' });
    const { body } = await post(
      t,
      '/api/account/mycards',
      { card_token: ['pm_card_chargeDeclined'], billing_address: { billing_address_id: billing } },
      me.token,
    );
    expect(body).toEqual({ code: -1, data: 'Your card was declined.' });
  });
});
