import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listingReply, type ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import { cacheLookups } from '../../server/services/platform/metrics.ts';
import { cachedListingPages } from '../../server/services/catalogue/listing-replies.ts';
import { onPostgresRun } from './database-images.ts';
import { newYork, query, within } from './catalogue-helpers.ts';
import { statementCounter } from './statement-counter.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 063: the first pages of a listing are sent from memory, as serialised the first time, and a product's
 * price or stock change (through any instance: on PostgreSQL a second app on the same database) empties the pages of
 * its categories within a second.
 */
const counter = statementCounter();
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp({ wrapDb: (db) => db.withPlugin(counter.plugin) });
  second = onPostgresRun() ? await startTestApp({ sameDatabaseAs: first }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

const FISH = 1005;
const BEEF = 1002;

const pageUrl = (params: Record<string, string | number>) =>
  `/connect/index/category?${query({ store_id: 1, ...newYork, limit: 20, page: 0, ...params })}`;

async function raw(t: TestApp, url: string, encoding?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
  expect(response.statusCode).toBe(200);
  const bytes = response.rawPayload;
  const coding = response.headers['content-encoding'];
  const text = (coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  return { text, headers: response.headers, bytes };
}

async function listingOf(t: TestApp, params: Record<string, string | number>): Promise<ListingReply> {
  const body: unknown = JSON.parse((await raw(t, pageUrl(params))).text);
  assert(body, listingReply);
  return body;
}

async function hits(): Promise<number> {
  const metric = await cacheLookups.get();
  return metric.values.find((v) => v.labels.cache === 'listing-replies' && v.labels.outcome === 'hit')?.value ?? 0;
}

describe('listing replies from memory', () => {
  it('sends a first page again without a statement, the same bytes, tag and encoding as the first time', async () => {
    const url = pageUrl({ catid: BEEF, sort: 'name_asc' });
    await raw(first, url);
    for (const encoding of [undefined, 'gzip, deflate, br', 'gzip', 'identity']) {
      const before = counter.count();
      const hitsBefore = await hits();
      const again = [await raw(first, url, encoding), await raw(first, url, encoding)];
      const [a, b] = again;
      if (!a || !b) throw new Error('two replies');
      expect(b.text).toBe(a.text);
      expect(b.bytes.equals(a.bytes)).toBe(true);
      for (const header of ['etag', 'content-encoding', 'content-type', 'cache-control', 'vary']) expect(b.headers[header]).toBe(a.headers[header]);
      expect(await hits()).toBeGreaterThan(hitsBefore);
      expect(counter.count() - before).toBe(0);
    }
    // A 304 from the kept tag, as from a fresh one.
    const { headers } = await raw(first, url, 'br');
    const revalidated = await first.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('makes a page past the first ones each time (a crawl does not push the first pages out)', async () => {
    // Its rows may come from the area's index in memory (decision 077), with no statement: what is not kept is the reply.
    const deep = pageUrl({ catid: FISH, page: cachedListingPages });
    const hitsBefore = await hits();
    const [a, b] = [await raw(first, deep, 'br'), await raw(first, deep, 'br')];
    expect(b.text).toBe(a.text);
    expect(await hits()).toBe(hitsBefore);
  });

  it('an area not served or an unknown category is answered as before and not kept', async () => {
    const unknown = await listingOf(first, { catid: 999_999 });
    expect(unknown.code).toBe(-1);
    const hitsBefore = await hits();
    await listingOf(first, { catid: 999_999 });
    expect(await hits()).toBe(hitsBefore);
  });

  it("a price change empties the pages of the product's categories on every instance within a second, and keeps the others'", async () => {
    const page = await listingOf(second, { catid: FISH });
    const card = page.data?.products[0];
    if (!card) throw new Error('fish has products');
    await listingOf(second, { catid: BEEF });
    const newPrices = card.child.map(() => '123.45').join(',');
    expect(card.child.map((size) => size.price).join(',')).not.toBe(newPrices);

    const variants = first.database.db.selectFrom('product_variants').select('id').where('product_id', '=', card.id);
    await first.database.db.updateTable('variant_offers').set({ price_cents: 123_45 }).where('variant_id', 'in', variants).execute();
    await within(1000, async () => {
      const again = await listingOf(second, { catid: FISH });
      return (
        again.data?.products
          .find((p) => p.id === card.id)
          ?.child.map((size) => size.price)
          .join(',') === newPrices
      );
    });
    // Beef does not list the fish: its page stays in memory. While the change is matched to its categories every kept
    // page is passed by, and on a busy machine that can outlast the fish's new price showing: first the fish's page is
    // kept again (a hit), so the matching is over.
    await expect
      .poll(async () => {
        const before = await hits();
        await listingOf(second, { catid: FISH });
        return (await hits()) > before;
      })
      .toBe(true);
    const hitsBefore = await hits();
    await listingOf(second, { catid: BEEF });
    expect(await hits()).toBe(hitsBefore + 1);
  });

  it('a stock change (the last units taken) shows the card out of stock on every instance within a second', async () => {
    const page = await listingOf(second, { catid: FISH, sort: 'price_asc' });
    const card = page.data?.products.find((p) => p.stock_status === 'in stock');
    if (!card) throw new Error('fish has a product in stock');
    const variants = first.database.db.selectFrom('product_variants').select('id').where('product_id', '=', card.id);
    await first.database.db.updateTable('variant_offers').set({ stock: 0 }).where('variant_id', 'in', variants).execute();
    await within(1000, async () => {
      const again = await listingOf(second, { catid: FISH, sort: 'price_asc' });
      const now = again.data?.products.find((p) => p.id === card.id);
      return now === undefined || now.stock_status === 'out of stock';
    });
  });
});
