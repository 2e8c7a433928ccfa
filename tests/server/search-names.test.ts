import { assert } from 'superstruct';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply, type ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import type { SpeedValue } from '../../src/rules/speeds.ts';
import type { Database } from '../../server/db/schema.ts';
import { readQuery } from '../../server/services/catalogue/search-dictionary.ts';
import { rankedFromNames } from '../../server/services/catalogue/search-name-matches.ts';
import { searchDescriptions } from '../../server/services/catalogue/search-descriptions.ts';
import { heldForms, searchNames } from '../../server/services/catalogue/search-names.ts';
import { rankedProducts } from '../../server/services/catalogue/search-ranking.ts';
import { searchWords } from '../../server/services/catalogue/search.ts';
import { searchVocabulary } from '../../server/services/catalogue/search-vocabulary.ts';
import { cacheBudgets } from '../../server/services/platform/cache-budgets.ts';
import { chicago, newYork, query } from './catalogue-helpers.ts';
import { onPostgresRun } from './database-images.ts';
import { statementCounter } from './statement-counter.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * Search's names from memory (search-names.ts, decision 064): the same ranking as the postings walked in the database,
 * for every kind of text, and coherent with catalogue writes on every instance (as several-instances.test.ts checks
 * the other caches: two apps on PostgreSQL, one on PGlite).
 */
let first: TestApp;
let second: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  first = await startTestApp();
  second = onPostgresRun() ? await startTestApp({ sameDatabaseAs: first }) : first;
  db = first.database.db;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

/** Texts of every kind from the catalogue's own words: whole, typed with a slip, half typed, two words, run together. */
async function texts(): Promise<string[]> {
  const vocabulary = await searchVocabulary(db);
  const words = vocabulary.words
    .filter((w) => w.inNames > 0)
    .sort((a, b) => b.inNames - a.inNames || (a.word < b.word ? -1 : 1))
    .map((w) => w.joined);
  const found = new Set<string>(['zzqxv', 'beef chicken', 't bone', 'rib eye', 'the', 'and beef', 'grass fed', 'stake', 'lambchop']);
  words.slice(0, 30).forEach((word, i) => {
    const next = words[(i * 7 + 3) % words.length] ?? 'beef';
    found.add(word);
    if (word.length > 3) found.add(`${word.slice(0, 2)}${word.slice(3)}`);
    if (word.length > 4) found.add(`${word.slice(0, 2)}${word[3] ?? ''}${word[2] ?? ''}${word.slice(4)}`);
    found.add(word.slice(0, Math.max(2, Math.ceil(word.length / 2))));
    found.add(`${word} ${next}`);
    found.add(`${next} ${word.slice(0, 3)}`);
    found.add(`${word}${next}`);
  });
  return [...found];
}

describe('names from memory rank as the postings in the database', () => {
  it('gives the same ranking for every text, area and speed', async () => {
    const index = await searchNames(db);
    // Descriptions from memory too: searches never wait for the index's load, so it is loaded first.
    await searchDescriptions(db);
    if (!index) throw new Error('the index is over its budget at the test catalogue');
    const vocabulary = await searchVocabulary(db);
    let compared = 0;
    let named = 0;
    let described = 0;
    for (const text of await texts()) {
      const words = searchWords(text);
      for (const [locId, speed] of [
        [newYork.loc_id, undefined],
        [chicago.loc_id, 'local'],
        [newYork.loc_id, 'courier'],
      ] as const satisfies readonly (readonly [number, SpeedValue | undefined])[]) {
        for (let count = words.length; count > 0; count--) {
          const read = readQuery(vocabulary, words.slice(0, count));
          const fromMemory = await rankedFromNames(db, index, vocabulary, read, locId, speed, 20);
          const fromDatabase = await rankedProducts(db, read, locId, speed, 20);
          expect(fromMemory.ranked, `${text} (${count} words) in ${locId} ${speed ?? ''}`).toEqual(fromDatabase.ranked);
          compared += 1;
          if (fromMemory.ranked.some((r) => r.tier < 2)) named += 1;
          if (fromMemory.ranked.some((r) => r.tier === 2)) described += 1;
        }
      }
    }
    // The texts did reach the names, not only the descriptions.
    expect(compared).toBeGreaterThan(200);
    expect(named).toBeGreaterThan(compared / 2);
    // And the descriptions (from memory since decision 067: search-descriptions.ts), for texts with fewer names than a page.
    expect(described).toBeGreaterThan(compared / 10);
  });

  it('asks the database nothing for a text whose names fill the page, once the index and its forms are read', async () => {
    const counter = statementCounter();
    const counted = first.database.db.withPlugin(counter.plugin);
    const vocabulary = await searchVocabulary(counted);
    const index = await searchNames(counted);
    if (!index) throw new Error('no index');
    const read = readQuery(vocabulary, ['salmon']);
    await rankedFromNames(counted, index, vocabulary, read, newYork.loc_id, undefined, 20);
    const before = counter.count();
    for (const text of ['chicken thigh', 'salmn', 'rib st', 'chick']) {
      const ranking = await rankedFromNames(counted, index, vocabulary, readQuery(vocabulary, searchWords(text)), newYork.loc_id, undefined, 1);
      expect(ranking.ranked.length, text).toBeGreaterThan(0);
    }
    expect(counter.count() - before).toBe(0);
    expect(heldForms(counted).forms).toBeGreaterThan(vocabulary.words.length);
  });

  it('weighs within its budget, and a search is answered from the database when it does not fit', async () => {
    const index = await searchNames(db);
    expect(index?.bytes).toBeGreaterThan(0);
    expect(index?.bytes).toBeLessThan(cacheBudgets.searchNames);
    expect(await searchNames(db, (index?.bytes ?? 0) - 1)).toBeUndefined();
  });
});

const area = { store_id: 1, loc_id: newYork.loc_id, zipcode: newYork.zipcode, courier_type: '', page: 0, limit: 20 };

async function search(t: TestApp, q: string): Promise<ListingReply> {
  const response = await t.app.inject({ method: 'POST', url: `/connect/index/search?${query({ ...area, q })}` });
  const body = json(response);
  expect(response.statusCode).toBe(200);
  assert(body, listingReply);
  return body;
}

const foundIds = async (t: TestApp, q: string) => (await search(t, q)).data?.products.map((p) => p.id) ?? [];

/** Asks `read` until it says yes, for at most `withinMs`; the time it took. */
async function timeUntil(read: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await read()) return performance.now() - start;
    if (performance.now() - start > withinMs) throw new Error(`not so after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('names in memory follow the catalogue on every instance', () => {
  it('finds a product added, renamed, priced, out of stock or removed through one instance within a second on the other', async () => {
    const template = await db.selectFrom('products').selectAll().where('name', 'ilike', '%salmon%').orderBy('id').executeTakeFirstOrThrow();
    // Both instances hold their index before the writes.
    expect(await foundIds(second, 'quokkafillet')).toEqual([]);
    expect((await foundIds(second, 'salmon')).length).toBeGreaterThan(0);

    const added = await db
      .insertInto('products')
      .values({ name: 'Quokkafillet Supreme', description: 'A test cut.', category_id: template.category_id, kind: template.kind, popularity: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const variant = await db
      .insertInto('product_variants')
      .values({
        product_id: added.id,
        bottle_size: 500,
        brand_name: 'Test',
        product_type: 'Fresh',
        product_category: 'Fish',
        price_cents: 1000,
        maximum_price_cents: 1200,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shop = await db.selectFrom('variant_offers').select('loc_id').where('area_loc_id', '=', newYork.loc_id).executeTakeFirstOrThrow();
    await db
      .insertInto('variant_offers')
      .values({ variant_id: variant.id, loc_id: shop.loc_id, area_loc_id: newYork.loc_id, speed: 'local', price_cents: 1000, stock: 5 })
      .execute();
    expect(await timeUntil(async () => (await foundIds(second, 'quokkafillet')).includes(added.id), 1000)).toBeLessThan(1000);

    await db.updateTable('products').set({ name: 'Wombatloin Supreme' }).where('id', '=', added.id).execute();
    expect(await timeUntil(async () => (await foundIds(second, 'wombatloin')).includes(added.id), 1000)).toBeLessThan(1000);
    expect(await foundIds(second, 'quokkafillet')).not.toContain(added.id);

    // A price or stock change is in no name: the product stays found, its card at the new price.
    await db.updateTable('variant_offers').set({ price_cents: 777, stock: 0 }).where('variant_id', '=', variant.id).execute();
    const priced = async () => (await search(second, 'wombatloin')).data?.products.find((p) => p.id === added.id)?.child[0]?.price === '7.77';
    expect(await timeUntil(priced, 1000)).toBeLessThan(1000);

    await db.deleteFrom('variant_offers').where('variant_id', '=', variant.id).execute();
    await db.deleteFrom('product_variants').where('id', '=', variant.id).execute();
    await db.deleteFrom('products').where('id', '=', added.id).execute();
    expect(await timeUntil(async () => !(await foundIds(second, 'wombatloin')).includes(added.id), 1000)).toBeLessThan(1000);
  });
});
