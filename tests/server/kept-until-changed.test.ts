import { describe, expect, it } from 'vitest';
import { KeptUntilChanged } from '../../server/services/platform/kept-until-changed.ts';

/** Decision 078: calendars and sessions kept per database, never older than a drop, maxAgeMs or their own expiry. */
describe('kept until changed', () => {
  const made = () => {
    let now = 1000;
    // Each value weighs its length: three of 10 bytes fill the budget.
    const kept = new KeptUntilChanged<number, string>({ maxAgeMs: 60_000, maxBytes: 30, sizeOf: (value) => value.length, now: () => now });
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

  it('forgets an entry older than maxAgeMs or at its own until', () => {
    const { kept, tick } = made();
    kept.store(kept.generation, 1, 'one');
    tick(60_001);
    expect(kept.get(1)).toBeUndefined();
    kept.store(kept.generation, 2, 'expires soon', 1000 + 60_001 + 500);
    tick(499);
    expect(kept.get(2)).toBe('expires soon');
    tick(1);
    expect(kept.get(2)).toBeUndefined();
  });

  it('holds at most maxBytes, dropping the oldest stored first, and keeps no value heavier than the budget', () => {
    const { kept } = made();
    for (const id of [1, 2, 3]) kept.store(kept.generation, id, `ten bytes${id}`);
    expect(kept.bytes).toBe(30);
    kept.store(kept.generation, 4, 'ten bytes4');
    expect([kept.get(1), kept.get(2), kept.get(3), kept.get(4)]).toEqual([undefined, 'ten bytes2', 'ten bytes3', 'ten bytes4']);
    // Stored again under its key: weighed once, not twice.
    kept.store(kept.generation, 4, 'five5');
    expect(kept.bytes).toBe(25);
    kept.store(kept.generation, 5, 'x'.repeat(31));
    expect(kept.get(5)).toBeUndefined();
    expect(kept.bytes).toBe(25);
    kept.drop();
    expect(kept.bytes).toBe(0);
  });
});
