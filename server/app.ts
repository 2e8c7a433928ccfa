import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http/errors.ts';
import { permissionsPolicy, securityHeaderOptions } from './http/security-headers.ts';
import { addToCartRoutes } from './routes/add-to-cart.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { addressRoutes } from './routes/addresses.routes.ts';
import { captchaRoutes } from './routes/captcha.routes.ts';
import { checkoutRoutes } from './routes/checkout.routes.ts';
import { cartPageRoutes } from './routes/cart-page.routes.ts';
import { cartRoutes } from './routes/cart.routes.ts';
import { catalogueRoutes } from './routes/catalogue.routes.ts';
import { customerRoutes } from './routes/customer.routes.ts';
import { homeRoutes } from './routes/home.routes.ts';
import { locationRoutes } from './routes/location.routes.ts';
import { mediaRoutes } from './routes/media.routes.ts';
import { paymentRoutes } from './routes/payments.routes.ts';
import { shippingRoutes } from './routes/shipping.routes.ts';

/** Paths that belong to the API; anything else is a client route served by the SPA's index.html. */
const apiPrefixes = ['/api/', '/connect/', '/payuapi/', '/wallet/wallet/', '/media/'];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix));
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.logLevel },
    // Honour a caller's or proxy's request id when it is sane, so one id follows a request through every log line.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
  });

  await app.register(fastifyHelmet, securityHeaderOptions);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', permissionsPolicy);
  });

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

  for (const routes of [locationRoutes, homeRoutes, catalogueRoutes, cartRoutes, addToCartRoutes, customerRoutes, captchaRoutes, mediaRoutes, cartPageRoutes]) {
    await app.register(routes(deps));
  }
  // Checkout: addresses, delivery speeds, payments, order review and place order.
  for (const routes of [addressRoutes, shippingRoutes, paymentRoutes, checkoutRoutes]) {
    await app.register(routes(deps));
  }
  // Account settings: the dashboard and the preference switches.
  await app.register(accountRoutes(deps));

  const indexFile = path.join(deps.config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: deps.config.staticDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: cache those for a year; never cache the HTML shell.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (hasSpa && request.method === 'GET' && !isApiPath(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 0, message: 'Not found' });
  });

  return app;
}
