/**
 * Two builds' server CPU per whole guest checkout, side by side: `BEFORE_DIR=… AFTER_DIR=… npx tsx
 * bench/suites/checkout-cpu-interleaved.ts`, each folder a `git archive` of a commit with node_modules and a
 * dist-server already built (run checkout-cpu.ts there once). Both servers run at once, each on its own copy of the
 * same data, and the checkouts alternate one by one between them (which goes first alternating too), so the machine's
 * other load falls on both alike: on this shared machine the same code moves ±5 ms between runs a minute apart,
 * which hides a change of a few per cent that alternated runs cannot show (decision 072). Prints each block's process
 * CPU per checkout of both and the difference; writes no results file.
 *
 * BENCH_SET=pglite-10k (the default) or postgres-10k, the kept data checkout-cpu.ts seeds (run it first). On
 * PostgreSQL each side has its own database copy, so its backends are those pg_stat_activity lists on that database:
 * their CPU (from /proc, read at each block's start and end) is the side's share of the cluster, printed beside Node's
 * (the WAL writer and checkpointer, shared, are left out).
 * BLOCKS (8) blocks of BLOCK (25) checkouts each per server, after five each to warm up; WARM_SECONDS (0) of browsing
 * each server first, so the checkouts' catalogue notices meet warm caches.
 */
import fs from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/connection.ts';
import { migrationNamed } from '../../server/db/migrate.ts';
import { checkoutShopOf } from '../lib/checkout-shop.ts';
import { guestCheckout, httpCheckoutCaller, type CheckoutCaller, type CheckoutShop } from '../lib/guest-checkout.ts';
import { loadAverages, processCpuMs, serverCpuMs, startBenchServer, type BenchServer } from '../lib/measure.ts';
import { copyOfStore, startKeptCluster, type StoreCopy } from '../lib/postgres-cluster.ts';
import { throughputPlan, throughputUnits } from './throughput-kinds.ts';

const set = process.env.BENCH_SET ?? 'pglite-10k';
if (set !== 'pglite-10k' && set !== 'postgres-10k') throw new Error(`BENCH_SET=${set}: pglite-10k or postgres-10k`);
const folders = { before: process.env.BEFORE_DIR, after: process.env.AFTER_DIR };
if (!folders.before || !folders.after) throw new Error('BEFORE_DIR and AFTER_DIR: the two builds, each a git archive copy');
const home = process.cwd();
const log = (m: string) => console.error(`[checkout-cpu-interleaved ${set}] ${m}`);

/**
 * A side whose build predates a migration the kept data has run (the data set is migrated by whichever build opened it
 * last) would refuse to start ("corrupted migrations"): that migration is undone on the side's own copy with this
 * checkout's down(), newest first, and its row removed, so each build runs on the schema it knows. PostgreSQL only.
 */
async function undoLaterMigrations(url: string, folder: string): Promise<void> {
  const known = new Set(fs.readdirSync(path.join(folder, 'server/db/migrations')).map((file) => file.replace(/\.ts$/, '')));
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name desc`.execute(db);
    for (const { name } of ran.rows) {
      if (known.has(name)) continue;
      const migration = migrationNamed(name);
      if (!migration?.down) throw new Error(`${name}: no down() in this checkout to undo it for ${folder}`);
      await migration.down(db);
      await sql`delete from kysely_migration where name = ${name}`.execute(db);
      log(`${path.basename(folder)}: undid ${name} on its copy (its build predates it)`);
    }
  } finally {
    await db.destroy();
  }
}

interface Side {
  name: 'before' | 'after';
  folder: string;
  env: Record<string, string>;
  /** PostgreSQL: the side's database copy, whose backends are its share of the cluster. */
  database?: string;
}

/** Each side's own copy of the kept data, the shop, and how to drop the copies. */
async function prepare(): Promise<{
  sides: Side[];
  shop: CheckoutShop;
  backendsOf?: (database: string) => Promise<number[]>;
  drop(): Promise<void>;
}> {
  const names = ['before', 'after'] as const;
  if (set === 'pglite-10k') {
    const kept = fs.realpathSync(path.resolve('bench/data-10k'));
    const sides = names.map((name) => {
      const dataDir = path.join(os.tmpdir(), `checkout-cpu-interleaved-${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.cpSync(kept, dataDir, { recursive: true });
      return { name, folder: folders[name] ?? '', env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
    });
    const shop = await checkoutShopOf(await openDatabase({ dataDir: sides[0]?.env.DATA_DIR ?? '', statementTimeoutMs: 0 }));
    return { sides, shop, drop: async () => sides.forEach((s) => fs.rmSync(s.env.DATA_DIR ?? '', { recursive: true, force: true })) };
  }
  const cluster = await startKeptCluster('bench/pg-10k');
  const admin = cluster.urlOf('postgres');
  const sides: Side[] = [];
  const copies: StoreCopy[] = [];
  for (const name of names) {
    const database = `checkout_cpu_${name}_${process.pid}`;
    const copy = await copyOfStore(cluster, database);
    copies.push(copy);
    const databaseUrl = copy.socketUrl;
    await undoLaterMigrations(copy.url, folders[name] ?? '');
    sides.push({
      name,
      folder: folders[name] ?? '',
      env: { DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-cpu-uploads-')) },
      database,
    });
  }
  const watcher = new pg.Client({ connectionString: admin });
  await watcher.connect();
  const backendsOf = async (database: string) =>
    (await watcher.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map((r) => r.pid);
  const shop = await checkoutShopOf(
    await openDatabase({ databaseUrl: sides[0]?.env.DATABASE_URL ?? '', dataDir: 'memory://', statementTimeoutMs: 0 }),
  );
  return {
    sides,
    shop,
    backendsOf,
    async drop() {
      await watcher.end();
      for (const copy of copies) await copy.drop();
      for (const side of sides) fs.rmSync(side.env.DATA_DIR ?? '', { recursive: true, force: true });
      cluster.stop();
    },
  };
}

const { sides, shop, backendsOf, drop } = await prepare();

/** Each backend's CPU so far (ms) on the side's database copy; empty on PGlite. */
async function backendCpu(side: Side): Promise<Map<number, number>> {
  if (!backendsOf || !side.database) return new Map();
  return new Map((await backendsOf(side.database)).map((pid) => [pid, processCpuMs(pid)]));
}

/** CPU the side's backends used between two readings (a backend new since the first counts whole). */
function backendDelta(start: Map<number, number>, end: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of end) sum += ms - (start.get(pid) ?? 0);
  return sum;
}
const running: { side: Side; server: BenchServer; post: CheckoutCaller }[] = [];
try {
  for (const side of sides) {
    // The server starts from the side's own folder (its dist-server and start script).
    process.chdir(side.folder);
    const server = await startBenchServer({ ...side.env, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
    process.chdir(home);
    running.push({ side, server, post: httpCheckoutCaller(server.base) });
  }
  // WARM_SECONDS: both servers browsed first (searches, listings, product pages), as a store's are: their caches then
  // hold what every catalogue notice a checkout sends makes them look through (decision 086).
  const warmSeconds = Number(process.env.WARM_SECONDS ?? 0);
  if (warmSeconds > 0) {
    const planned = await openDatabase({ databaseUrl: sides[0]?.env.DATABASE_URL ?? '', dataDir: 'memory://', statementTimeoutMs: 0 });
    const plan = await throughputPlan(planned.db).finally(() => planned.close());
    const until = performance.now() + warmSeconds * 1000;
    await Promise.all(
      running.map(async (run) => {
        const units = await throughputUnits(run.server.base, plan);
        const kinds = [units.search, units.listing, units.product];
        for (let i = 0; performance.now() < until; i++) await kinds[i % kinds.length]?.(0).catch(() => undefined);
      }),
    );
    log(`browsed both servers for ${warmSeconds} s`);
  }
  for (let i = 0; i < 5; i++) for (const run of running) await guestCheckout(run.post, shop, 100_000 + i);
  const blocks = Number(process.env.BLOCKS ?? 8);
  const size = Number(process.env.BLOCK ?? 25);
  const sums = running.map(() => 0);
  const backendSums = running.map(() => 0);
  for (let b = 0; b < blocks; b++) {
    const backendStart = await Promise.all(running.map((run) => backendCpu(run.side)));
    const start = running.map((run) => serverCpuMs(run.server));
    for (let i = 0; i < size; i++) {
      const order = i % 2 === 0 ? running : [...running].reverse();
      for (const run of order) await guestCheckout(run.post, shop, b * size + i);
    }
    // The confirmation mails are written after the replies: let them land before reading the counters.
    await new Promise((done) => setTimeout(done, 300));
    const each = running.map((run, k) => (serverCpuMs(run.server) - (start[k] ?? 0)) / size);
    const backendEnd = await Promise.all(running.map((run) => backendCpu(run.side)));
    const backends = running.map((_run, k) => backendDelta(backendStart[k] ?? new Map(), backendEnd[k] ?? new Map()) / size);
    each.forEach((ms, k) => (sums[k] = (sums[k] ?? 0) + ms));
    backends.forEach((ms, k) => (backendSums[k] = (backendSums[k] ?? 0) + ms));
    const [before = 0, after = 0] = each;
    const [beforeDb = 0, afterDb = 0] = backends;
    const cluster = backendsOf ? `; backends before ${beforeDb.toFixed(1)} ms, after ${afterDb.toFixed(1)} ms` : '';
    log(
      `block ${b + 1}: before ${before.toFixed(1)} ms, after ${after.toFixed(1)} ms (${(after - before).toFixed(1)})${cluster}, load ${loadAverages()}`,
    );
  }
  const [before = 0, after = 0] = sums.map((sum) => sum / blocks);
  const [beforeDb = 0, afterDb = 0] = backendSums.map((sum) => sum / blocks);
  const what = set === 'postgres-10k' ? 'Node CPU' : 'server CPU';
  const cluster = backendsOf
    ? `; its database's backends before ${beforeDb.toFixed(1)} ms, after ${afterDb.toFixed(1)} ms; together ${(before + beforeDb).toFixed(1)} → ${(after + afterDb).toFixed(1)} ms`
    : '';
  console.log(
    `${set}, ${blocks}×${size} checkouts each, interleaved: ${what} per checkout before ${before.toFixed(1)} ms, after ${after.toFixed(1)} ms${cluster}, load ${loadAverages()}`,
  );
} finally {
  for (const run of running) await run.server.stop();
  await drop();
}
