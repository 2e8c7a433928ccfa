import { paymentGatewayFromConfig } from './adapters/payments/payments-from-config.ts';
import { StorageUnreachableError } from './adapters/storage/s3-storage.ts';
import { buildApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { openDatabase, DatabaseOpenError } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { analyzeTables, isCatalogueEmpty, seedCatalogue } from './db/seed/seed-catalogue.ts';
import { seedDeliveryIfMissing } from './db/seed/seed-delivery.ts';
import { defaultRateLimits, withPerIpScale } from './services/platform/rate-limit.ts';
import { closeWithin } from './services/platform/shutdown.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  if (config.seedOnStart && (await isCatalogueEmpty(database.db))) {
    const counts = await seedCatalogue(database.db);
    await analyzeTables(database.db);
    console.log(`Seeded the catalogue: ${counts.products} products, ${counts.variants} sizes, ${counts.offers} offers.`);
  } else if (config.seedOnStart && (await seedDeliveryIfMissing(database.db))) {
    // A database seeded before delivery calendars existed gets them (and the coupons) once.
    console.log('Added delivery calendars, driver slots and coupons to the existing catalogue.');
  }

  const payments = paymentGatewayFromConfig(config);
  const rateLimits = withPerIpScale(defaultRateLimits, config.rateLimitScale);
  const app = await buildApp({
    db: database.db,
    config,
    payments,
    rateLimits,
    paymentSweepMs: 60_000,
    kycSweepMs: 60 * 60_000,
    unconfirmedOrderSweepMs: 60_000,
  });
  if (payments.kind === 'test') {
    app.log.warn('No STRIPE_SECRET_KEY: payments go to the offline test gateway (Stripe test card numbers; nothing is charged).');
  }
  if (config.logMailText && process.env.NODE_ENV === 'production') {
    app.log.warn('MAIL_LOG_LINKS=1: mail text, with live reset and confirmation links, goes to the log. Only for tests.');
  }
  // Where ID photos go and who judges them: one line, so an operator sees the production adapters are in use.
  const storage = config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket} at ${config.storage.endpoint ?? 'AWS'}` : config.uploads.dir;
  app.log.info(
    { storage: config.storage.kind, identityEngine: config.identityEngine },
    `ID photos: ${storage}; identity engine: ${config.identityEngine}`,
  );
  if (config.stripeIdentity && !config.stripeIdentity.secretKey.startsWith('rk_')) {
    app.log.warn(
      'IDENTITY_ENGINE=stripe with a secret key: Stripe sends the date of birth only to a restricted key (rk_… with Identity read access); set STRIPE_IDENTITY_KEY.',
    );
  }
  if (!config.captcha.keyFromEnvironment) {
    app.log.warn('CAPTCHA_HMAC_KEY is not set: this process made its own key, so with several instances set one shared key.');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then close the database so PGlite flushes its files; within
    // SHUTDOWN_GRACE_MS, or leave anyway (committed work is on disk; a query still running is the one to lose).
    try {
      const outcome = await closeWithin(config.shutdownGraceMs, async () => {
        await app.close();
        await database.close();
      });
      if (outcome === 'timed-out') app.log.error({ graceMs: config.shutdownGraceMs }, 'shutdown did not finish in time: exiting with work in flight');
      process.exit(outcome === 'closed' ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  // One plain line for people and for the e2e set-up, which starts the server on a free port (PORT=0).
  console.log(`The store is open at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof StorageUnreachableError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
