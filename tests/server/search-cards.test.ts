import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeedValue } from '../../src/rules/speeds.ts';
import type { Database } from '../../server/db/schema.ts';
import { productSummaries } from '../../server/services/catalogue/product-summaries.ts';
import { cardStore, searchCards } from '../../server/services/catalogue/search-cards.ts';
import { searchProducts, whenSearchLoaded } from '../../server/services/catalogue/search.ts';
import { cacheBudgets } from '../../server/services/platform/cache-budgets.ts';
import { catalogueChanged } from '../../server/services/platform/catalogue-changes.ts';
import { chicago, newYork } from './catalogue-helpers.ts';
import { statementCounter } from './statement-counter.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * A search page's cards from memory (search-cards.ts, decision 067): the same cards productSummaries reads from the
 * database, for every product, area and speed; no statement for them once the store is loaded; a price or stock
 * change (a `product:<id>` notice) and any other change (`all`) followed at once. Searches never wait for the store's
 * load (search-loading.test.ts): these tests wait for it (cardStore) before asking for what only the store answers.
 */
const counter = statementCounter();
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const pairs = [
  [newYork.loc_id, undefined],
  [chicago.loc_id, undefined],
  [newYork.loc_id, 'courier'],
  [chicago.loc_id, 'local'],
  [newYork.loc_id, 'dine-in'],
  [newYork.loc_id, 'pickup'],
  [chicago.loc_id, 'pickup'],
] as const satisfies readonly (readonly [number, SpeedValue | undefined])[];

/** What the card cache would answer: productSummaries with the delivery speeds for any delivery courier_type. */
const fromDatabase = (ids: number[], locId: number, speed: SpeedValue | undefined) =>
  productSummaries(db, ids, locId, speed === 'dine-in' || speed === 'pickup' ? speed : undefined);

/** The ids of a search's first page, asked through `handle`. */
async function searchedIds(handle: Kysely<Database>, text: string): Promise<number[]> {
  const result = await searchProducts(handle, { text, locId: newYork.loc_id, page: 0, limit: 20 });
  return result.kind === 'results' ? result.data.products.map((p) => p.id) : [];
}

describe('a search page’s cards from memory', () => {
  it('are the database’s cards for every product, area and speed', async () => {
    const ids = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(50);
    // Searches never wait for the store (they use the card cache meanwhile): loaded first, so these pages read it.
    expect(await cardStore(db)).toBeDefined();
    let cards = 0;
    for (const [locId, speed] of pairs) {
      // In pages, in the order a ranking gives (not by id), as search asks.
      const shuffled = [...ids].sort((a, b) => ((a * 7919) % 101) - ((b * 7919) % 101) || a - b);
      for (let start = 0; start < shuffled.length; start += 20) {
        const page = shuffled.slice(start, start + 20);
        const expected = await fromDatabase(page, locId, speed);
        expect(await searchCards(db, page, locId, speed), `${locId} ${speed ?? ''} from ${start}`).toEqual(expected);
        cards += expected.length;
      }
    }
    // The catalogue had cards in every pair, visits included, not only empty pages.
    expect(cards).toBeGreaterThan(ids.length);
    const visits = await searchCards(db, ids, newYork.loc_id, 'dine-in');
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.every((card) => card.speed_types.every((s) => s === 'dine-in'))).toBe(true);
  });

  it('send no statement for a page once the store is loaded, nor does the rest of a search', async () => {
    // Its own handle: the caches are per handle, so these searches load the index and the store through the counter.
    const counted = db.withPlugin(counter.plugin);
    await searchedIds(counted, 'salmon');
    // The first search only started the loads (it does not wait for them); once they are done, one more reads the
    // vocabulary's stemmed forms.
    await whenSearchLoaded(counted);
    await searchedIds(counted, 'salmon');
    const ids = (await db.selectFrom('products').select('id').orderBy('id', 'desc').execute()).map((r) => r.id);
    for (const [locId, speed] of pairs) {
      const before = counter.count();
      expect((await searchCards(counted, ids.slice(0, 20), locId, speed)).length).toBeGreaterThan(0);
      expect(counter.count() - before, `${locId} ${speed ?? ''}: statements`).toBe(0);
    }
    // Each text's page first seen here, so the card cache never held it, and most have fewer names than a page, so
    // their descriptions are read too (search-descriptions.ts): none of it from the database.
    for (const text of ['chicken', 'beef', 'lamb', 'pork', 'salmn', 'steak', 'ribeye', 'wagyu', 'lean', 'fresh from']) {
      const before = counter.count();
      expect((await searchedIds(counted, text)).length, text).toBeGreaterThan(0);
      expect(counter.count() - before, `${text}: statements`).toBe(0);
    }
  });

  it('weigh within their budget, and come from the card cache when they do not fit', async () => {
    const store = await cardStore(db);
    if (!store) throw new Error('the store is over its budget at the test catalogue');
    expect(store.bytes).toBeGreaterThan(0);
    expect(store.bytes).toBeLessThan(cacheBudgets.searchCards);
    expect(await cardStore(db, store.bytes - 1)).toBeUndefined();
    const ids = [...store.productIds].slice(0, 20);
    expect(await searchCards(db, ids, newYork.loc_id, undefined, store.bytes - 1)).toEqual(await fromDatabase(ids, newYork.loc_id, undefined));
  });
});

describe('a search page’s cards follow the catalogue', () => {
  it('show a price or stock change at once, and a product removed from an area is left out', async () => {
    const offer = await db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .select(['variant_offers.id', 'product_variants.product_id'])
      .where('variant_offers.area_loc_id', '=', newYork.loc_id)
      .where('variant_offers.speed', '=', 'local')
      .orderBy('variant_offers.id')
      .executeTakeFirstOrThrow();
    const page = [offer.product_id];
    await cardStore(db);
    await db
      .updateTable('variant_offers')
      .set({ price_cents: 1, stock: 0 })
      .where('variant_id', 'in', db.selectFrom('product_variants').select('id').where('product_id', '=', offer.product_id))
      .execute();
    // What buildApp does with the database's notice, here without waiting for it; the card cache hears a turn's
    // product notices together, in a microtask (decision 086), before any later request could read it.
    catalogueChanged(db, { productId: offer.product_id });
    await Promise.resolve();
    const priced = await searchCards(db, page, newYork.loc_id, undefined);
    expect(priced).toEqual(await fromDatabase(page, newYork.loc_id, undefined));
    expect(priced[0]?.child.some((size) => size.price === '0.01')).toBe(true);
    expect(priced[0]?.stock_status).toBe('out of stock');

    // An offer moved out of the area: an `all` notice, and the next page reads a new store.
    await db
      .deleteFrom('variant_offers')
      .where('variant_id', 'in', db.selectFrom('product_variants').select('id').where('product_id', '=', offer.product_id))
      .where('area_loc_id', '=', newYork.loc_id)
      .execute();
    catalogueChanged(db, 'all');
    // Meanwhile the card cache answers (it dropped the product on the same notice), then the new store.
    expect(await searchCards(db, page, newYork.loc_id, undefined)).toEqual(await fromDatabase(page, newYork.loc_id, undefined));
    await cardStore(db);
    const moved = await searchCards(db, page, newYork.loc_id, undefined);
    expect(moved).toEqual(await fromDatabase(page, newYork.loc_id, undefined));

    // A first picture of its own (the seed's are all the placeholder's URL), and none at all: an `all` notice each.
    const other = await db
      .selectFrom('product_images')
      .select('product_id')
      .where('position', '=', 0)
      .where('product_id', '!=', offer.product_id)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const pictured = [other.product_id, offer.product_id];
    await db
      .updateTable('product_images')
      .set({ url: '/media/products/own/first.webp' })
      .where('product_id', '=', other.product_id)
      .where('position', '=', 0)
      .execute();
    await db.deleteFrom('product_images').where('product_id', '=', offer.product_id).execute();
    catalogueChanged(db, 'all');
    await cardStore(db);
    const cards = await searchCards(db, pictured, chicago.loc_id, undefined);
    expect(cards).toEqual(await fromDatabase(pictured, chicago.loc_id, undefined));
    expect(cards.map((card) => card.image)).toContain('/media/products/own/first.webp');
  });
});
