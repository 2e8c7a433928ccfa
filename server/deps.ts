import type { Kysely } from 'kysely';
import type { MailSender } from './adapters/mail/mail-port.ts';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { RateLimits } from './services/rate-limit.ts';

/** What every route file gets: the database and the validated configuration. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  /** Outgoing mail; when absent, chosen from the configuration (SMTP_URL, else the outbox table). */
  mail?: MailSender | undefined;
  /** Attempt limits; when absent, defaultRateLimits (server/services/rate-limit.ts). Tests pass small ones. */
  rateLimits?: RateLimits | undefined;
}
