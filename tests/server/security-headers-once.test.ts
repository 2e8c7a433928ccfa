import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityDirectives, securityHeaderOptions } from '../../server/http/security-headers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

const securityHeaderNames = [
  'content-security-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
];

function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(securityHeaderNames.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

/** What @fastify/helmet itself sends with the store's options (the plugin the app used before decision 069). */
async function helmetPluginHeaders(appOrigin: string): Promise<Record<string, unknown>> {
  const plain = Fastify();
  await plain.register(fastifyHelmet, {
    global: true,
    ...securityHeaderOptions(appOrigin),
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives },
  });
  plain.get('/ok', async () => ({ ok: true }));
  const reply = await plain.inject({ method: 'GET', url: '/ok' });
  await plain.close();
  return securityHeaders(reply.headers);
}

describe.each(['https://shop.example.com', 'http://localhost:3000'])('security headers for %s', (appOrigin) => {
  let t: TestApp;
  let expected: Record<string, unknown>;

  beforeAll(async () => {
    expected = await helmetPluginHeaders(appOrigin);
    t = await startTestApp({ seed: true, env: { APP_ORIGIN: appOrigin } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('are exactly the ones @fastify/helmet sent, on pages, listings, 404s, refusals and errors', async () => {
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    const requests = [
      { method: 'GET', url: '/connect/index/categorylist?store_id=1', status: 200 },
      { method: 'GET', url: '/connect/index/category?store_id=1&zipcode=10001&loc_id=101&limit=20&catid=1&page=0', status: 200 },
      { method: 'GET', url: '/api/no/such/call', status: 404 },
      { method: 'GET', url: '/connect/index/category?catid=nope', status: 400 },
      { method: 'POST', url: '/connect/index/filters', status: 400 },
    ] as const;
    for (const { method, url, status } of requests) {
      const reply = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? '{' : undefined,
      });
      expect({ url, status: reply.statusCode, headers: securityHeaders(reply.headers) }).toEqual({ url, status, headers: expected });
    }
  });

  it('are computed once: @fastify/helmet, which rebuilt helmet and parsed the CSP on every request, is not registered', () => {
    // The plugin decorates every reply with `helmet` and `cspNonce` (no server test mocks a module: isolate is off).
    expect(t.app.hasReplyDecorator('helmet')).toBe(false);
    expect(t.app.hasReplyDecorator('cspNonce')).toBe(false);
  });
});
