/**
 * Server CPU and statements per whole guest checkout (the seven calls of bench/lib/guest-checkout.ts), N checkouts one
 * after another (after five to warm up): `npx tsx bench/suites/checkout-cpu.ts` (N=40 by default). One checkout at a
 * time, so each figure is the server's own CPU per unit, which load distorts less than a throughput step of a few
 * units (decisions 065, 068). PAUSE_MS=12000 waits that long before each (a quiet store between two shoppers: pg's
 * pool closed a connection idle for 10 s until the pool kept them). Prints; writes no results file.
 *
 * BENCH_SET picks the data set, seeded on first use as `npm run bench:throughput` seeds it (a new migration reseeds):
 * - pglite-100k (the default), pglite-10k: a throwaway copy of bench/data-<size>; the process's CPU is Node and the
 *   embedded database together.
 * - postgres-10k, postgres-100k: a throwaway database copied from the kept cluster in bench/pg-<size>; the figure is
 *   Node's CPU plus every process of the cluster (backends, WAL writer, checkpointer), each given on its own.
 *   PG_SOCKET=1 reaches the cluster over its Unix socket (`?host=<socket dir>`) instead of TCP on 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/connection.ts';
import { checkoutShopOf } from '../lib/checkout-shop.ts';
import { guestCheckout, httpCheckoutCaller, type CheckoutCaller, type CheckoutShop } from '../lib/guest-checkout.ts';
import { cpuSeconds, loadAverages, seedOrReuse, serverCpuMs, startBenchServer } from '../lib/measure.ts';
import { copyOfStore, ensureDatabase, postmasterPid, startKeptCluster } from '../lib/postgres-cluster.ts';

const set = process.env.BENCH_SET ?? 'pglite-100k';
const match = /^(pglite|postgres)-(\d+)k$/.exec(set);
if (!match) throw new Error(`BENCH_SET=${set}: not pglite-<n>k or postgres-<n>k`);
const [, database, thousands] = match;
const products = Number(thousands) * 1000;
const socket = process.env.PG_SOCKET === '1';
const log = (m: string) => console.error(`[checkout-cpu ${set}] ${m}`);

interface Opened {
  env: Record<string, string>;
  databaseCpuMs(): number;
  drop(): Promise<void>;
}

async function openSet(): Promise<Opened & { shop: CheckoutShop }> {
  if (database === 'pglite') {
    // The real path: PGlite does not open its folder through a symbolic link.
    const kept = fs.realpathSync(path.resolve(`bench/data-${thousands}k`));
    const seeding = await openDatabase({ dataDir: kept, statementTimeoutMs: 0 });
    await seedOrReuse(seeding, products, log).finally(() => seeding.close());
    const dataDir = '/tmp/checkout-cpu-data';
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.cpSync(kept, dataDir, { recursive: true });
    const shop = await checkoutShopOf(await openDatabase({ dataDir, statementTimeoutMs: 0 }));
    return {
      shop,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      databaseCpuMs: () => 0,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const cluster = await startKeptCluster(`bench/pg-${thousands}k`);
  const url = await ensureDatabase(cluster, 'store');
  const seeding = await openDatabase({ databaseUrl: url, dataDir: 'memory://', statementTimeoutMs: 0 });
  await seedOrReuse(seeding, products, log).finally(() => seeding.close());
  const copy = await copyOfStore(cluster, `checkout_cpu_${process.pid}`);
  // The kept cluster's socket is in its folder (`-k`): the same database, reached without TCP.
  const databaseUrl = socket ? copy.socketUrl : copy.url;
  const shop = await checkoutShopOf(await openDatabase({ databaseUrl, dataDir: 'memory://', statementTimeoutMs: 0 }));
  const postmaster = postmasterPid(cluster);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-cpu-uploads-'));
  return {
    shop,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: uploads },
    databaseCpuMs: () => cpuSeconds(postmaster, true) * 1000,
    async drop() {
      await copy.drop();
      cluster.stop();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}

const opened = await openSet();
const server = await startBenchServer({ ...opened.env, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
const statements = async () =>
  (await (await fetch(server.metricsUrl)).text())
    .split('\n')
    .filter((l) => l.startsWith('store_db_statement_duration_seconds_count'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
const post: CheckoutCaller = httpCheckoutCaller(server.base);
try {
  const n = Number(process.env.N ?? 40);
  const pauseMs = Number(process.env.PAUSE_MS ?? 0);
  for (let i = 0; i < 5; i++) await guestCheckout(post, opened.shop, 100_000 + i); // warm
  const st0 = await statements();
  let placed = 0;
  let nodeMs = 0;
  let dbMs = 0;
  for (let i = 0; i < n; i++) {
    // PAUSE_MS: a store between two shoppers; only the checkouts' own CPU is counted, not the idle server's.
    if (pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs));
    const node0 = serverCpuMs(server);
    const db0 = opened.databaseCpuMs();
    const out = await guestCheckout(post, opened.shop, i);
    if (out.kind === 'answered' && out.placed.code === 1) placed++;
    // The confirmation mail is written after the reply: let it land before reading the counters.
    await new Promise((done) => setTimeout(done, pauseMs > 0 ? 200 : 0));
    nodeMs += serverCpuMs(server) - node0;
    dbMs += opened.databaseCpuMs() - db0;
  }
  await new Promise((done) => setTimeout(done, 500));
  const node = nodeMs / n;
  const db = dbMs / n;
  const st = ((await statements()) - st0) / n;
  const where = database === 'postgres' ? ` (Node ${node.toFixed(1)} + PostgreSQL ${db.toFixed(1)}, ${socket ? 'Unix socket' : 'TCP'})` : '';
  const paused = pauseMs > 0 ? `, each after ${pauseMs / 1000} s idle` : '';
  console.log(
    `${set}: ${n} guest checkouts${paused} (${placed} placed): ${(node + db).toFixed(1)} ms server CPU each${where}, ${st.toFixed(1)} statements each, load ${loadAverages()}`,
  );
} finally {
  await server.stop();
  await opened.drop();
}
