import type { Kysely } from 'kysely';
import type { IdentityVerifier } from './adapters/identity/identity-port.ts';
import type { MailSender } from './adapters/mail/mail-port.ts';
import type { PaymentGateway } from './adapters/payments/payment-port.ts';
import type { FileStorage } from './adapters/storage/storage-port.ts';
import type { Config } from './config.ts';
import type { Readiness } from './http/readiness.ts';
import type { Coordination } from './db/coordination.ts';
import type { Database } from './db/schema.ts';
import type { Captcha } from './services/platform/captcha.ts';
import type { GeoLocate } from './services/platform/geo-ip.ts';
import type { RateLimiter, RateLimits } from './services/platform/rate-limit.ts';

/** What buildApp is given: the database and the validated configuration, and whatever a caller wants to replace. */
export interface AppParts {
  db: Kysely<Database>;
  /** The catalogue's reads (DATABASE_READ_URL's replica, decision 045); absent: `db`. */
  readDb?: Kysely<Database> | undefined;
  config: Config;
  /** Outgoing mail; when absent, chosen from the configuration (SMTP_URL, else the outbox table). */
  mail?: MailSender | undefined;
  /** Attempt limits; when absent, defaultRateLimits (server/services/platform/rate-limit.ts). Tests pass small ones. */
  rateLimits?: RateLimits | undefined;
  /** The time the cart's date, cutoff, slot and coupon rules see; when absent, the real clock. Tests pin it. */
  clock?: (() => Date) | undefined;
  /** The card provider; when absent, chosen from the configuration (Stripe keys, else the offline test gateway). */
  payments?: PaymentGateway | undefined;
  /** How often to settle orders whose payment outcome stayed unknown; when absent, never (tests call the sweep). */
  paymentSweepMs?: number | undefined;
  /** How often to remove KYC applications abandoned for 30 days (and their photos); when absent, never (tests call it). */
  kycSweepMs?: number | undefined;
  /** Release pay-on-delivery orders whose email was not confirmed in time this often (off unless given). */
  unconfirmedOrderSweepMs?: number | undefined;
  /** Remove cart lines kept for another zip past their week (decision 047) this often (off unless given). */
  keptLinesSweepMs?: number | undefined;
  /** Where ID photos go; when absent, chosen by STORAGE (a DiskStorage in config.uploads.dir, or an S3 bucket). */
  storage?: FileStorage | undefined;
  /** Compares faces and reads IDs; when absent, chosen by IDENTITY_ENGINE and started on the first verification. */
  identity?: IdentityVerifier | undefined;
  /** Places an address in a city (the pincode prefill); when absent, geoip-lite, loaded on the first lookup. */
  geoLocate?: GeoLocate | undefined;
  /** Whether to send this process traffic (/readyz); when absent, the app's own, ready once the app is. */
  readiness?: Readiness | undefined;
  /** How often the load limits are sampled (ms; under-pressure's default 1 s when absent). Tests sample faster. */
  overloadSampleMs?: number | undefined;
  /**
   * What this instance shares with the others on its database (decision 042): whose turn each sweep is, and the
   * catalogue changes that drop cache entries. Absent: every sweep is this app's and only the caches' ages bound them.
   */
  coordination?: Coordination | undefined;
}

/** What every route file gets: the parts with every adapter and shared service built once, by buildApp. */
export interface AppDeps {
  db: Kysely<Database>;
  /**
   * For the catalogue area's reads only (listings, search, product pages, home, banners): maybe a replica a moment
   * behind. Anything a shopper writes or must see at once (cart, orders, account, wallet, sessions, limits) and
   * anything in a transaction reads `db` (decision 045).
   */
  readDb: Kysely<Database>;
  config: Config;
  mail: MailSender;
  payments: PaymentGateway;
  /** Uploaded files (ID photos, selfies). */
  storage: FileStorage;
  /** The identity adapter (KYC verify, the order face check). */
  identity: IdentityVerifier;
  rateLimits: RateLimits;
  /** The one attempt counter of the app (its counters live in the database, shared by every instance). */
  limiter: RateLimiter;
  captcha: Captcha;
  /** The current time as the rules should see it. */
  clock: () => Date;
  /** Places a client address in a city (the pincode dialog's prefill). */
  geoLocate: GeoLocate;
}
