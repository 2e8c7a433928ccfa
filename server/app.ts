import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { identityVerifierFromConfig } from './adapters/identity/identity-from-config.ts';
import { mailSenderFromConfig } from './adapters/mail/mail-from-config.ts';
import { paymentGatewayFromConfig } from './adapters/payments/payments-from-config.ts';
import { storageFromConfig } from './adapters/storage/storage-from-config.ts';
import type { FileStorage } from './adapters/storage/storage-port.ts';
import type { Config } from './config.ts';
import type { AppDeps, AppParts } from './deps.ts';
import { bearerToken } from './http/auth.ts';
import { usePublicCaching } from './http/caching.ts';
import { compressionOptions } from './http/compression.ts';
import { HttpError } from './http/errors.ts';
import { useDepthLimitedJsonParser } from './http/json-body.ts';
import { loggerFor } from './http/log-format.ts';
import { useOperations } from './http/operations.ts';
import { Readiness, readinessProbe } from './http/readiness.ts';
import { trackRoutes } from './http/route-list.ts';
import { closeSlowClientsOnShutdown, requestTimeoutMs } from './http/slow-clients.ts';
import { categoryListingOf, listingForShell } from './http/listing-shell.ts';
import { encodeShell, namesAFile, picturePreloadHeader, productIdOf, spaShell } from './http/spa-shell.ts';
import { refuseNulCharacters } from './http/validate.ts';
import { apiCacheControl, permissionsPolicy, useSecurityHeaders } from './http/security-headers.ts';
import { addToCartRoutes } from './routes/add-to-cart.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { addressRoutes } from './routes/addresses.routes.ts';
import { captchaRoutes } from './routes/captcha.routes.ts';
import { checkoutRoutes } from './routes/checkout.routes.ts';
import { cartPageRoutes } from './routes/cart-page.routes.ts';
import { dineInRoutes } from './routes/dine-in.routes.ts';
import { fulfilmentRoutes } from './routes/fulfilment.routes.ts';
import { orderChangesRoutes } from './routes/order-changes.routes.ts';
import { testClockRoutes } from './routes/test-clock.routes.ts';
import { shiftableClock } from './services/platform/test-clock.ts';
import { cartRoutes } from './routes/cart.routes.ts';
import { catalogueRoutes, categoryListingReader } from './routes/catalogue.routes.ts';
import { customerRoutes } from './routes/customer.routes.ts';
import { homeRoutes } from './routes/home.routes.ts';
import { kycRoutes } from './routes/kyc.routes.ts';
import { locationRoutes } from './routes/location.routes.ts';
import { mediaRoutes } from './routes/media.routes.ts';
import { reviewRoutes } from './routes/reviews.routes.ts';
import { storesRoutes } from './routes/stores.routes.ts';
import { orderConfirmationRoutes } from './routes/order-confirmation.routes.ts';
import { paymentRoutes } from './routes/payments.routes.ts';
import { shippingRoutes } from './routes/shipping.routes.ts';
import { walletRoutes } from './routes/wallet.routes.ts';
import { banners } from './services/catalogue/home.ts';
import { firstProductPicture } from './services/catalogue/product-detail.ts';
import { sendOrderConfirmation } from './services/checkout/order-confirmation.ts';
import { sendFailedPaymentMail } from './services/payments/failed-payment-mail.ts';
import { sendCanceledDebitRefundMail } from './services/payments/canceled-debit-mail.ts';
import { startUnconfirmedOrderSweep } from './services/checkout/unconfirmed-orders.ts';
import { databaseChanged, sameDatabase } from './services/platform/catalogue-changes.ts';
import { startKycSweep } from './services/identity/kyc-sweep.ts';
import { startKeptLinesSweep } from './services/cart/kept-lines.ts';
import { startPaymentSweep } from './services/payments/payment-sweep.ts';
import { outboxWriter } from './services/platform/outbox.ts';
import { createCaptcha } from './services/platform/captcha.ts';
import { countedIdentity, countedPayments } from './http/counted-adapters.ts';
import { defaultRateLimits, RateLimiter } from './services/platform/rate-limit.ts';
import { geoIpLocate } from './services/platform/geo-ip.ts';

/** Paths that belong to the API; anything else is a client route served by the SPA's index.html. */
const apiPrefixes = ['/api/', '/connect/', '/payuapi/', '/wallet/wallet/', '/media/'];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix));
}

/** The outbox's log line: the whole mail in development (to follow its links), only its subject in production. */
function logOutboxMail(app: FastifyInstance, withText: boolean, entry: { to: string; subject: string; text: string }): void {
  if (withText) app.log.info({ mail: entry }, 'mail written to the outbox');
  else app.log.info({ mail: { subject: entry.subject } }, 'mail written to the outbox');
}

/** A token in a URL (a password-reset or order-confirmation link opened, an api_token sent as a query) is live. */
const urlSecretPattern = /([?&](?:token|api_token|reset_token)=)[^&#]*/gi;

export function redactUrlSecrets(url: string): string {
  return url.replace(urlSecretPattern, '$1[redacted]');
}

/**
 * The logger with request URLs' tokens redacted: every request is logged with its URL, and a reset or confirmation
 * link opened in a browser carries its live token there.
 */
function withSecretsRedacted(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return {
    ...logger,
    serializers: {
      ...logger.serializers,
      req: (request) => ({
        method: request.method,
        url: redactUrlSecrets(request.url ?? ''),
        host: request.headers.host,
        remoteAddress: request.socket?.remoteAddress,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** An adapter this app built is closed with it (its sockets, its threads); one a caller passed in is the caller's. */
function closedWithApp<T extends { close(): void | Promise<void> }>(app: FastifyInstance, adapter: T): T {
  app.addHook('onClose', async () => adapter.close());
  return adapter;
}

/** STORAGE's disk folder or bucket, checked before the app takes requests (a wrong S3_* variable stops the start). */
async function readyStorage(app: FastifyInstance, config: Config): Promise<FileStorage> {
  const storage = storageFromConfig(config);
  try {
    await storage.ready();
  } catch (error) {
    storage.close();
    throw error;
  }
  return closedWithApp(app, storage);
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The app from its parts: the one place that builds the adapters (payments, mail, storage, identity) and the shared services (captcha,
 * rate limiter, the payment and KYC sweeps) and hands them to the routes.
 */
export async function buildApp(parts: AppParts, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const { db, config } = parts;
  // The catalogue's reads, maybe on a replica: its caches hear the primary's catalogue changes as db's do (decision 045).
  const readDb = parts.readDb ?? db;
  if (readDb !== db) sameDatabase(readDb, db);
  const app = Fastify({
    logger: withSecretsRedacted(options.logger ?? loggerFor(config)),
    // Honour a caller's or proxy's request id when it is sane, so one id follows a request through every log line.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A request must arrive whole in this time (slow-body clients); headers in headersTimeoutMs (slow-clients.ts).
    requestTimeout: requestTimeoutMs,
    trustProxy: config.trustProxy,
  });
  closeSlowClientsOnShutdown(app);
  useDepthLimitedJsonParser(app);
  refuseNulCharacters(app);
  // Built here, started on the first verification; closed with the app (only when this app built it).
  const identity = countedIdentity(parts.identity ?? closedWithApp(app, identityVerifierFromConfig(config)));
  // STORAGE's disk folder or S3 bucket, unless the caller brought its own.
  const storage = parts.storage ?? (await readyStorage(app, config));
  // Ready once the app is, unless the caller moves it (serve-store.ts: after listen, and draining on SIGTERM).
  const readiness = parts.readiness ?? new Readiness();
  if (!parts.readiness) app.addHook('onReady', async () => readiness.ready());
  app.addHook('preClose', async () => readiness.drain());
  const probe = readinessProbe(db, storage, readiness, (error, check) => app.log.error({ err: error, check }, 'readiness check failed'));
  await useOperations(app, probe, {
    maxEventLoopDelayMs: config.operations.maxEventLoopDelayMs,
    maxRssBytes: config.operations.maxRssMb * 1024 * 1024,
    ...(parts.overloadSampleMs !== undefined ? { sampleIntervalMs: parts.overloadSampleMs } : {}),
  });
  trackRoutes(app);
  // Test mode may shift "now" for the browser journeys (routes/test-clock.routes.ts); otherwise it is the given clock.
  const shiftable = shiftableClock(parts.clock ?? (() => new Date()));
  // Each request runs with its own session's shift (none unless test mode's route set one for that token).
  if (config.testClock) app.addHook('onRequest', (request, _reply, done) => shiftable.runAs(bearerToken(request), done));
  const deps: AppDeps = {
    db,
    readDb,
    config,
    payments: countedPayments(parts.payments ?? paymentGatewayFromConfig(config)),
    storage,
    identity,
    mail: parts.mail ?? mailSenderFromConfig(config, outboxWriter(db), (entry) => logOutboxMail(app, config.logMailText, entry)),
    rateLimits: parts.rateLimits ?? defaultRateLimits,
    // The app's clock, not the wall's: a test pins it (a fixed window boundary crossed mid-test reset the counts).
    limiter: new RateLimiter(db, () => shiftable.clock().getTime()),
    captcha: createCaptcha(db, config.captcha),
    clock: shiftable.clock,
    geoLocate: parts.geoLocate ?? geoIpLocate,
  };

  useSecurityHeaders(app, config.appOrigin);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', permissionsPolicy);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', apiCacheControl);
  });
  // Both hook each route as it is added, in this order: the ETag is taken from the body before it is compressed.
  usePublicCaching(app);
  await app.register(fastifyCompress, compressionOptions);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, wrong content type.
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.status(status).send({ code: 0, message, errors: [{ field: 'body', message }] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  for (const routes of [
    locationRoutes,
    homeRoutes,
    catalogueRoutes,
    cartRoutes,
    addToCartRoutes,
    customerRoutes,
    captchaRoutes,
    mediaRoutes,
    cartPageRoutes,
    dineInRoutes,
    storesRoutes,
  ]) {
    await app.register(routes(deps));
  }
  // Checkout: addresses, delivery speeds, payments, order review and place order.
  for (const routes of [addressRoutes, shippingRoutes, paymentRoutes, checkoutRoutes, orderConfirmationRoutes, reviewRoutes]) {
    await app.register(routes(deps));
  }
  // Account settings: the dashboard and the preference switches.
  await app.register(accountRoutes(deps));
  // Identity: KYC applications and their photos.
  await app.register(kycRoutes(deps));
  // The prepaid wallet: dine-in purchases held at partner restaurants and their redemption.
  await app.register(walletRoutes(deps));
  // The store's side: the seller and staff consoles' orders and moves, and the shopper's cancel (issue 24).
  await app.register(fulfilmentRoutes(deps));
  await app.register(orderChangesRoutes(deps));
  await app.register(testClockRoutes(deps, shiftable));

  // Any instance's catalogue change drops what this one's caches hold of it (decision 042).
  const coordination = parts.coordination;
  if (coordination) {
    const stopHearing = coordination.onCatalogueChange((payload) => databaseChanged(db, payload));
    app.addHook('onClose', async () => stopHearing());
  }
  // With several instances on one database, each sweep runs on the one holding its lock (decision 042).
  const myTurn = coordination ? (sweep: string) => coordination.holdsSweep(sweep) : undefined;

  // Orders whose charge outcome stayed unknown are settled in the background; each one paid or failed there gets its mail.
  if (parts.paymentSweepMs !== undefined) {
    const sweep = startPaymentSweep({
      db,
      payments: deps.payments,
      everyMs: parts.paymentSweepMs,
      myTurn,
      clock: deps.clock,
      log: app.log,
      onPaid: (orderId) => sendOrderConfirmation(deps, orderId, app.log),
      onPaymentFailed: (orderId, linesBack) => sendFailedPaymentMail(deps, orderId, linesBack, app.log),
      onDebitRefunded: (orderId) => sendCanceledDebitRefundMail(deps, orderId, app.log),
    });
    // Stop sweeping before the database closes, and let a pass in flight finish.
    app.addHook('onClose', () => sweep.stop());
  }

  // KYC applications nobody decided within 30 days lose their photos and their row (the privacy page's promise).
  if (parts.kycSweepMs !== undefined) {
    const sweep = startKycSweep({ db, storage: deps.storage, everyMs: parts.kycSweepMs, myTurn, clock: deps.clock, log: app.log });
    app.addHook('onClose', () => sweep.stop());
  }

  // Pay-on-delivery orders whose email nobody confirmed give their stock, seats and coupon use back.
  if (parts.unconfirmedOrderSweepMs !== undefined) {
    const sweep = startUnconfirmedOrderSweep({ db, everyMs: parts.unconfirmedOrderSweepMs, myTurn, clock: deps.clock, log: app.log });
    app.addHook('onClose', () => sweep.stop());
  }

  // Cart lines kept for another zip go after their week (decision 047).
  if (parts.keptLinesSweepMs !== undefined) {
    const sweep = startKeptLinesSweep({ db, everyMs: parts.keptLinesSweepMs, myTurn, log: app.log });
    app.addHook('onClose', () => sweep.stop());
  }

  const indexFile = path.join(config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each text file (vite.config.ts): sent as the browser's Accept-Encoding asks.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: cache those for a year; never cache the HTML shell.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shellFor = hasSpa
    ? spaShell(
        config.staticDir,
        () => banners(readDb),
        (productId) => firstProductPicture(readDb, productId),
        listingForShell(categoryListingReader(deps)),
      )
    : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // HEAD asks what GET would answer (a link checker, `curl -I`): the same status and headers, no body.
    const pathname = url.split('?')[0] ?? url;
    if (shellFor && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !namesAFile(pathname)) {
      reply.header('cache-control', 'no-cache');
      // A route with hints gets its own shell; the rest the built file, precompressed.
      // A listing's page depends on the area cookie (decision 066): a cache keeps one per cookie, never one for all.
      const byCookie = categoryListingOf(pathname) !== undefined;
      const shell = await shellFor(pathname, { search: url.slice(pathname.length), cookie: request.headers.cookie });
      if (shell === undefined) {
        if (byCookie) reply.header('vary', 'accept-encoding, cookie');
        return reply.sendFile('index.html');
      }
      const productId = productIdOf(pathname);
      const picture = productId === undefined ? undefined : picturePreloadHeader(await firstProductPicture(readDb, productId));
      if (picture) reply.header('link', picture);
      const { body, encoding } = encodeShell(shell.html, request.headers['accept-encoding'], shell.perRequest);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('vary', byCookie ? 'accept-encoding, cookie' : 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    return reply.status(404).send({ code: 0, message: 'Not found' });
  });

  return app;
}
