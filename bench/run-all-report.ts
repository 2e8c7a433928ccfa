/**
 * bench/RESULTS.md from the rows of one `npm run bench` (bench/run-all.ts): the goals of issue 15 with a row per data
 * set, a PostgreSQL/PGlite ratio table, and every measured row with its spread over repeats.
 */
import os from 'node:os';
import { fmt, fmtSpread, markdownTable, spread, type BenchRow, type Spread } from './measure.ts';

export interface DataSetRun {
  key: string;
  label: string;
  database: 'pglite' | 'postgres';
  products: number;
  rows: BenchRow[];
  seedSeconds?: number | undefined;
  seedLoad?: string;
}

type Stat = 'p50' | 'p95' | 'p99' | 'max';

interface Goal {
  goal: string;
  bench: string;
  /** Which of the bench's rows the goal judges (default every measured row). */
  rows?: (row: BenchRow) => boolean;
  stat: Stat;
  /** The limit for this data set (undefined: the goal does not apply to it). */
  limit: (run: DataSetRun | undefined) => number | undefined;
  /** Scores: at least the limit. */
  atLeast?: boolean;
  unit: string;
  /** Once for the app, not per database (bundle, Lighthouse). */
  once?: boolean;
}

const goals: Goal[] = [
  {
    goal: 'Search from cold, p95 (every distinct-text row, at 1 and 10 at a time)',
    bench: 'search',
    stat: 'p95',
    limit: (run) => (run?.database === 'pglite' ? 20 : run && run.products >= 1_000_000 ? 50 : 20),
    unit: 'ms',
  },
  {
    goal: 'Listings with varied keys from cold, p99 at 10 and 50 connections',
    bench: 'listings',
    rows: (row) => row.connections === 10 || row.connections === 50,
    stat: 'p99',
    limit: () => 25,
    unit: 'ms',
  },
  { goal: 'Listings: no request over 250 ms', bench: 'listings', stat: 'max', limit: () => 250, unit: 'ms' },
  {
    goal: 'Checkout: place order p99 (10 shoppers)',
    bench: 'checkout',
    rows: (row) => row.row === 'placeorder' && (row.unit ?? 'ms') === 'ms',
    stat: 'p99',
    limit: () => 100,
    unit: 'ms',
  },
  {
    goal: 'Checkout: every other call p99',
    bench: 'checkout',
    rows: (row) => row.row !== 'placeorder' && (row.unit ?? 'ms') === 'ms',
    stat: 'p99',
    limit: () => 50,
    unit: 'ms',
  },
  {
    goal: 'Memory: server RSS at 100k products on PGlite',
    bench: 'memory',
    rows: (row) => row.unit === 'MB',
    stat: 'max',
    limit: (run) => (run?.database === 'pglite' && run.products <= 100_000 ? 300 : undefined),
    unit: 'MB',
  },
  { goal: 'First load of /store, gzip', bench: 'bundle', rows: (row) => row.unit === 'kB', stat: 'max', limit: () => 100, unit: 'kB', once: true },
  {
    goal: 'Lighthouse (mobile) score',
    bench: 'lighthouse',
    rows: (row) => row.unit === 'score',
    stat: 'p50',
    limit: () => 95,
    atLeast: true,
    unit: 'score',
    once: true,
  },
];

/** The rows of one measured line (bench, row, connections) over its repeats. */
interface Line {
  bench: string;
  row: string;
  connections: number;
  unit: string;
  repeats: BenchRow[];
}

function lines(rows: readonly BenchRow[]): Line[] {
  const byKey = new Map<string, Line>();
  for (const row of rows) {
    const key = `${row.bench}\u0000${row.row}\u0000${row.connections}`;
    const line = byKey.get(key) ?? { bench: row.bench, row: row.row, connections: row.connections, unit: row.unit ?? 'ms', repeats: [] };
    line.repeats.push(row);
    byKey.set(key, line);
  }
  return [...byKey.values()];
}

const statOf = (line: Line, stat: Stat): Spread => spread(line.repeats.map((r) => r[stat]));
const loadsOf = (line: Line): string => {
  const loads = line.repeats.flatMap((r) => [r.loadBefore, r.loadAfter]).map((l) => (typeof l === 'number' ? l : Number(String(l).split(' ')[0])));
  const s = spread(loads);
  return Number.isFinite(s.median) ? `${s.min.toFixed(1)}–${s.max.toFixed(1)}` : '–';
};
const failures = (rows: readonly BenchRow[]) =>
  rows
    .filter((r) => r.error)
    .map((r) => `repeat ${r.repeat}: ${r.error ?? ''}`)
    .join('; ');
const connectionsText = (c: number) => (c > 0 ? ` (${c} conn.)` : '');

/** Met when every repeat is within the limit: one good repeat out of three is not a met budget. */
function verdict(goal: Goal, line: Line, limit: number): string {
  const s = statOf(line, goal.stat);
  if (!Number.isFinite(s.median)) return '**not measured**';
  const failed = line.repeats.some((r) => r.failed > 0 && !r.error);
  const worst = goal.atLeast ? s.min : s.max;
  const within = goal.atLeast ? worst >= limit : worst <= limit;
  return `${within ? 'met' : '**not met**'}${failed ? ' (some requests failed)' : ''}`;
}

function goalSection(goal: Goal, runs: readonly DataSetRun[], once: readonly BenchRow[]): string[] {
  const sources: { label: string; run: DataSetRun | undefined; rows: BenchRow[] }[] = goal.once
    ? [{ label: 'the built app', run: undefined, rows: once.filter((r) => r.bench === goal.bench) }]
    : runs.map((run) => ({ label: run.label, run, rows: run.rows.filter((r) => r.bench === goal.bench) }));
  const table: string[][] = [];
  for (const source of sources) {
    const limit = goal.limit(source.run);
    if (limit === undefined) continue;
    const judged = lines(source.rows.filter((r) => !r.error && (goal.rows?.(r) ?? true)));
    if (judged.length === 0) {
      const why = failures(source.rows) || 'no rows (the bench was not run, or writes no BENCH_JSON)';
      table.push([source.label, '–', '–', '–', `**not measured**: ${why}`]);
      continue;
    }
    for (const line of judged) {
      table.push([
        `${source.label}: ${line.row}${connectionsText(line.connections)}`,
        `${goal.atLeast ? '≥' : '≤'} ${limit}`,
        fmtSpread(statOf(line, goal.stat)),
        loadsOf(line),
        verdict(goal, line, limit),
      ]);
    }
    const failedHere = failures(source.rows);
    if (failedHere) table.push([`${source.label}: failures`, '', '', '', failedHere]);
  }
  return [
    `### ${goal.goal}`,
    '',
    ...markdownTable(['data set: row', `goal (${goal.unit}, ${goal.stat})`, `median (range) over repeats`, 'load avg', 'verdict'], table, [1, 2, 3]),
    '',
  ];
}

/** PostgreSQL over PGlite at the same size, per row both measured: above 1, PostgreSQL is slower. */
function ratioSection(runs: readonly DataSetRun[]): string[] {
  const pglite = runs.find((r) => r.database === 'pglite');
  const postgres = runs.filter((r) => r.database === 'postgres');
  const base = postgres.find((r) => r.products === pglite?.products);
  if (!pglite || !base) return ['PGlite and PostgreSQL at the same size were not both run: no ratios.', ''];
  const big = postgres.find((r) => r.products > base.products);
  const theirs = new Map(lines(base.rows.filter((r) => !r.error)).map((l) => [`${l.bench}|${l.row}|${l.connections}`, l]));
  const bigLines = new Map(lines(big?.rows.filter((r) => !r.error) ?? []).map((l) => [`${l.bench}|${l.row}|${l.connections}`, l]));
  const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '–');
  const table: string[][] = [];
  for (const line of lines(pglite.rows.filter((r) => !r.error))) {
    const key = `${line.bench}|${line.row}|${line.connections}`;
    const other = theirs.get(key);
    if (!other) continue;
    const p95 = [statOf(line, 'p95').median, statOf(other, 'p95').median];
    const p99 = [statOf(line, 'p99').median, statOf(other, 'p99').median];
    const bigOne = bigLines.get(key);
    table.push([
      `${line.bench}: ${line.row}${connectionsText(line.connections)}`,
      `${fmt(p95[0] ?? NaN)} / ${fmt(p95[1] ?? NaN)}`,
      ratio(p95[1] ?? NaN, p95[0] ?? NaN),
      `${fmt(p99[0] ?? NaN)} / ${fmt(p99[1] ?? NaN)}`,
      ratio(p99[1] ?? NaN, p99[0] ?? NaN),
      bigOne ? ratio(statOf(bigOne, 'p95').median, p95[1] ?? NaN) : '–',
    ]);
  }
  return [
    `Medians over repeats. Above 1: PostgreSQL is slower than PGlite at ${base.products.toLocaleString('en-US')} products.` +
      (big ? ` Last column: PostgreSQL at ${big.products.toLocaleString('en-US')} over PostgreSQL at ${base.products.toLocaleString('en-US')}.` : ''),
    '',
    ...markdownTable(
      ['row', 'p95 PGlite / PostgreSQL', 'p95 ratio', 'p99 PGlite / PostgreSQL', 'p99 ratio', `p95 ${big ? 'PostgreSQL 1M / 100k' : 'bigger size'}`],
      table,
      [1, 2, 3, 4, 5],
    ),
    '',
  ];
}

function allRowsSection(runs: readonly DataSetRun[], once: readonly BenchRow[]): string[] {
  const table: string[][] = [];
  const add = (label: string, rows: readonly BenchRow[]) => {
    for (const line of lines(rows.filter((r) => !r.error))) {
      const sum = (key: 'requests' | 'failed') => line.repeats.reduce((n, r) => n + r[key], 0);
      table.push([
        label,
        line.bench,
        `${line.row}${line.unit === 'ms' ? '' : ` (${line.unit})`}`,
        String(line.connections || '–'),
        String(line.repeats.length),
        String(sum('requests')),
        String(sum('failed')),
        fmtSpread(statOf(line, 'p50')),
        fmtSpread(statOf(line, 'p95')),
        fmtSpread(statOf(line, 'p99')),
        fmtSpread(statOf(line, 'max')),
        loadsOf(line),
      ]);
    }
  };
  for (const run of runs) add(run.label, run.rows);
  add('the built app', once);
  return markdownTable(
    ['data set', 'bench', 'row', 'conn.', 'repeats', 'requests', 'failed', 'p50', 'p95', 'p99', 'max', 'load avg'],
    table,
    [3, 4, 5, 6, 7, 8, 9, 10],
  );
}

export interface Report {
  runs: readonly DataSetRun[];
  once: readonly BenchRow[];
  repeats: number;
  minutes: number;
  loadAtStart: string;
  loadAtEnd: string;
  /** The knobs of a partial run (undefined for a full one). */
  partial: string | undefined;
}

export function resultsReport(report: Report): string {
  const { runs, once } = report;
  const seeds = runs
    .filter((r) => r.seedSeconds !== undefined)
    .map((r) => `${r.label} seeded in ${(r.seedSeconds ?? 0).toFixed(0)} s (load ${r.seedLoad ?? '–'})`);
  return [
    '# Benchmarks (issue 15): every goal, on PGlite and PostgreSQL 15',
    '',
    `Written by \`npm run bench\` (bench/run-all.ts) on ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ${report.minutes.toFixed(1)} minutes; load average ${report.loadAtStart} at the start, ` +
      `${report.loadAtEnd} at the end. Data sets: ${runs.map((r) => r.label).join(', ') || 'none'}; ${report.repeats} repeats (search and listings repeat inside one run). ` +
      (report.partial ? `**Partial run**: ${report.partial}. ` : '') +
      (seeds.length > 0 ? `${seeds.join('; ')}.` : 'Every data set was reused as seeded.'),
    '',
    'Figures are the median over repeats with the range in brackets; a goal is met only when every repeat is within it. ' +
      'Every row is from cold or with varied keys (distinct search texts, listing keys that never repeat, checkouts of new carts) ' +
      'unless its name says warm. The load average beside each figure is the 1-minute one before and after its runs: on a shared ' +
      'machine read a miss beside a high load with that in mind. Per-bench detail (plans, CPU time per request) is in the ' +
      'RESULTS-*.md files each bench writes.',
    '',
    '## Goals',
    '',
    ...goals.flatMap((goal) => goalSection(goal, runs, once)),
    '## PostgreSQL / PGlite',
    '',
    ...ratioSection(runs),
    '## Every row',
    '',
    ...allRowsSection(runs, once),
    '',
  ].join('\n');
}
