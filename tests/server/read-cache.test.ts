import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/services/platform/read-cache.ts';

describe('ReadCache', () => {
  it('shares one load between concurrent misses', async () => {
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 1000, staleMs: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
  });

  it('serves a stale value once while reloading, and drops it when too old', async () => {
    let now = 0;
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 100, staleMs: 100, now: () => now });
    let next = 1;
    const load = async () => next++;
    expect(await cache.get('k', load)).toBe(1);
    now = 150;
    expect(await cache.get('k', load)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('k', load)).toBe(2);
    now = 1000;
    expect(await cache.get('k', load)).toBe(3);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ReadCache<string>({ maxEntries: 2, freshMs: 1000, staleMs: 0 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<number>({ maxEntries: 2, freshMs: 1000, staleMs: 0 });
    await expect(cache.get('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 7)).toBe(7);
  });
});
