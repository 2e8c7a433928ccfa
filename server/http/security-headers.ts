import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** A year, the preload lists' minimum: once a browser saw the store over https, it never tries plain http again. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The CSP's directives (exported: a test compares the headers with what @fastify/helmet sends for them). */
export const contentSecurityDirectives: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  // Stripe's script and frames are allowed for the production card fields; nothing else leaves our origin.
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  // Workers only from our own files: the captcha's proof-of-work worker is built into /assets (altcha/external
  // plus Vite's ?worker), so neither blob: nor data: workers are needed.
  workerSrc: ["'self'"],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

/**
 * The security headers of every answer, as helmet writes them: a CSP, nosniff, same-origin referrers, no framing, and
 * Strict-Transport-Security when the store's public origin (APP_ORIGIN) is https (a proxy in front may terminate TLS;
 * the browser still learns the rule from us). Helmet's cross-origin isolation headers stay off: they would need
 * checking against Stripe's frames first.
 */
export function securityHeaderOptions(appOrigin: string): HelmetOptions {
  const https = appOrigin.startsWith('https://');
  return {
    strictTransportSecurity: https ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true, preload: false } : false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet writes for `options`, taken once from its middleware run on a response that is never sent. They
 * depend on nothing in the request (no nonces, no per-route options), so every answer carries the same set.
 */
export function staticSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, (error) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return Object.freeze(headers);
}

/**
 * Every answer's security headers, computed once at start-up: @fastify/helmet rebuilt helmet's middleware and parsed
 * the CSP's directives on every request (≈ 4 % of a kept listing page, decision 069). Set when the request arrives,
 * like helmet did, so 404s, refusals and errors carry them too.
 */
export function useSecurityHeaders(app: FastifyInstance, appOrigin: string): void {
  const headers = staticSecurityHeaders(securityHeaderOptions(appOrigin));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Helmet has no Permissions-Policy: the camera for the identity check, nothing else. */
export const permissionsPolicy = 'camera=(self), geolocation=(), microphone=()';

/**
 * API replies are never stored by a browser or a shared cache unless their route says otherwise (product pictures):
 * they carry session tokens (sign-in), a customer's addresses, cards and orders, or a guest's cart reached by its
 * secret id. One rule for every API reply, errors included, so a new authenticated route cannot forget it.
 */
export const apiCacheControl = 'no-store';
