import { describe, expect, it } from 'vitest';
import { formatSeconds, progressLine } from '../../server/db/seed/seed-progress.ts';

describe("npm run seed's progress line", () => {
  const startTime = 1_000_000;

  it('while products go in: bar, count, rate, time so far, time left and the phase running', () => {
    const line = progressLine(
      { value: 25_000, total: 100_000, startTime, eta: 95 },
      { phase: 'insert variant_offers', phaseStartedAt: startTime + 24_000 },
      startTime + 25_000,
      8,
    );
    expect(line).toBe('Products ██░░░░░░ 25% 25,000/100,000 | 1,000/s | 25 s so far, ~1 min 35 s left | insert variant_offers (1.0 s)');
  });

  it('before the first pass: no rate to estimate from, so no time left is claimed', () => {
    const line = progressLine({ value: 0, total: 100_000, startTime, eta: 0 }, { phase: 'migrate', phaseStartedAt: startTime }, startTime + 2_000, 4);
    expect(line).toContain('~? left | migrate (2.0 s)');
  });

  it('after the products: the step that runs and for how long, no made-up estimate', () => {
    const line = progressLine(
      { value: 100_000, total: 100_000, startTime, eta: 0 },
      { phase: 'rebuild area summaries', phaseStartedAt: startTime + 100_000 },
      startTime + 163_000,
    );
    expect(line).toBe('Finishing: rebuild area summaries (1 min 03 s) | 2 min 43 s so far');
  });

  it('formats seconds for people', () => {
    expect([formatSeconds(3.21), formatSeconds(42.4), formatSeconds(125), formatSeconds(Number.POSITIVE_INFINITY)]).toEqual([
      '3.2 s',
      '42 s',
      '2 min 05 s',
      '?',
    ]);
  });
});
