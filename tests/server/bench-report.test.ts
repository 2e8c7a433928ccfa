import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { benchRows, fmtSpread, latencies, loadAverages, percentile, processCpuMs, seededRandom, spread, type BenchRow } from '../../bench/measure.ts';
import { resultsReport } from '../../bench/run-all-report.ts';

const row = (overrides: Partial<BenchRow>): BenchRow => ({
  bench: 'listings',
  row: 'category pages',
  database: 'pglite',
  products: 100_000,
  connections: 10,
  repeat: 1,
  requests: 100,
  p50: 5,
  p95: 10,
  p99: 20,
  max: 100,
  failed: 0,
  loadBefore: 0.5,
  loadAfter: 0.7,
  ...overrides,
});

describe('bench measuring code (bench/measure.ts)', () => {
  it('takes nearest-rank percentiles of every request', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(
      percentile(
        [...values].sort((a, b) => a - b),
        95,
      ),
    ).toBe(95);
    expect(latencies(values)).toEqual({ requests: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(Number.isNaN(latencies([]).p99)).toBe(true);
  });

  it('gives the median and range over repeats', () => {
    expect(spread([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30 });
    expect(fmtSpread(spread([12, 12.2, 15]))).toBe('12 (12–15)');
    expect(fmtSpread(spread([NaN]))).toBe('–');
  });

  it('draws the same keys from the same seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(15)).toEqual(draw(15));
    expect(draw(15)).not.toEqual(draw(16));
    expect(draw(15).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it("reads a process's CPU time from /proc, and 0 for one that is not there", () => {
    expect(processCpuMs(process.pid)).toBeGreaterThanOrEqual(0);
    expect(processCpuMs(undefined)).toBe(0);
    expect(processCpuMs(2 ** 30)).toBe(0);
  });

  it('gives the three load averages to the digits a table uses', () => {
    expect(loadAverages()).toMatch(/^\d+\.\d \d+\.\d \d+\.\d$/);
    expect(loadAverages(2)).toMatch(/^\d+\.\d\d \d+\.\d\d \d+\.\d\d$/);
  });

  it('reads BENCH_JSON rows back with nothing-measured figures as NaN', () => {
    const written = JSON.parse(JSON.stringify([row({ p95: NaN, error: 'exit 1' })])) as unknown;
    const [read] = create(written, benchRows);
    expect(Number.isNaN(read?.p95)).toBe(true);
    expect(read?.error).toBe('exit 1');
    expect(() => create([{ bench: 'search' }], benchRows)).toThrow();
  });
});

describe('bench/RESULTS.md (bench/run-all-report.ts)', () => {
  const report = (rows: BenchRow[]) =>
    resultsReport({
      runs: [
        { key: 'pglite-100k', label: 'PGlite 100k', database: 'pglite', products: 100_000, rows },
        {
          key: 'postgres-100k',
          label: 'PostgreSQL 15 100K',
          database: 'postgres',
          products: 100_000,
          rows: rows.map((r) => ({ ...r, database: 'postgres' as const, p95: r.p95 * 2 })),
        },
      ],
      once: [],
      repeats: 3,
      minutes: 1,
      loadAtStart: '0.1 0.1 0.1',
      loadAtEnd: '0.2 0.1 0.1',
      partial: undefined,
    });

  it('meets a goal only when every repeat is within it, and shows the range', () => {
    const text = report([row({ repeat: 1, p99: 20 }), row({ repeat: 2, p99: 22 }), row({ repeat: 3, p99: 30 })]);
    expect(text).toContain('| PGlite 100k: category pages (10 conn.) | ≤ 25 | 22 (20–30) | 0.5–0.7 | **not met** |');
    const met = report([row({ repeat: 1, p99: 20 }), row({ repeat: 2, p99: 22 })]);
    expect(met).toContain('| PGlite 100k: category pages (10 conn.) | ≤ 25 | 20 (20–22) | 0.5–0.7 | met |');
  });

  it('says why a goal was not measured, and divides PostgreSQL by PGlite', () => {
    const text = report([row({}), row({ bench: 'checkout', row: '(the bench failed)', p99: NaN, error: 'exit 2: watchdog' })]);
    expect(text).toContain('**not measured**: repeat 1: exit 2: watchdog');
    expect(text).toContain('| listings: category pages (10 conn.) | 10 / 20 | 2.00 |');
  });
});
