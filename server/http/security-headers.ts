import type { FastifyHelmetOptions } from '@fastify/helmet';

/** A year, the preload lists' minimum: once a browser saw the store over https, it never tries plain http again. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The security headers of every answer, set by @fastify/helmet (on each request, so 404s and errors carry them too):
 * a CSP, nosniff, same-origin referrers, no framing, and Strict-Transport-Security when the store's public origin
 * (APP_ORIGIN) is https (a proxy in front may terminate TLS; the browser still learns the rule from us). Helmet's
 * cross-origin isolation headers stay off: they would need checking against Stripe's frames first.
 */
export function securityHeaderOptions(appOrigin: string): FastifyHelmetOptions {
  const https = appOrigin.startsWith('https://');
  return {
    global: true,
    strictTransportSecurity: https ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true, preload: false } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
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

/** Helmet has no Permissions-Policy: the camera for the identity check, nothing else. */
export const permissionsPolicy = 'camera=(self), geolocation=(), microphone=()';

/**
 * API replies are never stored by a browser or a shared cache unless their route says otherwise (product pictures):
 * they carry session tokens (sign-in), a customer's addresses, cards and orders, or a guest's cart reached by its
 * secret id. One rule for every API reply, errors included, so a new authenticated route cannot forget it.
 */
export const apiCacheControl = 'no-store';
