/**
 * What every bench measures with (percentiles: percentiles.ts): the load average, repeats and their spread, seed-or-reuse of a data
 * set, the API in its own process (the server npm start runs), Markdown tables, a watchdog, and the rows `npm run bench` (bench/suites/run-all.ts)
 * reads back from BENCH_JSON. One place, so every bench's p99 means the same thing.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { array, define, enums, literal, number, object, optional, string, union, type Infer } from 'superstruct';
import { coerce } from '../../src/api/contract/coerce.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { keepsSeededData, migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { mulberry32 } from '../../server/db/seed/seed-catalogue.ts';
import { reseed } from '../../server/db/seed/seed-cli.ts';
import { median } from './percentiles.ts';
import { freePort, startStoreServer } from '../../playwright.config.ts';
import { startScriptRuntime } from './start-script.ts';

// ------------------------------------------------------------------ rows (BENCH_JSON)

/**
 * One measured row, as every bench writes it to BENCH_JSON (common.md). Latencies in milliseconds; a row that is
 * not a latency (memory, bytes, a score) says so in `unit` and puts its figure in p50…max. The load averages are the
 * 1-minute figure (a bench written elsewhere may give all three as text: both are read).
 */
/** A figure: JSON writes NaN (nothing measured) as null, and it reads back as NaN (superstruct's number() refuses NaN). */
const figure = coerce(
  define<number>('figure', (value) => typeof value === 'number'),
  literal(null),
  () => NaN,
);

export const benchRow = object({
  bench: string(),
  row: string(),
  database: enums(['pglite', 'postgres']),
  products: number(),
  connections: number(),
  repeat: number(),
  requests: number(),
  p50: figure,
  p95: figure,
  p99: figure,
  max: figure,
  failed: number(),
  loadBefore: union([number(), string()]),
  loadAfter: union([number(), string()]),
  unit: optional(union([literal('ms'), literal('MB'), literal('kB'), literal('score'), literal('/s')])),
  /** Why the row has no figures (the bench failed; the runner carries on). */
  error: optional(string()),
  /** The server's CPU time per request over the row (listings, search): the figure load does not distort. */
  cpuMsPerRequest: optional(figure),
});
export type BenchRow = Infer<typeof benchRow>;
/** Read with superstruct's create (not assert), so the nulls become NaN again. */
export const benchRows = array(benchRow);

const written: BenchRow[] = [];

/** Adds rows to BENCH_JSON when it is set, rewriting the file each time so a bench that dies later keeps what it measured. */
export function recordRows(rows: readonly BenchRow[]): void {
  written.push(...rows);
  const file = process.env.BENCH_JSON?.trim();
  if (file) fs.writeFileSync(file, JSON.stringify(written, null, 1));
}

/** Which repeat this process is (run-all.ts runs single-shot benches three times and says which through BENCH_REPEAT). */
export const repeatNumber = Number(process.env.BENCH_REPEAT ?? 1);

// ------------------------------------------------------------------ figures

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Over repeats: the median and the range. */
export function spread(values: readonly number[]): Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite) };
}

/** Milliseconds for a table: one decimal under 10, whole above, a dash for nothing measured. */
export const fmt = (value: number): string => (!Number.isFinite(value) ? '–' : value < 10 ? value.toFixed(1) : String(Math.round(value)));

/** "12 (10–15)": the median over repeats and its range; one figure when every repeat agrees or there is one. */
export function fmtSpread(s: Spread): string {
  if (!Number.isFinite(s.median)) return '–';
  return fmt(s.min) === fmt(s.max) ? fmt(s.median) : `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
}

/** The 1-minute load average (what every figure is written beside). */
export const loadAverage = (): number => Number((os.loadavg()[0] ?? 0).toFixed(2));

/** All three load averages, as a heading says them (the search and listings tables give them to two decimals). */
export const loadAverages = (digits = 1): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(' ');

/** A seeded generator in [0, 1) (the seed's mulberry32), so a bench draws the same keys or texts every run. */
export const seededRandom: (seed: number) => () => number = mulberry32;

/** A Markdown table; `right` marks the columns that hold figures. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], right: readonly number[] = []): string[] {
  const rule = headers.map((_, i) => (right.includes(i) ? '---:' : '---'));
  return [`| ${headers.join(' | ')} |`, `| ${rule.join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

// ------------------------------------------------------------------ process

/** A logger that prefixes the bench's name and the time. */
export function logger(name: string): (message: string) => void {
  return (message) => console.log(`[${name} ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Ends the process (and what `onFire` stops) after `minutes`: a bench never runs unbounded. */
export function watchdog(name: string, minutes: number, onFire: () => void = () => undefined): void {
  const timer = setTimeout(() => {
    console.error(`${name} ran for ${minutes} minutes: stopping.`);
    onFire();
    process.exit(2);
  }, minutes * 60_000);
  timer.unref();
}

// ------------------------------------------------------------------ the database under test

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  label: string;
  /** The PGlite data folder (PGlite), or a throwaway folder for the server's uploads (PostgreSQL). */
  dataDir: string;
  databaseUrl: string | undefined;
  products: number;
  open(): Promise<DatabaseHandle>;
  /** The environment the API process needs to reach it. */
  serverEnv: Record<string, string>;
}

/**
 * The database a bench measures, from its environment: BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite,
 * default bench/data-<N>k), BENCH_PRODUCTS the size (default 100,000).
 */
export function benchDatabase(defaultProducts = 100_000): BenchDatabase {
  const products = Number(process.env.BENCH_PRODUCTS ?? defaultProducts);
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const dataDir = databaseUrl
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'))
    : path.resolve(process.env.BENCH_DATA_DIR || `bench/data-${Math.round(products / 1000)}k`);
  return {
    kind: databaseUrl ? 'postgres' : 'pglite',
    label: databaseUrl ? 'PostgreSQL 15 (pool of 10)' : 'PGlite (embedded, one connection)',
    dataDir,
    databaseUrl,
    products,
    open: () => openDatabase({ dataDir, databaseUrl, statementTimeoutMs: 0 }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
  };
}

async function migrationNames(db: Kysely<Database>): Promise<string[]> {
  const exists = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'kysely_migration'`.execute(db);
  if ((exists.rows[0]?.n ?? 0) === 0) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function productCount(db: Kysely<Database>): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from products`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

export interface Seeded {
  /** Seconds the seed took, when this call seeded; undefined when the data set was reused. */
  seedSeconds: number | undefined;
  loadBefore: number;
  loadAfter: number;
}

/** Whether data seeded under the migrations `before` is still what a seed under `after` makes (no reseed needed). */
export function seededSchemaKept(before: readonly string[], after: readonly string[]): boolean {
  return before.length > 0 && after.every((name) => before.includes(name) || keepsSeededData.has(name));
}

/**
 * Seeds `products` products (npm run seed's reseed: migrations, catalogue, ANALYZE) unless the database already holds
 * exactly that many under the same migrations. A migration added since the data set was seeded means a reseed: a new
 * migration may add tables the seed fills (summaries, dictionaries) that migrating old rows would leave empty. Not
 * one migrate.ts lists in keepsSeededData (a trigger's condition changes no row).
 */
export async function seedOrReuse(handle: DatabaseHandle, products: number, log: (m: string) => void): Promise<Seeded> {
  const before = await migrationNames(handle.db);
  await migrateToLatest(handle.db);
  const after = await migrationNames(handle.db);
  const sameSchema = seededSchemaKept(before, after);
  const loadBefore = loadAverage();
  if (sameSchema && (await productCount(handle.db)) === products) {
    log(`reusing the data set (${products.toLocaleString('en-US')} products)`);
    return { seedSeconds: undefined, loadBefore, loadAfter: loadBefore };
  }
  log(`seeding ${products.toLocaleString('en-US')} products${sameSchema ? '' : ' (new schema)'}`);
  const started = performance.now();
  await reseed(handle.db, products);
  const seedSeconds = (performance.now() - started) / 1000;
  log(`seeded in ${seedSeconds.toFixed(0)} s`);
  return { seedSeconds, loadBefore, loadAfter: loadAverage() };
}

// ------------------------------------------------------------------ the API in its own process

let buildChecked = false;

/**
 * npm start's build step (the part of its script before the server: build-if-changed, which rebuilds the SPA and the
 * server bundle only when their inputs changed), once per bench process: every bench serves the build npm start would.
 */
function ensureCurrentBuild(): void {
  if (buildChecked) return;
  const { buildSteps } = startScriptRuntime();
  if (buildSteps)
    execSync(buildSteps, { stdio: 'inherit', env: { ...process.env, PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH ?? ''}` } });
  buildChecked = true;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on every architecture Linux runs on). */
const ticksPerSecond = 100;

interface ProcStat {
  ppid: number;
  /** utime + stime, and cutime + cstime (the children already waited for), in ticks. */
  own: number;
  children: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are plain.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3] ?? 0);
    return { ppid: at(4), own: at(14) + at(15), children: at(16) + at(17) };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (0 when /proc cannot tell); with
 * `withChildren` also its live children's and those it already waited for: a PostgreSQL postmaster's backends.
 */
export function cpuSeconds(pid: number, withChildren = false): number {
  const self = procStat(pid);
  if (!self) return 0;
  let ticks = self.own;
  if (withChildren) {
    ticks += self.children;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = procStat(Number(entry));
      if (child?.ppid === pid) ticks += child.own;
    }
  }
  return ticks / ticksPerSecond;
}

/**
 * User + system CPU milliseconds a process (the bench server) has used so far; 0 when /proc cannot tell. Read before
 * and after a row, it gives the server's CPU per request: the figure load barely changes.
 */
export const processCpuMs = (pid: number | undefined): number => (pid === undefined ? 0 : cpuSeconds(pid) * 1000);

/** A process's children (node:cluster's workers of a primary), from /proc; none when /proc cannot tell. */
function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** Every server process: the child, and with BENCH_WORKERS=N its N workers (add their CPU times up). */
  pids: number[];
  /** The server's own /metrics (METRICS_PORT, decision 037): where the memory bench reads the V8 heap. */
  metricsUrl: string;
  stop(): Promise<void>;
}

/** CPU milliseconds every process of a bench server has used so far (with BENCH_WORKERS=N the primary and its workers). */
export const serverCpuMs = (server: BenchServer | undefined): number => (server?.pids ?? []).reduce((sum, pid) => sum + processCpuMs(pid), 0);

/**
 * The server `npm start` runs, in its own process on a free loopback port, so the load generator does not share its
 * event loop: npm start's build step, then `dist-server/main.mjs` with the start script's node flags and environment
 * (playwright.config.ts's startStoreServer, as the browser journeys and Lighthouse run it). What a bench changes, it
 * changes through the server's own configuration (server/config.ts): the database (DATA_DIR / DATABASE_URL), no
 * start-up seed, logging at warn, the metrics on a port of their own, load shedding off unless `env` asks for it (a
 * bench measures the saturated server, not its 503s: decision 037), and env.BENCH_WORKERS=N (with DATABASE_URL) as
 * WEB_CONCURRENCY=N (node:cluster, decision 030). Resolves once it says the store is open.
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  ensureCurrentBuild();
  const { BENCH_WORKERS: workers = '1', DATA_DIR: dataDir = 'data', ...rest } = env;
  const metricsPort = await freePort();
  const { url, server: child } = await startStoreServer({
    dataDir,
    env: {
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      WEB_CONCURRENCY: workers,
      METRICS_PORT: String(metricsPort),
      // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
      ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` } : {}),
      ...rest,
    },
    // The server's own warnings and errors beside the bench's output (and its pipe never fills).
    log: process.stderr,
  });
  const pid = child.pid ?? 0;
  const stop = (): Promise<void> =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
  // The bench's process ending (a watchdog, an error) takes the server with it.
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    base: url.replace('localhost', '127.0.0.1'),
    child,
    pids: [pid, ...childPids(pid)],
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    stop,
  };
}
