import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../../server/adapters/payments/payment-port.ts';
import { StripePaymentGateway } from '../../server/adapters/payments/stripe-gateway.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin.ts';

let standIn: StripeStandIn;
let gateway: StripePaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = new StripePaymentGateway({
    secretKey: standIn.secretKey,
    publishableKey: 'pk_test_standin123',
    apiHost: '127.0.0.1',
    apiPort: standIn.port,
    apiProtocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await standIn.close();
});

function lastRequest(path: RegExp) {
  const found = [...standIn.requests].reverse().find((r) => path.test(r.path));
  if (!found) throw new Error(`no request to ${path}`);
  return found;
}

describe('Stripe adapter against the local stand-in', () => {
  it('creates a customer with our id in metadata, authenticated with the secret key', async () => {
    const ref = await gateway.createCustomer({ customerId: 42, email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(ref).toMatch(/^cus_/);
    const request = lastRequest(/^\/v1\/customers$/);
    expect(request.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(request.headers['idempotency-key']).toMatch(/^store-customer-42-[0-9a-f]{16}$/);
    expect(request.headers['stripe-version']).toBeTruthy();
    expect(request.form).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', 'metadata[store_customer_id]': '42' });
  });

  it('saves, lists and removes a card', async () => {
    const customer = await gateway.createCustomer({ customerId: 1, email: 'a@example.com', name: 'A' });
    const saved = await gateway.saveCard({ customerRef: customer, token: 'pm_card_visa' });
    expect(saved).toMatchObject({ ok: true, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, customerRef: customer } });
    if (!saved.ok) throw new Error('not saved');
    expect(lastRequest(/attach$/).form).toEqual({ customer });
    expect(await gateway.listCards(customer)).toEqual([saved.card]);
    await gateway.removeCard({ customerRef: customer, cardRef: saved.card.ref });
    expect(await gateway.listCards(customer)).toEqual([]);
  });

  it("answers a declined card with Stripe's own words when saving", async () => {
    const customer = await gateway.createCustomer({ customerId: 2, email: 'b@example.com', name: 'B' });
    const saved = await gateway.saveCard({ customerRef: customer, token: 'pm_card_chargeDeclined' });
    expect(saved).toEqual({ ok: false, message: 'Your card was declined.', code: 'generic_decline' });
  });

  it('debits a US bank account by ACH: processing with the mandate, then succeeded or returned when read', async () => {
    const refused = await gateway.createBankAccount({
      holderName: 'Ada',
      email: 'ada@example.com',
      routingNumber: '021000021',
      accountNumber: '000123456789',
    });
    expect(refused).toMatchObject({ ok: false });
    const account = await gateway.createBankAccount({
      holderName: 'Ada Lovelace',
      email: 'ada@example.com',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(account).toMatchObject({ ok: true, bankName: 'STRIPE TEST BANK', last4: '6789' });
    if (!account.ok) throw new Error('no account');
    expect(lastRequest(/^\/v1\/payment_methods$/).form).toMatchObject({ type: 'us_bank_account', 'billing_details[name]': 'Ada Lovelace' });
    const mandate = { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 test' };
    const debit = (key: string) =>
      gateway.charge({
        amountCents: 4524,
        currency: 'usd',
        source: { kind: 'bank-account', paymentMethod: account.ref, mandate },
        idempotencyKey: key,
        description: 'Order 100000001',
        metadata: { order_id: '100000001' },
      });
    const first = await debit('order-100000001');
    expect(first).toMatchObject({ ok: 'processing' });
    if (first.ok !== 'processing') throw new Error('not processing');
    const request = lastRequest(/^\/v1\/payment_intents$/);
    expect(request.headers['idempotency-key']).toBe('order-100000001:bank');
    expect(request.form).toMatchObject({
      'allowed_payment_method_types[0]': 'us_bank_account',
      confirm: 'true',
      'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
    });
    // The same key replays the same debit: no second PaymentIntent.
    expect(await debit('order-100000001')).toEqual(first);
    expect(await gateway.paymentStatus(first.paymentRef)).toEqual({ ok: 'processing', paymentRef: first.paymentRef });
    standIn.settleDebit(first.paymentRef, true);
    expect(await gateway.paymentStatus(first.paymentRef)).toEqual({
      ok: true,
      paymentRef: first.paymentRef,
      brand: 'STRIPE TEST BANK',
      last4: '6789',
    });

    const second = await debit('order-100000002');
    if (second.ok !== 'processing') throw new Error('not processing');
    standIn.settleDebit(second.paymentRef, false);
    expect(await gateway.paymentStatus(second.paymentRef)).toMatchObject({ ok: false, message: "The customer's bank account could not be located." });

    // A canceled order's debit: Stripe cannot cancel most processing ones (it goes on, and is refunded once cleared).
    const third = await debit('order-100000003');
    if (third.ok !== 'processing') throw new Error('not processing');
    expect(await gateway.cancelDebit(third.paymentRef)).toBe(false);
    expect(await gateway.paymentStatus(third.paymentRef)).toMatchObject({ ok: 'processing' });
    expect(lastRequest(/\/cancel$/).form).toMatchObject({ cancellation_reason: 'requested_by_customer' });
    // The rare one it does cancel is never taken.
    const fourth = await debit('order-100000004');
    if (fourth.ok !== 'processing') throw new Error('not processing');
    standIn.stoppableDebits.add(fourth.paymentRef);
    expect(await gateway.cancelDebit(fourth.paymentRef)).toBe(true);
    expect(await gateway.paymentStatus(fourth.paymentRef)).toMatchObject({ ok: false });
  });

  it('charges a saved card with one PaymentIntent per idempotency key', async () => {
    const customer = await gateway.createCustomer({ customerId: 3, email: 'c@example.com', name: 'C' });
    const saved = await gateway.saveCard({ customerRef: customer, token: 'pm_card_mastercard' });
    if (!saved.ok) throw new Error('not saved');
    const request = {
      amountCents: 4599,
      currency: 'usd' as const,
      source: { kind: 'saved-card' as const, customerRef: customer, cardRef: saved.card.ref },
      idempotencyKey: 'order-100000001-attempt-1',
      description: 'Order 100000001',
      metadata: { order_id: '100000001' },
    };
    const first = await gateway.charge(request);
    expect(first).toMatchObject({ ok: true, brand: 'mastercard', last4: '4444' });
    const create = lastRequest(/^\/v1\/payment_intents$/);
    expect(create.headers['idempotency-key']).toBe('order-100000001-attempt-1:create');
    expect(create.form).toMatchObject({
      amount: '4599',
      currency: 'usd',
      customer,
      payment_method: saved.card.ref,
      'metadata[order_id]': '100000001',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(lastRequest(/confirm$/).headers['idempotency-key']).toBe('order-100000001-attempt-1:confirm');

    const intentsBefore = standIn.intents.size;
    const again = await gateway.charge(request);
    expect(again).toEqual(first);
    expect(standIn.intents.size).toBe(intentsBefore);
  });

  it('turns a decline at confirmation into a refusal that names the PaymentIntent', async () => {
    const result = await gateway.charge({
      amountCents: 1000,
      currency: 'usd',
      source: { kind: 'token', token: 'pm_card_chargeDeclinedInsufficientFunds' },
      idempotencyKey: 'order-x-1',
      description: 'Order x',
      metadata: {},
    });
    expect(result).toMatchObject({ ok: false, message: 'Your card has insufficient funds.', code: 'insufficient_funds' });
    if (result.ok) throw new Error('charged');
    expect(result.paymentRef).toMatch(/^pi_/);
    expect(standIn.intents.get(result.paymentRef ?? '')?.status).toBe('requires_payment_method');
  });

  it('hands a 3-D Secure check to the browser, then reads how it ended', async () => {
    const charge = (key: string) =>
      gateway.charge({
        amountCents: 1000,
        currency: 'usd',
        source: { kind: 'token', token: 'pm_card_authenticationRequired' },
        idempotencyKey: key,
        description: 'Order y',
        metadata: {},
      });
    const result = await charge('order-y-1');
    if (result.ok !== 'authenticate') throw new Error(`expected a bank check: ${JSON.stringify(result)}`);
    expect(result.clientSecret).toMatch(/^pi_.+_secret_/);
    const confirm = standIn.requests.find((r) => r.path === `/v1/payment_intents/${result.paymentRef}/confirm`);
    expect(confirm?.form.use_stripe_sdk).toBe('true');
    expect(await gateway.paymentStatus(result.paymentRef)).toEqual(result);
    standIn.authenticate(result.paymentRef, true);
    expect(await gateway.paymentStatus(result.paymentRef)).toMatchObject({ ok: true, paymentRef: result.paymentRef, brand: 'visa', last4: '3184' });

    const failing = await charge('order-y-2');
    if (failing.ok !== 'authenticate') throw new Error('expected a bank check');
    standIn.authenticate(failing.paymentRef, false);
    expect(await gateway.paymentStatus(failing.paymentRef)).toMatchObject({
      ok: false,
      code: 'payment_intent_authentication_failure',
      paymentRef: failing.paymentRef,
    });
  });

  it('refunds once per key', async () => {
    const charged = await gateway.charge({
      amountCents: 2500,
      currency: 'usd',
      source: { kind: 'token', token: 'pm_card_visa' },
      idempotencyKey: 'order-z-1',
      description: 'Order z',
      metadata: {},
    });
    if (!charged.ok) throw new Error('declined');
    await gateway.refund({ paymentRef: charged.paymentRef, idempotencyKey: 'refund-z' });
    await gateway.refund({ paymentRef: charged.paymentRef, idempotencyKey: 'refund-z' });
    expect(standIn.refunds.filter((r) => r.payment_intent === charged.paymentRef)).toHaveLength(1);
  });

  it('reports faults (bad key, unreachable API) as gateway errors, not declines', async () => {
    const wrongKey = new StripePaymentGateway({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk_test_x',
      apiHost: '127.0.0.1',
      apiPort: standIn.port,
      apiProtocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.createCustomer({ customerId: 9, email: 'x@example.com', name: 'X' })).rejects.toBeInstanceOf(PaymentGatewayError);
    const nowhere = new StripePaymentGateway({
      secretKey: standIn.secretKey,
      publishableKey: 'pk_test_x',
      apiHost: '127.0.0.1',
      apiPort: 1,
      apiProtocol: 'http',
      maxNetworkRetries: 0,
      timeoutMs: 2000,
    });
    await expect(
      nowhere.charge({
        amountCents: 1000,
        currency: 'usd',
        source: { kind: 'token', token: 'pm_card_visa' },
        idempotencyKey: 'k',
        description: 'd',
        metadata: {},
      }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('refuses UPI, which Stripe does not offer in the US', async () => {
    const result = await gateway.charge({
      amountCents: 1000,
      currency: 'usd',
      source: { kind: 'upi', vpa: 'ada@okbank' },
      idempotencyKey: 'u',
      description: 'd',
      metadata: {},
    });
    expect(result).toMatchObject({ ok: false, code: 'payment_method_unavailable' });
  });
});
