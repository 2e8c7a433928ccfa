import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCatalogueReads } from '../../server/http/caching.ts';
import { registeredRoutes } from '../../server/http/route-list.ts';
import { generousLimits } from './account-helpers.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: generousLimits });
});

afterAll(async () => {
  await t.close();
});

/** Whole Free-Range Chicken, offered in New York. */
const CHICKEN = 1;
const FISH = 1005;
const homepage = `/connect/index/homepage?${query({ store_id: 1, ...newYork })}`;

/** Every catalogue read, as a shopper's browser asks for it. */
const catalogueReads = [
  { method: 'GET', url: '/connect/index/categorylist?store_id=1&courier_type=' },
  { method: 'GET', url: homepage },
  { method: 'GET', url: '/connect/index/banners?store_id=1' },
  { method: 'GET', url: `/connect/index/category?${query({ store_id: 1, ...newYork, catid: FISH, page: 0, limit: 20 })}` },
  { method: 'POST', url: '/connect/index/filters', payload: { store_id: 1, ...newYork, parent_category_id: FISH, page: 0, limit: 20 } },
  { method: 'POST', url: `/connect/index/search?${query({ store_id: 1, ...newYork, page: 0, limit: 20 })}`, payload: { q: 'salmon' } },
  {
    method: 'GET',
    url: `/connect/index/product?${query({ store_id: 1, loc_id: newYork.loc_id, zipCode: newYork.zipcode, courier_type: '', prodid: CHICKEN })}`,
  },
] as const;

function read(request: (typeof catalogueReads)[number], headers: Record<string, string> = {}) {
  return t.app.inject({ method: request.method, url: request.url, headers, ...('payload' in request ? { payload: request.payload } : {}) });
}

describe('API replies on the wire', () => {
  it('a reply above 1 kB goes out in brotli or gzip as Accept-Encoding asks, the same JSON inside, with Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: homepage });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: homepage, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await t.app.inject({ method: 'GET', url: homepage, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('a small reply goes out as it is', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('catalogue reads a CDN may keep', () => {
  it('every catalogue read carries a strong ETag and public Cache-Control with stale-while-revalidate', async () => {
    for (const request of catalogueReads) {
      const reply = await read(request);
      expect({ url: request.url, status: reply.statusCode }).toEqual({ url: request.url, status: 200 });
      expect(reply.headers.etag).toMatch(/^"[\w-]{32}"$/);
      expect(reply.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    }
  });

  it('answers 304 with no body to If-None-Match with the current tag (also weak, also in a list), 200 to an old one', async () => {
    for (const request of catalogueReads) {
      const first = await read(request);
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"old", ${etag}`]) {
        const again = await read(request, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
        expect({ url: request.url, status: again.statusCode, body: again.body }).toEqual({ url: request.url, status: 304, body: '' });
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['content-type']).toBeUndefined();
      }
      const changed = await read(request, { 'if-none-match': '"an-older-body"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    }
  });

  it('the tag is taken from the body: another area, another tag; compressed or not, the same tag', async () => {
    const newYorkHome = await t.app.inject({ method: 'GET', url: homepage });
    const chicagoHome = await t.app.inject({ method: 'GET', url: `/connect/index/homepage?store_id=1&zipcode=60601&loc_id=103` });
    expect(chicagoHome.statusCode).toBe(200);
    expect(chicagoHome.headers.etag).not.toBe(newYorkHome.headers.etag);
    const compressed = await t.app.inject({ method: 'GET', url: homepage, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.etag).toBe(newYorkHome.headers.etag);
  });

  it('a refused read (400 naming the field) is never stored and has no tag', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/connect/index/homepage?store_id=1&loc_id=101' });
    expect(reply.statusCode).toBe(400);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers.etag).toBeUndefined();
  });

  it('only catalogue routes are public, and each one listed exists', () => {
    const served = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(publicCatalogueReads)) {
      expect(served.has(route), route).toBe(true);
      expect(route).toMatch(/^(GET|POST) \/connect\/index\//);
    }
  });

  it('personal replies (account, cart) stay private: no-store, no tag', async () => {
    const { token } = await signedInCustomer(t, 'wire-reader@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/account/mydashboard', headers: auth });
    const cart = await t.app.inject({ method: 'POST', url: '/api/cart/showcart', headers: auth, payload: {} });
    for (const reply of [dashboard, cart]) {
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers.etag).toBeUndefined();
    }
  });
});

describe('the built app on the wire', () => {
  let site: TestApp;
  let staticDir: string;
  const script = 'x'.repeat(4000);

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    const files: Record<string, Buffer> = {
      'index.html': Buffer.from(`<!doctype html><title>Store</title>${' '.repeat(2000)}`),
      'assets/index-AbC123xy.js': Buffer.from(script),
      'assets/photo-AbC123xy.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(3000).fill(7)]),
    };
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(staticDir, name);
      fs.writeFileSync(file, content);
      // What vite.config.ts's precompress step writes beside text files.
      if (!name.endsWith('.jpg')) {
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
        fs.writeFileSync(`${file}.gz`, gzipSync(content));
      }
    }
    site = await startTestApp({ seed: false, env: { STATIC_DIR: staticDir } });
  });

  afterAll(async () => {
    await site.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends a hashed script precompressed, cached for a year and immutable', async () => {
    const br = await site.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await site.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await site.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a picture as it is, even to a browser that accepts brotli', async () => {
    const photo = await site.app.inject({ method: 'GET', url: '/assets/photo-AbC123xy.jpg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.rawPayload.length).toBe(3004);
  });

  it('sends the HTML shell of a client route compressed and never cached without revalidation', async () => {
    const shell = await site.app.inject({ method: 'GET', url: '/store', headers: { 'accept-encoding': 'br' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<title>Store</title>');
  });

  it('answers HEAD for a client route as GET does, headers without the body', async () => {
    const get = await site.app.inject({ method: 'GET', url: '/store', headers: { 'accept-encoding': 'br' } });
    const head = await site.app.inject({ method: 'HEAD', url: '/store', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.rawPayload.length).toBe(0);
    const api = await site.app.inject({ method: 'HEAD', url: '/connect/index/nothing-here' });
    expect(api.statusCode).toBe(404);
  });
});
