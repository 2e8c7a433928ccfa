import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every answer, set by @fastify/helmet (on each request, so 404s and errors carry them too).
 * Only the headers the store has always sent: a CSP, nosniff, same-origin referrers and no framing. Helmet's other
 * defaults are off on purpose: HSTS belongs to whatever terminates TLS, and the cross-origin isolation headers would
 * need checking against Stripe's frames first.
 */
export const securityHeaderOptions: FastifyHelmetOptions = {
  global: true,
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
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Helmet has no Permissions-Policy: the camera for the identity check, nothing else. */
export const permissionsPolicy = 'camera=(self), geolocation=(), microphone=()';
