import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProducts } from '../../server/services/catalogue/search.ts';
import { allowedEdits, editDistance, oneLetterDeletions, splits } from '../../server/services/catalogue/search-spelling.ts';
import { newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

describe('spelling', () => {
  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('tnua', 'tuna')).toBe(1);
    expect(editDistance('salmn', 'salmon')).toBe(1);
    expect(editDistance('sirlion', 'sirloin')).toBe(1);
    expect(editDistance('stake', 'steak')).toBe(2);
    expect(editDistance('beef', 'chicken', 2)).toBe(3);
  });

  it('forgives nothing in 1–2 letters, one edit up to 5, two from 6', () => {
    expect([2, 3, 5, 6, 9].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('lists one-letter deletions and two-part splits', () => {
    expect(oneLetterDeletions('beef').sort()).toEqual(['bee', 'beef', 'bef', 'eef']);
    expect(splits('lambchop')).toContainEqual(['lamb', 'chop']);
    expect(splits('tbone')).toEqual([]);
  });
});

describe('the search dictionary follows product writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const word = async (w: string) =>
    (
      await sql<{
        joined: string;
        in_names: number;
        in_categories: boolean;
      }>`select joined, in_names, in_categories from search_words where word = ${w}`.execute(t.database.db)
    ).rows[0];

  it('holds words of names, descriptions and categories, without bare numbers', async () => {
    expect(await word('salmon')).toMatchObject({ joined: 'salmon' });
    expect(await word('t-bone')).toMatchObject({ joined: 'tbone' });
    expect(await word('wagyu')).toMatchObject({ in_categories: true });
    expect(await word('16')).toBeUndefined();
  });

  it('learns a renamed product’s words and forgets the old ones, and search finds it by a typo', async () => {
    const product = await t.database.db.selectFrom('products').select(['id', 'name']).where('name', '=', 'Oxtail').executeTakeFirstOrThrow();
    await t.database.db.updateTable('products').set({ name: 'Braising Oxtail Zanzibarian' }).where('id', '=', product.id).execute();
    expect(await word('zanzibarian')).toMatchObject({ in_names: 1 });
    // Found once the write's notice has arrived: at once on PGlite, a moment later on PostgreSQL (LISTEN is asynchronous).
    const found = async () => {
      const reply = await searchProducts(t.database.db, { text: 'zanzibrian', locId: newYork.loc_id, page: 0, limit: 5 });
      return reply.kind === 'results' ? reply.data.products.map((p) => p.id) : [];
    };
    // Far from what a quiet machine needs: beside stress-ng and the unit suite a reload took over 10 s.
    await expect.poll(found, { timeout: 45_000 }).toContain(product.id);
    await t.database.db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
    expect(await word('zanzibarian')).toBeUndefined();
  });
});
