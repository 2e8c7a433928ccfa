import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  PaymentGatewayError,
  type BankAccountInput,
  type BankAccountResult,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type PaymentRefusal,
  type SaveCardResult,
  type SavedCard,
} from './payment-port.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** Where the API lives; tests point these at a local stand-in (tests/server/stripe-standin.ts). */
  apiHost?: string | undefined;
  apiPort?: number | undefined;
  apiProtocol?: 'http' | 'https' | undefined;
  /** Retries of network failures; Stripe reuses the idempotency key, so a retry never charges twice. */
  maxNetworkRetries?: number | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Production payments through Stripe: a Stripe customer per store customer, cards saved as PaymentMethods attached
 * to it (created in the browser by Stripe Elements, so card numbers never reach our server), and one PaymentIntent
 * per order attempt, created and confirmed under the order's idempotency key.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      appInfo: { name: 'meat-and-fish-store' },
      ...(options.apiHost === undefined ? {} : { host: options.apiHost }),
      ...(options.apiPort === undefined ? {} : { port: options.apiPort }),
      ...(options.apiProtocol === undefined ? {} : { protocol: options.apiProtocol }),
    });
  }

  async createCustomer(input: { customerId: number; email: string; name: string }): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { store_customer_id: String(input.customerId) } },
        // Two quick card saves by a customer with no Stripe record yet make one Stripe customer, not two. The email's
        // hash is in the key so a reset database's customer 1 never gets an earlier customer 1's Stripe record.
        { idempotencyKey: `store-customer-${input.customerId}-${createHash('sha256').update(input.email.toLowerCase()).digest('hex').slice(0, 16)}` },
      ),
    );
    return customer.id;
  }

  async saveCard(input: { customerRef: string; token: string }): Promise<SaveCardResult> {
    try {
      const method = await this.stripe.paymentMethods.attach(input.token, { customer: input.customerRef });
      const card = savedCardOf(method, input.customerRef);
      if (!card) return { ok: false, message: 'Only cards can be saved.', code: 'invalid_payment_method' };
      return { ok: true, card };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw wrap(error);
    }
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    const list = await this.call(() => this.stripe.paymentMethods.list({ customer: customerRef, type: 'card', limit: 100 }));
    return list.data.flatMap((method) => savedCardOf(method, customerRef) ?? []);
  }

  async removeCard(input: { customerRef: string; cardRef: string }): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(input.cardRef));
  }

  async createBankAccount(input: BankAccountInput): Promise<BankAccountResult> {
    try {
      const method = await this.stripe.paymentMethods.create({
        type: 'us_bank_account',
        us_bank_account: { account_holder_type: 'individual', routing_number: input.routingNumber, account_number: input.accountNumber },
        billing_details: { name: input.holderName, email: input.email },
      });
      const account = method.us_bank_account;
      return { ok: true, ref: method.id, bankName: account?.bank_name ?? null, last4: account?.last4 ?? input.accountNumber.slice(-4) };
    } catch (error) {
      // A routing or account number Stripe refuses is the shopper's to correct, not a fault.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { ok: false, message: error.message, code: error.code ?? 'invalid_bank_account' };
      }
      throw wrap(error);
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const source = request.source;
    if (source.kind === 'bank-account') return this.debitBankAccount(request, source);
    if (source.kind === 'upi') {
      return { ok: false, message: 'UPI is not available with this payment provider.', code: 'payment_method_unavailable', paymentRef: null };
    }
    const paymentMethod = source.kind === 'token' ? source.token : source.cardRef;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          payment_method: paymentMethod,
          allowed_payment_method_types: ['card'],
          ...(request.capture === 'manual' ? { capture_method: 'manual' as const } : {}),
          description: request.description,
          metadata: request.metadata,
          ...(source.kind === 'saved-card' ? { customer: source.customerRef } : {}),
        },
        { idempotencyKey: `${request.idempotencyKey}:create` },
      );
      intent = await this.stripe.paymentIntents.confirm(
        intent.id,
        // A bank check (3-D Secure) comes back as next_action use_stripe_sdk, which stripe.js handleNextAction runs.
        { expand: ['payment_method'], use_stripe_sdk: true },
        { idempotencyKey: `${request.idempotencyKey}:confirm` },
      );
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return { ...refusal, paymentRef: paymentIntentIdOf(error) };
      throw wrap(error);
    }
    return resultOf(intent);
  }

  /**
   * An ACH debit: one PaymentIntent created and confirmed at once with the shopper's online mandate. It comes back
   * 'processing' (the debit takes days); paymentStatus later reads succeeded, or requires_payment_method with the
   * bank's reason (payment_failed).
   */
  private async debitBankAccount(request: ChargeRequest, source: Extract<ChargeRequest['source'], { kind: 'bank-account' }>): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          payment_method: source.paymentMethod,
          allowed_payment_method_types: ['us_bank_account'],
          confirm: true,
          mandate_data: {
            customer_acceptance: { type: 'online', online: { ip_address: source.mandate.ipAddress, user_agent: source.mandate.userAgent } },
          },
          description: request.description,
          metadata: request.metadata,
          expand: ['payment_method'],
        },
        { idempotencyKey: `${request.idempotencyKey}:bank` },
      );
      return resultOf(intent);
    } catch (error) {
      const refusal = refusalOf(error) ?? bankRefusalOf(error);
      if (refusal) return { ...refusal, paymentRef: paymentIntentIdOf(error) };
      throw wrap(error);
    }
  }

  async cancelPayment(paymentRef: string): Promise<void> {
    await this.call(() => this.stripe.paymentIntents.cancel(paymentRef, {}, { idempotencyKey: `cancel-${paymentRef}` }));
  }

  /**
   * Stripe cancels a 'processing' us_bank_account PaymentIntent only in rare cases: otherwise (and for one already
   * succeeded) it answers 400 payment_intent_unexpected_state, and the debit goes on (false). One that already failed
   * (requires_payment_method) is canceled: nothing is taken either way.
   */
  async cancelDebit(paymentRef: string): Promise<boolean> {
    try {
      const intent = await this.stripe.paymentIntents.cancel(
        paymentRef,
        { cancellation_reason: 'requested_by_customer' },
        { idempotencyKey: `cancel-debit-${paymentRef}` },
      );
      return intent.status === 'canceled';
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return false;
      throw wrap(error);
    }
  }

  async paymentStatus(paymentRef: string): Promise<ChargeResult> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentRef, { expand: ['payment_method'] }));
    return resultOf(intent);
  }

  async refund(input: { paymentRef: string; idempotencyKey: string; amountCents?: number | undefined }): Promise<void> {
    await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentRef, ...(input.amountCents === undefined ? {} : { amount: input.amountCents }) },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  /** Stripe captures amount_to_capture and releases the rest of the authorisation; the key makes a retry a no-op. */
  async capture(input: { paymentRef: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    await this.call(() =>
      this.stripe.paymentIntents.capture(input.paymentRef, { amount_to_capture: input.amountCents }, { idempotencyKey: input.idempotencyKey }),
    );
  }

  /** Any failure that is not a refusal means the provider's answer is unknown: say so, never pretend it declined. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw wrap(error);
    }
  }
}

/** What a PaymentIntent's status means for the order. */
function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : null;
  // Every call here expands payment_method, so its type tells a bank debit from a card payment.
  if (method?.type === 'us_bank_account') return bankResultOf(intent);
  if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'requires_capture') {
    const card = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method.card : null;
    return { ok: true, paymentRef: intent.id, brand: card?.brand ?? null, last4: card?.last4 ?? null };
  }
  if (intent.status === 'requires_action' && intent.client_secret) {
    // The shopper's browser runs the bank check (stripe.js handleNextAction); paymentStatus reads how it ended.
    return { ok: 'authenticate', paymentRef: intent.id, clientSecret: intent.client_secret };
  }
  const last = intent.last_payment_error;
  return {
    ok: false,
    message: last?.message ?? 'Your card was declined.',
    code: last?.decline_code ?? last?.code ?? 'card_declined',
    paymentRef: intent.id,
  };
}

/**
 * An ACH debit: 'processing' while it clears; 'requires_action' is the bank account's verification by microdeposits
 * (Stripe asks the shopper by mail), which also leaves the order waiting; 'succeeded' is paid; anything else failed.
 */
function bankResultOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') {
    const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : null;
    return { ok: true, paymentRef: intent.id, brand: method?.us_bank_account?.bank_name ?? null, last4: method?.us_bank_account?.last4 ?? null };
  }
  if (intent.status === 'processing' || intent.status === 'requires_action') return { ok: 'processing', paymentRef: intent.id };
  const last = intent.last_payment_error;
  return {
    ok: false,
    message: last?.message ?? 'Your bank payment could not be completed.',
    code: last?.code ?? 'payment_failed',
    paymentRef: intent.id,
  };
}

/** A debit Stripe refuses when it is made (a blocked or unusable account): the shopper's to change, not a fault. */
function bankRefusalOf(error: unknown): PaymentRefusal | undefined {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.payment_intent === undefined) return undefined;
  return { ok: false, message: error.message, code: error.code ?? 'payment_failed' };
}

function savedCardOf(method: Stripe.PaymentMethod, customerRef: string): SavedCard | undefined {
  if (!method.card) return undefined;
  return {
    ref: method.id,
    customerRef: typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? customerRef),
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** Stripe's card errors are refusals to show the shopper; every other error is a fault. */
function refusalOf(error: unknown): PaymentRefusal | undefined {
  if (!(error instanceof Stripe.errors.StripeCardError)) return undefined;
  return { ok: false, message: error.message, code: error.decline_code ?? error.code ?? 'card_declined' };
}

function paymentIntentIdOf(error: unknown): string | null {
  return error instanceof Stripe.errors.StripeError && error.payment_intent ? error.payment_intent.id : null;
}

function wrap(error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentGatewayError(`Stripe: ${message}`, { cause: error });
}
