import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { IdentityVerifier } from '../../server/adapters/identity/identity-port.ts';
import type { MailSender } from '../../server/adapters/mail/mail-port.ts';
import type { PaymentGateway } from '../../server/adapters/payments/payment-port.ts';
import { paymentGatewayFromConfig } from '../../server/adapters/payments/payments-from-config.ts';
import type { FileStorage } from '../../server/adapters/storage/storage-port.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { databaseImage, postgresTemplateNames, postgresTemplates } from './database-images.ts';
import { adminStatement } from '../../bench/lib/postgres-cluster.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed-catalogue.ts';
import type { RateLimits } from '../../server/services/platform/rate-limit.ts';
import type { GeoLocate } from '../../server/services/platform/geo-ip.ts';
import type { Readiness } from '../../server/http/readiness.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database this app uses (test:server:pg); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The card provider the app charges (the one given, else the one its configuration builds): fixtures that move an order do it with the same one. */
  payments: PaymentGateway;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** Extra environment for readConfig (APP_ORIGIN, SMTP_URL ...). */
  env?: Record<string, string>;
  rateLimits?: RateLimits;
  mail?: MailSender;
  /** What the server takes as "now" (cart dates, cutoffs, slots, coupon expiry). */
  clock?: () => Date;
  /** The card provider; default: the offline test gateway, as readConfig chooses without Stripe keys. */
  payments?: PaymentGateway;
  /** Settle unknown payment outcomes in the background this often (off unless given). */
  paymentSweepMs?: number;
  /** Remove abandoned KYC applications in the background this often (off unless given). */
  kycSweepMs?: number;
  /** Release unconfirmed pay-on-delivery orders in the background this often (off unless given). */
  unconfirmedOrderSweepMs?: number;
  /** Where ID photos go; default: a DiskStorage in the configuration's uploads folder. */
  storage?: FileStorage;
  /** The identity adapter; default: the one IDENTITY_ENGINE names, started on the first verification. */
  identity?: IdentityVerifier;
  /** Places a client address in a city (the pincode prefill); default: geoip-lite. */
  geoLocate?: GeoLocate;
  /** The database handle the app uses, wrapped (a test that counts the statements a call makes adds a plugin). */
  wrapDb?: (db: DatabaseHandle['db']) => DatabaseHandle['db'];
  /** Whether the app takes traffic (/readyz); default: the app's own, ready once the app is. */
  readiness?: Readiness;
  /** How often the load limits (MAX_RSS_MB, MAX_EVENT_LOOP_DELAY_MS) are sampled, in ms. */
  overloadSampleMs?: number;
  /**
   * A second instance on another app's PostgreSQL database (its own pool, caches and coordination session), as a
   * second server would be; on PGlite the two share nothing, so tests of that are PostgreSQL's.
   */
  sameDatabaseAs?: TestApp;
  /** Fastify's logger (tests that read the request log pass a stream). */
  logger?: FastifyServerOptions['logger'];
}

/** The captcha key tests sign their own (expired, forged) challenges with. */
export const testCaptchaKey = 'test-captcha-key-0123456789abcdef0123456789';

/** A fresh in-memory PGlite with the seed catalogue and the whole app, reached through app.inject. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = readConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    STATIC_DIR: 'tests/server/no-spa',
    // The cheapest captcha: tests solve it in a few milliseconds.
    CAPTCHA_HMAC_KEY: testCaptchaKey,
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_NUMBER: '10',
    // No load shedding unless a test asks for it: a busy test machine delays the event loop past any sane limit.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const seeded = options.seed !== false;
  const joined = options.sameDatabaseAs?.databaseUrl;
  const copy = config.databaseUrl === undefined && joined === undefined ? await copyPostgresTemplate(seeded) : undefined;
  const url = joined ?? copy?.url;
  // Images are PGlite's: a PostgreSQL server (DATABASE_URL) is migrated and seeded the long way.
  const image = !url && config.databaseUrl === undefined && config.dataDir.startsWith('memory://') ? databaseImage(seeded) : undefined;
  const opened = await openDatabase({ ...config, ...(url ? { databaseUrl: url } : {}), startFrom: image });
  const database: DatabaseHandle = copy
    ? {
        ...opened,
        async close() {
          await opened.close();
          await copy.drop();
        },
      }
    : opened;
  if (!image && !url) {
    await migrateToLatest(database.db);
    if (seeded) await seedCatalogue(database.db);
  }
  const app = await buildApp(
    {
      db: options.wrapDb ? options.wrapDb(database.db) : database.db,
      config,
      rateLimits: options.rateLimits,
      mail: options.mail,
      clock: options.clock,
      payments: options.payments,
      paymentSweepMs: options.paymentSweepMs,
      kycSweepMs: options.kycSweepMs,
      unconfirmedOrderSweepMs: options.unconfirmedOrderSweepMs,
      storage: options.storage,
      identity: options.identity,
      geoLocate: options.geoLocate,
      readiness: options.readiness,
      overloadSampleMs: options.overloadSampleMs,
      coordination: database.coordination,
    },
    { logger: options.logger ?? false },
  );
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url ?? config.databaseUrl,
    payments: options.payments ?? paymentGatewayFromConfig(config),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let copies = 0;

/**
 * Under npm run test:server:pg: a database of its own for this test app, copied from the run's migrated or seeded
 * template, and how to drop it again. Undefined on PGlite.
 */
async function copyPostgresTemplate(seeded: boolean): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const cluster = postgresTemplates();
  if (!cluster) return undefined;
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}_${copies++}`;
  const template = seeded ? postgresTemplateNames.seeded : postgresTemplateNames.migrated;
  // FILE_COPY: a checkpoint and a copy of the template's files, about half the time of PostgreSQL 15's default
  // WAL_LOG (which writes every block to the WAL) for the 13 MB seeded template.
  await adminStatement(cluster.adminUrl, `create database ${name} template ${template} strategy file_copy`);
  return {
    url: cluster.adminUrl.replace(/\/postgres$/, `/${name}`),
    // Not WITH (FORCE): a test that leaves a connection open (a shutdown test, say) would see it killed as an unhandled
    // error. A database still in use is left to the run's cluster, which is thrown away at the end.
    drop: () =>
      adminStatement(cluster.adminUrl, `drop database if exists ${name}`).catch((error: unknown) => {
        const inUse = error instanceof Error && 'code' in error && error.code === '55006';
        if (!inUse) throw error;
      }),
  };
}

/** JSON body of an inject() response, typed only as unknown: tests check it with the contract structs. */
export function json(response: { body: string }): unknown {
  return JSON.parse(response.body) as unknown;
}

/** A GET through app.inject: the status, the JSON body (unknown: tests check it with the contract) and the headers. */
export async function getJson(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: json(response), headers: response.headers };
}
