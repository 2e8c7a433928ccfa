import Fastify, { type FastifyInstance } from 'fastify';
import { define, number, object, string } from 'superstruct';
import { coerce } from '../../src/api/contract/coerce.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors.ts';
import { rememberedQueryParser } from '../../server/http/validate.ts';

/**
 * Decision 065: a GET route's query is checked once per query string. The struct here counts its checks, so the test
 * sees which requests were checked and which were answered from what an earlier identical string parsed to.
 */
let checks = 0;
const page = coerce(
  define<number>('page', (value) => {
    checks += 1;
    return (typeof value === 'number' && Number.isInteger(value) && value >= 0) || 'page must be a whole number.';
  }),
  string(),
  (text) => Number(text),
);
const struct = object({ page, note: coerce(number(), string(), (text) => text.length) });
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  const parse = rememberedQueryParser(struct, 2);
  app.setErrorHandler((error, _request, reply) => reply.status(error instanceof HttpError ? error.statusCode : 500).send(error));
  app.get('/q', async (request) => parse(request));
  // The route's own say (a refused restaurant's query, decision 065's parser): not kept when it says no.
  const parseKept = rememberedQueryParser(struct, 2);
  app.get('/k', async (request) => parseKept(request, (value) => value.note !== 2));
  await app.ready();
});
afterAll(() => app.close());

async function get(query: string): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({ method: 'GET', url: `/q?${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('a query parsed once per query string', () => {
  it('checks a query string the first time only, and answers the same value after', async () => {
    const before = checks;
    expect(await get('page=3&note=abc')).toEqual({ status: 200, body: { page: 3, note: 3 } });
    expect(await get('page=3&note=abc')).toEqual({ status: 200, body: { page: 3, note: 3 } });
    expect(checks - before).toBe(1);
    // Another string (even the same fields in another order) is checked on its own.
    expect(await get('note=abc&page=3')).toEqual({ status: 200, body: { page: 3, note: 3 } });
    expect(checks - before).toBe(2);
  });

  it('refuses an invalid query with its 400 every time, never remembering it', async () => {
    const before = checks;
    for (let i = 0; i < 2; i++) {
      const refused = await get('page=-1&note=x');
      expect(refused.status).toBe(400);
    }
    expect(checks - before).toBe(2);
  });

  it('keeps at most maxEntries strings (the oldest goes) and never a long one', async () => {
    await get('page=1&note=a');
    await get('page=2&note=a');
    await get('page=4&note=a');
    const before = checks;
    // page=1 was the oldest of three with room for two: checked again; page=4 is still remembered.
    await get('page=1&note=a');
    await get('page=4&note=a');
    expect(checks - before).toBe(1);
    const long = `page=5&note=${'x'.repeat(300)}`;
    const beforeLong = checks;
    expect((await get(long)).status).toBe(200);
    expect((await get(long)).status).toBe(200);
    expect(checks - beforeLong).toBe(2);
  });

  it('does not keep a valid value the route refuses to keep, so it cannot push out the ones kept', async () => {
    await app.inject({ method: 'GET', url: '/k?page=1&note=a' });
    const before = checks;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: `/k?page=${i}&note=no` });
    // Each refused-to-keep string is checked every time; the kept one is still kept.
    await app.inject({ method: 'GET', url: '/k?page=0&note=no' });
    await app.inject({ method: 'GET', url: '/k?page=1&note=a' });
    expect(checks - before).toBe(4);
  });
});
