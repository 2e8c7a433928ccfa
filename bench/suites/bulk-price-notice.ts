/**
 * A bulk price change heard by a warm instance (decision 086): `npx tsx bench/suites/bulk-price-notice.ts`. A server
 * on a throwaway copy of the kept PostgreSQL data set (SIZE, default 100k) is browsed for WARM seconds (20); then one
 * statement changes PRICES offers' prices (5000), which sends a notice per product. Prints the server's CPU over the
 * next seconds and the longest a GET /healthz waited meanwhile (its event loop busy with the notices). No results file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection.ts';
import { serverCpuMs, startBenchServer, type BenchServer } from '../lib/measure.ts';
import { copyOfStore, ensureDatabase, startKeptCluster } from '../lib/postgres-cluster.ts';
import { throughputPlan, throughputUnits } from './throughput-kinds.ts';

const cluster = await startKeptCluster(`bench/pg-${process.env.SIZE ?? '100k'}`);
await ensureDatabase(cluster, 'store');
const copy = await copyOfStore(cluster, `bulk_${process.pid}`);
const databaseUrl = copy.url;
const servers: BenchServer[] = [];
try {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', statementTimeoutMs: 0 });
  const plan = await throughputPlan(handle.db);
  const b = await startBenchServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-')),
    RATE_LIMIT_SCALE: '1000',
    NODE_ENV: 'production',
  });
  servers.push(b);
  const units = await throughputUnits(b.base, plan);
  const until = performance.now() + Number(process.env.WARM ?? 20) * 1000;
  await Promise.all(
    [0, 1, 2, 3].map(async (w) => {
      while (performance.now() < until) await (w < 2 ? units.product(w) : w === 2 ? units.listing(w) : units.search(w)).catch(() => undefined);
    }),
  );
  await new Promise((r) => setTimeout(r, 5000));
  for (const rows of [Number(process.env.PRICES ?? 5000)]) {
    const before = serverCpuMs(b);
    const changed = performance.now();
    await sql`update variant_offers set price_cents = price_cents + 1 where id in (select id from variant_offers order by id limit ${rows})`.execute(
      handle.db,
    );
    // Requests to B while it hears them: the longest wait.
    let worst = 0;
    const end = performance.now() + 4000;
    while (performance.now() < end) {
      const t0 = performance.now();
      await fetch(`${b.base}/healthz`);
      worst = Math.max(worst, performance.now() - t0);
    }
    console.log(
      `${rows} prices in one statement: B spent ${(serverCpuMs(b) - before).toFixed(0)} ms CPU in the next ${((performance.now() - changed) / 1000).toFixed(1)} s; longest /healthz ${worst.toFixed(0)} ms; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
  }
  await handle.close();
} finally {
  for (const s of servers) await s.stop();
  await copy.drop();
  cluster.stop();
}
process.exit();
