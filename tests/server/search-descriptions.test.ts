import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { searchDescriptions } from '../../server/services/catalogue/search-descriptions.ts';
import { offerKeys } from '../../server/services/catalogue/search-ranking.ts';
import { parseTsquery } from '../../server/services/catalogue/search-tsquery.ts';
import { cacheBudgets } from '../../server/services/platform/cache-budgets.ts';
import { chicago, newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Description matches from memory (search-descriptions.ts, decision 067): every match of the stemmed query ranked
 * (not the first 1,000 of the full-text index's bitmap as search_in_descriptions), so they are the statement's answer
 * without its candidate limit, for every kind of query: a word, a prefix, `&`, `|`, a phrase. search-names.test.ts
 * compares the whole ranking with the statement's for ~200 texts.
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** What search_in_descriptions answers without its candidate limit: every match in the area, by popularity then id. */
async function everyMatch(query: string, keys: readonly number[]): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select p.id from products p join search_names n on n.product_id = p.id
    where p.search_vector @@ to_tsquery('english', ${query}) and n.offer_keys && ${keys}::int[]
    order by p.popularity desc, p.id limit 300`.execute(db);
  return rows.rows.map((r) => r.id);
}

describe('description matches from memory', () => {
  it('are every match of the query in the area, by popularity then id', async () => {
    const index = await searchDescriptions(db);
    if (!index) throw new Error('the index is over its budget at the test catalogue');
    let found = 0;
    for (const query of [
      'beef',
      'chicken & thigh',
      'salmon | trout',
      'fillet:*',
      'fresh & ( wild | farm:* )',
      't-bone & steak',
      'grass-fed',
      'zzqxv',
      'bone:*',
    ]) {
      // The stemmed query as to_tsquery reads it, then matched in memory.
      const stemmedText = (await sql<{ q: string }>`select to_tsquery('english', ${query})::text as q`.execute(db)).rows[0]?.q ?? '';
      const tree = parseTsquery(stemmedText);
      for (const [locId, speed] of [
        [newYork.loc_id, undefined],
        [chicago.loc_id, 'local'],
        [newYork.loc_id, 'pickup'],
      ] as const) {
        const keys = offerKeys(locId, speed);
        const fromMemory = tree ? index.matching(tree, keys).map((r) => r.id) : [];
        expect(fromMemory, `${query} in ${locId} ${speed ?? ''}`).toEqual(await everyMatch(query, keys));
        found += fromMemory.length;
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('weighs within its budget, and is not used when it does not fit', async () => {
    const index = await searchDescriptions(db);
    expect(index?.size).toBeGreaterThan(0);
    expect(index?.bytes).toBeLessThan(cacheBudgets.searchDescriptions);
    expect(await searchDescriptions(db, (index?.bytes ?? 0) - 1)).toBeUndefined();
  });
});
