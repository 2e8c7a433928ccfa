import { describe, expect, it } from 'vitest';
import { BatchCache } from '../../server/services/platform/batch-cache.ts';

/** A cache of numbers by id whose loader records every batch it is asked for; ids in `absent` have no value. */
function recordingCache(options: { maxEntries?: number; freshMs?: number; staleMs?: number; now?: () => number; absent?: number[] } = {}) {
  const batches: number[][] = [];
  let version = 1;
  let down = false;
  const cache = new BatchCache<number, string>({
    // One byte a value: the budget counts values here (the byte weights have their own test).
    maxBytes: options.maxEntries ?? 100,
    sizeOf: () => 1,
    freshMs: options.freshMs ?? 1000,
    staleMs: options.staleMs ?? 0,
    ...(options.now ? { now: options.now } : {}),
    keyOf: (id) => String(id),
    loadMany: async (ids) => {
      batches.push([...ids]);
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (down) throw new Error('db down');
      return ids.map((id) => (options.absent?.includes(id) ? undefined : `v${id}.${version}`));
    },
  });
  return {
    cache,
    batches,
    setVersion: (v: number) => (version = v),
    setDown: (d: boolean) => (down = d),
  };
}

describe('BatchCache (product cards of listings, search and similar items)', () => {
  it('loads only what is missing, in one call, remembers absent ones and keeps the order asked for', async () => {
    const { cache, batches } = recordingCache({ absent: [3] });
    expect(await cache.getMany([1, 2, 3])).toEqual(['v1.1', 'v2.1']);
    expect(await cache.getMany([4, 3, 2, 1])).toEqual(['v4.1', 'v2.1', 'v1.1']);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('shares a load between concurrent callers', async () => {
    const { cache, batches } = recordingCache();
    const [a, b] = await Promise.all([cache.getMany([1, 2]), cache.getMany([2, 1])]);
    expect(a).toEqual(['v1.1', 'v2.1']);
    expect(b).toEqual(['v2.1', 'v1.1']);
    expect(batches).toEqual([[1, 2]]);
  });

  it('serves stale values while refreshing them, and forgets expired ones', async () => {
    let now = 1_000;
    const { cache, setVersion } = recordingCache({ freshMs: 10, staleMs: 10, now: () => now });
    expect(await cache.getMany([1])).toEqual(['v1.1']);
    setVersion(2);
    now += 15;
    expect(await cache.getMany([1])).toEqual(['v1.1']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await cache.getMany([1])).toEqual(['v1.2']);
    setVersion(3);
    now += 100;
    expect(await cache.getMany([1])).toEqual(['v1.3']);
  });

  it('stays within maxEntries and survives a failed load', async () => {
    const { cache, batches, setDown } = recordingCache({ maxEntries: 3 });
    await cache.getMany([1, 2, 3, 4, 5]);
    batches.length = 0;
    expect(await cache.getMany([3, 4, 5])).toEqual(['v3.1', 'v4.1', 'v5.1']);
    expect(await cache.getMany([1])).toEqual(['v1.1']);
    expect(batches).toEqual([[1]]);
    setDown(true);
    await expect(cache.getMany([9])).rejects.toThrow('db down');
    setDown(false);
    expect(await cache.getMany([9])).toEqual(['v9.1']);
  });
});

describe('BatchCache when a batch load fails (a pool timeout under load)', () => {
  it('rejects every caller and leaves no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { cache, setDown } = recordingCache({ maxEntries: 3 });
      setDown(true);
      // Two pages of cards at once, more cards than the cache holds: one batch, every card of it failing.
      const outcomes = await Promise.allSettled([cache.getMany([1, 2, 3, 4, 5, 6, 7, 8]), cache.getMany([8, 9, 10])]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      // Node reports unhandled rejections once the microtask queue drains: one macrotask turn lets them show up.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      setDown(false);
      expect(await cache.getMany([1, 9])).toEqual(['v1.1', 'v9.1']);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
