import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  signInPerIp: LimitRule;
  /**
   * Failed sign-ins per email and address pair (whether or not an account has the email, so the limit reveals
   * nothing). Per pair, not per email: a stranger's wrong guesses lock out the stranger's address, never the owner's.
   * The same window also counts an address's failures over all emails, which make its captcha harder.
   */
  signInFailuresPerAccount: LimitRule;
  /**
   * Failed sign-ins per email over all addresses (issue 26: five addresses had five guesses each). Past it only the
   * addresses the account signed in from before may try (each within its own pair allowance). Absent: twice the
   * pair allowance, in its window.
   */
  signInFailuresAcrossAddresses?: LimitRule | undefined;
  registerPerIp: LimitRule;
  forgotPerIp: LimitRule;
  forgotPerEmail: LimitRule;
  guestCartPerIp: LimitRule;
  captchaChallengePerIp: LimitRule;
  /** Checkout limits (optional so older callers' limit sets stay valid; absent ones take the defaults). */
  upiVerifyPerIp?: LimitRule | undefined;
  /** Test-mode card tokenising, and card saves: card-testing bots try many numbers. */
  cardTokenizePerIp?: LimitRule | undefined;
  cardSavePerCustomer?: LimitRule | undefined;
  /** Pay-on-delivery orders placed from one address: each takes stock before anyone has paid. */
  payOnDeliveryPerIp?: LimitRule | undefined;
  /** ID photo and selfie uploads (each one decoded and re-encoded: CPU and disk), per customer. */
  kycUploadPerCustomer?: LimitRule | undefined;
  /** KYC verifications and order face checks (each one runs the identity engine: seconds of CPU), per customer. */
  kycVerifyPerCustomer?: LimitRule | undefined;
}

/**
 * Every attempt limit in one place. Why these numbers: a person mistyping a password gets five tries per quarter
 * hour per account from one address (OWASP's lockout range; per address so a stranger cannot lock the owner out) and a household or office behind one IP twenty; registration and reset
 * mail are rarer still (ten and five an hour) and each reset sends a mail, so it is also limited per address; guest
 * checkout makes a customer row and a session each time. Challenges are cheap but not free (one key derivation).
 * Tests inject small limits through AppParts.rateLimits.
 */
export const defaultRateLimits: RateLimits = {
  signInPerIp: { max: 20, windowSeconds: 15 * 60 },
  signInFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  signInFailuresAcrossAddresses: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPerIp: { max: 5, windowSeconds: 60 * 60 },
  forgotPerEmail: { max: 5, windowSeconds: 60 * 60 },
  guestCartPerIp: { max: 20, windowSeconds: 60 * 60 },
  captchaChallengePerIp: { max: 60, windowSeconds: 10 * 60 },
  upiVerifyPerIp: { max: 10, windowSeconds: 15 * 60 },
  cardTokenizePerIp: { max: 20, windowSeconds: 60 * 60 },
  cardSavePerCustomer: { max: 10, windowSeconds: 60 * 60 },
  // Two open unpaid orders per shopper and door (rules/pay-on-delivery.ts); ten an hour covers a shared address.
  payOnDeliveryPerIp: { max: 10, windowSeconds: 60 * 60 },
  // Three photos per attempt, a few retakes each, a few attempts: 30 an hour is plenty for a person.
  kycUploadPerCustomer: { max: 30, windowSeconds: 60 * 60 },
  // A verification is about a second of engine time; ten an hour covers retakes and a few face checks at checkout.
  kycVerifyPerCustomer: { max: 10, windowSeconds: 60 * 60 },
};

/** The limits with every per-IP maximum multiplied by scale (RATE_LIMIT_SCALE); per-account limits unchanged. */
export function withPerIpScale(limits: RateLimits, scale: number): RateLimits {
  const scaled = (rule: LimitRule): LimitRule => ({ ...rule, max: rule.max * scale });
  const optional = (rule: LimitRule | undefined) => (rule === undefined ? undefined : scaled(rule));
  return {
    ...limits,
    signInPerIp: scaled(limits.signInPerIp),
    registerPerIp: scaled(limits.registerPerIp),
    forgotPerIp: scaled(limits.forgotPerIp),
    guestCartPerIp: scaled(limits.guestCartPerIp),
    captchaChallengePerIp: scaled(limits.captchaChallengePerIp),
    upiVerifyPerIp: optional(limits.upiVerifyPerIp ?? defaultRateLimits.upiVerifyPerIp),
    cardTokenizePerIp: optional(limits.cardTokenizePerIp ?? defaultRateLimits.cardTokenizePerIp),
    payOnDeliveryPerIp: optional(limits.payOnDeliveryPerIp ?? defaultRateLimits.payOnDeliveryPerIp),
  };
}

/** A checkout limit from the given set, else its default. */
export function checkoutLimit(
  limits: RateLimits,
  name: 'upiVerifyPerIp' | 'cardTokenizePerIp' | 'cardSavePerCustomer' | 'payOnDeliveryPerIp',
): LimitRule {
  return limits[name] ?? defaultRateLimits[name] ?? { max: 10, windowSeconds: 3600 };
}

/** The ceiling of failed sign-ins per email over all addresses: the given one, else twice the pair allowance. */
export function signInCeiling(limits: RateLimits): LimitRule {
  const pair = limits.signInFailuresPerAccount;
  return limits.signInFailuresAcrossAddresses ?? { max: pair.max * 2, windowSeconds: pair.windowSeconds };
}

/** The upload limit from the given set, else its default. */
export function kycUploadLimit(limits: RateLimits): LimitRule {
  return limits.kycUploadPerCustomer ?? defaultRateLimits.kycUploadPerCustomer ?? { max: 30, windowSeconds: 3600 };
}

/** The verification limit from the given set, else its default. */
export function kycVerifyLimit(limits: RateLimits): LimitRule {
  return limits.kycVerifyPerCustomer ?? defaultRateLimits.kycVerifyPerCustomer ?? { max: 10, windowSeconds: 3600 };
}

export const tooManyAttemptsMessage = 'Too many attempts. Please wait a few minutes and try again.';

/** Counters older than this are deleted; no window is longer. */
const keepCountersMs = 24 * 60 * 60 * 1000;

/** One attempt counted in its window, built once (issue 27: a checkout's limited calls run it twice). */
const countHit = statementShape<{ key: string; windowStart: Date }>()((db, value) =>
  db
    .insertInto('rate_limits')
    .values({ key: value('key'), window_start: value('windowStart'), count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning('count'),
);
const pruneEveryMs = 60 * 1000;

/**
 * Fixed-window counters in the database, so every instance behind a load balancer counts together (an in-memory
 * bucket would give each instance its own allowance). A fixed window may let up to twice the limit through across a
 * window boundary; for these limits that is acceptable and it costs one upsert per attempt.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when this attempt is over the limit. */
  async hit(key: string, rule: LimitRule): Promise<boolean> {
    const windowStart = this.windowStart(rule);
    const row = await countHit.first(this.db, { key, windowStart });
    if (!row) throw new Error('The rate limit upsert returned no row');
    await this.pruneNowAndThen();
    return row.count <= rule.max;
  }

  /** The attempts counted under key in the rule's current window. */
  async count(key: string, rule: LimitRule): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', this.windowStart(rule))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** True when the limit is already reached (the next attempt would be refused), without counting. */
  async isBlocked(key: string, rule: LimitRule): Promise<boolean> {
    return (await this.count(key, rule)) >= rule.max;
  }

  private windowStart(rule: LimitRule): Date {
    const windowMs = rule.windowSeconds * 1000;
    return new Date(Math.floor(this.now() / windowMs) * windowMs);
  }

  /** At most once a minute per instance: old windows are dead weight. */
  private async pruneNowAndThen(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now;
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(now - keepCountersMs))
      .execute();
  }
}
