import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generousLimits, login, post, register } from './account-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: false, rateLimits: generousLimits, env: { APP_ORIGIN: 'https://shop.example.com' } });
});

afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API replies', () => {
  it('the sign-in reply, which carries the api_token, is never stored', async () => {
    await register(t, { email: 'cache@example.com', password: 'correct horse battery' });
    const reply = await login(t, { email: 'cache@example.com', password: 'correct horse battery' });
    expect(reply.body).toContain('api_token');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('every authenticated reply (dashboard, addresses, cards, orders, KYC) and its refusals are never stored', async () => {
    const { token, customerId } = await signedInCustomer(t, 'cache-reader@example.com');
    const auth = { authorization: `Bearer ${token}` };
    for (const url of ['/api/account/mydashboard', `/connect/customer/getaddresses?customerid=${customerId}`, '/api/account/myorders']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: auth });
      expect({ url, status: reply.statusCode, cache: reply.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'no-store' });
    }
    for (const url of ['/api/checkout/paymentmethods', '/api/customer/customerverify']) {
      const reply = await post(t, url, {}, { token });
      expect({ url, cache: reply.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/account/mydashboard' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching a route chose (public product pictures) alone', async () => {
    const picture = await t.app.inject({ method: 'GET', url: '/media/banners/1.svg' });
    expect(picture.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the public origin is https', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent for a plain http origin (a developer machine)', async () => {
    const plain = await startTestApp({ seed: false, env: { APP_ORIGIN: 'http://localhost:3000' } });
    try {
      const reply = await plain.app.inject({ method: 'GET', url: '/api/no/such/call' });
      expect(reply.headers['strict-transport-security']).toBeUndefined();
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await plain.close();
    }
  });
});

describe('the served build', () => {
  it('has no source maps: vite.config.ts builds without them', () => {
    const config = fs.readFileSync(path.resolve('vite.config.ts'), 'utf8');
    expect(config).toMatch(/sourcemap:\s*false/);
    const assets = path.resolve('dist/assets');
    // When a build is present (the browser tests make one), it holds no map and no link to one.
    const files = fs.existsSync(assets) ? fs.readdirSync(assets) : [];
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      expect(fs.readFileSync(path.join(assets, file), 'utf8')).not.toContain('sourceMappingURL=');
    }
  });
});

describe('the request log', () => {
  it('never holds a live token from a URL (reset and confirmation links opened in a browser)', async () => {
    const lines: string[] = [];
    const logged = await startTestApp({ seed: false, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
      await logged.app.inject({ method: 'GET', url: `/api/placeorder/confirmemail?token=${token}` });
      await logged.app.inject({ method: 'GET', url: `/account/resetpassword?token=${token}&x=1` });
      await logged.app.inject({ method: 'GET', url: `/api/account/mydashboard?api_token=${token}` });
      const requests = lines.filter((line) => line.includes('incoming request'));
      expect(requests).toHaveLength(3);
      expect(lines.join('\n')).not.toContain(token);
      expect(requests[1]).toContain('/account/resetpassword?token=[redacted]&x=1');
    } finally {
      await logged.close();
    }
  });
});
