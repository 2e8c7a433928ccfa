import { describe, expect, it } from 'vitest';
import { paymentGatewayFromConfig } from '../../server/adapters/payments/payments-from-config.ts';
import { StripePaymentGateway } from '../../server/adapters/payments/stripe-gateway.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { ConfigError, readConfig } from '../../server/config.ts';

const base = { DATA_DIR: 'memory://' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    readConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('Stripe configuration', () => {
  it('uses the offline test gateway without keys, and Stripe with both', () => {
    const plain = readConfig(base);
    expect(plain.stripe).toBeUndefined();
    expect(paymentGatewayFromConfig(plain)).toBeInstanceOf(TestPaymentGateway);
    expect(paymentGatewayFromConfig(plain)).toBe(paymentGatewayFromConfig(plain));

    const stripe = readConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' });
    expect(stripe.stripe).toEqual({ secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123' });
    const gateway = paymentGatewayFromConfig(stripe);
    expect(gateway).toBeInstanceOf(StripePaymentGateway);
    expect(gateway.publishableKey).toBe('pk_test_abc123');
  });

  it('refuses one key without the other, swapped keys and mixed modes, clearly', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (or neither, for the offline test gateway)',
    ]);
    expect(problemsOf({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toHaveLength(1);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)',
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_... or pk_live_...)',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys',
    ]);
  });
});

describe('the test gateway', () => {
  const now = () => new Date('2026-12-01T14:00:00Z');
  const card = { holder: 'Ada', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

  it('keeps nothing of the number but the last four digits', () => {
    const gateway = new TestPaymentGateway(now);
    const result = gateway.tokenize(card);
    expect(result).toEqual({ ok: true, token: expect.stringMatching(/^tok_test_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    const inside = JSON.stringify(gateway, (_key, value: unknown) =>
      value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value,
    );
    expect(inside).not.toContain('4242424242424242');
    expect(inside).not.toContain('"123"');
  });

  it('with a shared key, a token made by one instance is spent by another, once there, and a forged one by none', async () => {
    const key = 'shared-media-signing-key-0123456789abcdef';
    const first = new TestPaymentGateway(now, key);
    const second = new TestPaymentGateway(now, key);
    const stranger = new TestPaymentGateway(now, 'another-key-0123456789abcdef0123456789');
    const made = first.tokenize(card);
    if (!made.ok) throw new Error('not tokenised');
    expect(made.token).not.toContain('4242424242424242');
    const customer = await second.createCustomer();
    const saved = await second.saveCard({ customerRef: customer, token: made.token });
    expect(saved).toMatchObject({ ok: true, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } });
    expect(await second.saveCard({ customerRef: customer, token: made.token })).toMatchObject({ ok: false, code: 'token_invalid' });
    expect(await stranger.saveCard({ customerRef: await stranger.createCustomer(), token: made.token })).toMatchObject({ ok: false });
    // The card's outcome rides in the token too: a declining test number declines on the other instance.
    const declining = first.tokenize({ ...card, number: '4000000000000002' });
    if (!declining.ok) throw new Error('not tokenised');
    const forged = declining.token.replace(/_(\d)_(\d+_[0-9a-f]{16}_)/, '_0_$2');
    expect(forged).not.toBe(declining.token);
    expect(await second.saveCard({ customerRef: customer, token: forged })).toMatchObject({ ok: false, code: 'token_invalid' });
    // Expired: a gateway whose clock is past the token's life refuses it.
    const later = new TestPaymentGateway(() => new Date('2026-12-01T14:16:00Z'), key);
    const again = first.tokenize(card);
    if (!again.ok) throw new Error('not tokenised');
    expect(await later.saveCard({ customerRef: await later.createCustomer(), token: again.token })).toMatchObject({ ok: false });
  });

  it('charges once per idempotency key, refunds once, and refuses a reused key with another amount', async () => {
    const gateway = new TestPaymentGateway(now);
    const token = gateway.tokenize(card);
    if (!token.ok) throw new Error('not tokenised');
    const request = {
      amountCents: 1500,
      currency: 'usd' as const,
      source: { kind: 'token' as const, token: token.token },
      idempotencyKey: 'order-1',
      description: 'Order 1',
      metadata: {},
    };
    const first = await gateway.charge(request);
    expect(first).toMatchObject({ ok: true, brand: 'visa', last4: '4242' });
    expect(await gateway.charge(request)).toEqual(first);
    expect(gateway.chargeCount).toBe(1);
    await expect(gateway.charge({ ...request, amountCents: 1600 })).rejects.toThrow(/same parameters/);
    if (!first.ok) throw new Error('declined');
    await gateway.refund({ paymentRef: first.paymentRef, idempotencyKey: 'refund-1' });
    await gateway.refund({ paymentRef: first.paymentRef, idempotencyKey: 'refund-1' });
    expect(gateway.isRefunded(first.paymentRef)).toBe(true);
    // The token was spent by the first charge.
    expect(await gateway.charge({ ...request, idempotencyKey: 'order-2' })).toMatchObject({ ok: false, code: 'token_invalid' });
  });

  it("plays Stripe's published test numbers: declined, insufficient funds, decline after attach", async () => {
    const gateway = new TestPaymentGateway(now);
    const customer = await gateway.createCustomer();
    const save = (number: string) => {
      const token = gateway.tokenize({ ...card, number });
      if (!token.ok) throw new Error('not tokenised');
      return gateway.saveCard({ customerRef: customer, token: token.token });
    };
    expect(await save('4000000000000002')).toEqual({ ok: false, message: 'Your card was declined.', code: 'card_declined' });
    const poor = await save('4000000000009995');
    const flaky = await save('4000000000000341');
    if (!poor.ok || !flaky.ok) throw new Error('not saved');
    const charge = (cardRef: string, key: string) =>
      gateway.charge({
        amountCents: 1000,
        currency: 'usd',
        source: { kind: 'saved-card', customerRef: customer, cardRef },
        idempotencyKey: key,
        description: 'd',
        metadata: {},
      });
    expect(await charge(poor.card.ref, 'a')).toMatchObject({ ok: false, message: 'Your card has insufficient funds.', code: 'insufficient_funds' });
    expect(await charge(flaky.card.ref, 'b')).toMatchObject({ ok: false, message: 'Your card was declined.' });
    // A card saved before a restart still charges: its id carries what the gateway needs.
    const good = await save('4242424242424242');
    if (!good.ok) throw new Error('not saved');
    const restarted = new TestPaymentGateway(now);
    expect(
      await restarted.charge({
        amountCents: 1000,
        currency: 'usd',
        source: { kind: 'saved-card', customerRef: customer, cardRef: good.card.ref },
        idempotencyKey: 'c',
        description: 'd',
        metadata: {},
      }),
    ).toMatchObject({ ok: true, last4: '4242' });
  });
});
