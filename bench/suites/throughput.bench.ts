/**
 * Throughput per core: `npm run bench:throughput` (issue 27 item 7, decision 054).
 *
 * Per request kind (throughput-kinds.ts: cold search, listing, product page, add to cart, whole guest checkout), the
 * server CPU each costs — the server's Node process, plus on PostgreSQL every process of its cluster (the backends
 * are the postmaster's children), from /proc before and after — and the highest throughput whose p99 stays within
 * 50 ms, stepping the connections up 1, 2, 4, 8… (lib/throughput-steps.ts). On each data set of BENCH_SETS (default
 * pglite-100k,postgres-100k; add pglite-1m, postgres-1m): PGlite in bench/data-<size>, PostgreSQL in the kept cluster
 * bench/pg-<size> (the other benches' data sets, seeded once and reused; postgres-<size>-socket reaches it over its Unix socket), each measured on a throwaway copy (the
 * carts and orders it makes never reach the data set). On the PostgreSQL sets of BENCH_BALANCED (default
 * postgres-100k) the same again through nginx in front of 1, 2 and 3 instances. BENCH_STEP_SECONDS (5) per step,
 * after BENCH_STRUCTURES_WARMUP_SECONDS (20) of searches and listings; BENCH_KINDS a subset; BENCH_CPU_PROF=<folder>
 * profiles the server (node --cpu-prof) and writes no results.
 * Writes each set's section of bench/results/throughput.generated.md (analysis: bench/analysis/throughput.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { freePort } from '../../playwright.config.ts';
import {
  cpuSeconds,
  fmt,
  loadAverages,
  logger,
  markdownTable,
  seedOrReuse,
  serverCpuMs,
  startBenchServer,
  watchdog,
  type BenchServer,
} from '../lib/measure.ts';
import { ensureNginx, startNginx, type Balancer } from '../lib/nginx.ts';
import { copyOfStore, ensureDatabase, postmasterPid, startKeptCluster, type PostgresCluster } from '../lib/postgres-cluster.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';
import { bestStep, cpuPerUnit, p99BudgetMs, stepUp, type CpuReading, type Step } from '../lib/throughput-steps.ts';
import {
  cpuGoalsMs,
  kindLabels,
  kindNames,
  stockForCheckouts,
  throughputPlan,
  throughputUnits,
  type KindName,
  type ThroughputPlan,
} from './throughput-kinds.ts';

const log = logger('throughput');
const list = (name: string, fallback: string) =>
  (process.env[name]?.trim() || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const sets = list('BENCH_SETS', 'pglite-100k,postgres-100k');
const balanced = list('BENCH_BALANCED', 'postgres-100k');
const kinds = list('BENCH_KINDS', kindNames.join(',')).filter((k): k is KindName => kindNames.some((n) => n === k));
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const warmUpSeconds = 2;
/**
 * Seconds of searches and listings before any kind is measured: a process's first ones start loading search's and the
 * listings' in-memory structures (decisions 067, 071, 076), seconds of CPU that belong to its start, not to a request.
 */
const structuresWarmUpSeconds = Number(process.env.BENCH_STRUCTURES_WARMUP_SECONDS ?? 20);

const servers: BenchServer[] = [];
watchdog('The throughput bench', 120, () => servers.forEach((s) => s.child.kill('SIGKILL')));

function productsOf(size: string): number {
  const match = /^(\d+)(k|m)$/.exec(size);
  if (!match) throw new Error(`"${size}" is not a size like 100k or 1m`);
  return Number(match[1]) * (match[2] === 'm' ? 1_000_000 : 1_000);
}

/** A data set opened for the run: a throwaway copy of the kept one, the server environment, the database's CPU. */
interface Opened {
  kind: 'pglite' | 'postgres';
  products: number;
  label: string;
  env: Record<string, string>;
  databaseCpuMs(): number;
  plan: ThroughputPlan;
  seedNote: string;
  drop(): Promise<void>;
}

async function planAndSeed(handle: DatabaseHandle, products: number): Promise<{ plan: ThroughputPlan; seedNote: string }> {
  try {
    const seeded = await seedOrReuse(handle, products, log);
    return { plan: await throughputPlan(handle.db), seedNote: seeded.seedSeconds === undefined ? '' : ` (seeded in ${fmt(seeded.seedSeconds)} s)` };
  } finally {
    await handle.close();
  }
}

/** The run's plan, read on its throwaway copy, whose checkouts' sizes are then stocked for the whole run. Closes the handle. */
async function planOnCopy(handle: DatabaseHandle): Promise<ThroughputPlan> {
  try {
    const plan = await throughputPlan(handle.db);
    await stockForCheckouts(handle.db, plan.shop);
    return plan;
  } finally {
    await handle.close();
  }
}

async function openSet(name: string): Promise<Opened> {
  // postgres-<size>-socket: the same cluster over its Unix socket, as a store on its database's machine would reach it.
  const [database, size = '', via = 'tcp'] = name.split('-');
  const products = productsOf(size);
  const copy = `throughput_${process.pid}`;
  if (database === 'pglite') {
    const kept = path.resolve(`bench/data-${size}`);
    const { seedNote } = await planAndSeed(await openDatabase({ dataDir: kept, statementTimeoutMs: 0 }), products);
    const dataDir = path.join(os.tmpdir(), copy);
    fs.cpSync(kept, dataDir, { recursive: true });
    // Planned on the copy: the same rows.
    const handle = await openDatabase({ dataDir, statementTimeoutMs: 0 });
    const plan = await planOnCopy(handle);
    return {
      kind: 'pglite',
      products,
      label: `PGlite ${size} (embedded: its CPU is the Node process's)`,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      databaseCpuMs: () => 0,
      plan,
      seedNote,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (database !== 'postgres' || !['tcp', 'socket'].includes(via))
    throw new Error(`${name}: not pglite-<size>, postgres-<size> or postgres-<size>-socket`);
  const cluster: PostgresCluster = await startKeptCluster(`bench/pg-${size}`);
  const url = await ensureDatabase(cluster, 'store');
  const { seedNote } = await planAndSeed(await openDatabase({ databaseUrl: url, dataDir: 'memory://', statementTimeoutMs: 0 }), products);
  const storeCopy = await copyOfStore(cluster, copy);
  const databaseUrl = via === 'socket' ? storeCopy.socketUrl : storeCopy.url;
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', statementTimeoutMs: 0 });
  const plan = await planOnCopy(handle);
  const postmaster = postmasterPid(cluster);
  return {
    kind: 'postgres',
    products,
    label: `PostgreSQL 15 ${size}${via === 'socket' ? ', over its Unix socket' : ''}`,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'throughput-uploads-')) },
    databaseCpuMs: () => cpuSeconds(postmaster, true) * 1000,
    plan,
    seedNote,
    async drop() {
      await storeCopy.drop();
      cluster.stop();
    },
  };
}

interface KindResult {
  kind: KindName;
  steps: Step[];
  load: string;
}

/** Every kind stepped up against `base`; `cpu` reads the serving processes' CPU. */
async function measureKinds(base: string, plan: ThroughputPlan, cpu: () => CpuReading, what: string): Promise<KindResult[]> {
  const units = await throughputUnits(base, plan);
  if (kinds.includes('search') || kinds.includes('listing')) {
    const until = performance.now() + structuresWarmUpSeconds * 1000;
    await Promise.all(
      [units.search, units.listing].map(async (unit) => {
        while (performance.now() < until) await unit(0).catch(() => undefined);
      }),
    );
  }
  const results: KindResult[] = [];
  for (const kind of kinds) {
    const unit = units[kind];
    // Not counted: the first requests of a kind compile its code paths and fill the pool.
    const warmUp = performance.now() + warmUpSeconds * 1000;
    await Promise.all(
      [0, 1].map(async (w) => {
        while (performance.now() < warmUp) await unit(w).catch(() => undefined);
      }),
    );
    const steps = await stepUp(unit, stepSeconds, cpu, undefined, (s) =>
      log(
        `${what} ${kind} ×${s.concurrency}: ${fmt(s.unitsPerSecond)}/s, p99 ${fmt(s.p99)} ms, CPU ${fmt(s.nodeCpuMs + s.databaseCpuMs)} ms/unit, ${s.failed} failed${s.firstError === undefined ? '' : ` (first: ${s.firstError})`}`,
      ),
    );
    results.push({ kind, steps, load: loadAverages() });
  }
  return results;
}

const cores = os.availableParallelism();

function kindTable(results: readonly KindResult[], withGoal: boolean): string[] {
  const headers = [
    'request',
    'Node CPU ms',
    'database CPU ms',
    'server CPU ms',
    ...(withGoal ? ['goal', 'met'] : []),
    `best /s at p99 ≤ ${p99BudgetMs} ms`,
    'at connections',
    'p99 ms there',
    'ceiling /s from CPU',
    'steps (connections: /s, p99 ms)',
    'load average after',
  ];
  const text = new Set(['request', 'goal', 'met', 'steps (connections: /s, p99 ms)', 'load average after']);
  return markdownTable(
    headers,
    results.map((r) => {
      const cpu = cpuPerUnit(r.steps);
      const total = cpu.node + cpu.database;
      const best = bestStep(r.steps);
      const goal = cpuGoalsMs[r.kind];
      return [
        kindLabels[r.kind],
        fmt(cpu.node),
        fmt(cpu.database),
        fmt(total),
        ...(withGoal ? [goal === undefined ? '–' : `≤ ${goal}`, goal === undefined ? '–' : total <= goal ? 'yes' : '**no**'] : []),
        best ? fmt(best.unitsPerSecond) : '**none**',
        best ? String(best.concurrency) : '–',
        best ? fmt(best.p99) : '–',
        fmt((cores * 1000) / total),
        r.steps.map((s) => `${s.concurrency}: ${fmt(s.unitsPerSecond)}, ${fmt(s.p99)}${s.failed > 0 ? ` (${s.failed} failed)` : ''}`).join('; '),
        r.load,
      ];
    }),
    headers.flatMap((h, i) => (text.has(h) ? [] : [i])),
  );
}

async function benchSet(name: string): Promise<void> {
  const set = await openSet(name);
  const loadBefore = loadAverages();
  const lines: string[] = [];
  try {
    const server = await startBenchServer({ ...set.env, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
    servers.push(server);
    let results: KindResult[];
    try {
      results = await measureKinds(server.base, set.plan, () => ({ node: serverCpuMs(server), database: set.databaseCpuMs() }), name);
    } finally {
      await server.stop();
    }
    lines.push(
      `## ${set.label}, ${set.products.toLocaleString('en-US')} products`,
      '',
      `${set.products.toLocaleString('en-US')} products${set.seedNote}; one instance (the bundle npm start runs, WEB_CONCURRENCY 1${process.env.CATALOGUE_MEMORY_MB ? `, CATALOGUE_MEMORY_MB ${process.env.CATALOGUE_MEMORY_MB}` : ''}); ${stepSeconds} s a step, after ${structuresWarmUpSeconds} s of searches and listings (the in-memory structures' loads); load average before ${loadBefore}. CPU per unit over every step of the kind (a checkout is one unit of seven calls; its p99 is over the calls). "Ceiling from CPU": ${cores} cores ÷ server CPU per unit, what this machine could serve if nothing else ran (the load generator runs here too).`,
      '',
      ...kindTable(results, true),
    );
    if (set.kind === 'postgres' && balanced.includes(name)) lines.push('', ...(await balancedRows(set)));
  } finally {
    await set.drop();
  }
  const header = [
    '# Throughput per core (npm run bench:throughput)',
    '',
    `Generated by bench/suites/throughput.bench.ts on ${cores} cores, Node ${process.version}; what it means: bench/analysis/throughput.md. Each request kind is stepped up 1, 2, 4, 8, 16, 32 connections without think time until its p99 passes ${p99BudgetMs} ms; server CPU per unit from /proc (the Node process, and with PostgreSQL every process of its cluster).`,
    '',
  ].join('\n');
  // A profiled server (BENCH_CPU_PROF) spends CPU on the profiler: its figures are printed, not kept.
  if (process.env.BENCH_CPU_PROF) log(`profiled run, not written:\n${lines.join('\n')}`);
  else log(`wrote ${writeGeneratedSection('throughput.generated.md', `throughput:${name}`, lines.join('\n'), header)}`);
}

/** The same kinds through nginx in front of 1, 2 and 3 instances on the same database. */
async function balancedRows(set: Opened): Promise<string[]> {
  ensureNginx(log);
  const instances: BenchServer[] = [];
  const lines: string[] = [];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'throughput-nginx-'));
  try {
    // One key for every instance, as the scale test gives them: a card token or captcha signed by one is taken by another.
    const shared = { CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'), MEDIA_SIGNING_KEY: randomBytes(32).toString('hex') };
    for (let i = 0; i < 3; i++) {
      const server = await startBenchServer({ ...set.env, ...shared, RATE_LIMIT_SCALE: '1000', NODE_ENV: 'production' });
      servers.push(server);
      instances.push(server);
    }
    for (let count = 1; count <= 3; count++) {
      const serving = instances.slice(0, count);
      const balancer: Balancer = await startNginx(
        await freePort(),
        serving.map((s) => Number(new URL(s.base).port)),
        path.join(folder, String(count)),
      );
      try {
        const results = await measureKinds(
          `http://127.0.0.1:${balancer.port}`,
          set.plan,
          () => ({ node: serving.reduce((sum, s) => sum + serverCpuMs(s), 0), database: set.databaseCpuMs() }),
          `${count} instance(s)`,
        );
        lines.push(`### Through nginx, ${count} instance${count > 1 ? 's' : ''}`, '', ...kindTable(results, false), '');
      } finally {
        await balancer.stop();
      }
    }
  } finally {
    for (const server of instances) await server.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return [
    `Through nginx (bench/lib/nginx.ts, the scale test's balancer) in front of 1, 2 and 3 instances on this database; nginx's own CPU is not in the server CPU. On ${cores} cores shared with the load generator and other work, throughput cannot grow past the cores: more instances add processes competing for the same two; the CPU per unit is what a machine with more cores keeps.`,
    '',
    ...lines,
  ];
}

for (const name of sets) {
  try {
    await benchSet(name);
  } catch (error) {
    log(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  }
}
process.exit();
