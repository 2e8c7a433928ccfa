import { describe, expect, it } from 'vitest';
import { untakeable } from '../e2e/untakeable.ts';
import { allTransitions } from '../machines/path-coverage.ts';
import { loadMachines } from './load-machines.ts';

// Loads every machine (the first file of its worker to do so pays the imports): 54 s once at load 20.
describe('untakeable transitions (tests/e2e/reach/untakeable.ts)', { timeout: 180_000 }, () => {
  it('names only transitions the machines have, each with a reason', async () => {
    const machines = new Map((await loadMachines()).map((entry) => [entry.machine.id, entry.machine]));
    const unknown: string[] = [];
    for (const [id, transitions] of Object.entries(untakeable)) {
      const machine = machines.get(id);
      for (const [key, reason] of Object.entries(transitions)) {
        if (!machine || !allTransitions(machine).has(key)) unknown.push(`${id}: ${key}`);
        expect(reason.length).toBeGreaterThan(20);
      }
    }
    expect(unknown).toEqual([]);
  });
});
