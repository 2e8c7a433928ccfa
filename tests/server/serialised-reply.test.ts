import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePublicCaching } from '../../server/http/caching.ts';
import { compressionOptions } from '../../server/http/compression.ts';
import { sendSerialised } from '../../server/http/serialised-reply.ts';
import { SerialisedJson } from '../../server/services/platform/serialised-json.ts';

/**
 * Decision 063: a reply serialised once goes out as the app's own pipeline (JSON, ETag, compression) would send the
 * same value, whatever the client accepts. Two routes of one app answer the same value, one the ordinary way, one
 * from a SerialisedJson.
 */
const big = { code: 1, data: { products: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Wild salmon fillet ${i}`, price: '12.50' })) } };
const small = { code: -1, message: 'No products.' };
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  usePublicCaching(app);
  await app.register(fastifyCompress, compressionOptions);
  const kept = { big: new SerialisedJson(big), small: new SerialisedJson(small) };
  // The two paths of publicCatalogueReads' listing route, one each.
  app.get('/connect/index/category', async (request, reply) =>
    sendSerialised(request, reply, (request.query as { size?: string }).size === 'small' ? kept.small : kept.big),
  );
  app.post('/connect/index/filters', async (request) => ((request.query as { size?: string }).size === 'small' ? small : big));
  await app.ready();
});
afterAll(() => app.close());

describe('a serialised reply', () => {
  for (const size of ['big', 'small']) {
    for (const encoding of [undefined, 'br', 'gzip', 'gzip, deflate, br, zstd', 'deflate', '*', 'identity', 'br;q=0, gzip;q=0.5']) {
      it(`is the ordinary reply's bytes and headers (${size}, accept-encoding ${encoding ?? 'none'})`, async () => {
        const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
        const ordinary = await app.inject({ method: 'POST', url: `/connect/index/filters?size=${size}`, headers });
        // Twice: the second sends the encoding made by the first.
        for (let i = 0; i < 2; i++) {
          const kept = await app.inject({ method: 'GET', url: `/connect/index/category?size=${size}`, headers });
          expect(kept.statusCode).toBe(200);
          expect(kept.rawPayload.equals(ordinary.rawPayload)).toBe(true);
          for (const header of ['etag', 'content-encoding', 'content-type', 'cache-control', 'vary']) {
            expect(kept.headers[header], header).toBe(ordinary.headers[header]);
          }
        }
      });
    }
  }

  it('answers 304 to its own tag without a body or an encoding', async () => {
    const first = await app.inject({ method: 'GET', url: '/connect/index/category', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({
      method: 'GET',
      url: '/connect/index/category',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});
