/**
 * What one instance spends hearing another's checkouts (decision 086): `npx tsx bench/suites/notice-listener-cost.ts`.
 * Two servers on a throwaway copy of the kept PostgreSQL data set (SIZE, default 100k); both are browsed for WARM
 * seconds (25), then A takes guest checkouts at 2 connections for SECONDS (20) while B, warm and otherwise idle, only
 * hears the catalogue notices they send. B's CPU per checkout (its idle rate taken off) is what every further instance
 * costs a checkout. LISTENER_PROF=<dir> profiles B. Prints; writes no results file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/connection.ts';
import { cpuSeconds, serverCpuMs, startBenchServer, type BenchServer } from '../lib/measure.ts';
import { copyOfStore, ensureDatabase, postmasterPid, startKeptCluster } from '../lib/postgres-cluster.ts';
import { stockForCheckouts, throughputPlan, throughputUnits } from './throughput-kinds.ts';
import { runStep } from '../lib/throughput-steps.ts';

const size = process.env.SIZE ?? '100k';
const cluster = await startKeptCluster(`bench/pg-${size}`);
await ensureDatabase(cluster, 'store');
const copy = await copyOfStore(cluster, `listener_${process.pid}`);
const databaseUrl = copy.url;
const servers: BenchServer[] = [];
try {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', statementTimeoutMs: 0 });
  const plan = await throughputPlan(handle.db);
  await stockForCheckouts(handle.db, plan.shop);
  await handle.close();
  const shared = { CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'), MEDIA_SIGNING_KEY: randomBytes(32).toString('hex') };
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'listener-')),
    ...shared,
    RATE_LIMIT_SCALE: '1000',
    NODE_ENV: 'production',
  };
  const a = await startBenchServer(env);
  servers.push(a);
  if (process.env.LISTENER_PROF) process.env.BENCH_CPU_PROF = process.env.LISTENER_PROF;
  const b = await startBenchServer(env);
  delete process.env.BENCH_CPU_PROF;
  servers.push(b);
  const unitsA = await throughputUnits(a.base, plan);
  const unitsB = await throughputUnits(b.base, plan);
  const warm = Number(process.env.WARM ?? 25);
  const until = performance.now() + warm * 1000;
  await Promise.all(
    [unitsA.search, unitsA.listing, unitsA.product, unitsB.search, unitsB.listing, unitsB.product].map(async (unit) => {
      while (performance.now() < until) await unit(0).catch(() => undefined);
    }),
  );
  console.log('warmed; settling');
  const postmaster = postmasterPid(cluster);
  const idle = async (seconds: number) => {
    const before = serverCpuMs(b);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    return (serverCpuMs(b) - before) / seconds;
  };
  // Settle: wait until B's idle CPU is low (background loads done).
  for (let i = 0; i < 12; i++) {
    const rate = await idle(5);
    console.log(`B idle ${rate.toFixed(1)} ms CPU/s`);
    if (rate < 20) break;
  }
  // Warm-up checkouts (code paths) not counted.
  await runStep(unitsA.checkout, 2, 3, () => ({ node: 0, database: 0 }));
  const idleRate = await idle(5);
  const beforeA = serverCpuMs(a);
  const beforeB = serverCpuMs(b);
  const beforePg = cpuSeconds(postmaster, true) * 1000;
  const started = performance.now();
  const step = await runStep(unitsA.checkout, 2, Number(process.env.SECONDS ?? 20), () => ({ node: 0, database: 0 }));
  const wall = (performance.now() - started) / 1000;
  const cpuA = serverCpuMs(a) - beforeA;
  const cpuB = serverCpuMs(b) - beforeB - idleRate * wall;
  const cpuPg = cpuSeconds(postmaster, true) * 1000 - beforePg;
  console.log(
    `checkouts ${step.units} (${step.failed} failed) in ${wall.toFixed(1)} s; per checkout: A ${(cpuA / step.units).toFixed(2)} ms, B (listener, idle ${idleRate.toFixed(1)} ms/s taken off) ${(cpuB / step.units).toFixed(2)} ms, PostgreSQL ${(cpuPg / step.units).toFixed(2)} ms; load ${os.loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  for (const s of servers) await s.stop();
  await copy.drop();
  cluster.stop();
}
process.exit();
