import {
  array,
  boolean,
  define,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { coerce } from './coerce.ts';
import { upiError } from '../../rules/upi.ts';
import { onOff } from './account.contract.ts';
import { codeAndMessage, envelope, replyCode } from './envelope.ts';
import { callerFields, cartIdField, numericId, ruleField, storeField } from './fields.ts';

/**
 * Cards and UPI (spec section 3 "Saved payment method", section 7 calls). Card numbers never reach these calls except
 * POST /api/payments/tokenize, which exists only with the offline test gateway and answers a one-time token.
 */

export const gatewayKind = enums(['test', 'stripe']);
export type GatewayKind = Infer<typeof gatewayKind>;

/** The spec's payment method name for cards. */
export const stripePaymentsMethod = 'stripe_payments';

/** POST /api/api/account/stripeDetails — public: the key the browser's card fields need, and which fields to show. */
export const stripeDetails = type({ publishable_key: string(), gateway: gatewayKind });
export type StripeDetails = Infer<typeof stripeDetails>;
export const stripeDetailsReply = envelope(stripeDetails);
export type StripeDetailsReply = Infer<typeof stripeDetailsReply>;

/** The spec's saved payment method. id is ours (the card_id of place order and RemoveCreditCard). */
export const savedPaymentMethod = type({
  id: number(),
  customer_stripe_id: string(),
  /** 'Visa ending in 4242'. */
  card_info: string(),
  /** The last four digits. */
  card_no: string(),
  brand: string(),
  /** The card holder. */
  name: string(),
  card_exp_month: number(),
  card_exp_year: number(),
  address: type({ billing_address_id: nullable(number()) }),
});
export type SavedPaymentMethod = Infer<typeof savedPaymentMethod>;

/** POST /api/checkout/paymentmethods — cart_id is optional (the account page lists cards without a cart). */
export const paymentMethodsBody = type({
  cart_id: optional(nullable(cartIdField)),
  ...callerFields,
});
export type PaymentMethodsBody = Infer<typeof paymentMethodsBody>;
/** The saved cards, newest first, numbered by their place in data; payment_method 'stripe_payments'. */
export const paymentMethodsReply = type({
  code: replyCode,
  message: optional(string()),
  data: array(savedPaymentMethod),
  payment_method: literal(stripePaymentsMethod),
});
export type PaymentMethodsReply = Infer<typeof paymentMethodsReply>;

/**
 * POST api/account/mycards — the spec's add-card sequence: two tokens from the provider, the billing address saved
 * first (its id here). The first token is attached; the second is accepted and left to expire.
 */
export const saveCardBody = type({
  card_token: size(
    array(define<string>('card_token', (v) => (typeof v === 'string' && /^[A-Za-z0-9_]{3,255}$/.test(v)) || 'card_token is not a card token.')),
    1,
    2,
  ),
  billing_address: type({ billing_address_id: numericId('billing_address_id') }),
  /** The card holder; when absent, the billing address's name. */
  name: optional(size(string(), 0, 100)),
  ...callerFields,
});
export type SaveCardBody = Infer<typeof saveCardBody>;

/** What a card shows of itself, in the provider's words (Stripe's card object): brand, last four digits, expiry. */
export const cardFacts = type({ brand: string(), last4: string(), exp_month: number(), exp_year: number() });
export type CardFacts = Infer<typeof cardFacts>;

export const savedCardData = type({
  id: number(),
  /** The provider's customer (Stripe's cus_...). */
  customer: string(),
  metadata: type({ address_id: nullable(number()) }),
  ...cardFacts.schema,
});
export type SavedCardData = Infer<typeof savedCardData>;
/** code 1 with data[0] the saved card; code -1 with data the provider's refusal ('Your card was declined.'). */
export const saveCardReply = type({ code: replyCode, message: optional(string()), data: union([array(savedCardData), string()]) });
export type SaveCardReply = Infer<typeof saveCardReply>;

/** POST /api/account/RemoveCreditCard */
export const removeCardBody = type({ card_id: numericId('card_id'), ...callerFields });
export type RemoveCardBody = Infer<typeof removeCardBody>;
export const paymentMessageReply = codeAndMessage;
export type PaymentMessageReply = Infer<typeof paymentMessageReply>;

/** Month and year arrive as numbers or numeric text from the form. */
const wholeNumber = coerce(integer(), string(), (text) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN));

/**
 * POST /api/payments/tokenize — test mode only: our own card form sends the card here instead of to Stripe. Every
 * card rule (Luhn, expiry, CVC) is reported at once by the server as a 400 on holder, number, expiry and cvc.
 */
export const tokenizeBody = object({
  holder: size(string(), 0, 100),
  number: size(string(), 0, 30),
  exp_month: wholeNumber,
  exp_year: wholeNumber,
  cvc: size(string(), 0, 8),
  ...storeField,
});
export type TokenizeBody = Infer<typeof tokenizeBody>;

/**
 * POST /api/payments/test-authenticate — the test gateway's bank page: the shopper completes or fails the 3-D Secure
 * check of the payment behind client_secret. Exists only with the test gateway (Stripe runs its own page).
 */
export const testAuthenticateBody = object({ client_secret: size(string(), 1, 200), complete: boolean(), ...storeField });
export type TestAuthenticateBody = Infer<typeof testAuthenticateBody>;
export const testAuthenticateReply = envelope(type({}));
export type TestAuthenticateReply = Infer<typeof testAuthenticateReply>;

/** POST /api/payments/test-reconcile (test mode only): one payment reconciler pass now; how many orders it settled. */
export const testReconcileBody = object({ ...storeField });
export const testReconcileReply = envelope(type({ paid: number(), failed: number(), still_pending: number() }));
export type TestReconcileReply = Infer<typeof testReconcileReply>;
export const tokenizeReply = envelope(type({ token: string(), ...cardFacts.schema }));
export type TokenizeReply = Infer<typeof tokenizeReply>;

/** POST /payuapi/payu/varifyUpi */
export const verifyUpiBody = object({ upi_id: ruleField('upi_id', upiError), ...storeField });
export type VerifyUpiBody = Infer<typeof verifyUpiBody>;
/** isVPAValid 1 with 'UPI verified successfully'; 0 with 'please provide valid UPI ID'. */
export const verifyUpiReply = type({ code: replyCode, message: string(), isVPAValid: onOff, vpa: string() });
export type VerifyUpiReply = Infer<typeof verifyUpiReply>;
