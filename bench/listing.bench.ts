/**
 * Listings from cold with varied keys: `npm run bench:listings` (issue 15, parts 3 and 9).
 *
 * Starts the API (bench/bench-server.ts) on an already seeded database with the card cache off
 * (CATALOGUE_READ_CACHES=off) and drives category listings and filter calls whose keys (category × area × speed ×
 * sort × filters × page) never repeat within a run, at 1, 10 and 50 concurrent connections, three repeats each. Every
 * request's latency is kept, so p50/p95/p99/max are exact; the load average is read before and after each row.
 * Writes its database's section of bench/RESULTS-listings.md.
 *
 * Each row also gives the server process's CPU milliseconds per request (/proc/<pid>/stat before and after the row):
 * unlike latency, a machine busy with other work barely changes it. On PGlite that includes the database; on
 * PostgreSQL the database's own processes are not counted.
 *
 * Environment: BENCH_DATA_DIR (PGlite data folder, default bench/data-100k), BENCH_DATABASE_URL (PostgreSQL instead),
 * BENCH_SECONDS (per row, default 8), BENCH_PRODUCTS (the seeded size, for the heading; default 100000), BENCH_JSON (a
 * file to write the rows to as JSON as well, for `npm run bench`'s tables). Seed first: `DATA_DIR=... npm run seed -- --products 100000`.
 * Bounded: requests go only to 127.0.0.1, every row has a duration, and a watchdog ends everything after 15 minutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'superstruct';
import { categoryListReply, listingReply, type CategoryNode } from '../src/api/contract/catalogue.contract.ts';
import { priceBucketValue, priceBuckets, sortKeys } from '../src/rules/listing.ts';

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'bench/data-100k');
// The server's uploads folder goes under DATA_DIR: PostgreSQL runs get a throwaway one.
const serverDataDir = process.env.BENCH_DATABASE_URL?.trim() ? fs.mkdtempSync(path.join(os.tmpdir(), 'listings-bench-')) : dataDir;
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** What the seeded database holds, for the report's heading. */
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
// One connection first: the per-request service time the concurrent rows multiply.
const connectionCounts = [1, 10, 50];
const repeats = 3;
const budget = { p99Ms: 25, maxMs: 250 };
const resultsFile = path.resolve('bench/RESULTS-listings.md');
const label = databaseUrl ? 'PostgreSQL 15 (pool of 10)' : 'PGlite (one connection)';

const areas = [
  { zipcode: '10001', loc_id: 101 },
  { zipcode: '60601', loc_id: 103 },
];
const speeds = ['', 'local', 'courier', 'farm-direct'] as const;
const sizes = [250, 500, 1000, 2000];

const watchdog = setTimeout(() => {
  console.error('The listings bench ran for 15 minutes: stopping.');
  child?.kill('SIGKILL');
  process.exit(2);
}, 15 * 60_000);
watchdog.unref();
let child: ChildProcess | undefined;

function log(message: string): void {
  console.log(`[listings ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// ------------------------------------------------------------------ keys

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Shoppers mostly look at the first pages; some go deep (past the end of small listings: an empty page). */
function pageOf(rng: Rng): number {
  const roll = rng();
  if (roll < 0.5) return 0;
  if (roll < 0.85) return 1 + Math.floor(rng() * 5);
  return 6 + Math.floor(rng() * 300);
}

/** A stream of listing requests whose keys never repeat (the set of keys handed out is remembered). */
function keyStream(categories: readonly CategoryNode[], seed: number): () => BenchRequest {
  const rng = mulberry32(seed);
  const seen = new Set<string>();
  return () => {
    for (;;) {
      const top = pick(categories, rng);
      const category = rng() < 0.5 || top.child.length === 0 ? top : pick(top.child, rng);
      const area = pick(areas, rng);
      const speed = pick(speeds, rng);
      const sort = pick(['', ...sortKeys], rng);
      const limit = pick([10, 20, 20, 20, 50], rng);
      const page = pageOf(rng);
      const filters: Record<string, unknown> = {};
      if (rng() < 0.3) filters.priceranges = [priceBucketValue(pick(priceBuckets, rng))];
      if (rng() < 0.25) filters.size = [pick(sizes, rng)];
      if (rng() < 0.25 && category.child.length > 0) filters.catid = [pick(category.child, rng).category_id];
      if (rng() < 0.05) Object.assign(filters, { minprice: 10, maxprice: 60 });
      const common = { store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id, page, limit, ...(speed ? { courier_type: speed } : {}) };
      const key = JSON.stringify([category.category_id, common, sort, filters]);
      if (seen.has(key)) continue;
      seen.add(key);
      if (Object.keys(filters).length === 0) {
        const query = new URLSearchParams(
          Object.entries({ ...common, catid: category.category_id, ...(sort ? { sort } : {}) }).map(([k, v]) => [k, String(v)]),
        );
        return { method: 'GET', path: `/connect/index/category?${query.toString()}` };
      }
      const body = { ...common, parent_category_id: category.category_id, ...(sort ? { sort } : {}), ...filters };
      return { method: 'POST', path: '/connect/index/filters', body: JSON.stringify(body) };
    }
  };
}

// ------------------------------------------------------------------ load

interface Row {
  connections: number;
  repeat: number;
  requests: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
  loadBefore: string;
  loadAfter: string;
  /** The server process's CPU time (user + system) over the row, per request. */
  cpuMsPerRequest: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100;

/** User + system CPU milliseconds the server process has used so far (0 when /proc cannot tell). */
function serverCpuMs(): number {
  const pid = child?.pid;
  if (pid === undefined) return 0;
  try {
    // The command name may hold spaces: the fields after its closing parenthesis are fixed.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** connections loops, each sending the next never-seen request as soon as its previous answer arrives, for seconds. */
async function drive(baseUrl: string, next: () => BenchRequest, connections: number, repeat: number): Promise<Row> {
  const latencies: number[] = [];
  let failures = 0;
  const loadBefore = loadAverage();
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const request = next();
        const sent = performance.now();
        try {
          const response = await fetch(baseUrl + request.path, {
            method: request.method,
            headers: request.body ? { 'content-type': 'application/json' } : {},
            body: request.body,
          });
          const body: unknown = await response.json();
          latencies.push(performance.now() - sent);
          // code -1 is an answer too (an empty category at that speed, or filters matching nothing).
          if (response.status !== 200 || !is(body, listingReply)) failures += 1;
        } catch {
          latencies.push(performance.now() - sent);
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    connections,
    repeat,
    requests: sorted.length,
    failures,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: sorted.length / elapsed,
    loadBefore,
    loadAfter: loadAverage(),
    cpuMsPerRequest: sorted.length === 0 ? 0 : (serverCpuMs() - cpuBefore) / sorted.length,
  };
}

async function startServer(): Promise<number> {
  const server = fork(path.resolve('bench/bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: serverDataDir, DATABASE_URL: databaseUrl ?? '', CATALOGUE_READ_CACHES: 'off' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child = server;
  return new Promise((resolve, reject) => {
    server.once('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'port' in message && typeof message.port === 'number') resolve(message.port);
      else reject(new Error('The bench server sent no port'));
    });
    server.once('exit', (code) => reject(new Error(`The bench server exited (${String(code)})`)));
  });
}

async function stopServer(): Promise<void> {
  const server = child;
  if (!server || server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

// ------------------------------------------------------------------ report

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const spread = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;

function section(rows: Row[], products: number): string {
  const lines = [
    `<!-- listings:${databaseUrl ? 'postgres' : 'pglite'}:start -->`,
    `## ${label}, ${products.toLocaleString('en-US')} products`,
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores, Node ${process.version}; ${seconds} s per row; every key used once ` +
      `(categories × areas × speeds × sorts × filters × pages); no listing or card cache (the page and its cards are one statement); ` +
      `a fresh server process per database.`,
    '',
    '| connections | repeat | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | failed | server CPU ms/request | load avg before → after |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.connections} | ${r.repeat} | ${r.requests} | ${Math.round(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.failures} | ${r.cpuMsPerRequest.toFixed(2)} | ${r.loadBefore} → ${r.loadAfter} |`,
    ),
    '',
    '| connections | p50 spread | p95 spread | p99 spread | max spread | p99 ≤ 25 ms | max ≤ 250 ms |',
    '|---:|---|---|---|---|:---:|:---:|',
    ...connectionCounts.map((connections) => {
      const of = rows.filter((r) => r.connections === connections);
      const p99s = of.map((r) => r.p99);
      const maxes = of.map((r) => r.max);
      return (
        `| ${connections} | ${spread(of.map((r) => r.p50))} | ${spread(of.map((r) => r.p95))} | ${spread(p99s)} | ${spread(maxes)} | ` +
        `${Math.max(...p99s) <= budget.p99Ms ? 'yes' : '**no**'} | ${Math.max(...maxes) <= budget.maxMs ? 'yes' : '**no**'} |`
      );
    }),
    `<!-- listings:${databaseUrl ? 'postgres' : 'pglite'}:end -->`,
  ];
  return lines.join('\n');
}

/** This database's section in place of its previous one; the other database's section stays. */
function withSection(existing: string, text: string): string {
  const name = databaseUrl ? 'postgres' : 'pglite';
  const start = existing.indexOf(`<!-- listings:${name}:start -->`);
  const endMarker = `<!-- listings:${name}:end -->`;
  const end = existing.indexOf(endMarker);
  if (start >= 0 && end > start) return existing.slice(0, start) + text + existing.slice(end + endMarker.length);
  const base = existing.trim() === '' ? '# Listings from cold, varied keys (bench/listing.bench.ts)\n' : existing.trimEnd();
  return `${base}\n\n${text}\n`;
}

/** The rows as `npm run bench` tabulates every bench's (common shape across benches; milliseconds). */
function writeJsonRows(file: string, rows: readonly Row[], products: number): void {
  const loadOf = (text: string) => Number(text.split(' ')[0]);
  const json = rows.map((r) => ({
    bench: 'listings',
    row: 'listing varied keys',
    database: databaseUrl ? 'postgres' : 'pglite',
    products,
    connections: r.connections,
    repeat: r.repeat,
    requests: r.requests,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    max: r.max,
    failed: r.failures,
    loadBefore: loadOf(r.loadBefore),
    loadAfter: loadOf(r.loadAfter),
    cpuMsPerRequest: r.cpuMsPerRequest,
  }));
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  if (!databaseUrl && !fs.existsSync(dataDir)) {
    throw new Error(`No database in ${dataDir}: run DATA_DIR=${dataDir} npm run seed -- --products 100000 first`);
  }
  const port = await startServer();
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`server on ${baseUrl} (${label})`);
  const rows: Row[] = [];
  try {
    const menu: unknown = await (await fetch(`${baseUrl}/connect/index/categorylist?store_id=1`)).json();
    if (!is(menu, categoryListReply) || !menu.data) throw new Error('No category list');
    const categories = menu.data;
    const next = keyStream(categories, 15);
    for (const connections of connectionCounts) {
      for (let repeat = 1; repeat <= repeats; repeat++) {
        const row = await drive(baseUrl, next, connections, repeat);
        rows.push(row);
        log(
          `${connections} connections, repeat ${repeat}: ${row.requests} requests, p50 ${ms(row.p50)} p95 ${ms(row.p95)} p99 ${ms(row.p99)} max ${ms(row.max)} ms, ${row.failures} failed, load ${row.loadAfter}`,
        );
      }
    }
  } finally {
    await stopServer();
  }
  const text = section(rows, productCount);
  fs.writeFileSync(resultsFile, withSection(fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '', text));
  log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
  const jsonFile = process.env.BENCH_JSON?.trim();
  if (jsonFile) {
    writeJsonRows(path.resolve(jsonFile), rows, productCount);
    log(`wrote ${jsonFile}`);
  }
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await stopServer().catch(() => undefined);
    process.exit(1);
  });
