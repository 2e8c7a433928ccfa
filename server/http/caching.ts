import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

/** How long a browser or a CDN may keep a reply, and serve it stale while it fetches a fresh one. */
export interface PublicCaching {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/**
 * The only API replies anyone may store: catalogue reads, the same for every shopper (they take an area, a speed, a
 * page; never a token, a cart or a customer). Everything else keeps `no-store` (security-headers.ts). The times sit
 * inside what the server's own caches already allow (decision 004: listings lag up to 5 minutes, cards 30 s); the
 * product page, whose stock is live, for 10 s (add to cart checks stock anyway). POSTed reads (filters, search) carry
 * the headers too, for a CDN that keys on the body; browsers only revalidate them.
 */
export const publicCatalogueReads: Record<string, PublicCaching> = {
  'GET /connect/index/categorylist': { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600 },
  'GET /connect/index/homepage': { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 },
  'GET /connect/index/banners': { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 },
  'GET /connect/index/category': { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 120 },
  'POST /connect/index/filters': { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 120 },
  'POST /connect/index/search': { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 120 },
  'GET /connect/index/product': { maxAgeSeconds: 10, staleWhileRevalidateSeconds: 30 },
};

export function publicCacheControl({ maxAgeSeconds, staleWhileRevalidateSeconds }: PublicCaching): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`;
}

/** A strong validator from the reply's bytes (before compression): the same body always has the same tag. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): a `W/` prefix a proxy added still matches; `*` matches any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

function revalidated(policy: PublicCaching): onSendHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Errors (400 naming a field, 500) are never stored; the app's no-store stays on them.
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    // A reply serialised once (serialised-reply.ts) brings its tag, taken from its text before it was encoded.
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : strongEtag(payload);
    reply.header('etag', etag);
    reply.header('cache-control', publicCacheControl(policy));
    // A shared cache keeps one copy per encoding (compression.ts picks it), the 304 included.
    reply.header('vary', 'accept-encoding');
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    return null;
  };
}

function withOnSend(route: RouteOptions, hook: onSendHookHandler): void {
  const current = route.onSend;
  route.onSend = current === undefined ? [hook] : Array.isArray(current) ? [hook, ...current] : [hook, current];
}

/**
 * Gives each catalogue read in `publicCatalogueReads` its ETag, Cache-Control and 304. Call before any route (and
 * before compression, so the tag is taken from the uncompressed body): it hooks routes as they are added.
 */
export function usePublicCaching(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const policy = publicCatalogueReads[`${method} ${route.url}`];
      if (policy) withOnSend(route, revalidated(policy));
    }
  });
}
