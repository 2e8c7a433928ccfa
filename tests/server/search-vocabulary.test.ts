import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { searchProducts, whenSearchLoaded } from '../../server/services/catalogue/search.ts';
import { oneLetterDeletions } from '../../server/services/catalogue/search-spelling.ts';
import { searchVocabulary, trigrams } from '../../server/services/catalogue/search-vocabulary.ts';
import { cacheBudgets } from '../../server/services/platform/cache-budgets.ts';
import { sameDatabase } from '../../server/services/platform/catalogue-changes.ts';
import { newYork } from './catalogue-helpers.ts';
import { statementCounter } from './statement-counter.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * The dictionary in memory (search-vocabulary.ts, decision 021's revision): it must answer as search_words' indexes
 * do, follow product writes through search_words_version, and leave one statement per search.
 */
const counter = statementCounter();

let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db.withPlugin(counter.plugin);
  // As the app's own plugin handles: its caches hear the catalogue's changes (the name index is dropped by them).
  sameDatabase(db, t.database.db);
});
afterAll(async () => {
  await t.close();
});

const sorted = (words: readonly { word: string }[]) => [...new Set(words.map((w) => w.word))].sort();
const typed = ['salmn', 'sirlion', 'chiken', 'tenderlion', 'bratwrust', 'prosciuto', 'yelowfin', 'porterhous', 'hallibut', 'ribeye'];

describe('the vocabulary in memory', () => {
  it('finds the words pg_trgm finds similar', async () => {
    const vocabulary = await searchVocabulary(t.database.db);
    for (const word of typed) {
      const expected = await sql<{ word: string }>`select word from search_words where joined % ${word}`.execute(t.database.db);
      expect(sorted(vocabulary.similar(word)), word).toEqual(sorted(expected.rows));
    }
    const grams = await sql<{ grams: string[] }>`select show_trgm('beef') as grams`.execute(t.database.db);
    expect([...trigrams('beef')].sort()).toEqual([...(grams.rows[0]?.grams ?? [])].sort());
  });

  it('finds the words sharing a one-letter deletion, and a prefix’s most common completions', async () => {
    const vocabulary = await searchVocabulary(t.database.db);
    for (const word of typed) {
      const deletions = oneLetterDeletions(word);
      const expected = await sql<{ word: string }>`select word from search_words where search_word_deletes(joined) && ${deletions}::text[]`.execute(
        t.database.db,
      );
      expect(sorted(vocabulary.sharingDeletion(deletions)), word).toEqual(sorted(expected.rows));
    }
    const completions = await sql<{ word: string }>`
      select word from search_words where joined like 'sa%' and joined <> 'sa' order by in_names desc, in_texts desc, word`.execute(t.database.db);
    expect(sorted(vocabulary.completions('sa', 100))).toEqual(sorted(completions.rows));
  });
});

describe('a search, in statements', () => {
  const search = (text: string) => searchProducts(db, { text, locId: newYork.loc_id, page: 0, limit: 20 });
  const counted = async (text: string) => {
    const before = counter.count();
    await search(text);
    return counter.count() - before;
  };

  it('takes no statement once the vocabulary, the name index, the cards and the descriptions are in memory', async () => {
    // Names from memory (decision 064): a page of name matches asks the database nothing. The catalogue's commonest
    // name word, as typed and with a slip, fills a page of 5 (the test catalogue has fewer than 20 of any word in an area).
    const common = [...(await searchVocabulary(db)).words].sort((a, b) => b.inNames - a.inNames)[0]?.joined ?? 'chicken';
    // Searches never wait for the structures' loads (they use the database meanwhile): loaded first.
    await whenSearchLoaded(db);
    const pageOfFive = (text: string) => searchProducts(db, { text, locId: newYork.loc_id, page: 0, limit: 5 });
    for (const text of [common, `${common.slice(0, 2)}${common.slice(3)}`]) {
      const found = await pageOfFive(text);
      expect(found.kind === 'results' ? found.data.products.length : 0, text).toBe(5);
      const before = counter.count();
      await pageOfFive(text);
      expect(counter.count() - before, text).toBe(0);
    }
    // Fewer than a page of names: the descriptions, from memory too since decision 067 (one statement before).
    for (const text of ['grass fed']) {
      const found = await search(text);
      expect(found.kind === 'results' ? found.data.products.length : 0, text).toBeGreaterThan(0);
      expect(await counted(text), text).toBe(0);
    }
    // No word means anything: nothing to ask (the index knows the version it was read with).
    await search('zzqxv');
    expect(await counted('zzqxv')).toBe(0);
    // Nothing has both words: their descriptions, then 'beef' alone (the last word dropped), whose names in the area
    // are fewer than a page in the test catalogue: its descriptions too (two statements before decision 067).
    await search('beef chicken');
    expect(await counted('beef chicken')).toBe(0);
  });

  it('reads the vocabulary again when a product write changed it, and finds the new word', async () => {
    await search('salmon');
    const product = await t.database.db.selectFrom('products').select(['id', 'name']).where('name', '=', 'Oxtail').executeTakeFirstOrThrow();
    await t.database.db.updateTable('products').set({ name: 'Oxtail Quokkaburger' }).where('id', '=', product.id).execute();
    try {
      // Found once the write's notice has arrived: at once on PGlite, a moment later on PostgreSQL, whose LISTEN
      // delivers it asynchronously (decision 042: within a second), with the vocabulary read again for the new word in
      // the background (decision 067). Beside stress-ng and the unit suite that reload once took over 10 s: the wait
      // is kept far from what a quiet machine needs.
      await expect
        .poll(
          async () => {
            const found = await search('quokkaburgr');
            return found.kind === 'results' ? found.data.products.map((p) => p.id) : [];
          },
          { timeout: 45_000 },
        )
        .toContain(product.id);
      // Names, cards and descriptions all in memory again once loaded (the descriptions were one statement before
      // decision 067), after one search reads the new vocabulary's stemmed forms.
      await whenSearchLoaded(db);
      await search('quokkaburgr');
      expect(await counted('quokkaburgr')).toBe(0);
    } finally {
      await t.database.db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
    }
  });
});

describe('the vocabulary’s byte budget (decision 053)', () => {
  it('weighs far under its budget at the test catalogue, and is kept only within the budget', async () => {
    const vocabulary = await searchVocabulary(t.database.db);
    expect(vocabulary.bytes).toBeGreaterThan(0);
    expect(vocabulary.bytes).toBeLessThan(cacheBudgets.searchVocabulary);
    expect(await searchVocabulary(t.database.db)).toBe(vocabulary);
    // A fresh handle has no vocabulary yet; with a budget below its weight each search loads its own.
    const fresh = t.database.db.withPlugin(counter.plugin);
    const first = await searchVocabulary(fresh, 0, vocabulary.bytes - 1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = await searchVocabulary(fresh, 0, vocabulary.bytes - 1);
    expect(second).not.toBe(first);
    expect(second.bytes).toBe(first.bytes);
  });
});
