import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  cardBrand,
  cardErrors,
  fullYear,
  lastFour,
  normalizeCardNumber,
  type CardDetails,
  type CardErrors,
} from '../../../src/rules/card-validation.ts';
import { bankDigits, isAccountNumber, isRoutingNumber } from '../../../src/rules/bank-account.ts';
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

/**
 * The offline default gateway (`npm start` with no Stripe keys, and every test). It behaves like Stripe in test mode:
 * our own test-mode card form sends the card to POST /api/payments/tokenize, which checks it (Luhn, expiry, CVC) and
 * answers a one-time token; from then on only the token, the brand, the last four digits and the expiry exist. Nothing
 * here keeps the number or the CVC, in memory or anywhere else.
 *
 * Stripe's published test numbers choose the outcome, which is kept as one word beside the card:
 *   4242 4242 4242 4242 (and any other valid number) succeeds;
 *   4000 0000 0000 0002 is declined ('Your card was declined.'), when saved and when charged;
 *   4000 0000 0000 9995 saves, then is declined for insufficient funds when charged;
 *   4000 0000 0000 0341 saves, then is declined when charged;
 *   4000 0000 0000 0069 expired card, 4000 0000 0000 0127 incorrect CVC, 4000 0000 0000 0119 processing error;
 *   4000 0025 0000 3155 and 4000 0027 6000 3184 ask for the bank's check (3-D Secure) when charged: the payment waits
 *   until the shopper completes or fails it on the test bank page (POST /api/payments/test-authenticate).
 * UPI ids ending '@fail' are refused.
 *
 * Bank debits (ACH) take Stripe's test account numbers, at any of the seven banks and any valid routing number (Stripe's
 * test routing number is 110000000): the debit is 'processing' when charged, and the first status read after that (the
 * payment reconciler's) finds it cleared or failed:
 *   000123456789 (and any other valid number) clears;
 *   000111111116 fails (no account found), 000111111113 fails (account closed), 000222222227 fails (insufficient funds);
 *   000555555559 (ours, not Stripe's) stays processing, like a debit the bank has not answered yet.
 * The outcome is written into the payment method's and the payment's ids, so a restarted server still knows it.
 */
type Outcome = 'succeed' | 'decline' | 'decline-on-charge' | 'insufficient-funds' | 'expired' | 'incorrect-cvc' | 'processing-error' | 'authenticate';

const outcomeByNumber: ReadonlyMap<string, Outcome> = new Map([
  ['4000000000000002', 'decline'],
  ['4000000000009995', 'insufficient-funds'],
  ['4000000000000341', 'decline-on-charge'],
  ['4000000000000069', 'expired'],
  ['4000000000000127', 'incorrect-cvc'],
  ['4000000000000119', 'processing-error'],
  ['4000002500003155', 'authenticate'],
  ['4000002760003184', 'authenticate'],
]);

const refusals: Readonly<Record<Exclude<Outcome, 'succeed' | 'authenticate'>, Omit<PaymentRefusal, 'ok'>>> = {
  decline: { message: 'Your card was declined.', code: 'card_declined' },
  'decline-on-charge': { message: 'Your card was declined.', code: 'card_declined' },
  'insufficient-funds': { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  expired: { message: 'Your card has expired.', code: 'expired_card' },
  'incorrect-cvc': { message: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
  'processing-error': { message: 'An error occurred while processing your card. Try again in a little bit.', code: 'processing_error' },
};

/** Outcomes that already refuse when the card is saved (Stripe checks the card when attaching it). */
const refusedOnSave: ReadonlySet<Outcome> = new Set(['decline', 'expired', 'incorrect-cvc', 'processing-error']);

const outcomes: readonly Outcome[] = [
  'succeed',
  'decline',
  'decline-on-charge',
  'insufficient-funds',
  'expired',
  'incorrect-cvc',
  'processing-error',
  'authenticate',
];

type BankOutcome = 'clears' | 'no-account' | 'closed' | 'insufficient' | 'stays-pending';

const bankOutcomeByAccount: ReadonlyMap<string, BankOutcome> = new Map([
  ['000111111116', 'no-account'],
  ['000111111113', 'closed'],
  ['000222222227', 'insufficient'],
  ['000555555559', 'stays-pending'],
]);

const bankOutcomes: readonly BankOutcome[] = ['clears', 'no-account', 'closed', 'insufficient', 'stays-pending'];

/** Stripe's words (last_payment_error) when a debit comes back unpaid. */
const bankRefusals: Readonly<Record<Exclude<BankOutcome, 'clears' | 'stays-pending'>, Omit<PaymentRefusal, 'ok'>>> = {
  'no-account': { message: "The customer's bank account could not be located.", code: 'no_account' },
  closed: { message: "The customer's bank account has been closed.", code: 'account_closed' },
  insufficient: { message: "The customer's account has insufficient funds to cover this payment.", code: 'insufficient_funds' },
};

function bankOutcomeOf(ref: string, prefix: 'pm_test_bank' | 'pi_test_ach'): BankOutcome | undefined {
  const match = new RegExp(`^${prefix}_([a-z-]+)_[0-9a-f]{16,24}$`).exec(ref);
  return bankOutcomes.find((o) => o === match?.[1]);
}

/** Stripe's words when the shopper fails or abandons the bank's check. */
export const authenticationFailure: Omit<PaymentRefusal, 'ok'> = {
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  code: 'payment_intent_authentication_failure',
};

/** A payment waiting for the bank's check, and how it ended. */
interface PendingAuthentication {
  clientSecret: string;
  amountCents: number;
  brand: string;
  last4: string;
  state: 'requires_action' | 'succeeded' | 'failed';
}

interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: Outcome;
}

interface TokenEntry extends CardFacts {
  expiresAt: number;
}

export type TokenizeResult =
  { ok: true; token: string; brand: string; last4: string; expMonth: number; expYear: number } | { ok: false; errors: CardErrors };

/** One-time tokens live this long: enough to fill the billing address and press save. */
const tokenTtlMs = 15 * 60 * 1000;
/** Stripe cancels an online card authorisation not captured within 7 days (decision 044). */
const holdExpiryMs = 7 * 24 * 60 * 60 * 1000;
export const testPublishableKey = 'pk_test_gateway';

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/**
 * A token any instance sharing the key can spend (decision 045): the card's facts and expiry in the token itself,
 * signed, so a card tokenized through one instance behind a balancer is known to the instance that places the order.
 * Underscores only (the contracts' card_token alphabet): the outcome goes by its index.
 */
function signedToken(key: string, facts: CardFacts, expiresAt: number): string {
  const body = `tok_test_${facts.brand}_${facts.last4}_${facts.expMonth}_${facts.expYear}_${outcomes.indexOf(facts.outcome)}_${expiresAt}_${randomBytes(8).toString('hex')}`;
  return `${body}_${tokenMac(key, body)}`;
}

function tokenMac(key: string, body: string): string {
  return createHmac('sha256', key).update(`test-gateway-token:${body}`).digest('hex').slice(0, 32);
}

function signedEntry(key: string, token: string): TokenEntry | undefined {
  const match = /^(tok_test_([a-z]+)_(\d{4})_(\d{1,2})_(\d{4})_(\d{1,2})_(\d{1,15})_[0-9a-f]{16})_([0-9a-f]{32})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3] || !match[8]) return undefined;
  const expected = Buffer.from(tokenMac(key, match[1]));
  if (!timingSafeEqual(expected, Buffer.from(match[8]))) return undefined;
  const outcome = outcomes[Number(match[6])];
  if (outcome === undefined) return undefined;
  return { brand: match[2], last4: match[3], expMonth: Number(match[4]), expYear: Number(match[5]), outcome, expiresAt: Number(match[7]) };
}

/**
 * Saved cards are named so that the name alone tells the gateway what it needs (brand, last four, expiry, outcome):
 * a restarted `npm start` or a second instance can still charge a card saved before, with no gateway table.
 */
function methodRef(facts: CardFacts): string {
  return `pm_test_${facts.brand}_${facts.last4}_${facts.expMonth}_${facts.expYear}_${facts.outcome}_${randomBytes(8).toString('hex')}`;
}

function factsOfRef(ref: string): CardFacts | undefined {
  const match = /^pm_test_([a-z]+)_(\d{4})_(\d{1,2})_(\d{4})_([a-z-]+)_[0-9a-f]{16}$/.exec(ref);
  if (!match) return undefined;
  const outcome = outcomes.find((o) => o === match[5]);
  if (!outcome || !match[1] || !match[2]) return undefined;
  return { brand: match[1], last4: match[2], expMonth: Number(match[3]), expYear: Number(match[4]), outcome };
}

interface TestPayment {
  amountCents: number;
  refunded: boolean;
  /** Manual capture: held until capture(); released when canceled before, or when the hold expires (7 days). */
  held?: boolean;
  /** When a manual payment was authorised (its hold expires holdExpiryMs later, as Stripe's do). */
  authorisedAt?: number;
  released?: boolean;
  refundedCents?: number;
}

export class TestPaymentGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly publishableKey = testPublishableKey;

  private readonly tokens = new Map<string, TokenEntry>();
  private readonly customers = new Map<string, Map<string, SavedCard>>();
  private readonly charges = new Map<string, { amountCents: number; result: ChargeResult }>();
  /** authorisedCents: what a manual payment holds until captured (then amountCents is what was captured). */
  private readonly payments = new Map<string, TestPayment>();
  private readonly refunds = new Set<string>();
  private readonly captures = new Map<string, { paymentRef: string; amountCents: number }>();
  private readonly authentications = new Map<string, PendingAuthentication>();
  private readonly debitAmounts = new Map<string, number>();
  /** Debits canceled while processing (only with debitsStop): they never clear. */
  private readonly stoppedDebits = new Set<string>();
  /** Tests: whether a processing debit can be canceled (Stripe's rare case); by default it cannot, as most. */
  debitsStop = false;

  /** Tokens already spent in this process (until they would have expired): a signed token works once here. */
  private readonly spent = new Map<string, number>();

  /**
   * `tokenKey`: sign tokens with it, so every process holding the same key accepts them (several instances in test
   * mode: paymentGatewayFromConfig passes MEDIA_SIGNING_KEY's key). A signed token is spent once per process, not once
   * across processes: test mode only, where nothing is charged. Saved cards, charges and holds stay per process.
   */
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly tokenKey?: string,
  ) {}

  /** Test mode's stand-in for Stripe Elements: checks the card and forgets everything but the token's facts. */
  tokenize(card: CardDetails): TokenizeResult {
    const errors = cardErrors(card, this.now());
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    const digits = normalizeCardNumber(card.number);
    const facts: CardFacts = {
      brand: cardBrand(digits) ?? 'unknown',
      last4: lastFour(digits),
      expMonth: card.expMonth,
      expYear: fullYear(card.expYear),
      outcome: outcomeByNumber.get(digits) ?? 'succeed',
    };
    this.pruneTokens();
    const expiresAt = this.now().getTime() + tokenTtlMs;
    const token = this.tokenKey === undefined ? randomId('tok_test') : signedToken(this.tokenKey, facts, expiresAt);
    this.tokens.set(token, { ...facts, expiresAt });
    return { ok: true, token, brand: facts.brand, last4: facts.last4, expMonth: facts.expMonth, expYear: facts.expYear };
  }

  async createCustomer(): Promise<string> {
    const ref = randomId('cus_test');
    this.customers.set(ref, new Map());
    return ref;
  }

  async saveCard(input: { customerRef: string; token: string }): Promise<SaveCardResult> {
    const facts = this.takeToken(input.token);
    if (!facts) return { ok: false, message: 'No such token: the card details have expired. Please enter the card again.', code: 'token_invalid' };
    if (facts.outcome !== 'succeed' && facts.outcome !== 'authenticate' && refusedOnSave.has(facts.outcome))
      return { ok: false, ...refusals[facts.outcome] };
    const card: SavedCard = {
      ref: methodRef(facts),
      customerRef: input.customerRef,
      brand: facts.brand,
      last4: facts.last4,
      expMonth: facts.expMonth,
      expYear: facts.expYear,
    };
    this.cardsOf(input.customerRef).set(card.ref, card);
    return { ok: true, card };
  }

  async createBankAccount(input: BankAccountInput): Promise<BankAccountResult> {
    const routing = bankDigits(input.routingNumber);
    const account = bankDigits(input.accountNumber);
    if (!isRoutingNumber(routing)) return { ok: false, message: 'Invalid routing number.', code: 'routing_number_invalid' };
    if (!isAccountNumber(account)) return { ok: false, message: 'Invalid account number.', code: 'account_number_invalid' };
    const outcome = bankOutcomeByAccount.get(account) ?? 'clears';
    return { ok: true, ref: `pm_test_bank_${outcome}_${randomBytes(8).toString('hex')}`, bankName: 'STRIPE TEST BANK', last4: account.slice(-4) };
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    return [...this.cardsOf(customerRef).values()];
  }

  async removeCard(input: { customerRef: string; cardRef: string }): Promise<void> {
    this.cardsOf(input.customerRef).delete(input.cardRef);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents < 50) {
      throw new PaymentGatewayError('Amount must be at least 50 cents.');
    }
    const previous = this.charges.get(request.idempotencyKey);
    if (previous) {
      if (previous.amountCents !== request.amountCents) {
        throw new PaymentGatewayError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return previous.result;
    }
    const result = this.decide(request);
    this.charges.set(request.idempotencyKey, { amountCents: request.amountCents, result });
    if (result.ok === true) {
      const held = request.capture === 'manual' && request.source.kind !== 'upi';
      this.payments.set(result.paymentRef, {
        amountCents: request.amountCents,
        refunded: false,
        held,
        ...(held ? { authorisedAt: this.now().getTime() } : {}),
      });
    }
    return result;
  }

  async paymentStatus(paymentRef: string): Promise<ChargeResult> {
    const debit = bankOutcomeOf(paymentRef, 'pi_test_ach');
    if (this.stoppedDebits.has(paymentRef)) return { ok: false, message: 'This payment was canceled.', code: 'payment_intent_canceled', paymentRef };
    if (debit === 'stays-pending') return { ok: 'processing', paymentRef };
    if (debit === 'clears') {
      if (!this.payments.has(paymentRef)) this.payments.set(paymentRef, { amountCents: this.debitAmounts.get(paymentRef) ?? 0, refunded: false });
      return { ok: true, paymentRef, brand: null, last4: null };
    }
    if (debit) return { ok: false, ...bankRefusals[debit], paymentRef };
    const pending = this.authentications.get(paymentRef);
    if (pending) {
      if (pending.state === 'requires_action') return { ok: 'authenticate', paymentRef, clientSecret: pending.clientSecret };
      if (pending.state === 'failed') return { ok: false, ...authenticationFailure, paymentRef };
      return { ok: true, paymentRef, brand: pending.brand, last4: pending.last4 };
    }
    if (this.payments.has(paymentRef)) return { ok: true, paymentRef, brand: null, last4: null };
    throw new PaymentGatewayError(`No such payment: ${paymentRef}`);
  }

  /** As Stripe does: an authorisation not captured within 7 days is canceled, its hold released. */
  private expireHold(payment: TestPayment): void {
    if (payment.held && payment.authorisedAt !== undefined && this.now().getTime() - payment.authorisedAt >= holdExpiryMs) {
      payment.held = false;
      payment.released = true;
    }
  }

  async cancelPayment(paymentRef: string): Promise<void> {
    const pending = this.authentications.get(paymentRef);
    if (pending?.state === 'requires_action') pending.state = 'failed';
    const payment = this.payments.get(paymentRef);
    if (payment?.held) {
      payment.held = false;
      payment.released = true;
    }
  }

  /**
   * Like Stripe for most debits: one already processing cannot be canceled, and clears or fails as its account says
   * (the reconciler refunds a canceled order's cleared debit). `debitsStop` (tests): the rare debit Stripe does cancel.
   */
  async cancelDebit(paymentRef: string): Promise<boolean> {
    if (bankOutcomeOf(paymentRef, 'pi_test_ach') === undefined) throw new PaymentGatewayError(`No such payment: ${paymentRef}`);
    if (!this.debitsStop) return false;
    this.stoppedDebits.add(paymentRef);
    return true;
  }

  async capture(input: { paymentRef: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    const previous = this.captures.get(input.idempotencyKey);
    if (previous) {
      if (previous.paymentRef !== input.paymentRef || previous.amountCents !== input.amountCents) {
        throw new PaymentGatewayError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return;
    }
    const payment = this.payments.get(input.paymentRef);
    if (!payment) throw new PaymentGatewayError(`No such payment: ${input.paymentRef}`);
    this.expireHold(payment);
    if (payment.released) throw new PaymentGatewayError('This PaymentIntent could not be captured because it has a status of canceled.');
    if (!payment.held) throw new PaymentGatewayError('This PaymentIntent could not be captured because it has a status of succeeded.');
    if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > payment.amountCents) {
      throw new PaymentGatewayError('The amount to capture must be at most the amount authorised.');
    }
    payment.held = false;
    payment.amountCents = input.amountCents;
    this.captures.set(input.idempotencyKey, { paymentRef: input.paymentRef, amountCents: input.amountCents });
  }

  /**
   * The test bank page: the shopper completes or fails the check. Only the client secret (which the browser holds)
   * opens it, as with Stripe. Answers false for an unknown secret or a check already done.
   */
  authenticate(clientSecret: string, complete: boolean): boolean {
    for (const [paymentRef, pending] of this.authentications) {
      if (pending.clientSecret !== clientSecret) continue;
      if (pending.state !== 'requires_action') return false;
      pending.state = complete ? 'succeeded' : 'failed';
      if (complete) this.payments.set(paymentRef, { amountCents: pending.amountCents, refunded: false });
      return true;
    }
    return false;
  }

  async refund(input: { paymentRef: string; idempotencyKey: string; amountCents?: number | undefined }): Promise<void> {
    if (this.refunds.has(input.idempotencyKey)) return;
    const payment = this.payments.get(input.paymentRef);
    if (!payment) throw new PaymentGatewayError(`No such payment: ${input.paymentRef}`);
    if (payment.refunded) throw new PaymentGatewayError('This payment has already been refunded.');
    if (payment.held) throw new PaymentGatewayError('This PaymentIntent has not been captured: cancel it instead.');
    // A debit made before a restart clears with an amount this process never knew (0): refunded in full, as asked.
    if (payment.amountCents === 0 && input.amountCents === undefined && bankOutcomeOf(input.paymentRef, 'pi_test_ach') === 'clears') {
      payment.refunded = true;
      this.refunds.add(input.idempotencyKey);
      return;
    }
    const left = payment.amountCents - (payment.refundedCents ?? 0);
    const amount = input.amountCents ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw new PaymentGatewayError('The refund is more than what is left of the payment.');
    payment.refundedCents = (payment.refundedCents ?? 0) + amount;
    if (payment.refundedCents === payment.amountCents) payment.refunded = true;
    this.refunds.add(input.idempotencyKey);
  }

  /** For tests: whether a captured payment was refunded. */
  isRefunded(paymentRef: string): boolean {
    return this.payments.get(paymentRef)?.refunded ?? false;
  }

  /** For tests: the captured amount of a payment, in cents. */
  amountOf(paymentRef: string): number | undefined {
    return this.payments.get(paymentRef)?.amountCents;
  }

  /** For tests: a manual payment's state: held (authorised), captured, or released; its refunded cents. */
  captureOf(
    paymentRef: string,
  ): { state: 'held' | 'captured' | 'released'; amountCents: number; refundedCents: number; captures: number } | undefined {
    const payment = this.payments.get(paymentRef);
    if (!payment) return undefined;
    this.expireHold(payment);
    const captures = [...this.captures.values()].filter((c) => c.paymentRef === paymentRef).length;
    const state = payment.held ? 'held' : payment.released ? 'released' : 'captured';
    return { state, amountCents: payment.amountCents, refundedCents: payment.refundedCents ?? 0, captures };
  }

  /** For tests: how many distinct charges (idempotency keys) were made. */
  get chargeCount(): number {
    return this.charges.size;
  }

  private decide(request: ChargeRequest): ChargeResult {
    const source = request.source;
    if (source.kind === 'bank-account') {
      const outcome = bankOutcomeOf(source.paymentMethod, 'pm_test_bank');
      if (!outcome) return { ok: false, message: 'No such payment method.', code: 'resource_missing', paymentRef: null };
      // Like Stripe: the debit is accepted and 'processing'; whether it clears is known days later (paymentStatus).
      const paymentRef = `pi_test_ach_${outcome}_${randomBytes(12).toString('hex')}`;
      this.debitAmounts.set(paymentRef, request.amountCents);
      return { ok: 'processing', paymentRef };
    }
    if (source.kind === 'upi') {
      if (source.vpa.toLowerCase().endsWith('@fail'))
        return { ok: false, message: 'The UPI payment was not approved.', code: 'upi_declined', paymentRef: null };
      return { ok: true, paymentRef: randomId('pi_test'), brand: null, last4: null };
    }
    let facts: CardFacts | undefined;
    if (source.kind === 'token') {
      facts = this.takeToken(source.token);
      if (!facts)
        return {
          ok: false,
          message: 'No such token: the card details have expired. Please enter the card again.',
          code: 'token_invalid',
          paymentRef: null,
        };
    } else {
      const known = this.customers.get(source.customerRef);
      // After a restart the gateway knows no customers; the card's own name still says what it is.
      if (known && !known.has(source.cardRef)) return { ok: false, message: 'No such payment method.', code: 'resource_missing', paymentRef: null };
      facts = factsOfRef(source.cardRef);
      if (!facts) return { ok: false, message: 'No such payment method.', code: 'resource_missing', paymentRef: null };
    }
    const paymentRef = randomId('pi_test');
    const now = this.now();
    const expired = facts.expYear < now.getUTCFullYear() || (facts.expYear === now.getUTCFullYear() && facts.expMonth < now.getUTCMonth() + 1);
    if (expired) return { ok: false, ...refusals.expired, paymentRef };
    if (facts.outcome === 'authenticate') {
      const clientSecret = `${paymentRef}_secret_${randomBytes(12).toString('hex')}`;
      this.authentications.set(paymentRef, {
        clientSecret,
        amountCents: request.amountCents,
        brand: facts.brand,
        last4: facts.last4,
        state: 'requires_action',
      });
      return { ok: 'authenticate', paymentRef, clientSecret };
    }
    if (facts.outcome !== 'succeed') return { ok: false, ...refusals[facts.outcome], paymentRef };
    return { ok: true, paymentRef, brand: facts.brand, last4: facts.last4 };
  }

  /** A token works once, and not after it expired. */
  private takeToken(token: string): CardFacts | undefined {
    if (this.spent.has(token)) return undefined;
    const entry = this.tokens.get(token) ?? (this.tokenKey === undefined ? undefined : signedEntry(this.tokenKey, token));
    if (!entry) return undefined;
    this.tokens.delete(token);
    if (this.tokenKey !== undefined) this.spent.set(token, entry.expiresAt);
    if (entry.expiresAt < this.now().getTime()) return undefined;
    return { brand: entry.brand, last4: entry.last4, expMonth: entry.expMonth, expYear: entry.expYear, outcome: entry.outcome };
  }

  private cardsOf(customerRef: string): Map<string, SavedCard> {
    let cards = this.customers.get(customerRef);
    if (!cards) {
      cards = new Map();
      this.customers.set(customerRef, cards);
    }
    return cards;
  }

  private pruneTokens(): void {
    const now = this.now().getTime();
    for (const [token, entry] of this.tokens) if (entry.expiresAt < now) this.tokens.delete(token);
    for (const [token, expiresAt] of this.spent) if (expiresAt < now) this.spent.delete(token);
  }
}
