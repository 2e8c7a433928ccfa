import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cardCacheOptions } from '../../server/services/catalogue/cached-summaries.ts';
import { areaCacheOptions, categoryCacheOptions } from '../../server/services/catalogue/catalogue-cache.ts';
import { homeCacheOptions } from '../../server/services/catalogue/home.ts';
import { listingReplyCacheOptions, type ListingReplyEntry } from '../../server/services/catalogue/listing-replies.ts';
import { firstPictureCacheOptions, productDetailCacheOptions } from '../../server/services/catalogue/product-detail.ts';
import { BatchCache } from '../../server/services/platform/batch-cache.ts';
import { cacheBudgets, jsonBytes } from '../../server/services/platform/cache-budgets.ts';
import { ReadCache } from '../../server/services/platform/read-cache.ts';
import { SerialisedJson } from '../../server/services/platform/serialised-json.ts';

/**
 * Every in-process cache is bounded by bytes, not entries (decision 053): filled with twice its budget of values
 * shaped like its own, each keeps under its budget, still holds what it stored last, and answers (without keeping)
 * a value heavier than the whole budget.
 */

/** A value of about `bytes` bytes of JSON, shaped like a catalogue reply (a card, a page, a home). */
const valueOf = (key: number, bytes: number) => ({ id: key, name: `Product ${key}`, description: 'x'.repeat(Math.max(0, bytes - 60)) });

async function fillPast<V extends NonNullable<unknown>>(cache: ReadCache<V>, budget: number, make: (key: number) => V): Promise<number> {
  let stored = 0;
  let key = 0;
  while (stored <= 2 * budget) {
    const value = make(key);
    stored += jsonBytes(value);
    await cache.get(String(key), async () => value);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    key += 1;
  }
  return key - 1;
}

const readCaches = [
  { cache: 'home pages', options: homeCacheOptions, budget: cacheBudgets.home, make: (key: number) => valueOf(key, 40_000) },
  { cache: 'product pages', options: productDetailCacheOptions, budget: cacheBudgets.productDetail, make: (key: number) => valueOf(key, 10_000) },
  {
    cache: 'first pictures',
    options: firstPictureCacheOptions,
    budget: cacheBudgets.firstPictures,
    make: (key: number) => `/media/products/${key}/first-picture-of-the-product-${key}.webp`,
  },
  {
    cache: 'the category tree',
    options: categoryCacheOptions,
    budget: cacheBudgets.categories,
    make: (key: number) => Array.from({ length: 500 }, (_, i) => ({ id: key * 1000 + i, name: `Category ${i}`, parent_id: i > 10 ? i % 10 : null })),
  },
  {
    cache: 'the served areas',
    options: areaCacheOptions,
    budget: cacheBudgets.serviceAreas,
    make: (key: number) => new Set(Array.from({ length: 2_000 }, (_, i) => key * 10_000 + i)),
  },
] as const;

describe('each read cache keeps under its byte budget', () => {
  for (const { cache: name, options, budget, make } of readCaches) {
    it(`${name}: ${budget} bytes`, async () => {
      expect(options.maxBytes).toBe(budget);
      const cache = new ReadCache<NonNullable<ReturnType<typeof make>>>(options);
      const last = await fillPast(cache, budget, make);
      expect(cache.bytes).toBeGreaterThan(0);
      // The last value stored is still there: its load is not asked again.
      const reloaded = make(-1);
      expect(await cache.get(String(last), async () => reloaded)).not.toBe(reloaded);
      // One value heavier than the whole budget: answered, not kept.
      const heavyCache = new ReadCache<string>(options);
      const heavy = 'y'.repeat(budget + 1);
      expect(await heavyCache.get('heavy', async () => heavy)).toBe(heavy);
      expect(heavyCache.bytes).toBe(0);
      expect(await heavyCache.get('heavy', async () => 'loaded again')).toBe('loaded again');
    });
  }
});

describe('the card cache keeps under its byte budget', () => {
  it(`product cards: ${cacheBudgets.productCards} bytes`, async () => {
    expect(cardCacheOptions.maxBytes).toBe(cacheBudgets.productCards);
    const cards = new BatchCache<number, ReturnType<typeof valueOf>>({
      ...cardCacheOptions,
      keyOf: (id) => String(id),
      loadMany: async (ids) => ids.map((id) => valueOf(id, 600)),
    });
    const perCard = jsonBytes(valueOf(0, 600));
    const pages = Math.ceil((2 * cacheBudgets.productCards) / perCard / 50);
    for (let page = 0; page < pages; page++) {
      await cards.getMany(Array.from({ length: 50 }, (_, i) => page * 50 + i));
      expect(cards.bytes).toBeLessThanOrEqual(cacheBudgets.productCards);
    }
    // Full, and about as many cards as the budget holds.
    expect(cards.bytes).toBeGreaterThan(cacheBudgets.productCards - perCard * 50);
  });
});

describe('the listing reply cache keeps under its byte budget', () => {
  it(`listing replies: ${cacheBudgets.listingReplies} bytes, each weighed with room for its encodings`, async () => {
    expect(listingReplyCacheOptions.maxBytes).toBe(cacheBudgets.listingReplies);
    const replies = new ReadCache<ListingReplyEntry>(listingReplyCacheOptions);
    const entryOf = (key: number) => ({ categoryId: key % 7, reply: new SerialisedJson(valueOf(key, 15_000)) });
    let stored = 0;
    let key = 0;
    while (stored <= 2 * cacheBudgets.listingReplies) {
      const entry = entryOf(key);
      stored += entry.reply.bytes;
      await replies.get(String(key), async () => entry);
      // Encoded after it was stored, as a reply is when first sent: its weight already counted the room.
      entry.reply.encoded('gzip', (body) => gzipSync(body));
      expect(replies.bytes).toBeLessThanOrEqual(cacheBudgets.listingReplies);
      expect(entry.reply.bytes).toBeGreaterThanOrEqual(
        Buffer.byteLength(entry.reply.body) + entry.reply.encoded('gzip', () => Buffer.alloc(0)).length,
      );
      key += 1;
    }
    expect(replies.bytes).toBeGreaterThan(cacheBudgets.listingReplies - 2 * entryOf(0).reply.bytes);
  });
});
