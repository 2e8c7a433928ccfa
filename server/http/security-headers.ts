import type { FastifyReply } from 'fastify';

// Stripe's script and frames are allowed for the production card fields; nothing else leaves our origin.
// Workers only from our own files: the captcha's proof-of-work worker is built into /assets (altcha/external plus
// Vite's ?worker), so neither blob: nor data: workers are needed.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' https://api.stripe.com",
  "worker-src 'self'",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export function securityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', contentSecurityPolicy);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('permissions-policy', 'camera=(self), geolocation=(), microphone=()');
}
