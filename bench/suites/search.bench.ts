/**
 * Search from cold: `npm run bench:search`. Reuses (or seeds, as every bench does: bench/lib/measure.ts's seedOrReuse) the
 * 100,000-product embedded database in bench/data-100k,
 * generates distinct query texts from the catalogue's own words (whole words, a swapped, missing or doubled letter,
 * two words, run together, half typed), and sends each text once to a fresh server process (the server `npm start` runs, bench/lib/measure.ts's startBenchServer, so no
 * cache of this process or of an earlier repeat can answer), one at a time and 10 at a time. Three repeats, each with
 * a new server; p50/p95/p99/max per repeat, their spread, and the load average beside every figure. With
 * BENCH_DATABASE_URL the same runs go to PostgreSQL (BENCH_REPEATS, BENCH_TEXTS change the counts). Writes bench/results/search.generated.md (one section per database and size; analysis: bench/analysis/search.md),
 * and with BENCH_JSON=<file> its rows as JSON (common.md's shape: one per concurrency and repeat; a failed request stops the run).
 * Bounded: loopback only, a watchdog ends everything after 20 minutes.
 */
import { sql } from 'kysely';
import { vacuumSearchData } from '../../server/db/seed/seed-catalogue.ts';
import { searchProducts } from '../../server/services/catalogue/search.ts';
import {
  benchDatabase,
  loadAverage,
  loadAverages,
  logger,
  serverCpuMs,
  recordRows,
  seedOrReuse,
  spread,
  startBenchServer,
  watchdog,
  type BenchRow,
  type BenchServer,
} from '../lib/measure.ts';
import { latencies, type Latencies } from '../lib/percentiles.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';
import { nameWordsQuery, queryTexts } from './search-texts.ts';

const target = benchDatabase();
const productCount = target.products;
const databaseUrl = target.databaseUrl;
const textCount = Number(process.env.BENCH_TEXTS ?? 320);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const area = { zipcode: '10001', loc_id: 101 };

let server: BenchServer | undefined;
watchdog('The search benchmark', 20, () => server?.child.kill('SIGKILL'));
const log = logger('bench:search');
/** The three load averages to two decimals, as this bench's tables have always given them. */
const load = () => loadAverages(2);

async function prepare(): Promise<string[]> {
  const handle = await target.open();
  try {
    await seedOrReuse(handle, productCount, log);
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
async function cpuTimes(texts: readonly string[]): Promise<{ wall: Latencies; cpu: Latencies }> {
  const handle = await target.open();
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
  return { wall: latencies(wall), cpu: latencies(cpu) };
}

/** Every text once, `concurrency` at a time; the milliseconds of each answer. */
async function run(base: string, texts: readonly string[], concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < texts.length; i = next++) {
      const q = texts[i] ?? '';
      const params = new URLSearchParams({ q, store_id: '1', zipcode: area.zipcode, loc_id: String(area.loc_id), page: '0', limit: '20' });
      const started = performance.now();
      const response = await fetch(`${base}/connect/index/search?${params}`, { method: 'POST' });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`search '${q}' answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

interface Row extends Latencies {
  concurrency: number;
  repeat: number;
  load: string;
  loadBefore: number;
  loadAfter: number;
  /** The server process's CPU time per search (on PGlite the database's too; on PostgreSQL Node's only). */
  cpuMsPerRequest: number;
}

/** common.md's bench row: what `npm run bench` gathers from every bench to tabulate both databases side by side. */
function benchRow(r: Row): BenchRow {
  return {
    bench: 'search',
    row: 'search cold',
    database: target.kind,
    products: productCount,
    connections: r.concurrency,
    repeat: r.repeat,
    requests: r.requests,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    max: r.max,
    failed: 0,
    loadBefore: r.loadBefore,
    loadAfter: r.loadAfter,
    cpuMsPerRequest: r.cpuMsPerRequest,
  };
}

async function main(): Promise<void> {
  const texts = await prepare();
  log(`${texts.length} distinct texts, e.g. ${texts.slice(0, 8).join(' | ')}`);
  const inProcess = databaseUrl ? undefined : await cpuTimes(texts);
  const rows: Row[] = [];
  for (let repeat = 1; repeat <= repeats; repeat++) {
    for (const concurrency of [1, 10]) {
      server = await startBenchServer(target.serverEnv);
      const loadBefore = loadAverage();
      const cpuBefore = serverCpuMs(server);
      const times = await run(server.base, texts, concurrency);
      const cpuMsPerRequest = (serverCpuMs(server) - cpuBefore) / Math.max(1, times.length);
      await server.stop();
      server = undefined;
      const row: Row = { concurrency, repeat, ...latencies(times), load: load(), loadBefore, loadAfter: loadAverage(), cpuMsPerRequest };
      rows.push(row);
      recordRows([benchRow(row)]);
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
    '| concurrency | repeat | p50 ms | p95 ms | p99 ms | max ms | server CPU ms/search | load average (1/5/15 min) after the run |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.concurrency} | ${r.repeat} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.cpuMsPerRequest)} | ${r.load} |`,
    ),
    '',
    ...(inProcess
      ? [
          `- In process, one at a time, the same texts: CPU time per search p50 ${ms(inProcess.cpu.p50)}, p95 ${ms(inProcess.cpu.p95)}, ` +
            `p99 ${ms(inProcess.cpu.p99)} ms; wall clock p50 ${ms(inProcess.wall.p50)}, p95 ${ms(inProcess.wall.p95)} ms (load ${load()}).`,
        ]
      : []),
    ...[1, 10].map((c) => {
      const p95 = spread(rows.filter((r) => r.concurrency === c).map((r) => r.p95));
      return `- concurrency ${c}: p95 spread over the repeats ${ms(p95.min)}–${ms(p95.max)} ms`;
    }),
    '',
  ];
  // This database and size's section in place of its last run; earlier runs are in git's history.
  const section = `search:${databaseUrl ? 'postgres' : 'pglite'}:${productCount}`;
  log(`wrote ${writeGeneratedSection('search.generated.md', section, lines.join('\n'), '# Search from cold (npm run bench:search)')}`);
}

try {
  await main();
} finally {
  await server?.stop();
}
