import type { GatewayKind } from '../../../src/api/contract/payment.contract.ts';

/**
 * The payment port. The store talks to a card provider only through this: the offline test gateway by default,
 * Stripe in production. Card numbers never pass through it: the browser turns the card into a one-time token
 * (Stripe Elements, or our test-mode tokenize route) and only tokens, ids, brands and last digits cross this line.
 */
export interface SavedCard {
  /** The provider's id for the saved card (Stripe's pm_...). */
  ref: string;
  customerRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A refusal with the provider's words for the shopper ('Your card was declined.'). */
export interface PaymentRefusal {
  ok: false;
  message: string;
  /** The provider's reason code (card_declined, insufficient_funds, expired_card ...). */
  code: string;
}

export type SaveCardResult = { ok: true; card: SavedCard } | PaymentRefusal;

/** The shopper's authorisation to debit their bank account (an ACH mandate accepted online). */
export interface BankMandate {
  ipAddress: string;
  userAgent: string;
}

/**
 * What pays: a saved card of the provider's customer, a fresh one-time token, a verified UPI id, or a US bank account
 * (the provider's payment method made by createBankAccount) with the shopper's mandate.
 */
export type PaymentSource =
  | { kind: 'saved-card'; customerRef: string; cardRef: string }
  | { kind: 'token'; token: string }
  | { kind: 'upi'; vpa: string }
  | { kind: 'bank-account'; paymentMethod: string; mandate: BankMandate };

/** A US bank account as the shopper typed it: it goes straight to the provider and is never stored. */
export interface BankAccountInput {
  holderName: string;
  email: string;
  routingNumber: string;
  accountNumber: string;
}

/** The provider's payment method for the account (Stripe's pm_...), and what may be shown of it. */
export type BankAccountResult = { ok: true; ref: string; bankName: string | null; last4: string } | PaymentRefusal;

export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  source: PaymentSource;
  /** The same key always gives the same outcome and never a second charge (retries, double clicks). */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /**
   * 'manual': a card is only authorised (Stripe's capture_method manual) and captured later with capture(), for an
   * order with lines sold by weight (decision 039). Other sources ignore it and collect at once.
   */
  capture?: 'automatic' | 'manual' | undefined;
}

/**
 * The shopper's bank wants them to confirm the payment (3-D Secure) in their browser: with Stripe, stripe.js
 * handleNextAction(clientSecret); with the test gateway, its test bank page. paymentStatus tells how it ended.
 */
export interface AuthenticationNeeded {
  ok: 'authenticate';
  paymentRef: string;
  clientSecret: string;
}

export type ChargeResult =
  | { ok: true; paymentRef: string; brand: string | null; last4: string | null }
  /** A bank debit on its way (Stripe's 'processing'): it clears or fails days later; paymentStatus reads which. */
  | { ok: 'processing'; paymentRef: string }
  | (PaymentRefusal & { paymentRef: string | null })
  | AuthenticationNeeded;

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** What the browser needs to show card fields (Stripe's pk_..., or 'pk_test_gateway'). */
  readonly publishableKey: string;
  /** A customer record at the provider, for saved cards. */
  createCustomer(input: { customerId: number; email: string; name: string }): Promise<string>;
  /** Attaches the card behind a one-time token to the provider's customer. */
  saveCard(input: { customerRef: string; token: string }): Promise<SaveCardResult>;
  listCards(customerRef: string): Promise<SavedCard[]>;
  removeCard(input: { customerRef: string; cardRef: string }): Promise<void>;
  /** A US bank account as the provider's payment method, for a bank debit (ACH). */
  createBankAccount(input: BankAccountInput): Promise<BankAccountResult>;
  /** Charges (authorises and captures) once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Where a payment that charge started stands now: paid, refused, or still waiting for the shopper's bank check. */
  paymentStatus(paymentRef: string): Promise<ChargeResult>;
  /** Cancels a payment that still waits for the shopper's bank check, so it can never complete later. */
  cancelPayment(paymentRef: string): Promise<void>;
  /**
   * Stops a bank debit still on its way, when the provider still can (Stripe cancels a 'processing' us_bank_account
   * payment only in rare cases): true when it will never be taken, false when it goes on (it clears or fails as it
   * would have; a cleared one is refunded). Throws PaymentGatewayError when the provider cannot be reached.
   */
  cancelDebit(paymentRef: string): Promise<boolean>;
  /**
   * Gives a captured payment back, once per idempotency key: in full (what is left of it), or amountCents of it (the
   * difference after weighing, decision 039).
   */
  refund(input: { paymentRef: string; idempotencyKey: string; amountCents?: number | undefined }): Promise<void>;
  /**
   * Captures an authorised ('manual') payment for amountCents, at most what was authorised; the rest is released.
   * Once per idempotency key: a retry answers the first capture and never captures twice.
   */
  capture(input: { paymentRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
}

/** A provider that could not be reached or answered with a fault (not a refusal): the payment's outcome is unknown. */
export class PaymentGatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayError';
  }
}
