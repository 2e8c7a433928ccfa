import { PostgresQueryCompiler, type KyselyPlugin } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply, type ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import { priceBucketValue, priceBuckets } from '../../src/rules/listing.ts';
import { noSelection } from '../../server/services/catalogue/listing-index.ts';
import { listingPage, type ListingPageRequest } from '../../server/services/catalogue/listing-page.ts';
import { cachedListingPages } from '../../server/services/catalogue/listing-replies.ts';
import { newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 069: a listing's filter panel and size are read once per area × category × speed and kept; the listing's
 * other pages, sorts and filters send one statement without the panel's reads, and answer exactly as before.
 */
const sent: string[] = [];
const recorder: KyselyPlugin = {
  transformQuery(args) {
    sent.push(new PostgresQueryCompiler().compileQuery(args.node, args.queryId).sql);
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ wrapDb: (db) => db.withPlugin(recorder) });
});
afterAll(async () => {
  await t.close();
});

const FISH = 1005;
const BEEF = 1002;
/** The panel's own reads: the listing's size from the facets and the size and category options. */
const readsPanel = (sql: string) => sql.includes("f.kind = 'all'") || sql.includes('panel as materialized');

/**
 * A listing page that reaches the statement: past the kept replies (decision 063), and filtered, since unfiltered pages
 * come from the area's index in memory once it is loaded (decisions 071, 077). The filter (a minimum price of $0)
 * keeps every product, so the page lists what the unfiltered listing does.
 */
async function deepListing(params: {
  catid: number;
  page?: number;
  sort?: string;
  courier_type?: string;
}): Promise<{ reply: ListingReply; statements: string[] }> {
  const before = sent.length;
  const { catid, ...rest } = params;
  const response = await t.app.inject({
    method: 'POST',
    url: '/connect/index/filters',
    payload: { store_id: 1, ...newYork, limit: 20, page: cachedListingPages, parent_category_id: catid, minprice: 0, ...rest },
  });
  expect(response.statusCode).toBe(200);
  const body: unknown = JSON.parse(response.body);
  assert(body, listingReply);
  // The listing's own statements (the first request also loads the served areas and the category tree).
  return { reply: body, statements: sent.slice(before).filter((sql) => sql.includes('area_category_products')) };
}

describe('listing panels from memory', () => {
  it('reads the panel with the first page of a listing, then sends one statement without it for its other pages and sorts', async () => {
    const first = await deepListing({ catid: BEEF });
    expect(first.statements).toHaveLength(1);
    expect(first.statements.filter(readsPanel)).toHaveLength(1);
    const others: Parameters<typeof deepListing>[0][] = [
      { catid: BEEF, page: cachedListingPages + 1 },
      { catid: BEEF, sort: 'price_desc' },
      { catid: BEEF, sort: 'name_asc', page: cachedListingPages + 2 },
    ];
    for (const params of others) {
      const other = await deepListing(params);
      expect({ params, statements: other.statements.length, panelReads: other.statements.filter(readsPanel).length }).toEqual({
        params,
        statements: 1,
        panelReads: 0,
      });
      expect(other.reply.data?.filters).toEqual(first.reply.data?.filters);
      expect(other.reply.data?.pagination.total_records).toBe(first.reply.data?.pagination.total_records);
    }
    // Another speed is another panel (its offers differ): read once again.
    const courier = await deepListing({ catid: BEEF, courier_type: 'courier' });
    expect(courier.statements.filter(readsPanel)).toHaveLength(1);
  });

  it('answers every page, sort, speed and filter exactly as the whole statement does', async () => {
    const { db } = t.database;
    const base: ListingPageRequest = {
      categoryId: FISH,
      locId: newYork.loc_id,
      speed: undefined,
      order: 'default',
      offset: 0,
      limit: 5,
      selection: noSelection,
    };
    for (const speed of [undefined, 'courier', 'local'] as const) {
      const { panel } = await listingPage(db, { ...base, speed });
      const variants: ListingPageRequest[] = [
        { ...base, speed, order: 'price_asc' },
        { ...base, speed, order: 'name_desc', offset: 5 },
        { ...base, speed, offset: 10_000 },
        { ...base, speed, selection: { ...noSelection, priceRanges: priceBuckets.slice(0, 2) } },
        { ...base, speed, selection: { ...noSelection, sizes: [500, 1000] } },
        { ...base, speed, selection: { ...noSelection, minCents: 1000, maxCents: 5000 } },
      ];
      for (const request of variants) {
        const whole = await listingPage(db, request);
        const slim = await listingPage(db, request, panel);
        expect({ request, page: slim }).toEqual({ request, page: whole });
      }
    }
  });

  it("a price change drops the panel of the product's categories within a second: the next page reads it again", async () => {
    await deepListing({ catid: FISH });
    const kept = await deepListing({ catid: FISH, sort: 'price_asc' });
    expect(kept.statements.filter(readsPanel)).toHaveLength(0);
    const topBucket = priceBuckets.at(-1);
    if (!topBucket) throw new Error('price buckets');
    const product = await t.database.db
      .selectFrom('product_categories')
      .select('product_id')
      .where('category_id', '=', FISH)
      .executeTakeFirstOrThrow();
    // Every offer of one fish in the top price bucket: the panel offers that bucket afterwards, whatever it did before.
    const variants = t.database.db.selectFrom('product_variants').select('id').where('product_id', '=', product.product_id);
    await t.database.db
      .updateTable('variant_offers')
      .set({ price_cents: topBucket.minCents + 1_000_00 })
      .where('variant_id', 'in', variants)
      .execute();
    const start = performance.now();
    let after = await deepListing({ catid: FISH });
    while (after.statements.filter(readsPanel).length === 0) {
      if (performance.now() - start > 1000) throw new Error('the panel was still kept a second after the change');
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await deepListing({ catid: FISH });
    }
    const priceOptions = after.reply.data?.filters.find((f) => f.parameter === 'priceranges')?.options.map((o) => o.value);
    expect(priceOptions).toContain(priceBucketValue(topBucket));
  });
});
