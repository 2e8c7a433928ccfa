/**
 * Catalogue read benchmark: `npx tsx bench/suites/catalogue.bench.ts` (or `npm run bench`).
 *
 * Seeds (or reuses) an embedded database of 100,000 products in bench/data-100k, EXPLAINs (ANALYZE, BUFFERS) the
 * main queries, then starts the server `npm start` runs (bench/lib/measure.ts's startBenchServer) on a free loopback
 * port, times each read cold over HTTP (keys no request asked before) and drives each catalogue read with autocannon (10 connections, 10 s each: the warm path, a labelled
 * bonus — search and listings from cold are bench/suites/search.bench.ts and bench/suites/listing.bench.ts). Writes
 * bench/results/catalogue-pglite.generated.md, and its rows to BENCH_JSON (`npm run bench` runs it on every data set).
 * Environment: BENCH_PRODUCTS (default 100000), BENCH_DATA_DIR, BENCH_SECONDS (default 10), BENCH_DATABASE_URL (a
 * PostgreSQL server instead of the embedded database; its results go to bench/results/catalogue-postgres.generated.md).
 * Bounded: requests go only to 127.0.0.1, every run has a duration, and a watchdog ends everything after 20 minutes.
 */
import os from 'node:os';
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { QueryRecorder } from '../../server/db/query-recorder.ts';
import type { Database } from '../../server/db/schema.ts';
import { homepage } from '../../server/services/catalogue/home.ts';
import { categoryListing } from '../../server/services/catalogue/listing.ts';
import { productDetail } from '../../server/services/catalogue/product-detail.ts';
import { searchProducts } from '../../server/services/catalogue/search.ts';
import {
  benchDatabase,
  loadAverage,
  logger,
  recordRows,
  repeatNumber,
  seedOrReuse,
  startBenchServer,
  watchdog,
  type BenchRow,
  type BenchServer,
} from '../lib/measure.ts';
import { latencies, median } from '../lib/percentiles.ts';
import { writeGenerated } from '../lib/results-files.ts';

const target = benchDatabase();
const productCount = target.products;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const budgetMs = 25;
const area = { zipcode: '10001', loc_id: 101 };
const searches = ['salmon', 'ribeye steak', 'chicken thigh', 'salmn'];
const databaseUrl = target.databaseUrl;
const databaseLabel = databaseUrl ? 'PostgreSQL server (pool of 10)' : 'embedded PGlite (one connection)';
const resultsName = databaseUrl ? 'catalogue-postgres.generated.md' : 'catalogue-pglite.generated.md';

let server: BenchServer | undefined;
watchdog('The catalogue benchmark', 20, () => server?.child.kill('SIGKILL'));
const log = logger('bench');

// ------------------------------------------------------------------ database

interface Targets {
  bigCategory: { id: number; name: string; products: number };
  subCategory: number;
  productIds: number[];
}

async function findTargets(db: Kysely<Database>): Promise<Targets> {
  const big = await sql<{ id: number; name: string; products: number }>`
    select c.id, c.name, count(*)::int as products
    from categories c join product_categories pc on pc.category_id = c.id
    where c.parent_id is null
    group by c.id, c.name order by count(*) desc limit 1`.execute(db);
  const bigCategory = big.rows[0];
  if (!bigCategory) throw new Error('No categories: the seed did not run');
  const sub = await db.selectFrom('categories').select('id').where('parent_id', '=', bigCategory.id).orderBy('position').executeTakeFirstOrThrow();
  const candidates = Array.from({ length: 3000 }, () => 1 + Math.floor(Math.random() * productCount));
  const offered = await sql<{ id: number }>`
    select p.id from products p
    where p.id = any(${candidates}::int[]) and exists (
      select 1 from product_variants v join variant_offers o on o.variant_id = v.id
      where v.product_id = p.id and (o.area_loc_id = ${area.loc_id} or o.area_loc_id is null))
    limit 1000`.execute(db);
  return { bigCategory, subCategory: sub.id, productIds: offered.rows.map((r) => r.id) };
}

interface ColdTiming {
  name: string;
  runs: number[];
}

/**
 * Each call over HTTP to the server as it started, with a key no earlier request used (a product page no one opened,
 * a listing of a sort and speed not asked for, a search text not typed), one at a time: what the first shopper to
 * ask pays. The home is one cache per area and speed: its cold runs are the first request of each.
 */
async function coldTimings(base: string, targets: Targets): Promise<ColdTiming[]> {
  const time = async (name: string, paths: readonly { method: 'GET' | 'POST'; path: string; body?: string }[]) => {
    const runs: number[] = [];
    for (const request of paths) {
      const started = performance.now();
      const response = await fetch(base + request.path, {
        method: request.method,
        headers: request.body ? json : {},
        body: request.body,
      });
      const body = await response.text();
      runs.push(performance.now() - started);
      if (response.status !== 200 || !isAnswer(body)) throw new Error(`${request.path} answered ${response.status}: ${body.slice(0, 200)}`);
    }
    return { name, runs };
  };
  const base1 = { store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id };
  const areas = [area, { zipcode: '60601', loc_id: 103 }];
  // The delivery speeds share one home and one set of cards per area; the visit speeds have their own.
  const homes = areas.flatMap((a) => ['', 'dine-in', 'pickup'].map((speed) => ({ ...a, speed })));
  const category = (params: Record<string, string | number>) => ({
    method: 'GET' as const,
    path: `/connect/index/category?${qs({ ...base1, ...params })}`,
  });
  const timings: ColdTiming[] = [];
  timings.push(
    await time(
      'homepage (first request of each area and visit speed)',
      homes.map((home) => ({
        method: 'GET',
        path: `/connect/index/homepage?${qs({ store_id: 1, zipcode: home.zipcode, loc_id: home.loc_id, courier_type: home.speed })}`,
      })),
    ),
  );
  timings.push(
    await time(
      `category ${targets.bigCategory.name}, price_asc: first request of each page size`,
      [10, 20, 30, 40, 50].map((limit) => category({ catid: targets.bigCategory.id, sort: 'price_asc', page: 0, limit })),
    ),
  );
  timings.push(
    await time(
      `category ${targets.bigCategory.name}, farm-direct only: first request`,
      [0, 1, 2].map((page) => category({ catid: targets.bigCategory.id, courier_type: 'farm-direct', page, limit: 20 })),
    ),
  );
  for (const text of searches) {
    timings.push(
      await time(
        `search '${text}': first request in each area ranks the matches`,
        areas.map((a) => ({
          method: 'POST',
          path: `/connect/index/search?${qs({ store_id: 1, zipcode: a.zipcode, loc_id: a.loc_id, q: text, courier_type: '', page: 0, limit: 20 })}`,
          body: JSON.stringify({ q: text, store_id: 1 }),
        })),
      ),
    );
  }
  timings.push(
    await time(
      'product detail, over HTTP, products never opened before',
      targets.productIds.slice(0, 30).map((id) => ({
        method: 'GET',
        path: `/connect/index/product?${qs({ prodid: id, store_id: 1, loc_id: area.loc_id, zipCode: area.zipcode, courier_type: '' })}`,
      })),
    ),
  );
  return timings;
}

interface Plan {
  source: string;
  sql: string;
  plan: string;
}

async function explainMainQueries(db: Kysely<Database>, targets: Targets): Promise<Plan[]> {
  const plans: Plan[] = [];
  const seen = new Set<string>();
  const record = async (source: string, run: (recording: Kysely<Database>) => Promise<unknown>) => {
    const recorder = new QueryRecorder(db);
    await run(db.withPlugin(recorder));
    for (const query of recorder.queries) {
      // The category tree and the served areas are tiny and cached: their plans say nothing.
      if (/from "categories"|from "service_areas"/.test(query.sql) && !query.sql.includes('product_categories')) continue;
      if (seen.has(query.sql)) continue;
      seen.add(query.sql);
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
      );
      plans.push({ source, sql: query.sql.replace(/\s+/g, ' ').trim(), plan: result.rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
  };
  await record(`category ${targets.bigCategory.id} (listing build + one page of cards)`, (rec) =>
    categoryListing(rec, { categoryId: targets.bigCategory.id, locId: area.loc_id, page: 0, limit: 20, sort: 'price_asc' }),
  );
  await record("search 'salmon'", (rec) => searchProducts(rec, { text: 'salmon', locId: area.loc_id, page: 0, limit: 20 }));
  await record('product detail', (rec) => productDetail(rec, targets.productIds[0] ?? 1, area.loc_id));
  await record('homepage', (rec) => homepage(rec, area.loc_id));
  return plans;
}

// ------------------------------------------------------------------ load

interface Scenario {
  name: string;
  requests: AutocannonRequest[];
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const randomPage = (pages: number) => Math.floor(Math.random() * pages);
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const json = { 'content-type': 'application/json' };

function scenarios(targets: Targets): Scenario[] {
  const base = { store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id };
  const categoryPath = (params: Record<string, string | number>) => `/connect/index/category?${qs({ ...base, ...params })}`;
  const list: Scenario[] = [
    { name: 'homepage', requests: [{ method: 'GET', path: `/connect/index/homepage?${qs(base)}` }] },
    { name: 'categorylist', requests: [{ method: 'GET', path: '/connect/index/categorylist?store_id=1&courier_type=' }] },
    {
      name: `category ${targets.bigCategory.name} (${targets.bigCategory.products} products), popularity, page 0`,
      requests: [{ method: 'GET', path: categoryPath({ catid: targets.bigCategory.id, page: 0, limit: 20 }) }],
    },
    {
      name: `category ${targets.bigCategory.name}, price_asc, random page of the first 100`,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: categoryPath({ catid: targets.bigCategory.id, sort: 'price_asc', limit: 20, page: randomPage(100) }),
          }),
        },
      ],
    },
    {
      name: 'filters (price range + sizes + sub-category), price_desc, random page',
      requests: [
        {
          method: 'POST',
          path: '/connect/index/filters',
          headers: json,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              ...base,
              parent_category_id: targets.bigCategory.id,
              priceranges: ['10-25', '25-50'],
              size: [500, 1000],
              catid: [targets.subCategory],
              sort: 'price_desc',
              limit: 20,
              page: randomPage(10),
            }),
          }),
        },
      ],
    },
    ...searches.map((text) => ({
      name: `search '${text}'`,
      requests: [
        {
          method: 'POST',
          path: `/connect/index/search?${qs({ ...base, q: text, courier_type: '', page: 0, limit: 20 })}`,
          headers: json,
          body: JSON.stringify({ q: text, store_id: 1 }),
        },
      ],
    })),
    {
      name: 'product detail, random products',
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/connect/index/product?${qs({ prodid: pick(targets.productIds), store_id: 1, loc_id: area.loc_id, zipCode: area.zipcode, courier_type: '' })}`,
          }),
        },
      ],
    },
  ];
  return list;
}

/** A JSON envelope (a listing with nothing at a speed is code -1, still an answer). */
function isAnswer(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed;
  } catch {
    return false;
  }
}

/** Code 1 in the envelope: a listing or product that really came back, not a refusal. */
function isSuccess(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed && parsed.code === 1;
  } catch {
    return false;
  }
}

interface Measured {
  name: string;
  result: Result;
}

async function drive(url: string, list: Scenario[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const scenario of list) {
    // Warm-up: the first requests build the listing indexes and search rankings (timed cold above).
    await autocannon({ url, connections: 2, duration: 1, requests: scenario.requests });
    log(`driving ${scenario.name}`);
    const result = await autocannon({ url, connections, duration: seconds, requests: scenario.requests, verifyBody: isSuccess });
    measured.push({ name: scenario.name, result });
    log(`  ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  }
  return measured;
}

// ------------------------------------------------------------------ report

/** What the numbers mean; the same text in every run, so it is written here rather than by hand. */
const readingNotes = `## Reading these numbers

- Listings, filters and search answer from in-process caches (server/services/platform/read-cache.ts, batch-cache.ts): the
  listing of a (category, area, speed) is rebuilt at most every 5 minutes, a search text's ranking every 2 minutes,
  a product card every 10 s (served up to 30 s old while it refreshes); the category tree and served areas every
  minute. The "Under load" rows for them measure that warm path, after a 1 s warm-up. The product page is never
  cached: it is one prepared statement per request.
- "Cold" is what the first request for a key pays, over HTTP to the server as it started (keys never asked before). On the embedded database it holds the only connection, so every
  other request waits behind it (a few hundred ms, for each listing key at most every 5 minutes, in the background
  once built). On PostgreSQL it runs on its own pool connection.
- Every new search text pays the cold ranking. Many distinct texts (a shopper typing unusual words, or someone
  sending random text) cost database time in proportion; rate limiting search, or PostgreSQL, is the remedy.
- The homepage is cached per area (server/services/catalogue/home.ts: 30 s fresh, then served up to 5 minutes while it reloads);
  the cold row is what a reload costs.
- Other work on the 2 cores moves these numbers: a run while other processes were busy (load 5 to 8) measured
  product detail p99 31 ms on the embedded database.`;

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

function report(targets: Targets, measured: Measured[], cold: ColdTiming[], plans: Plan[]): string {
  const lines: string[] = [];
  lines.push('# Catalogue read benchmark', '');
  lines.push(
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
      `${databaseLabel}, ${productCount.toLocaleString('en-US')} products. ` +
      `autocannon: ${connections} connections, ${seconds} s per row, after a 1 s warm-up; the server runs in its own process. ` +
      `Area: zip ${area.zipcode} (loc_id ${area.loc_id}). Budget: p99 under ${budgetMs} ms.`,
    '',
  );
  lines.push('## Under load', '');
  lines.push('| endpoint | req/s | p50 ms | p99 ms | max ms | not code 1 / errors | p99 within budget |');
  lines.push('|---|---:|---:|---:|---:|---:|:---:|');
  for (const { name, result } of measured) {
    const failures = result.mismatches + result.non2xx + result.errors + result.timeouts;
    lines.push(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${failures} | ${result.latency.p99 < budgetMs ? 'yes' : '**no**'} |`,
    );
  }
  lines.push('', '## Cold (a key no request asked before), over HTTP, one request at a time', '');
  lines.push('| call | runs | median ms | max ms |');
  lines.push('|---|---:|---:|---:|');
  for (const timing of cold) {
    lines.push(`| ${timing.name} | ${timing.runs.length} | ${ms(median(timing.runs))} | ${ms(Math.max(...timing.runs))} |`);
  }
  lines.push('', `Big category: ${targets.bigCategory.name} (id ${targets.bigCategory.id}, ${targets.bigCategory.products} products in all areas).`);
  lines.push('', readingNotes);
  lines.push('', '## Query plans (EXPLAIN (ANALYZE, BUFFERS), first run, nothing cached)', '');
  for (const plan of plans) {
    lines.push(`### ${plan.source}`, '', '```sql', plan.sql, '```', '', '```', plan.plan, '```', '');
  }
  return lines.join('\n');
}

// ------------------------------------------------------------------ main

/** The rows npm run bench reads: the cold calls, and the warm path as a labelled bonus. */
function rows(measured: Measured[], cold: ColdTiming[], loadBefore: number): BenchRow[] {
  const common = { bench: 'catalogue', database: target.kind, products: productCount, repeat: repeatNumber, loadBefore, loadAfter: loadAverage() };
  return [
    ...cold.map((timing) => ({ ...common, row: `cold: ${timing.name}`, connections: 1, failed: 0, ...latencies(timing.runs) })),
    ...measured.map(({ name, result }) => ({
      ...common,
      row: `warm (bonus): ${name}`,
      connections,
      requests: result.requests.total,
      // autocannon's histogram has no p95.
      p50: result.latency.p50,
      p95: NaN,
      p99: result.latency.p99,
      max: result.latency.max,
      failed: result.mismatches + result.non2xx + result.errors + result.timeouts,
    })),
  ];
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const database = await target.open();
  let targets: Targets;
  let plans: Plan[];
  try {
    await seedOrReuse(database, productCount, log);
    targets = await findTargets(database.db);
    log(`big category ${targets.bigCategory.name} (${targets.bigCategory.products} products); ${targets.productIds.length} sample products`);
    log('explaining the main queries');
    plans = await explainMainQueries(database.db, targets);
  } finally {
    // PGlite is one process's database: close it before the server opens it.
    await database.close();
  }

  server = await startBenchServer(target.serverEnv);
  log(`server on ${server.base}`);
  let measured: Measured[];
  let cold: ColdTiming[];
  try {
    log('timing cold calls over HTTP');
    cold = await coldTimings(server.base, targets);
    measured = await drive(server.base, scenarios(targets));
  } finally {
    await server.stop();
  }

  recordRows(rows(measured, cold, loadBefore));
  const text = report(targets, measured, cold, plans);
  const written = writeGenerated(resultsName, text);
  console.log(text.slice(0, text.indexOf('## Query plans')));
  log(`wrote ${written}`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await server?.stop().catch(() => undefined);
    process.exit(1);
  });
