/**
 * Catalogue reads while identity verifications run: `npm run bench:identity` (not part of npm test).
 *
 * Seeds (or reuses) an embedded database of BENCH_PRODUCTS products (default 10,000) in bench/data-10k with one
 * hundred signed-in customers, starts the API in a child process (bench-server.ts: the app as `npm start` builds it,
 * the local identity engine in its worker thread), and measures with autocannon:
 *  1. verifications alone, one at a time: the latency of POST connect/verifycustomer/verify (warm engine);
 *  2. each catalogue read with nothing else running: home, listings with varied keys (any category, sort, page),
 *     search with a distinct text per request (each one misses the ranking cache), product pages;
 *  3. the same reads again while KYC runs beside them without pause: customers opening applications, uploading an ID
 *     front, back and selfie (rendered cards with sample faces) and verifying, two at a time.
 * Writes its section of bench/RESULTS.md (between the identity-bench markers; catalogue.bench.ts keeps it).
 * Environment: BENCH_PRODUCTS, BENCH_DATA_DIR, BENCH_SECONDS (default 10). Bounded: requests only to 127.0.0.1,
 * every run has a duration, and a watchdog ends everything after 15 minutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonRequest, type Result } from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import { clearCatalogue, seedCatalogue } from '../server/db/seed/seed-catalogue.ts';
import { hashSecret, newSecret } from '../server/services/platform/tokens.ts';
import { sortKeys } from '../src/rules/listing.ts';
import { emptyTimings, oneKyc, startKycLoad, type KycTimings } from './kyc-load.ts';
import { kycPhotoSets } from './kyc-photos.ts';
import { identitySectionEnd, identitySectionStart, withIdentitySection } from './results-sections.ts';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? `bench/data-${Math.round(productCount / 1000)}k`);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const budgetMs = 25;
const verifiersAtOnce = 2;
const customerCount = 100;
const area = { zipcode: '10001', loc_id: 101 };
const resultsFile = path.resolve('bench/RESULTS.md');

const watchdog = setTimeout(() => {
  console.error('The benchmark ran for 15 minutes: stopping.');
  child?.kill('SIGKILL');
  process.exit(2);
}, 15 * 60_000);
watchdog.unref();
let child: ChildProcess | undefined;

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// ------------------------------------------------------------------ database

interface Targets {
  categoryIds: number[];
  productIds: number[];
  words: string[];
  tokens: string[];
}

async function prepare(db: Kysely<Database>): Promise<Targets> {
  await migrateToLatest(db);
  const { n } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) !== productCount) {
    if (Number(n) > 0) await clearCatalogue(db);
    log(`seeding ${productCount} products into ${dataDir}`);
    await seedCatalogue(db, { products: productCount });
  } else log(`reusing ${dataDir} (${productCount} products)`);
  await sql`analyze`.execute(db);

  const categories = await db.selectFrom('categories').select('id').execute();
  const products = await sql<{ id: number; name: string }>`
    select p.id, p.name from products p
    where exists (
      select 1 from product_variants v join variant_offers o on o.variant_id = v.id
      where v.product_id = p.id and (o.area_loc_id = ${area.loc_id} or o.area_loc_id is null))
    order by random() limit 2000`.execute(db);
  const words = [...new Set(products.rows.flatMap((p) => p.name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))];

  // Customers with a live session each (a day), made directly as the server tests do: no captcha, no mail.
  const tokens: string[] = [];
  await db
    .deleteFrom('sessions')
    .where('customer_id', 'in', db.selectFrom('customers').select('id').where('email', 'like', 'bench-kyc-%'))
    .execute();
  for (let i = 0; i < customerCount; i++) {
    const email = `bench-kyc-${i}@example.com`;
    const existing = await db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('customers')
          .values({ email, email_normalized: email, first_name: 'Bench', last_name: 'Shopper', password_hash: null, is_guest: false })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const token = newSecret();
    await db
      .insertInto('sessions')
      .values({ customer_id: id, token_hash: hashSecret(token), expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    tokens.push(token);
  }
  return { categoryIds: categories.map((c) => c.id), productIds: products.rows.map((p) => p.id), words, tokens };
}

// ------------------------------------------------------------------ server

async function startServer(): Promise<number> {
  const server = fork(path.resolve('bench/bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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

// ------------------------------------------------------------------ catalogue reads

interface Scenario {
  name: string;
  requests: AutocannonRequest[];
}

const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

function scenarios(targets: Targets): Scenario[] {
  const base = { store_id: 1, zipcode: area.zipcode, loc_id: area.loc_id };
  let searchCount = 0;
  return [
    { name: 'homepage', requests: [{ method: 'GET', path: `/connect/index/homepage?${qs(base)}` }] },
    {
      name: 'listing: any category, sort and page (varied keys)',
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/connect/index/category?${qs({
              ...base,
              catid: pick(targets.categoryIds),
              sort: pick(['', ...sortKeys]), // '' is the default order
              page: Math.floor(Math.random() * 5),
              limit: 20,
            })}`,
          }),
        },
      ],
    },
    {
      name: 'product page, random products',
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
    {
      name: 'search: a distinct text every request (no cache hit)',
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            // Two words from product names; a counter keeps every text new, so each request ranks afresh.
            const text = `${pick(targets.words)} ${pick(targets.words)} ${(searchCount++).toString(36)}`;
            return {
              ...request,
              path: `/connect/index/search?${qs({ ...base, q: text, courier_type: '', page: 0, limit: 20 })}`,
              body: JSON.stringify({ q: text, store_id: 1 }),
            };
          },
        },
      ],
    },
  ];
}

/** A real answer: status 200 and a JSON envelope (a search with no hits is code 2, still an answer). */
function isAnswer(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed;
  } catch {
    return false;
  }
}

async function drive(base: string, scenario: Scenario): Promise<Result> {
  await drained(base);
  await autocannon({ url: base, connections: 2, duration: 1, requests: scenario.requests });
  return autocannon({ url: base, connections, duration: seconds, requests: scenario.requests, verifyBody: isAnswer });
}

/**
 * Requests autocannon gave up on (a slow search) are still queued in the server: wait until the category tree answers
 * quickly again, so one row's backlog is not measured in the next.
 */
async function drained(base: string): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    const started = performance.now();
    await fetch(`${base}/connect/index/categorylist?store_id=1&courier_type=`).then((r) => r.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ------------------------------------------------------------------ report

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value).toLocaleString('en-US');

interface Row {
  name: string;
  idle: Result | undefined;
  busy: Result | undefined;
}

const cell = (r: Result | undefined) =>
  r === undefined ? '– | –' : `${round(r.requests.average)} | ${r.latency.p50} / ${r.latency.p99} / ${r.latency.max}`;
const failuresOf = (r: Result | undefined) => (r === undefined ? 0 : r.mismatches + r.non2xx + r.errors + r.timeouts);
const withinBudget = (r: Result | undefined) => r !== undefined && r.requests.total > 0 && failuresOf(r) === 0 && r.latency.p99 < budgetMs;
const yes = (r: Result | undefined) => (withinBudget(r) ? 'yes' : '**no**');

function kycRows(timings: KycTimings): string[] {
  const { verifyMs, uploadMs } = timings;
  return [
    `| verify (matched ${timings.matched}, other ${timings.other.length}) | ${verifyMs.length} | ${round(percentile(verifyMs, 50))} | ${round(percentile(verifyMs, 99))} | ${round(Math.max(0, ...verifyMs))} |`,
    `| upload (one photo) | ${uploadMs.length} | ${round(percentile(uploadMs, 50))} | ${round(percentile(uploadMs, 99))} | ${round(Math.max(0, ...uploadMs))} |`,
  ];
}

function report(alone: KycTimings, rows: Row[], kyc: KycTimings, loadAtStart: number[]): string {
  const load = (values: number[]) => values.map((n) => n.toFixed(1)).join(', ');
  const lines: string[] = [identitySectionStart, '', '# Catalogue reads while identity verifications run', ''];
  lines.push(
    `Run ${new Date().toISOString()} with \`npm run bench:identity\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `Node ${process.version}, embedded PGlite, ${productCount.toLocaleString('en-US')} products. The server runs in its own process as ` +
      `\`npm start\` builds it (IDENTITY_ENGINE=local: the engine in a worker thread of that process). autocannon: ${connections} connections, ` +
      `${seconds} s per row after a 1 s warm-up. Budget: p99 under ${budgetMs} ms. ` +
      `Load average at the start ${load(loadAtStart)}, at the end ${load(os.loadavg())}: other processes share the cores, so compare the columns of one run, not runs.`,
    '',
  );
  lines.push('## Verifications alone (warm engine, one at a time, over HTTP)', '');
  lines.push('| call | runs | p50 ms | max ms |', '|---|---:|---:|---:|');
  lines.push(
    `| POST connect/verifycustomer/verify | ${alone.verifyMs.length} | ${round(percentile(alone.verifyMs, 50))} | ${round(Math.max(0, ...alone.verifyMs))} |`,
  );
  lines.push(
    `| POST connect/uploadkyc/kyc (one photo) | ${alone.uploadMs.length} | ${round(percentile(alone.uploadMs, 50))} | ${round(Math.max(0, ...alone.uploadMs))} |`,
  );
  lines.push(
    '',
    `## Catalogue reads: alone, then beside KYC (${verifiersAtOnce} customers at a time opening an application, uploading three photos, verifying and customer-verifying, without pause)`,
    '',
  );
  lines.push(
    '| read | alone req/s | alone p50 / p99 / max ms | beside KYC req/s | beside KYC p50 / p99 / max ms | failures | within budget: alone / beside KYC |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|:---:|');
  for (const { name, idle, busy } of rows) {
    lines.push(`| ${name} | ${cell(idle)} | ${cell(busy)} | ${failuresOf(idle) + failuresOf(busy)} | ${yes(idle)} / ${yes(busy)} |`);
  }
  lines.push('', '## The KYC load during the "beside KYC" rows', '');
  lines.push('| call | runs | p50 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|', ...kycRows(kyc));
  if (kyc.other.length > 0) lines.push('', `Verify replies other than code 1: ${[...new Set(kyc.other)].slice(0, 3).join('; ')}`);
  lines.push('', readingNotes, '', identitySectionEnd, '');
  return lines.join('\n');
}

/** What the numbers mean, and what was tried; the same in every run, so written here rather than by hand. */
const readingNotes = `## Reading these numbers

- One verification is mostly CPU: face detection and embedding on both photos (WASM) beside OCR of the card
  (tesseract's own thread), so it can keep both cores busy for most of a second. On 2 cores the request thread then
  shares the CPU with it, and every catalogue read slows: the "beside KYC" columns. With the embedded database the
  request thread also runs the database (PGlite is WASM in that thread), so nothing else absorbs the slack.
- "listing: any category, sort and page" builds each category's listing on its first request (the catalogue bench's
  cold listing, a few hundred ms on the only connection), then serves it from cache: the row mixes both, as a crawler
  or many shoppers spread over the menu would.
- The machine these runs share with other work was rarely quiet (load averages of 5 to 20 on its 2 cores), so the
  rows move between runs. What held in every run: the product page, the one read that is never cached, is within
  budget alone only when the machine is otherwise quiet (p99 13 ms at load 5) and leaves it beside KYC (104 ms in the
  same run; 23 → 307 ms in another); the product page and listings lose a third to two thirds of their rate (the
  homepage, one cached answer per area, moves more with the outside load than with KYC); a verification takes
  1-3 s beside the reads against 0.9-1.5 s alone on a quiet machine. So on 2 cores the reads do not stay within
  25 ms while verifications run; the budget holds only when the engine has cores of its own.
- "search: a distinct text every request" is the worst case by design: every request ranks from scratch (no cache
  hit), and on the embedded database each ranking holds the only connection for a second or more under load, so ten
  at once queue. It is slow with or without KYC; it is the catalogue bench's cold search (RESULTS.md above), many times
  over. Rate-limiting search per IP, or PostgreSQL, is the remedy (issue 15).
- Tried and dropped: running the engine thread at a lower priority (nice 10, set per thread through /proc/thread-self,
  inherited by the OCR and WASM threads). Under the outside load of this shared machine (load average 12-16) the
  verifications starved: p50 30 s, two of four past the engine's 30 s timeout ('Something Went Wrong'), against 5 s at
  the server's own priority in the same run; the catalogue reads gained nothing measurable (product page p99 556 ms at
  nice 10, 432 ms at nice 0). A verification that fails is worse than a read that is slower for a second.
- What keeps the reads within budget on a real deployment is room: more cores than the one request thread and the
  engine's threads need, or the engine elsewhere (IDENTITY_ENGINE=stripe moves the document check to Stripe, though
  the face match still runs here; a separate identity service on its own machine would move all of it).`;

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  let targets: Targets;
  try {
    targets = await prepare(database.db);
  } finally {
    await database.close(); // PGlite is one process's database: closed before the server opens it
  }
  const photos = await kycPhotoSets();
  const photosFor = (i: number) => photos[i % photos.length] ?? { front: '', back: '', selfie: '' };
  const list = scenarios(targets);
  const idle = new Map<string, Result>();
  const busy = new Map<string, Result>();
  const alone: KycTimings = emptyTimings();
  log(`${targets.categoryIds.length} categories, ${targets.productIds.length} sample products, ${targets.words.length} search words`);

  const loadAtStart = os.loadavg();
  const kyc: KycTimings = emptyTimings();
  const base = `http://127.0.0.1:${await startServer()}`;
  log(`server on ${base}`);
  try {
    // The first verification loads the models (about a second, not counted); then six, one at a time.
    await oneKyc(base, targets.tokens[0] ?? '', photosFor(0), emptyTimings());
    for (let i = 1; i <= 6; i++) await oneKyc(base, targets.tokens[i] ?? '', photosFor(i), alone);
    log(`verify alone: p50 ${round(percentile(alone.verifyMs, 50))} ms, max ${round(Math.max(...alone.verifyMs))} ms`);
    for (const scenario of list) {
      log(`alone: ${scenario.name}`);
      idle.set(scenario.name, await drive(base, scenario));
    }
    const load = startKycLoad(base, targets.tokens.slice(10), photos, kyc, verifiersAtOnce);
    for (const scenario of list) {
      log(`beside KYC: ${scenario.name}`);
      busy.set(scenario.name, await drive(base, scenario));
      log(`  p99 alone ${idle.get(scenario.name)?.latency.p99 ?? '?'} ms, beside KYC ${busy.get(scenario.name)?.latency.p99 ?? '?'} ms`);
    }
    await load.stop();
  } finally {
    await stopServer();
  }

  const rows: Row[] = list.map((scenario) => ({
    name: scenario.name,
    idle: idle.get(scenario.name),
    busy: busy.get(scenario.name),
  }));
  const section = report(alone, rows, kyc, loadAtStart);
  fs.writeFileSync(resultsFile, withIdentitySection(fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '', section));
  console.log(section);
  log(`wrote its section of ${path.relative(process.cwd(), resultsFile)}`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await stopServer().catch(() => undefined);
    process.exit(1);
  });
