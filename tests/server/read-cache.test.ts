import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/services/platform/read-cache.ts';

/** Lets a background reload finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock the test moves by hand (lru-cache takes a reading of 0 as "no time", so it starts later). */
function handClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ReadCache (the catalogue reads: home, listings, search, product page, category tree)', () => {
  it('shares one load between concurrent misses', async () => {
    const cache = new ReadCache<{ n: number }>({ maxBytes: 10, sizeOf: () => 1, freshMs: 1000, staleMs: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { n: 42 };
    };
    const answers = await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(answers.map((a) => a.n)).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
  });

  it('answers from memory while fresh, serves a stale value while reloading once, and waits when it is too old', async () => {
    const clock = handClock();
    const cache = new ReadCache<{ v: number }>({ maxBytes: 10, sizeOf: () => 1, freshMs: 100, staleMs: 100, now: clock.now });
    let loads = 0;
    const load = async () => {
      const v = ++loads;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { v };
    };
    expect((await cache.get('k', load)).v).toBe(1);
    clock.advance(50);
    expect((await cache.get('k', load)).v).toBe(1);
    expect(loads).toBe(1);

    clock.advance(100); // 150 ms old: stale, not yet too old
    expect((await cache.get('k', load)).v).toBe(1);
    expect((await cache.get('k', load)).v).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(2);
    expect((await cache.get('k', load)).v).toBe(2);

    clock.advance(1000); // far past freshMs + staleMs: the old value is not served
    expect((await cache.get('k', load)).v).toBe(3);
  });

  it('keeps serving the stale value when a reload fails, until it is too old', async () => {
    const clock = handClock();
    const cache = new ReadCache<{ v: string }>({ maxBytes: 10, sizeOf: () => 1, freshMs: 100, staleMs: 100, now: clock.now });
    expect((await cache.get('k', async () => ({ v: 'first' }))).v).toBe('first');
    clock.advance(150);
    const failing = async (): Promise<{ v: string }> => Promise.reject(new Error('db down'));
    expect((await cache.get('k', failing)).v).toBe('first');
    await settle();
    expect((await cache.get('k', failing)).v).toBe('first');
    await settle();
    clock.advance(100);
    await expect(cache.get('k', failing)).rejects.toThrow('db down');
  });

  it('keeps at most maxBytes (here one a value), dropping the least recently used', async () => {
    const cache = new ReadCache<{ v: string }>({ maxBytes: 2, sizeOf: () => 1, freshMs: 1000, staleMs: 0 });
    await cache.get('a', async () => ({ v: 'a' }));
    await cache.get('b', async () => ({ v: 'b' }));
    await cache.get('a', async () => ({ v: 'a2' }));
    await cache.get('c', async () => ({ v: 'c' }));
    expect((await cache.get('a', async () => ({ v: 'reloaded' }))).v).toBe('a');
    expect((await cache.get('c', async () => ({ v: 'reloaded' }))).v).toBe('c');
    expect((await cache.get('b', async () => ({ v: 'reloaded' }))).v).toBe('reloaded');
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<{ n: number }>({ maxBytes: 2, sizeOf: () => 1, freshMs: 1000, staleMs: 0 });
    await expect(cache.get('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('x', async () => ({ n: 7 }))).n).toBe(7);
  });
  it('drops what deleteWhere picks and everything on clear, and keeps no value whose load began before either', async () => {
    const cache = new ReadCache<{ v: string }>({ maxBytes: 10, sizeOf: () => 1, freshMs: 60_000, staleMs: 60_000 });
    await cache.get('1:a', async () => ({ v: 'one' }));
    await cache.get('2:a', async () => ({ v: 'two' }));
    cache.deleteWhere((key) => key.startsWith('1:'));
    expect((await cache.get('1:a', async () => ({ v: 'one again' }))).v).toBe('one again');
    expect((await cache.get('2:a', async () => ({ v: 'not loaded' }))).v).toBe('two');
    cache.clear();
    expect((await cache.get('2:a', async () => ({ v: 'two again' }))).v).toBe('two again');

    // A load that read the old rows and finishes after the change: its caller gets it, the cache does not keep it.
    let finish: (value: { v: string }) => void = () => undefined;
    const slow = cache.get('3:a', () => new Promise<{ v: string }>((resolve) => (finish = resolve)));
    cache.deleteWhere((key) => key.startsWith('9:'));
    finish({ v: 'read before the change' });
    expect((await slow).v).toBe('read before the change');
    await settle();
    expect((await cache.get('3:a', async () => ({ v: 'read after the change' }))).v).toBe('read after the change');
  });
});
