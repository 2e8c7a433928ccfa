import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { loadAreaListing } from '../../server/services/catalogue/listing-memory.ts';
import { readInChunks, useChunkSize } from '../../server/services/catalogue/load-in-chunks.ts';
import { loadCardStore } from '../../server/services/catalogue/search-cards.ts';
import { loadDescriptionIndex } from '../../server/services/catalogue/search-descriptions.ts';
import { loadNameIndex } from '../../server/services/catalogue/search-names.ts';
import { chicago, newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * The in-memory structures are read a chunk of products at a time (decision 076): whatever the chunk's size, a
 * structure read in chunks is the one read in a single statement. The test catalogue is smaller than a chunk, so it is
 * read again with chunks of a few products, a size that divides it or not.
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** `load` with chunks of `size` products. */
async function inChunksOf<T>(size: number, load: () => Promise<T>): Promise<T> {
  const undo = useChunkSize(size);
  try {
    return await load();
  } finally {
    undo();
  }
}

/** An object's fields that are not functions (an area index keeps its comparers as arrow functions of its own). */
const dataOf = (value: object | undefined) => Object.entries(value ?? {}).filter(([, field]) => typeof field !== 'function');

describe('readInChunks', () => {
  /** The chunks asked of a table of `ids`. */
  async function chunksAsked(ids: number[], limit: number): Promise<number[][]> {
    const asked: number[][] = [];
    await readInChunks(async (after, size) => {
      const chunk = ids.filter((id) => id > after).slice(0, size);
      asked.push(chunk);
      return { count: chunk.length, last: chunk.at(-1) ?? null, chars: 0 };
    }, limit);
    return asked;
  }

  it('reads every id once, in order, and stops at the first short chunk', async () => {
    expect(await chunksAsked([1, 2, 3, 5, 8, 13, 21], 3)).toEqual([[1, 2, 3], [5, 8, 13], [21]]);
    // A table whose size is a multiple of the chunk's ends with one empty chunk; an empty table asks once.
    expect(await chunksAsked([4, 9], 2)).toEqual([[4, 9], []]);
    expect(await chunksAsked([], 10)).toEqual([[]]);
    expect(await chunksAsked([7], 10)).toEqual([[7]]);
  });
});

describe('readInChunks with a budget', () => {
  it('stops once the texts read pass the budget by half, and says the structure would be too heavy', async () => {
    const asked: number[] = [];
    const read = async (after: number, size: number) => {
      asked.push(after);
      return { count: size, last: after + size, chars: 100 };
    };
    // 100 characters a chunk against a budget of 250 bytes: the fourth chunk passes 375.
    expect(await readInChunks(read, 10, 250)).toBe(false);
    expect(asked).toEqual([0, 10, 20, 30]);
    expect(await readInChunks(async () => ({ count: 3, last: 3, chars: 100 }), 10, 250)).toBe(true);
  });
});

describe('a structure over its budget', () => {
  it('is not built: its load stops early and answers nothing', async () => {
    const tiny = 64;
    expect(await inChunksOf(7, () => loadCardStore(db, tiny))).toBeUndefined();
    expect(await inChunksOf(7, () => loadNameIndex(db, tiny))).toBeUndefined();
    expect(await inChunksOf(7, () => loadDescriptionIndex(db, tiny))).toBeUndefined();
    expect(await inChunksOf(7, () => loadAreaListing(db, newYork.loc_id, 'delivery', tiny))).toBeUndefined();
    // Within its budget, the same load answers the structure.
    expect(await loadCardStore(db, 2 ** 30)).toBeDefined();
  });
});

describe('a structure read in chunks', () => {
  it('is the one read in a single statement', async () => {
    const products = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(products).toBeGreaterThan(20);
    // Sizes that divide the catalogue or leave a short last chunk, and a chunk of one product.
    for (const size of [1, 7, Math.ceil(products / 2)]) {
      expect(await inChunksOf(size, () => loadCardStore(db)), `card store, chunks of ${size}`).toEqual(await loadCardStore(db));
      expect(await inChunksOf(size, () => loadNameIndex(db)), `name index, chunks of ${size}`).toEqual(await loadNameIndex(db));
      expect(await inChunksOf(size, () => loadDescriptionIndex(db)), `description index, chunks of ${size}`).toEqual(await loadDescriptionIndex(db));
      for (const locId of [newYork.loc_id, chicago.loc_id]) {
        for (const channel of ['delivery', 'pickup']) {
          expect(dataOf(await inChunksOf(size, () => loadAreaListing(db, locId, channel))), `area ${locId} ${channel}, chunks of ${size}`).toEqual(
            dataOf(await loadAreaListing(db, locId, channel)),
          );
        }
      }
    }
  });
});
