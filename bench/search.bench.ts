/**
 * Search from cold: `npm run bench:search`. Reuses (or seeds) the 100,000-product embedded database in bench/data-100k,
 * generates distinct query texts from the catalogue's own words (whole words, a swapped, missing or doubled letter,
 * two words, run together, half typed), and sends each text once to a fresh server process (bench-server.ts, so no
 * cache of this process or of an earlier repeat can answer), one at a time and 10 at a time. Three repeats, each with
 * a new server; p50/p95/p99/max per repeat, their spread, and the load average beside every figure. With
 * BENCH_DATABASE_URL the same runs go to PostgreSQL (BENCH_REPEATS, BENCH_TEXTS change the counts). Writes bench/RESULTS-search.md (one section per database),
 * and with BENCH_JSON=<file> its rows as JSON (common.md's shape: one per concurrency and repeat; a failed request stops the run).
 * Bounded: loopback only, a watchdog ends everything after 20 minutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedCatalogue, vacuumSearchData } from '../server/db/seed/seed-catalogue.ts';
import { searchProducts } from '../server/services/catalogue/search.ts';
import { nameWordsQuery, queryTexts } from './search-texts.ts';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? `bench/data-${Math.round(productCount / 1000)}k`);
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const textCount = Number(process.env.BENCH_TEXTS ?? 320);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const area = { zipcode: '10001', loc_id: 101 };
const resultsFile = path.resolve('bench/RESULTS-search.md');

let child: ChildProcess | undefined;
const watchdog = setTimeout(() => {
  console.error('The search benchmark ran for 20 minutes: stopping.');
  child?.kill('SIGKILL');
  process.exit(2);
}, 20 * 60_000);
watchdog.unref();

const log = (message: string) => console.log(`[bench:search ${new Date().toISOString().slice(11, 19)}] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function prepare(): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl, dataDir, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle.db);
    const row = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) {
      log(`seeding ${productCount} products`);
      await seedCatalogue(handle.db, { products: productCount });
    } else log(`reusing ${databaseUrl ? 'the PostgreSQL database' : dataDir} (${Number(row.n)} products)`);
    await sql`analyze`.execute(handle.db);
    await vacuumSearchData(handle.db);
    const words = await sql<{ word: string }>`${sql.raw(nameWordsQuery)}`.execute(handle.db);
    return queryTexts(
      words.rows.map((r) => r.word),
      textCount,
    );
  } finally {
    await handle.close();
  }
}

/**
 * Each text once in this process against the embedded database, timing the CPU this process spent (PGlite runs in it)
 * beside the wall clock: on a machine shared by many, CPU time is the figure the load average distorts least.
 */
async function cpuTimes(texts: readonly string[]): Promise<{ wall: number[]; cpu: number[] }> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  const wall: number[] = [];
  const cpu: number[] = [];
  try {
    for (const text of texts) {
      const started = performance.now();
      const before = process.cpuUsage();
      await searchProducts(handle.db, { text, locId: area.loc_id, page: 0, limit: 20 });
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      wall.push(performance.now() - started);
    }
  } finally {
    await handle.close();
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

async function startServer(): Promise<number> {
  const server = fork(path.resolve('bench/bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
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
  if (!server) return;
  await new Promise<void>((resolve) => {
    server.removeAllListeners('exit');
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
  child = undefined;
}

/** Every text once, `concurrency` at a time; the milliseconds of each answer. */
async function run(port: number, texts: readonly string[], concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < texts.length; i = next++) {
      const q = texts[i] ?? '';
      const params = new URLSearchParams({ q, store_id: '1', zipcode: area.zipcode, loc_id: String(area.loc_id), page: '0', limit: '20' });
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/connect/index/search?${params}`, { method: 'POST' });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`search '${q}' answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Row {
  concurrency: number;
  repeat: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  load: string;
  loadBefore: number;
  loadAfter: number;
}

/** common.md's bench row: what `npm run bench` gathers from every bench to tabulate both databases side by side. */
function jsonRows(rows: readonly Row[], requests: number): object[] {
  return rows.map((r) => ({
    bench: 'search',
    row: 'search cold',
    database: databaseUrl ? 'postgres' : 'pglite',
    products: productCount,
    connections: r.concurrency,
    repeat: r.repeat,
    requests,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    max: r.max,
    failed: 0,
    loadBefore: r.loadBefore,
    loadAfter: r.loadAfter,
  }));
}

async function main(): Promise<void> {
  const texts = await prepare();
  log(`${texts.length} distinct texts, e.g. ${texts.slice(0, 8).join(' | ')}`);
  const inProcess = databaseUrl ? undefined : await cpuTimes(texts);
  const rows: Row[] = [];
  for (let repeat = 1; repeat <= repeats; repeat++) {
    for (const concurrency of [1, 10]) {
      const port = await startServer();
      const loadBefore = os.loadavg()[0] ?? 0;
      const times = (await run(port, texts, concurrency)).sort((a, b) => a - b);
      await stopServer();
      const row = {
        concurrency,
        repeat,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times.at(-1) ?? 0,
        load: load(),
        loadBefore,
        loadAfter: os.loadavg()[0] ?? 0,
      };
      rows.push(row);
      log(
        `repeat ${repeat}, concurrency ${concurrency}: p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} max ${row.max.toFixed(1)} ms (load ${row.load})`,
      );
    }
  }
  const label = databaseUrl ? 'PostgreSQL 15' : 'PGlite';
  const ms = (n: number) => n.toFixed(1);
  const lines = [
    `## ${label}, ${productCount.toLocaleString('en-US')} products — ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `${texts.length} distinct texts, each sent once per run to a fresh server process (nothing cached), area ${area.zipcode}.`,
    '',
    '| concurrency | repeat | p50 ms | p95 ms | p99 ms | max ms | load average (1/5/15 min) after the run |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.concurrency} | ${r.repeat} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.load} |`),
    '',
    ...(inProcess
      ? [
          `- In process, one at a time, the same texts: CPU time per search p50 ${ms(percentile(inProcess.cpu, 50))}, p95 ${ms(percentile(inProcess.cpu, 95))}, ` +
            `p99 ${ms(percentile(inProcess.cpu, 99))} ms; wall clock p50 ${ms(percentile(inProcess.wall, 50))}, p95 ${ms(percentile(inProcess.wall, 95))} ms (load ${load()}).`,
        ]
      : []),
    ...[1, 10].map((c) => {
      const p95s = rows.filter((r) => r.concurrency === c).map((r) => r.p95);
      return `- concurrency ${c}: p95 spread over the repeats ${ms(Math.min(...p95s))}–${ms(Math.max(...p95s))} ms`;
    }),
    '',
  ];
  const existing = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '# Search from cold (npm run bench:search)\n\n';
  fs.writeFileSync(resultsFile, `${existing.trimEnd()}\n\n${lines.join('\n')}`);
  const jsonFile = process.env.BENCH_JSON?.trim();
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(jsonRows(rows, texts.length), null, 2));
  log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
}

try {
  await main();
} finally {
  await stopServer();
}
