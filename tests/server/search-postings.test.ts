import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryRecorder } from '../../server/db/query-recorder.ts';
import type { Database } from '../../server/db/schema.ts';
import { searchProducts, searchWords, whenSearchLoaded } from '../../server/services/catalogue/search.ts';
import { readQuery } from '../../server/services/catalogue/search-dictionary.ts';
import { offerKeys, rankedProducts } from '../../server/services/catalogue/search-ranking.ts';
import { searchVocabulary } from '../../server/services/catalogue/search-vocabulary.ts';
import { chicago, newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Search's postings (migration 018): per name word and product, in popularity order, with where the product is offered.
 * They must follow every catalogue write that changes what a search may list, and a search must read them by index.
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

/**
 * How long a write's notice may take to reach the app's search structures: at once on PGlite, a moment later on
 * PostgreSQL, whose LISTEN delivers it asynchronously (decision 042), so each check after a write polls; far longer than
 * a quiet machine needs (beside stress-ng and the unit suite a vocabulary reload took over 10 s).
 */
const notice = { timeout: 45_000 };

const foundIds = async (text: string, locId: number, limit = 50) => {
  const found = await searchProducts(db, { text, locId, page: 0, limit });
  return found.kind === 'results' ? found.data.products.map((p) => p.id) : [];
};

/** A product sold in New York's shops only: its offers elsewhere (other cities, courier, farms) removed. */
async function newYorkOnlyProduct(): Promise<{ id: number; name: string }> {
  const row = await sql<{ id: number; name: string }>`
    select p.id, p.name from products p
    where exists (select 1 from product_variants v join variant_offers o on o.variant_id = v.id where v.product_id = p.id and o.area_loc_id = ${newYork.loc_id})
    order by p.id desc limit 1`.execute(db);
  const product = row.rows[0];
  if (!product) throw new Error('The seed sells nothing in New York');
  await sql`delete from variant_offers o using product_variants v
    where v.id = o.variant_id and v.product_id = ${product.id} and o.area_loc_id is distinct from ${newYork.loc_id}`.execute(db);
  return product;
}

describe('search postings follow the catalogue', () => {
  it('encode the area and the speed a shopper may buy at', () => {
    expect(offerKeys(101, undefined).sort((a, b) => a - b)).toEqual([1, 2, 3, 809, 810, 811]);
    expect(offerKeys(101, 'dine-in')).toEqual([812, 4]);
  });

  it('hold one row per English word of each name, with the product’s offer keys', async () => {
    const product = await newYorkOnlyProduct();
    const rows = await sql<{ lexeme: string; offer_keys: number[] }>`
      select lexeme, offer_keys from search_postings where product_id = ${product.id} order by lexeme`.execute(db);
    const lexemes = await sql<{ lexeme: string }>`select unnest(tsvector_to_array(to_tsvector('english', ${product.name}))) as lexeme`.execute(db);
    expect(rows.rows.map((r) => r.lexeme).sort()).toEqual(lexemes.rows.map((r) => r.lexeme).sort());
    for (const row of rows.rows) expect(row.offer_keys.every((key) => Math.floor(key / 8) === newYork.loc_id)).toBe(true);
  });

  it('list a product in an area once an offer there is added, and no longer once it is removed', async () => {
    const product = await newYorkOnlyProduct();
    await expect.poll(() => foundIds(product.name, chicago.loc_id, 100), notice).not.toContain(product.id);
    const variant = await db.selectFrom('product_variants').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    const shop = await db.selectFrom('variant_offers').select('loc_id').where('area_loc_id', '=', chicago.loc_id).executeTakeFirstOrThrow();
    const offer = await db
      .insertInto('variant_offers')
      .values({ variant_id: variant.id, loc_id: shop.loc_id, area_loc_id: chicago.loc_id, speed: 'local', price_cents: 1234, stock: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect.poll(() => foundIds(product.name, chicago.loc_id, 100), notice).toContain(product.id);
    // A stock change alone (every order) leaves the postings as they are.
    await db.updateTable('variant_offers').set({ stock: 0 }).where('id', '=', offer.id).execute();
    await expect.poll(() => foundIds(product.name, chicago.loc_id, 100), notice).toContain(product.id);
    // Moved to another area: the keys follow.
    await db.updateTable('variant_offers').set({ area_loc_id: newYork.loc_id }).where('id', '=', offer.id).execute();
    await expect.poll(() => foundIds(product.name, chicago.loc_id, 100), notice).not.toContain(product.id);
    await db.deleteFrom('variant_offers').where('id', '=', offer.id).execute();
    await expect.poll(() => foundIds(product.name, newYork.loc_id, 100), notice).toContain(product.id);
  });

  it('follow a product’s popularity and name, and forget a deleted product', async () => {
    const product = await newYorkOnlyProduct();
    await db.updateTable('products').set({ popularity: 100_000 }).where('id', '=', product.id).execute();
    const words = product.name.toLowerCase().match(/[a-z]{4,}/g) ?? [];
    const word = words[words.length - 1] ?? '';
    await expect.poll(async () => (await foundIds(word, newYork.loc_id, 5))[0], notice).toBe(product.id);
    await db.updateTable('products').set({ name: 'Quetzalcoatl Cutlet' }).where('id', '=', product.id).execute();
    await expect.poll(() => foundIds('quetzalcoatl', newYork.loc_id), notice).toEqual([product.id]);
    const postings = await sql<{ n: number }>`select count(*)::int as n from search_postings where product_id = ${product.id}`.execute(db);
    expect(postings.rows[0]?.n).toBe(2);
    await db.deleteFrom('products').where('id', '=', product.id).execute();
    await expect.poll(() => foundIds('quetzalcoatl', newYork.loc_id), notice).toEqual([]);
    const left = await sql<{ n: number }>`select count(*)::int as n from search_postings where product_id = ${product.id}`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('a search’s plan', () => {
  it('reads name matches from memory, and from the postings’ walk index when the index is over its budget, never scanning them', async () => {
    for (const text of ['salmon', 'chicken thigh', 'salmn', 'rib st']) {
      // Names from memory (decision 064): no statement of the search reads the postings.
      const inMemory = new QueryRecorder(db);
      const recorded = db.withPlugin(inMemory);
      // Searches never wait for the index's load: loaded first (its statement reads search_names, not the postings).
      await whenSearchLoaded(recorded);
      await searchProducts(recorded, { text, locId: newYork.loc_id, page: 0, limit: 20 });
      expect(inMemory.queries.map((q) => q.sql).join('\n'), text).not.toMatch(/search_postings/);
      // Its fallback, the ranking statement (search-ranking.ts), reads them by index.
      const recorder = new QueryRecorder(db);
      const vocabulary = await searchVocabulary(db);
      await rankedProducts(db.withPlugin(recorder), readQuery(vocabulary, searchWords(text)), newYork.loc_id, undefined, 20);
      const plans: string[] = [];
      // The SET LOCAL of the description search is no query to plan.
      for (const query of recorder.queries.filter((q) => /^\s*(select|with)\b/i.test(q.sql))) {
        const explained = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
        plans.push(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      const all = plans.join('\n');
      expect(all, text).toMatch(/search_postings_walk_idx/);
      expect(all, text).not.toMatch(/Seq Scan on search_postings\b/);
    }
  });
});
