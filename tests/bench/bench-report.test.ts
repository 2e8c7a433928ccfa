import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { benchRows, fmtSpread, loadAverages, processCpuMs, seededRandom, spread, type BenchRow } from '../../bench/lib/measure.ts';
import { latencies, median, percentile, percentileOf } from '../../bench/lib/percentiles.ts';
import { cpuFloor, resultsReport } from '../../bench/lib/run-all-report.ts';
import { readStoredReport, writeResults } from '../../bench/lib/results-store.ts';
import { readGenerated, resultsPath, writeGenerated, writeGeneratedSection } from '../../bench/lib/results-files.ts';
import { withSection } from '../../bench/lib/results-sections.ts';
import { startScriptRuntime } from '../../bench/lib/start-script.ts';

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

describe('bench measuring code (bench/lib/measure.ts, bench/lib/percentiles.ts)', () => {
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
    // Any order, one definition: the median of an even count is the lower middle value (nearest rank).
    expect(percentileOf([4, 1, 3, 2], 50)).toBe(2);
    expect(median([3, 1, 2])).toBe(2);
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

  it("reads npm start's node flags and environment, which the bench and journey servers run with", () => {
    const { env, execArgv } = startScriptRuntime();
    expect(env.NODE_ENV).toBe('production');
    expect(execArgv).toContain('--liftoff-only');
    expect(execArgv.every((flag) => flag.startsWith('--'))).toBe(true);
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

describe('bench/results/goals.generated.md (bench/lib/run-all-report.ts)', () => {
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

  it('gives a missed goal its cause, with the CPU floor of the rows that carry the server CPU', () => {
    const text = report([
      row({ p99: 80, cpuMsPerRequest: 4 }),
      row({ repeat: 2, p99: 90, cpuMsPerRequest: 5 }),
      row({ repeat: 3, p99: 85, cpuMsPerRequest: 6 }),
    ]);
    expect(text).toContain('**Why, and the next step.** The budget at 10 and 50 connections is a CPU budget.');
    expect(text).toContain(
      '- PGlite 100k: category pages (10 conn.): server CPU 5.0 (4.0–6.0) ms per request, so a mean wait of at least 50 ms at 10 at a time on one process',
    );
    expect(report([row({ p99: 20, max: 100 })])).not.toContain('Why, and the next step');
  });

  it('has no CPU floor without the CPU figure or without connections', () => {
    expect(cpuFloor({ connections: 10, repeats: [row({})] })).toBeUndefined();
    expect(cpuFloor({ connections: 0, repeats: [row({ cpuMsPerRequest: 3 })] })).toBeUndefined();
  });
});

describe('the last run kept on disk (bench/lib/results-store.ts)', () => {
  it('writes the goals file, the rows and the run, and writes the same goals file again from them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
    const app = row({ bench: 'bundle', row: 'first load of /store, gzip', unit: 'kB', connections: 0, p50: 70, p95: 70, p99: 70, max: 70 });
    writeResults(
      {
        runs: [
          {
            key: 'pglite-100k',
            label: 'PGlite 100k',
            database: 'pglite',
            products: 100_000,
            rows: [row({ cpuMsPerRequest: 2 })],
            seedSeconds: 118,
            seedLoad: '1 → 2',
          },
          {
            key: 'postgres-100k',
            label: 'PostgreSQL 15 100K',
            database: 'postgres',
            products: 100_000,
            rows: [row({ database: 'postgres', p99: 99 })],
          },
        ],
        once: [app],
        repeats: 3,
        minutes: 42,
        loadAtStart: '0.1 0.2 0.3',
        loadAtEnd: '1.0 1.0 1.0',
        partial: undefined,
        written: '2026-11-28T04:00',
        machine: '2 cores (a CPU), Node v20',
        notes: ['A seed ran beside repeat 2.'],
      },
      root,
    );
    const first = readGenerated('goals.generated.md', root);
    expect(first).toContain('on 2026-11-28T04:00 UTC, 2 cores (a CPU), Node v20; 42.0 minutes');
    expect(first).toContain('PGlite 100k seeded in 118 s (load 1 → 2)');
    expect(first).toContain('**Circumstances of this run.**\n\n- A seed ran beside repeat 2.\n');
    const again = readStoredReport(root);
    expect(again.runs.map((r) => r.rows.length)).toEqual([1, 1]);
    expect(again.once).toEqual([app]);
    writeResults(again, root);
    expect(readGenerated('goals.generated.md', root)).toBe(first);
  });

  it('refuses rows that are not the run they are stored with', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
    writeResults({ runs: [], once: [row({})], repeats: 1, minutes: 1, loadAtStart: '0', loadAtEnd: '0', partial: 'x' }, root);
    writeGenerated('rows.json', '[]', root);
    expect(() => readStoredReport(root)).toThrow('counts 1 rows');
  });
});

describe('where benches write (bench/lib/results-files.ts)', () => {
  it('writes only bench/results/<name>.generated.md or <name>.json, never the analysis written by hand', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
    expect(resultsPath('memory.generated.md', root)).toBe(path.join(root, 'bench/results/memory.generated.md'));
    expect(resultsPath('rows.json', root)).toBe(path.join(root, 'bench/results/rows.json'));
    for (const name of [
      'memory.md',
      '../analysis/memory.md',
      'analysis/memory.generated.md',
      'RESULTS.md',
      '.generated.md',
      'memory.generated.md.bak',
    ]) {
      expect(() => resultsPath(name, root), name).toThrow('a bench writes only bench/results/');
    }
  });

  it("rewrites its own section of a shared file and keeps the other benches'", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
    writeGeneratedSection('wire.generated.md', 'first-load', 'old', '# On the wire', root);
    writeGeneratedSection('wire.generated.md', 'lighthouse', 'scores', '# On the wire', root);
    writeGeneratedSection('wire.generated.md', 'first-load', 'new', '# On the wire', root);
    expect(readGenerated('wire.generated.md', root)).toBe(
      '# On the wire\n\n<!-- first-load:start -->\nnew\n<!-- first-load:end -->\n\n<!-- lighthouse:start -->\nscores\n<!-- lighthouse:end -->\n',
    );
  });
});

describe('a results file several benches write into (bench/lib/results-sections.ts)', () => {
  it("replaces only the bench's own section and keeps the notes and the other sections", () => {
    const once = withSection('# Memory\n\nNotes written by hand.\n', 'memory:pglite', '## PGlite\nold', '# Memory');
    const both = withSection(once, 'memory:postgres', '## PostgreSQL\nfigures');
    const again = withSection(both, 'memory:pglite', '## PGlite\nnew');
    expect(again).toBe(
      '# Memory\n\nNotes written by hand.\n\n<!-- memory:pglite:start -->\n## PGlite\nnew\n<!-- memory:pglite:end -->\n\n' +
        '<!-- memory:postgres:start -->\n## PostgreSQL\nfigures\n<!-- memory:postgres:end -->\n',
    );
  });

  it('starts a new file with its heading', () => {
    expect(withSection('', 'wire', 'rows', '# On the wire')).toBe('# On the wire\n\n<!-- wire:start -->\nrows\n<!-- wire:end -->\n');
  });
});
