import { describe, expect, it } from 'vitest';
import { BatchCache } from '../../server/services/platform/batch-cache.ts';

describe('BatchCache', () => {
  it('loads only what is missing, in one call, and keeps the order asked for', async () => {
    const cache = new BatchCache<number, string>({ maxEntries: 100, freshMs: 1000, staleMs: 0 });
    const calls: number[][] = [];
    const load = async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    };
    expect(await cache.getMany([1, 2, 3], load)).toEqual(['v1', 'v2']);
    expect(await cache.getMany([4, 3, 2, 1], load)).toEqual(['v4', 'v2', 'v1']);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('shares a load between concurrent callers', async () => {
    const cache = new BatchCache<number, number>({ maxEntries: 100, freshMs: 1000, staleMs: 0 });
    let loads = 0;
    const load = async (keys: number[]) => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Map(keys.map((k) => [k, k * 10]));
    };
    const [a, b] = await Promise.all([cache.getMany([1, 2], load), cache.getMany([2, 1], load)]);
    expect(a).toEqual([10, 20]);
    expect(b).toEqual([20, 10]);
    expect(loads).toBe(1);
  });

  it('serves stale values while refreshing them, and forgets expired ones', async () => {
    let now = 0;
    const cache = new BatchCache<string, number>({ maxEntries: 100, freshMs: 10, staleMs: 10, now: () => now });
    let version = 1;
    const load = async (keys: string[]) => new Map(keys.map((k) => [k, version]));
    expect(await cache.getMany(['a'], load)).toEqual([1]);
    version = 2;
    now = 15;
    expect(await cache.getMany(['a'], load)).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.getMany(['a'], load)).toEqual([2]);
    version = 3;
    now = 100;
    expect(await cache.getMany(['a'], load)).toEqual([3]);
  });

  it('stays within maxEntries and survives a failed load', async () => {
    const cache = new BatchCache<number, number>({ maxEntries: 3, freshMs: 1000, staleMs: 0 });
    await cache.getMany([1, 2, 3, 4, 5], async (keys) => new Map(keys.map((k) => [k, k])));
    expect(cache.size).toBe(3);
    await expect(cache.getMany([9], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getMany([9], async () => new Map([[9, 9]]))).toEqual([9]);
  });
});
