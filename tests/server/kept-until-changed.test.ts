import { describe, expect, it } from 'vitest';
import { KeptUntilChanged } from '../../server/services/platform/kept-until-changed.ts';

/** Decision 078: calendars and sessions kept per database, never older than a drop, maxAgeMs or their own expiry. */
describe('kept until changed', () => {
  const made = () => {
    let now = 1000;
    const kept = new KeptUntilChanged<number, string>({ maxAgeMs: 60_000, maxEntries: 3, now: () => now });
    return { kept, tick: (ms: number) => (now += ms) };
  };

  it('answers what a read stored until a drop', () => {
    const { kept } = made();
    kept.store(kept.generation, 7, 'seven');
    expect(kept.get(7)).toBe('seven');
    expect(kept.get(8)).toBeUndefined();
    kept.drop();
    expect(kept.get(7)).toBeUndefined();
  });

  it('does not keep what a read that began before a drop found', () => {
    const { kept } = made();
    const began = kept.generation;
    kept.drop();
    kept.store(began, 7, 'read before the change');
    expect(kept.get(7)).toBeUndefined();
    kept.store(kept.generation, 7, 'read after it');
    expect(kept.get(7)).toBe('read after it');
  });

  it('forgets an entry older than maxAgeMs or at its own until, and starts again past maxEntries', () => {
    const { kept, tick } = made();
    kept.store(kept.generation, 1, 'one');
    tick(60_001);
    expect(kept.get(1)).toBeUndefined();
    kept.store(kept.generation, 2, 'expires soon', 1000 + 60_001 + 500);
    tick(499);
    expect(kept.get(2)).toBe('expires soon');
    tick(1);
    expect(kept.get(2)).toBeUndefined();
    for (const id of [1, 2, 3]) kept.store(kept.generation, id, String(id));
    expect(kept.size).toBe(3);
    kept.store(kept.generation, 4, 'four');
    expect(kept.size).toBe(1);
    expect(kept.get(4)).toBe('four');
  });
});
