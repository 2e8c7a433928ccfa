import type { Kysely } from 'kysely';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';
import { takeOverGuestCart, type CartSummary, type ShopperMode } from '../cart/cart-merge.ts';
import { captchaDifficultyAfter } from '../platform/captcha.ts';
import type { Log } from '../platform/log.ts';
import type { LimitRule, RateLimiter } from '../platform/rate-limit.ts';
import {
  assignGuestCart,
  authenticate,
  guestCustomer,
  newGuestWithCart,
  registerAccount,
  startSession,
  type Account,
  type Registration,
} from './accounts.ts';
import { isKnownSignInAddress, rememberSignInAddress } from './known-addresses.ts';
import { createPasswordReset } from './password-reset.ts';
import type { Caller } from '../platform/caller.ts';
import { keepNewSession } from './sessions.ts';

/** One answer for an unknown email and a wrong password, so sign-in never tells whether an account exists. */
export const invalidCredentialsMessage = 'Invalid email or password.';
export const duplicateEmailMessage = 'An account with this email already exists. Please sign in.';

/** A new session, and the customer's cart after taking over the one the shopper built as a guest. */
export interface StartedSession {
  apiToken: string;
  cart: CartSummary;
}

/**
 * What sign-in and sign-up both end with: a new api_token for the account, and the guest cart (cart_id, or the cart
 * of the guest whose token came along) taken over.
 */
async function startSessionWithCart(
  db: Kysely<Database>,
  account: Account,
  guestCartId: string | undefined,
  caller: Caller | undefined,
  mode?: ShopperMode,
): Promise<StartedSession> {
  const apiToken = await startSession(db, account.id);
  const cart = await takeOverGuestCart(db, account.id, guestCartId, caller?.isGuest ? caller.customerId : undefined, mode);
  return { apiToken, cart };
}

export type SignInOutcome =
  /**
   * Too many failed sign-ins for this email from this address lately, or from all addresses and this one is not one
   * the account signed in from before (counted whether or not an account has the email, so this reveals nothing).
   * The owner's known addresses are not blocked by a stranger's failures.
   */
  { kind: 'blocked' } | { kind: 'refused' } | { kind: 'signed-in'; account: Account; session: StartedSession };

/**
 * Where a sign-in's failures are counted: the limiter, the per-pair rule, the ceiling over all addresses (absent:
 * none, as the captcha route's difficulty needs none), and the address the attempt came from.
 */
export interface SignInFailures {
  limiter: RateLimiter;
  rule: LimitRule;
  ceiling?: LimitRule | undefined;
  address: string;
}

// By the canonical email (src/rules/email-canonical.ts): `owner+1@` … do not buy new allowances.
const pairFailuresKey = (email: string, address: string) => `sign-in:failures:${canonicalEmail(email)}:from:${address}`;
const accountFailuresKey = (email: string) => `sign-in:failures-account:${canonicalEmail(email)}`;
const addressFailuresKey = (address: string) => `sign-in:failures-from:${address}`;

/**
 * How hard the captcha of the next sign-in from this address must be: harder after each failure from it (any email),
 * so guessing from one address gets slower and slower, while a shopper elsewhere solves the usual one.
 */
export async function signInCaptchaDifficulty(failures: SignInFailures): Promise<number> {
  return captchaDifficultyAfter(await failures.limiter.count(addressFailuresKey(failures.address), failures.rule));
}

/**
 * Sign-in: the account's password checked, failures counted per email and address pair, per email over all
 * addresses (the ceiling, which only the account's known addresses may pass) and per address (the captcha's
 * difficulty), then a session and the guest's cart. While an email is past its pair allowance over all addresses
 * (someone is guessing from several places), each failure counts twice on its address's captcha.
 */
export async function signIn(
  db: Kysely<Database>,
  failures: SignInFailures,
  credentials: {
    email: string;
    password: string;
    cartId: string | undefined;
    /** The delivery option the shopper is on: the merged cart takes it (absent: the cart is merged as it is). */
    mode?: ShopperMode | undefined;
  },
  caller: Caller | undefined,
): Promise<SignInOutcome> {
  const { limiter, ceiling, address } = failures;
  const pairKey = pairFailuresKey(credentials.email, address);
  const accountKey = accountFailuresKey(credentials.email);
  if (await limiter.isBlocked(pairKey, failures.rule)) return { kind: 'blocked' };
  if (ceiling && (await limiter.isBlocked(accountKey, ceiling)) && !(await isKnownSignInAddress(db, credentials.email, address))) {
    return { kind: 'blocked' };
  }
  const account = await authenticate(db, credentials.email, credentials.password);
  if (!account) {
    await limiter.hit(pairKey, failures.rule);
    await limiter.hit(addressFailuresKey(address), failures.rule);
    if (ceiling) {
      await limiter.hit(accountKey, ceiling);
      if ((await limiter.count(accountKey, ceiling)) > failures.rule.max) await limiter.hit(addressFailuresKey(address), failures.rule);
    }
    return { kind: 'refused' };
  }
  await rememberSignInAddress(db, credentials.email, address);
  return { kind: 'signed-in', account, session: await startSessionWithCart(db, account, credentials.cartId, caller, credentials.mode) };
}

export type SignUpOutcome = { kind: 'duplicate' } | { kind: 'signed-up'; account: Account; session: StartedSession };

/** Sign-up: a new account, signed in at once with the guest's cart. */
export async function signUp(
  db: Kysely<Database>,
  registration: Registration,
  cartId: string | undefined,
  caller: Caller | undefined,
): Promise<SignUpOutcome> {
  const outcome = await registerAccount(db, registration);
  if (outcome.kind === 'duplicate') return outcome;
  return { kind: 'signed-up', account: outcome.account, session: await startSessionWithCart(db, outcome.account, cartId, caller) };
}

/** Thrown inside the guest checkout transaction to roll it back. */
class NotAGuestCart extends Error {}

export type GuestCheckoutOutcome = { kind: 'started'; customerId: number; apiToken: string } | { kind: 'cart-not-found' };

/**
 * Email-only checkout: a guest customer and a session, and the guest's cart given to them. One transaction: a cart
 * that is not a guest cart leaves no guest row or session behind.
 */
export async function startGuestCheckout(
  db: Kysely<Database>,
  email: string,
  cartId: string,
  caller: Caller | undefined,
): Promise<GuestCheckoutOutcome> {
  // The usual case (no guest session yet, a cart to claim) in one statement; the others as one transaction.
  if (!caller?.isGuest && cartId !== '') {
    const started = await newGuestWithCart(db, email, cartId, new Date());
    if (!started) return { kind: 'cart-not-found' };
    const { customerId, apiToken, sessionId, expiresAt } = started;
    // The row as newGuestWithCart wrote it: a guest, a shopper, the email trimmed.
    keepNewSession(db, apiToken, { customerId, sessionId, isGuest: true, role: 'shopper', email: email.trim() }, expiresAt);
    return { kind: 'started', customerId, apiToken };
  }
  try {
    return await db.transaction().execute(async (trx): Promise<GuestCheckoutOutcome> => {
      const customerId = await guestCustomer(trx, email, caller);
      if (cartId !== '' && !(await assignGuestCart(trx, cartId, customerId))) throw new NotAGuestCart();
      return { kind: 'started', customerId, apiToken: await startSession(trx, customerId) };
    });
  } catch (error) {
    if (error instanceof NotAGuestCart) return { kind: 'cart-not-found' };
    throw error;
  }
}

/**
 * Forgot password: the reset mail for a registered account, sent without waiting for it: an SMTP round trip would
 * make known emails answer measurably slower than unknown ones. A failure is logged.
 */
export async function requestPasswordReset(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  email: string,
  log: Log,
): Promise<void> {
  const message = await createPasswordReset(deps.db, email, deps.config.appOrigin);
  if (message) deps.mail.send(message).catch((error: unknown) => log.error({ err: error }, 'password reset mail not sent'));
}
