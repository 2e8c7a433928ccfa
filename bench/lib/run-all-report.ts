/**
 * bench/results/goals.generated.md from the rows of one `npm run bench` (bench/suites/run-all.ts): the goals of issue 15 with a row per data
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
  /**
   * Why the goal is missed where it is, and the next step: printed under its table only when a row misses. Written
   * from the measurements behind it (bench/analysis/*.md, bench/results/*.generated.md and the decisions named); the figures beside it are this run's.
   */
  whenMissed: string;
}

/** The first load of /store, gzip (DESIGN.md: at most 115 kB with React in it). */
export const firstLoadBudgetKb = 115;

/** A goal set at 100k products: the checkout bench does not run at 1M (bench/suites/run-all.ts). */
const belowMillion = (limit: number) => (run: DataSetRun | undefined) => (run && run.products >= 1_000_000 ? undefined : limit);

const goals: Goal[] = [
  {
    goal: 'Search from cold, p95 (every distinct-text row, at 1 and 10 at a time)',
    bench: 'search',
    stat: 'p95',
    limit: (run) => (run?.database === 'pglite' ? 20 : run && run.products >= 1_000_000 ? 50 : 20),
    unit: 'ms',
    whenMissed:
      'One server process answers every search on one thread (on PGlite the database runs in that thread too), so ten searches at ' +
      'a time queue behind each other: at 10 at a time the mean wait is at least ten times the server CPU of one search (below; on ' +
      "PostgreSQL the backend's CPU comes on top, about 8 ms a search at 100k in bench/analysis/search.md). One at a time, p95 is the costly twentieth of the texts: misspellings such as " +
      "'prarie' and 'sonoma susage', and pairs of words few names share such as 'carver beef', which read more postings and fall " +
      'back to the descriptions (30–70 ms of CPU each in process, against about 8 ms at the median). Next step: answer the candidate words and postings from the in-memory vocabulary ' +
      '(decision 021) instead of SQL, so a cold search costs ~2 ms of CPU. A second server process (WEB_CONCURRENCY=2) needs cores ' +
      'to spare: on this 2-core machine it made search slower (decision 030).',
  },
  {
    goal: 'Listings with varied keys from cold, p99 at 10 and 50 connections',
    bench: 'listings',
    rows: (row) => row.connections === 10 || row.connections === 50,
    stat: 'p99',
    limit: () => 25,
    unit: 'ms',
    whenMissed:
      'The budget at 10 and 50 connections is a CPU budget. With every connection sending its next request as soon as the last is ' +
      "answered, the mean wait is at least connections × server CPU per request (Little's law on one process; the floor below, from " +
      "this run's CPU figures). p99 ≤ 25 ms at 50 connections needs ≤ 0.5 ms of server CPU per listing on one process (on PostgreSQL the " +
      "backend's CPU comes on top, and a second process only helps with cores to spare: decision 030); a listing costs several times that (Fastify, the contract, the statement, JSON). " +
      'The statement itself is no longer the cause: at 100k its buffers per statement p99 went 4,144 → 453 on PostgreSQL and 3,940 → 248 on PGlite (bench/analysis/listings.md). Next step: ' +
      'serve the first pages of each area × category × sort from a per-area summary held in memory and updated on write, leaving SQL ' +
      'for deep pages and combined filters.',
  },
  {
    goal: 'Listings: no request over 250 ms',
    bench: 'listings',
    stat: 'max',
    limit: () => 250,
    unit: 'ms',
    whenMissed:
      'At 10 and 50 connections the longest request is the queue above plus a slow key (combined filters counted without the facet ' +
      'table). At one connection on PostgreSQL 1M it is a cold-buffer scan of a big category with filters. Next step: facet counts for ' +
      'pairs of filters, then the in-memory first pages above.',
  },
  {
    goal: 'Checkout: place order p99 (10 shoppers)',
    bench: 'checkout',
    rows: (row) => row.row === 'placeorder' && (row.unit ?? 'ms') === 'ms',
    stat: 'p99',
    limit: belowMillion(100),
    unit: 'ms',
    whenMissed:
      'Ten shoppers with no think time share one server thread (and on PGlite its one database connection); an order is a ' +
      'transaction of about a dozen statements (stock, order, lines, payment), each paying Kysely building, the wire protocol and ' +
      'planning (bench/analysis/checkout.md, decision 027). p99 is the queue of the other nine. Next step: compile the fixed checkout ' +
      'statements once (named statements, decision 029) and take stock and insert the order in one statement.',
  },
  {
    goal: 'Checkout: every other call p99',
    bench: 'checkout',
    rows: (row) => row.row !== 'placeorder' && (row.unit ?? 'ms') === 'ms',
    stat: 'p99',
    limit: belowMillion(50),
    unit: 'ms',
    whenMissed:
      'The same shared thread as place order: a call waits behind whichever order is being placed. On PGlite every call also waits ' +
      'for the one database connection. Next step: as for place order (a second server process needs cores to spare, decision 030).',
  },
  {
    goal: 'Memory: server RSS at 100k products on PGlite',
    bench: 'memory',
    rows: (row) => row.unit === 'MB',
    stat: 'max',
    limit: (run) => (run?.database === 'pglite' && run.products <= 100_000 ? 300 : undefined),
    unit: 'MB',
    whenMissed:
      'PGlite keeps its whole WebAssembly heap (shared buffers, catalogue caches) in the process; the memory bench runs the server ' +
      "the way npm start does (decision 031's V8 flags). bench/analysis/memory.md breaks the RSS down.",
  },
  {
    goal: 'First load of /store, gzip',
    bench: 'bundle',
    rows: (row) => row.unit === 'kB',
    stat: 'max',
    limit: () => firstLoadBudgetKb,
    unit: 'kB',
    once: true,
    whenMissed: 'bench/results/wire.generated.md lists what each chunk of the first load costs, and each package and folder of src/ in it.',
  },
  {
    goal: 'Lighthouse (mobile) score',
    bench: 'lighthouse',
    rows: (row) => row.unit === 'score',
    stat: 'p50',
    limit: () => 95,
    atLeast: true,
    unit: 'score',
    once: true,
    whenMissed: 'The Lighthouse bench prints the metrics behind each score (FCP, LCP, TBT, CLS) in bench/results/wire.generated.md.',
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
  const floors: string[] = [];
  let missed = false;
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
      const judgement = verdict(goal, line, limit);
      if (judgement.startsWith('**not met**')) {
        missed = true;
        const floor = cpuFloor(line);
        if (floor) floors.push(`- ${source.label}: ${line.row}${connectionsText(line.connections)}: ${floor}`);
      }
      table.push([
        `${source.label}: ${line.row}${connectionsText(line.connections)}`,
        `${goal.atLeast ? '≥' : '≤'} ${limit}`,
        fmtSpread(statOf(line, goal.stat)),
        loadsOf(line),
        judgement,
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
    ...(missed ? [`**Why, and the next step.** ${goal.whenMissed}`, '', ...(floors.length > 0 ? [...floors, ''] : [])] : []),
  ];
}

/**
 * The wait a row cannot beat on one server process: with every connection busy, throughput is at most one request per
 * CPU time of a request, so by Little's law the mean time in the system is at least connections × CPU per request.
 * Undefined for rows without the server's CPU figure.
 */
export function cpuFloor(line: { connections: number; repeats: readonly BenchRow[] }): string | undefined {
  const cpu = spread(line.repeats.map((r) => r.cpuMsPerRequest ?? NaN));
  if (!Number.isFinite(cpu.median) || line.connections <= 0) return undefined;
  return (
    `server CPU ${fmtSpread(cpu)} ms per request, so a mean wait of at least ${fmt(line.connections * cpu.median)} ms ` +
    `at ${line.connections} at a time on one process`
  );
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
  /** When the run ended (ISO, to the minute) and on what machine: a report rendered again later keeps the run's own. */
  written?: string;
  machine?: string;
  /** What happened around the run that a reader of its figures must know (added by hand to bench/results/run.json). */
  notes?: readonly string[];
}

/** This machine as the report's first line gives it. */
export const thisMachine = (): string => `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`;

export function resultsReport(report: Report): string {
  const { runs, once } = report;
  const seeds = runs
    .filter((r) => r.seedSeconds !== undefined)
    .map((r) => `${r.label} seeded in ${(r.seedSeconds ?? 0).toFixed(0)} s (load ${r.seedLoad ?? '–'})`);
  return [
    '# Benchmarks (issue 15): every goal, on PGlite and PostgreSQL 15',
    '',
    `Written by \`npm run bench\` (bench/suites/run-all.ts) on ${report.written ?? new Date().toISOString().slice(0, 16)} UTC, ` +
      `${report.machine ?? thisMachine()}; ${report.minutes.toFixed(1)} minutes; load average ${report.loadAtStart} at the start, ` +
      `${report.loadAtEnd} at the end. Data sets: ${runs.map((r) => r.label).join(', ') || 'none'}; ${report.repeats} repeats (search and listings repeat inside one run). ` +
      (report.partial ? `**Partial run**: ${report.partial}. ` : '') +
      (seeds.length > 0 ? `${seeds.join('; ')}.` : 'Every data set was reused as seeded.'),
    '',
    'Figures are the median over repeats with the range in brackets; a goal is met only when every repeat is within it. ' +
      'Every row is from cold or with varied keys (distinct search texts, listing keys that never repeat, checkouts of new carts) ' +
      'unless its name says warm. The load average beside each figure is the 1-minute one before and after its runs: on a shared ' +
      'machine read a miss beside a high load with that in mind. Per-bench detail (plans, CPU time per request) is in the ' +
      'bench/results/<bench>.generated.md files each bench writes, and the analysis of them in bench/analysis/.',
    '',
    ...(report.notes && report.notes.length > 0 ? ['**Circumstances of this run.**', '', ...report.notes.map((n) => `- ${n}`), ''] : []),
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
