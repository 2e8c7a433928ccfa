import { describe, expect, it } from 'vitest';
import { SeedPhases } from '../../server/db/seed/seed-phases.ts';

describe("the seed's phase times (server/db/seed/seed-phases.ts)", () => {
  it('adds up a phase that runs many times, in the order the phases first ran', async () => {
    let cpu = 0;
    const phases = new SeedPhases(() => cpu);
    await phases.time('insert products', async () => {
      cpu += 30;
    });
    phases.timeSync('generate product rows (Node)', () => {
      cpu += 5;
    });
    await phases.time('insert products', async () => {
      cpu += 20;
    });
    const end = phases.start('commit');
    cpu += 1;
    end();
    expect(phases.entries().map(({ phase, cpuSeconds }) => [phase, cpuSeconds])).toEqual([
      ['insert products', 0.05],
      ['generate product rows (Node)', 0.005],
      ['commit', 0.001],
    ]);
    expect(phases.lines()).toHaveLength(3);
    expect(phases.lines()[0]).toMatch(/^ {2}insert products {14} +\d+\.\d s wall +0\.1 s CPU$/);
  });

  it('counts a phase that fails', async () => {
    const phases = new SeedPhases(() => 0);
    await expect(phases.time('rebuild area summaries', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(phases.entries().map((e) => e.phase)).toEqual(['rebuild area summaries']);
  });
});
