import type { Migration } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { paymentMethodsReply, saveCardReply, stripeDetailsReply, tokenizeReply, verifyUpiReply } from '../../src/api/contract/payment.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import * as oneSavedCard from '../../server/db/migrations/044-one-saved-card.ts';
import { generousLimits } from './account-helpers.ts';
import { makeCart, pickOne, post } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { addAddress, saveCard, tokenize } from './checkout-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const logLines: string[] = [];
/**
 * The test gateway, able to hold card saves at the provider until a number of them have arrived: two saves then go
 * on to our database together, as a double click's two requests can.
 */
class GatewayMeetingSaves extends TestPaymentGateway {
  private meeting: { expected: number; arrived: number; open: () => void; opened: Promise<void> } | undefined;

  meetNextSaves(expected: number): void {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.meeting = { expected, arrived: 0, open, opened };
  }

  override async saveCard(input: { customerRef: string; token: string }): ReturnType<TestPaymentGateway['saveCard']> {
    const result = await super.saveCard(input);
    const meeting = this.meeting;
    if (!meeting) return result;
    meeting.arrived += 1;
    if (meeting.arrived >= meeting.expected) {
      this.meeting = undefined;
      meeting.open();
    }
    await meeting.opened;
    return result;
  }
}
const gateway = new GatewayMeetingSaves(() => new Date('2026-12-01T14:00:00Z'));

beforeAll(async () => {
  t = await startTestApp({
    payments: gateway,
    rateLimits: { ...generousLimits, upiVerifyPerIp: { max: 3, windowSeconds: 900 } },
    // The most talkative level, to show that no log line carries a card number.
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
});

describe('stripeDetails', () => {
  it('tells the browser the test gateway is in use (no Stripe keys configured)', async () => {
    const { status, body } = await post(t, '/api/api/account/stripeDetails', { store_id: 1 });
    expect(status).toBe(200);
    assert(body, stripeDetailsReply);
    expect(body.data).toEqual({ publishable_key: 'pk_test_gateway', gateway: 'test' });
  });
});

describe('test-mode tokenize', () => {
  it('answers a one-time token with brand, last four and expiry only, and logs no number', async () => {
    const { status, body } = await post(t, '/api/payments/tokenize', {
      holder: 'Ada',
      number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: '2030',
      cvc: '123',
    });
    expect(status).toBe(200);
    assert(body, tokenizeReply);
    expect(body.data).toEqual({
      token: expect.stringMatching(/^tok_test_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('4242424242424242');
    expect(logLines.join('\n')).not.toContain('4242 4242 4242 4242');
  });

  it('reports a wrong Luhn digit, a past expiry and a short CVC all at once', async () => {
    const { status, body } = await post(t, '/api/payments/tokenize', {
      holder: '',
      number: '4242424242424241',
      exp_month: 10,
      exp_year: 2026,
      cvc: '12',
    });
    expect(status).toBe(400);
    assert(body, badRequestBody);
    expect(body.errors).toEqual([
      { field: 'holder', message: 'Card holder is required.' },
      { field: 'number', message: 'Your card number is invalid.' },
      { field: 'expiry', message: "Your card's expiration date is in the past." },
      { field: 'cvc', message: "Your card's security code is incomplete." },
    ]);
    expect(JSON.stringify(body)).not.toContain('4242424242424241');
  });

  it('wants four CVC digits for American Express and a month from 1 to 12', async () => {
    const { body } = await post(t, '/api/payments/tokenize', { holder: 'Ada', number: '378282246310005', exp_month: 13, exp_year: 2030, cvc: '123' });
    assert(body, badRequestBody);
    expect(body.errors).toEqual([
      { field: 'expiry', message: "Your card's expiration month is invalid." },
      { field: 'cvc', message: "Your card's security code is incomplete." },
    ]);
  });
});

describe('saved cards', () => {
  it('saves a card from a token and a billing address, lists it and removes it', async () => {
    const me = await signedInCustomer(t, 'cards@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const offer = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 1000, stock: 10 });
    const { cartId } = await makeCart(t, [{ offer, qty: 1 }], { customerId: me.customerId });

    const { body } = await post(t, '/api/checkout/paymentmethods', { cart_id: cartId }, me.token);
    assert(body, paymentMethodsReply);
    expect(body.payment_method).toBe('stripe_payments');
    expect(body.data).toEqual([
      {
        id: cardId,
        customer_stripe_id: expect.stringMatching(/^cus_test_/),
        card_info: 'Visa ending in 4242',
        card_no: '4242',
        brand: 'visa',
        name: 'Ada Lovelace',
        card_exp_month: 12,
        card_exp_year: 2030,
        address: { billing_address_id: expect.any(Number) },
      },
    ]);

    const removed = await post(t, '/api/account/RemoveCreditCard', { card_id: cardId }, me.token);
    expect(removed.body).toEqual({ code: 1, message: 'Card removed.' });
    const after = await post(t, '/api/checkout/paymentmethods', {}, me.token);
    assert(after.body, paymentMethodsReply);
    expect(after.body.data).toEqual([]);
  });

  it("answers the spec's mycards shape, and a declined card with code -1 and the provider's words", async () => {
    const me = await signedInCustomer(t, 'declined@example.com');
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '' });
    const good = await post(
      t,
      '/api/account/mycards',
      {
        card_token: [await tokenize(t, '5555555555554444'), await tokenize(t, '5555555555554444')],
        billing_address: { billing_address_id: billing },
      },
      me.token,
    );
    assert(good.body, saveCardReply);
    expect(good.body).toMatchObject({
      code: 1,
      data: [
        {
          id: expect.any(Number),
          customer: expect.stringMatching(/^cus_test_/),
          metadata: { address_id: billing },
          brand: 'mastercard',
          last4: '4444',
        },
      ],
    });

    const declined = await post(
      t,
      '/api/account/mycards',
      { card_token: [await tokenize(t, '4000000000000002')], billing_address: { billing_address_id: billing } },
      me.token,
    );
    expect(declined.body).toEqual({ code: -1, data: 'Your card was declined.' });
    // A token works once.
    const token = await tokenize(t, '4242424242424242');
    await post(t, '/api/account/mycards', { card_token: [token], billing_address: { billing_address_id: billing } }, me.token);
    const reused = await post(t, '/api/account/mycards', { card_token: [token], billing_address: { billing_address_id: billing } }, me.token);
    expect(reused.body).toMatchObject({ code: -1 });
  });

  it('saving the same card again keeps one card, with the holder and billing address just typed; another expiry is another card (walk 5)', async () => {
    const me = await signedInCustomer(t, 'same-card@example.com');
    const first = await saveCard(t, me.token, me.customerId);
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '', first_name: 'Grace', last_name: 'Hopper' });
    const again = await post(
      t,
      '/api/account/mycards',
      { card_token: [await tokenize(t, '4242424242424242')], billing_address: { billing_address_id: billing }, name: 'Grace Hopper' },
      me.token,
    );
    assert(again.body, saveCardReply);
    expect(again.body).toMatchObject({ code: 1, data: [{ id: first, metadata: { address_id: billing }, last4: '4242' }] });
    const listed = await post(t, '/api/checkout/paymentmethods', {}, me.token);
    assert(listed.body, paymentMethodsReply);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: first, name: 'Grace Hopper', address: { billing_address_id: billing } })]);
    // The provider keeps one copy too: the second one attached is detached again.
    expect(await gateway.listCards(listed.body.data?.[0]?.customer_stripe_id ?? '')).toHaveLength(1);

    const renewed = await post(
      t,
      '/api/account/mycards',
      { card_token: [await tokenize(t, '4242424242424242', { exp_year: 2031 })], billing_address: { billing_address_id: billing } },
      me.token,
    );
    assert(renewed.body, saveCardReply);
    expect(renewed.body).toMatchObject({ code: 1, data: [{ exp_year: 2031 }] });
    const both = await post(t, '/api/checkout/paymentmethods', {}, me.token);
    assert(both.body, paymentMethodsReply);
    expect(both.body.data?.map((c) => c.card_exp_year)).toEqual([2031, 2030]);
  });

  it('two saves of the same card at once (a double click, two tabs) both answer with the one card (walk 5)', async () => {
    const me = await signedInCustomer(t, 'same-card-at-once@example.com');
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '' });
    const tokens = [await tokenize(t, '4242424242424242'), await tokenize(t, '4242424242424242')];
    const save = (token: string) =>
      post(t, '/api/account/mycards', { card_token: [token], billing_address: { billing_address_id: billing } }, me.token);
    gateway.meetNextSaves(2);
    const replies = await Promise.all(tokens.map(save));
    const ids = replies.map(({ body }) => {
      assert(body, saveCardReply);
      expect(body.code).toBe(1);
      return Array.isArray(body.data) ? body.data[0]?.id : undefined;
    });
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[1]).toBe(ids[0]);
    const listed = await post(t, '/api/checkout/paymentmethods', {}, me.token);
    assert(listed.body, paymentMethodsReply);
    expect(listed.body.data?.map((card) => card.id)).toEqual([ids[0]]);
    // The provider's second copy is detached again, as for a save made later.
    expect(await gateway.listCards(listed.body.data?.[0]?.customer_stripe_id ?? '')).toHaveLength(1);
  });

  it("answers 404 for someone else's card, cart or billing address", async () => {
    const owner = await signedInCustomer(t, 'card-owner@example.com');
    const thief = await signedInCustomer(t, 'card-thief@example.com');
    const cardId = await saveCard(t, owner.token, owner.customerId);
    const billing = await addAddress(t, owner.token, owner.customerId, { address_type: 'billing', nickname: '' });
    const offer = await pickOne(t, { speed: 'local', locId: 101 }, 1, { priceCents: 1000, stock: 10 });
    const { cartId } = await makeCart(t, [{ offer, qty: 1 }], { customerId: owner.customerId });

    expect((await post(t, '/api/account/RemoveCreditCard', { card_id: cardId }, thief.token)).status).toBe(404);
    expect((await post(t, '/api/checkout/paymentmethods', { cart_id: cartId }, thief.token)).status).toBe(404);
    const steal = await post(
      t,
      '/api/account/mycards',
      { card_token: [await tokenize(t, '4242424242424242')], billing_address: { billing_address_id: billing } },
      thief.token,
    );
    expect(steal.status).toBe(404);
    const theirs = await post(t, '/api/checkout/paymentmethods', {}, thief.token);
    assert(theirs.body, paymentMethodsReply);
    expect(theirs.body.data).toEqual([]);
  });
});

describe('migration 044', () => {
  // As the migrator calls it (Migration takes any database).
  const sameCardIndex: Migration = oneSavedCard;

  /** An order paid with the given saved card, straight in the database. */
  async function orderPaidWith(customerId: number, cardId: number): Promise<number> {
    const order = await t.database.db
      .insertInto('orders')
      .values({
        customer_id: customerId,
        cart_id: `cart-card-${cardId}-${Math.random()}`,
        status: 'pending_payment',
        email: 'copies@example.com',
        zipcode: '10001',
        speed_id: 1,
        payment_mode: 2,
        payment_method: 'stripe_payments',
        payment_method_id: cardId,
        subtotal_cents: 1000,
        discount_cents: 0,
        delivery_fee_cents: 0,
        fee_cents: 0,
        taxes_cents: 0,
        tip_percent: 0,
        tip_cents: 0,
        grand_total_cents: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return order.id;
  }

  it('merges a card saved twice before into the one the latest order paid with, repointing orders, then refuses a second copy', async () => {
    const me = await signedInCustomer(t, 'card-copies@example.com');
    const other = await signedInCustomer(t, 'card-copies-other@example.com');
    const db = t.database.db;
    // The database as it was before 044: the same card could be saved more than once.
    await sameCardIndex.down?.(db);
    const copy = (customerId: number, ref: string, expYear = 2030) =>
      db
        .insertInto('payment_methods')
        .values({
          customer_id: customerId,
          gateway: 'test',
          gateway_customer_id: `cus_copies_${customerId}`,
          gateway_method_id: ref,
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: expYear,
          holder_name: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const unused = await copy(me.customerId, 'pm_copies_unused');
    const paidEarlier = await copy(me.customerId, 'pm_copies_earlier');
    const paidLast = await copy(me.customerId, 'pm_copies_last');
    const renewed = await copy(me.customerId, 'pm_copies_renewed', 2031);
    const theirs = await copy(other.customerId, 'pm_copies_theirs');
    const earlierOrder = await orderPaidWith(me.customerId, paidEarlier);
    const lastOrder = await orderPaidWith(me.customerId, paidLast);
    const renewedOrder = await orderPaidWith(me.customerId, renewed);

    await sameCardIndex.up(db);

    const cards = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('id', 'in', [unused, paidEarlier, paidLast, renewed, theirs])
      .orderBy('id')
      .execute();
    expect(cards.map((card) => card.id)).toEqual([paidLast, renewed, theirs]);
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'payment_method_id'])
      .where('id', 'in', [earlierOrder, lastOrder, renewedOrder])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: earlierOrder, payment_method_id: paidLast },
      { id: lastOrder, payment_method_id: paidLast },
      { id: renewedOrder, payment_method_id: renewed },
    ]);
    await expect(copy(me.customerId, 'pm_copies_again')).rejects.toThrow(/payment_methods_same_card_idx/);
  });
});

describe('UPI verify', () => {
  async function verify(upiId: string, ip: string) {
    const response = await t.app.inject({ method: 'POST', url: '/payuapi/payu/varifyUpi', payload: { upi_id: upiId }, remoteAddress: ip });
    return { status: response.statusCode, body: json(response) };
  }

  it('needs 5 characters, accepts name@bank, refuses ids ending @fail', async () => {
    const short = await verify('a@b', '10.0.0.1');
    expect(short.status).toBe(400);
    assert(short.body, badRequestBody);
    expect(short.body.errors).toEqual([{ field: 'upi_id', message: 'please provide valid UPI ID' }]);
    const ok = await verify('ada@okbank', '10.0.0.1');
    assert(ok.body, verifyUpiReply);
    expect(ok.body).toEqual({ code: 1, message: 'UPI verified successfully', isVPAValid: 1, vpa: 'ada@okbank' });
    const failing = await verify('ada@fail', '10.0.0.1');
    expect(failing.body).toMatchObject({ isVPAValid: 0, message: 'please provide valid UPI ID' });
  });

  it('is rate limited per IP', async () => {
    for (let i = 0; i < 3; i += 1) expect((await verify('ada@okbank', '10.0.0.2')).status).toBe(200);
    expect((await verify('ada@okbank', '10.0.0.2')).status).toBe(429);
  });
});
