/**
 * Listings from cold with varied keys: `npm run bench:listings` (issue 15, parts 3 and 9).
 *
 * Starts the server `npm start` runs (bench/lib/measure.ts's startBenchServer) on an already seeded database (a
 * listing page is one statement, no cache: decision 022) and drives category listings and filter calls whose keys (category × area × speed ×
 * sort × filters × page) never repeat within a run, at 1, 10 and 50 concurrent connections, three repeats each. Every
 * request's latency is kept, so p50/p95/p99/max are exact; the load average is read before and after each row.
 * Writes its database's section of bench/results/listings.generated.md (analysis: bench/analysis/listings.md).
 *
 * Each row also gives the server process's CPU milliseconds per request (/proc/<pid>/stat before and after the row):
 * unlike latency, a machine busy with other work barely changes it. On PGlite that includes the database; on
 * PostgreSQL the database's own processes are not counted.
 *
 * Environment (bench/lib/measure.ts's benchDatabase): BENCH_DATA_DIR (PGlite data folder, default bench/data-100k), BENCH_DATABASE_URL (PostgreSQL instead),
 * BENCH_SECONDS (per row, default 8), BENCH_PRODUCTS (the seeded size, for the heading; default 100000), BENCH_JSON (a
 * file to write the rows to as JSON as well, for `npm run bench`'s tables). Seed first: `DATA_DIR=... npm run seed -- --products 100000`.
 * Bounded: requests go only to 127.0.0.1, every row has a duration, and a watchdog ends everything after 15 minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import { is } from 'superstruct';
import { categoryListReply, listingReply, type CategoryNode } from '../../src/api/contract/catalogue.contract.ts';
import { priceBucketValue, priceBuckets, sortKeys } from '../../src/rules/listing.ts';
import {
  benchDatabase,
  fmt,
  loadAverages,
  logger,
  serverCpuMs,
  recordRows,
  seededRandom,
  spread,
  startBenchServer,
  watchdog,
  type BenchRow,
  type BenchServer,
} from '../lib/measure.ts';
import { latencies, type Latencies } from '../lib/percentiles.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';

// PGlite in BENCH_DATA_DIR (bench/data-<N>k), or BENCH_DATABASE_URL with a throwaway uploads folder for the server.
const target = benchDatabase();
const databaseUrl = target.databaseUrl;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** What the seeded database holds, for the report's heading. */
const productCount = target.products;
// One connection first: the per-request service time the concurrent rows multiply.
const connectionCounts = [1, 10, 50];
const repeats = 3;
const budget = { p99Ms: 25, maxMs: 250 };
const label = databaseUrl ? 'PostgreSQL 15 (pool of 10)' : 'PGlite (one connection)';

const areas = [
  { zipcode: '10001', loc_id: 101 },
  { zipcode: '60601', loc_id: 103 },
];
const speeds = ['', 'local', 'courier', 'farm-direct'] as const;
const sizes = [250, 500, 1000, 2000];

let server: BenchServer | undefined;
watchdog('The listings bench', 15, () => server?.child.kill('SIGKILL'));
const log = logger('listings');

// ------------------------------------------------------------------ keys

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

type Rng = () => number;

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
  const rng = seededRandom(seed);
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

interface Row extends Latencies {
  connections: number;
  repeat: number;
  failures: number;
  perSecond: number;
  loadBefore: string;
  loadAfter: string;
  /** The server process's CPU time (user + system) over the row, per request. */
  cpuMsPerRequest: number;
}

/** The three load averages to two decimals, as this bench's table has always given them. */
const loadText = () => loadAverages(2);

/** connections loops, each sending the next never-seen request as soon as its previous answer arrives, for seconds. */
async function drive(baseUrl: string, next: () => BenchRequest, connections: number, repeat: number): Promise<Row> {
  const times: number[] = [];
  let failures = 0;
  const loadBefore = loadText();
  const cpuBefore = serverCpuMs(server);
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
          times.push(performance.now() - sent);
          // code -1 is an answer too (an empty category at that speed, or filters matching nothing).
          if (response.status !== 200 || !is(body, listingReply)) failures += 1;
        } catch {
          times.push(performance.now() - sent);
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const measured = latencies(times);
  return {
    connections,
    repeat,
    ...measured,
    failures,
    perSecond: measured.requests / elapsed,
    loadBefore,
    loadAfter: loadText(),
    cpuMsPerRequest: measured.requests === 0 ? 0 : (serverCpuMs(server) - cpuBefore) / measured.requests,
  };
}

// ------------------------------------------------------------------ report

const ms = fmt;
/** "min–max" over the repeats. */
const range = (values: readonly number[]) => {
  const { min, max } = spread(values);
  return `${ms(min)}–${ms(max)}`;
};

function section(rows: Row[], products: number): string {
  const lines = [
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
        `| ${connections} | ${range(of.map((r) => r.p50))} | ${range(of.map((r) => r.p95))} | ${range(p99s)} | ${range(maxes)} | ` +
        `${Math.max(...p99s) <= budget.p99Ms ? 'yes' : '**no**'} | ${Math.max(...maxes) <= budget.maxMs ? 'yes' : '**no**'} |`
      );
    }),
  ];
  return lines.join('\n');
}

/** The row as `npm run bench` tabulates every bench's (common shape across benches; milliseconds). */
function benchRow(r: Row): BenchRow {
  const loadOf = (text: string) => Number(text.split(' ')[0]);
  return {
    bench: 'listings',
    row: 'listing varied keys',
    database: target.kind,
    products: productCount,
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
  };
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  if (!databaseUrl && !fs.existsSync(target.dataDir)) {
    throw new Error(`No database in ${target.dataDir}: run DATA_DIR=${target.dataDir} npm run seed -- --products 100000 first`);
  }
  server = await startBenchServer(target.serverEnv);
  const baseUrl = server.base;
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
        recordRows([benchRow(row)]);
        log(
          `${connections} connections, repeat ${repeat}: ${row.requests} requests, p50 ${ms(row.p50)} p95 ${ms(row.p95)} p99 ${ms(row.p99)} max ${ms(row.max)} ms, ${row.failures} failed, load ${row.loadAfter}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const text = section(rows, productCount);
  // This database's section in place of its previous one; the other database's section stays.
  const name = `listings:${databaseUrl ? 'postgres' : 'pglite'}`;
  log(`wrote ${writeGeneratedSection('listings.generated.md', name, text, '# Listings from cold, varied keys (bench/suites/listing.bench.ts)')}`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await server?.stop().catch(() => undefined);
    process.exit(1);
  });
