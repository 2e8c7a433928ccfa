/**
 * `npm run bench`: every bench on PGlite (100k products) and PostgreSQL 15 (100k and 1M), three repeats, then
 * bench/results/goals.generated.md — per goal of issue 15 a row per database with the figure, its spread over repeats, the load
 * average and met / not met, and a PostgreSQL/PGlite ratio table.
 *
 * Each bench runs as a child process (`tsx bench/<name>.bench.ts`) with the database in its environment
 * (BENCH_DATA_DIR or BENCH_DATABASE_URL, BENCH_PRODUCTS) and BENCH_JSON=<file>, where it writes its measured rows
 * (bench/lib/measure.ts). A bench that fails or times out is recorded as a failed row and the runner carries on.
 * Data sets are seeded once and reused: PGlite in bench/data-100k, PostgreSQL clusters in bench/pg-100k and
 * bench/pg-1m (gitignored), started on demand on ports 55451–55459 and stopped afterwards.
 *
 * The goals file can be written again from the last run's files, without measuring: `npm run bench:report`.
 *
 * Knobs: BENCH_ONLY=search,listings,catalogue,checkout,memory,bundle,lighthouse; BENCH_DATABASES=pglite,postgres;
 * BENCH_SIZES=100k,1m; BENCH_REPEATS (3).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'superstruct';
import { openDatabase } from '../../server/db/connection.ts';
import { benchRows, loadAverage, loadAverages, logger, seedOrReuse, type BenchRow } from '../lib/measure.ts';
import { copyOfStore, ensureDatabase, postgresInstalled, startKeptCluster, type PostgresCluster } from '../lib/postgres-cluster.ts';
import type { DataSetRun } from '../lib/run-all-report.ts';
import { writeResults } from '../lib/results-store.ts';

const log = logger('bench');
const list = (name: string, all: readonly string[]): string[] => {
  const given = process.env[name]?.trim();
  const chosen = given ? given.split(',').map((s) => s.trim().toLowerCase()) : [...all];
  const unknown = chosen.filter((c) => !all.includes(c));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')} (choose from ${all.join(', ')})`);
  return chosen;
};

interface Bench {
  name: string;
  script: string;
  /** Repeats inside one invocation (search, listings) rather than one invocation per repeat. */
  repeatsInside: boolean;
  /** Runs once, not per data set (the built app's size, Lighthouse on its own server). */
  onceOnly?: boolean;
  /** Changes the data (orders take stock): runs on a throwaway copy of the data set. */
  mutates?: boolean;
  /** Not at 1M products (its goal is set at 100k). */
  belowMillion?: boolean;
  minutes: number;
  env?: Record<string, string>;
}

const allBenches: readonly Bench[] = [
  { name: 'search', script: 'bench/suites/search.bench.ts', repeatsInside: true, minutes: 20 },
  { name: 'listings', script: 'bench/suites/listing.bench.ts', repeatsInside: true, minutes: 15 },
  // Its warm rows are a labelled bonus: shorter runs than standalone.
  {
    name: 'catalogue',
    script: 'bench/suites/catalogue.bench.ts',
    repeatsInside: false,
    minutes: 10,
    belowMillion: true,
    env: { BENCH_SECONDS: '3' },
  },
  {
    name: 'checkout',
    script: 'bench/suites/checkout.bench.ts',
    repeatsInside: false,
    mutates: true,
    minutes: 8,
    belowMillion: true,
    env: { BENCH_SECONDS: '15' },
  },
  { name: 'memory', script: 'bench/suites/memory.bench.ts', repeatsInside: false, minutes: 5, belowMillion: true, env: { BENCH_SECONDS: '10' } },
  { name: 'bundle', script: 'bench/suites/bundle-size.ts', repeatsInside: true, onceOnly: true, minutes: 5 },
  { name: 'lighthouse', script: 'bench/suites/lighthouse.bench.ts', repeatsInside: true, onceOnly: true, minutes: 15 },
];

/** '100k' → 100,000; '1m' → 1,000,000 (a small size such as '2k' makes a quick trial run of the runner itself). */
function productsOf(size: string): number {
  const match = /^(\d+)(k|m)$/.exec(size);
  if (!match) throw new Error(`BENCH_SIZES: "${size}" is not a size like 100k or 1m`);
  return Number(match[1]) * (match[2] === 'm' ? 1_000_000 : 1_000);
}

const only = list(
  'BENCH_ONLY',
  allBenches.map((b) => b.name),
);
const databases = list('BENCH_DATABASES', ['pglite', 'postgres']);
const chosenSizes = process.env.BENCH_SIZES?.trim() ? process.env.BENCH_SIZES.split(',').map((s) => s.trim().toLowerCase()) : ['100k', '1m'];
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const benches = allBenches.filter((b) => only.includes(b.name));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-all-'));

interface DataSet {
  key: string;
  database: 'pglite' | 'postgres';
  size: string;
  products: number;
  label: string;
}

// PGlite below a million products (one connection in WebAssembly: 1M is PostgreSQL's to show), PostgreSQL at every size.
const dataSets: DataSet[] = [];
if (databases.includes('pglite')) {
  for (const size of chosenSizes.filter((s) => productsOf(s) < 1_000_000)) {
    dataSets.push({ key: `pglite-${size}`, database: 'pglite', size, products: productsOf(size), label: `PGlite ${size}` });
  }
}
if (databases.includes('postgres')) {
  for (const size of chosenSizes) {
    dataSets.push({ key: `postgres-${size}`, database: 'postgres', size, products: productsOf(size), label: `PostgreSQL 15 ${size.toUpperCase()}` });
  }
}

/** Runs a child with a time limit; resolves with its exit code and the tail of its output (for a failed row). */
function runChild(args: readonly string[], env: Record<string, string>, minutes: number): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      tail += `\n(stopped after ${minutes} minutes)`;
      child.kill('SIGKILL');
    }, minutes * 60_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, tail });
    });
  });
}

function readRows(file: string): BenchRow[] {
  if (!fs.existsSync(file)) return [];
  try {
    return create(JSON.parse(fs.readFileSync(file, 'utf8')), benchRows);
  } catch (error) {
    log(`${file}: rows not readable (${error instanceof Error ? error.message : String(error)})`);
    return [];
  }
}

function failedRow(bench: string, set: DataSet | undefined, repeat: number, error: string, loadBefore: number): BenchRow {
  return {
    bench,
    row: '(the bench failed)',
    database: set?.database ?? 'pglite',
    products: set?.products ?? 0,
    connections: 0,
    repeat,
    requests: 0,
    p50: NaN,
    p95: NaN,
    p99: NaN,
    max: NaN,
    failed: 1,
    loadBefore,
    loadAfter: loadAverage(),
    error,
  };
}

let invocation = 0;

/** One invocation of a bench; its rows, or one failed row saying why. */
async function invoke(bench: Bench, set: DataSet | undefined, env: Record<string, string>, repeat: number): Promise<BenchRow[]> {
  const file = path.join(scratch, `${bench.name}-${++invocation}.json`);
  const loadBefore = loadAverage();
  log(`${bench.name}${set ? ` on ${set.label}` : ''}, repeat ${repeat} (load ${loadAverages()})`);
  const started = performance.now();
  const { code, tail } = await runChild(
    [bench.script],
    { ...bench.env, ...env, BENCH_JSON: file, BENCH_REPEAT: String(repeat), BENCH_REPEATS: String(repeats) },
    bench.minutes,
  );
  const rows = readRows(file);
  log(`${bench.name}: exit ${code}, ${rows.length} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (code !== 0) return [...rows, failedRow(bench.name, set, repeat, `exit ${code}: ${lastLines(tail)}`, loadBefore)];
  if (rows.length === 0) return [failedRow(bench.name, set, repeat, 'the bench wrote no BENCH_JSON rows', loadBefore)];
  return rows;
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' / ').replace(/\|/g, '/').slice(0, 300);

/** Where a data set lives and how a bench reaches it (a fresh copy for benches that change it). */
interface Opened {
  env: Record<string, string>;
  copy(name: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
  close(): void;
  seedSeconds: number | undefined;
  seedLoad: string;
}

async function openDataSet(set: DataSet): Promise<Opened> {
  const products = String(set.products);
  if (set.database === 'pglite') {
    const dataDir = path.resolve(`bench/data-${set.size}`);
    const handle = await openDatabase({ dataDir, statementTimeoutMs: 0 });
    const seeded = await seedOrReuse(handle, set.products, (m) => log(`${set.label}: ${m}`)).finally(() => handle.close());
    return {
      env: { BENCH_DATA_DIR: dataDir, BENCH_PRODUCTS: products, BENCH_DATABASE_URL: '' },
      async copy(name) {
        const copyDir = path.join(scratch, name);
        fs.cpSync(dataDir, copyDir, { recursive: true });
        return {
          env: { BENCH_DATA_DIR: copyDir, BENCH_PRODUCTS: products, BENCH_DATABASE_URL: '' },
          drop: async () => fs.rmSync(copyDir, { recursive: true, force: true }),
        };
      },
      close: () => undefined,
      seedSeconds: seeded.seedSeconds,
      seedLoad: `${seeded.loadBefore} → ${seeded.loadAfter}`,
    };
  }
  if (!postgresInstalled()) throw new Error('PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin): apt-get install postgresql');
  const cluster: PostgresCluster = await startKeptCluster(`bench/pg-${set.size}`);
  try {
    const url = await ensureDatabase(cluster, 'store');
    const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', statementTimeoutMs: 0 });
    const seeded = await seedOrReuse(handle, set.products, (m) => log(`${set.label}: ${m}`)).finally(() => handle.close());
    return {
      env: { BENCH_DATABASE_URL: url, BENCH_PRODUCTS: products, BENCH_DATA_DIR: '' },
      async copy(name) {
        // A file copy of the seeded database: the bench's orders never reach the kept data set.
        const copy = await copyOfStore(cluster, name);
        return { env: { BENCH_DATABASE_URL: copy.url, BENCH_PRODUCTS: products, BENCH_DATA_DIR: '' }, drop: copy.drop };
      },
      close: () => cluster.stop(),
      seedSeconds: seeded.seedSeconds,
      seedLoad: `${seeded.loadBefore} → ${seeded.loadAfter}`,
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

async function runDataSet(set: DataSet): Promise<DataSetRun> {
  const run: DataSetRun = { key: set.key, label: set.label, database: set.database, products: set.products, rows: [] };
  const forSet = benches.filter((b) => !b.onceOnly && !(b.belowMillion && set.products >= 1_000_000));
  if (forSet.length === 0) return run;
  let opened: Opened;
  try {
    opened = await openDataSet(set);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`${set.label}: cannot open the data set: ${reason}`);
    run.rows.push(...forSet.map((b) => failedRow(b.name, set, 1, `data set: ${reason}`, loadAverage())));
    return run;
  }
  run.seedSeconds = opened.seedSeconds;
  run.seedLoad = opened.seedLoad;
  try {
    for (const bench of forSet) {
      for (let repeat = 1; repeat <= (bench.repeatsInside ? 1 : repeats); repeat++) {
        if (!bench.mutates) {
          run.rows.push(...(await invoke(bench, set, opened.env, repeat)));
          continue;
        }
        const name = `bench_${bench.name}_${repeat}`;
        try {
          const copy = await opened.copy(name);
          try {
            run.rows.push(...(await invoke(bench, set, copy.env, repeat)));
          } finally {
            await copy.drop();
          }
        } catch (error) {
          run.rows.push(
            failedRow(bench.name, set, repeat, `copy of the data set: ${error instanceof Error ? error.message : String(error)}`, loadAverage()),
          );
        }
      }
    }
  } finally {
    opened.close();
  }
  return run;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverages();
  const runs: DataSetRun[] = [];
  for (const set of dataSets) runs.push(await runDataSet(set));
  const once: BenchRow[] = [];
  for (const bench of benches.filter((b) => b.onceOnly)) {
    if (bench.name === 'bundle') {
      // With the bundle report, so the bundle bench can split the first load by package (bench/suites/bundle-packages.ts).
      const built = await runChild(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { BUNDLE_REPORT: '1' }, 5);
      if (built.code !== 0) {
        once.push(failedRow(bench.name, undefined, 1, `vite build: ${lastLines(built.tail)}`, loadAverage()));
        continue;
      }
    }
    once.push(...(await invoke(bench, undefined, {}, 1)));
  }
  const minutes = (performance.now() - started) / 60_000;
  const full = only.length === allBenches.length && dataSets.length === 3 && repeats >= 3;
  const partial = full
    ? undefined
    : `BENCH_ONLY=${only.join(',')} BENCH_DATABASES=${databases.join(',')} BENCH_SIZES=${chosenSizes.join(',')} BENCH_REPEATS=${repeats}`;
  writeResults({ runs, once, repeats, minutes, loadAtStart, loadAtEnd: loadAverages(), partial });
  fs.rmSync(scratch, { recursive: true, force: true });
  log(`wrote bench/results/goals.generated.md, bench/results/rows.json and bench/results/run.json after ${minutes.toFixed(1)} minutes`);
}

await main();
