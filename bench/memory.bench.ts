/**
 * Server memory: `npx tsx bench/memory.bench.ts` (npm run bench:memory).
 *
 * Starts the API (bench-server.ts, its own process) on the PGlite data folder BENCH_DATA_DIR (a seeded catalogue,
 * e.g. `DATA_DIR=… npm run seed -- --products 100000`) and, with BENCH_DATABASE_URL, on that PostgreSQL database;
 * reads the process's RSS and memoryUsage() at idle, then polls it while autocannon drives catalogue reads and a
 * checkout-shaped mix for BENCH_SECONDS, and records idle and peak figures in bench/RESULTS-memory.md; each server
 * twice, through tsx and bundled (decision 027). BENCH_JSON=<file>: the rows as JSON too (common.md's shape).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { writeBenchJson, type BenchJsonRow } from './bench-json.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function isMemory(value: unknown): value is Memory {
  return typeof value === 'object' && value !== null && ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'].every((k) => k in value);
}

/**
 * How the server runs: through tsx (the TypeScript transformed as it loads, as `npm start` did until decision 027),
 * or bundled by esbuild and run by plain node (as `npm start` runs it now: `npm run build:server`).
 */
type Runner = 'tsx' | 'bundled';
const bundledServer = path.resolve('dist-server/bench-server.mjs');

function bundleBenchServer(): void {
  execFileSync(
    'npx',
    [
      'esbuild',
      'bench/bench-server.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--packages=external',
      `--outfile=${bundledServer}`,
    ],
    { stdio: 'inherit' },
  );
}

function start(env: Record<string, string>, runner: Runner): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(runner === 'tsx' ? path.resolve('bench/bench-server.ts') : bundledServer, {
      execArgv: runner === 'tsx' ? ['--import', 'tsx'] : [],
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const onPort = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'port' in message) {
        child.off('message', onPort);
        resolve({ child, base: `http://127.0.0.1:${String(message.port)}` });
      }
    };
    child.on('message', onPort);
    child.once('exit', (code) => reject(new Error(`The server exited (${String(code)})`)));
  });
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const onMemory = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'memory' in message && isMemory(message.memory)) {
        child.off('message', onMemory);
        resolve(message.memory);
      }
    };
    child.on('message', onMemory);
    child.send({ memory: true });
  });
}

const row = (label: string, m: Memory) =>
  `| ${label} | ${mb(m.rss)} | ${mb(m.heapUsed)} / ${mb(m.heapTotal)} | ${mb(m.arrayBuffers)} | ${mb(m.external - m.arrayBuffers)} | ${mb(m.rss - m.heapTotal - m.external)} |`;

async function measure(label: string, env: Record<string, string>, runner: Runner, database: 'pglite' | 'postgres'): Promise<string[]> {
  const loadBefore = os.loadavg()[0] ?? NaN;
  const { child, base } = await start(env, runner);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await memoryOf(child);
  const paths = [
    '/connect/index/homepage?zipcode=10001&loc_id=101',
    '/connect/index/categorylist',
    '/connect/index/category?catid=1002&zipcode=10001&loc_id=101&page=0',
    '/connect/index/category?catid=1001&zipcode=10001&loc_id=101&page=3',
    '/connect/index/product?prodid=17&zipCode=10001&loc_id=101',
  ];
  let peak = idle;
  const poll = setInterval(() => {
    void memoryOf(child).then((m) => {
      if (m.rss > peak.rss) peak = m;
    });
  }, 500);
  const load = await autocannon({ url: base, connections: 10, duration: seconds, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  served.push(`${label}: ${load.requests.total} requests, ${load.non2xx} not 2xx, ${load.errors} errors`);
  clearInterval(poll);
  const after = await memoryOf(child);
  child.kill('SIGTERM');
  jsonRows.push({
    bench: 'memory',
    row: `${runner} server, catalogue reads`,
    database,
    products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
    connections: 10,
    repeat: 1,
    requests: load.requests.total,
    p50: load.latency.p50,
    // autocannon reports p97.5, not p95.
    p95: load.latency.p97_5,
    p99: load.latency.p99,
    max: load.latency.max,
    failed: load.non2xx + load.errors,
    loadBefore,
    loadAfter: os.loadavg()[0] ?? NaN,
    rssIdleMb: mb(idle.rss),
    rssPeakMb: mb(peak.rss),
    rssAfterMb: mb(after.rss),
  });
  return [row(`${label}, idle`, idle), row(`${label}, peak under load`, peak), row(`${label}, after load`, after)];
}

/** BENCH_JSON's rows, with the RSS figures in MB beside the latencies. */
interface MemoryRow extends BenchJsonRow {
  rssIdleMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}
const jsonRows: MemoryRow[] = [];
const rows: string[] = [];
const served: string[] = [];
bundleBenchServer();
const runners: readonly Runner[] = ['tsx', 'bundled'];
const dataDir = process.env.BENCH_DATA_DIR;
for (const runner of dataDir ? runners : [])
  rows.push(...(await measure(`PGlite, ${runner}`, { DATA_DIR: path.resolve(dataDir ?? '') }, runner, 'pglite')));
const url = process.env.BENCH_DATABASE_URL;
for (const runner of url ? runners : []) rows.push(...(await measure(`PostgreSQL, ${runner}`, { DATABASE_URL: url ?? '' }, runner, 'postgres')));
writeBenchJson(jsonRows);
const text = [
  '# Server memory',
  '',
  `Run ${new Date().toISOString()} by \`npm run bench:memory\`, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}. ` +
    `Under load: autocannon, 10 connections, ${seconds} s over homepage, category list, two listings and a product page. Figures in MB.`,
  '',
  '| server | RSS | V8 heap used / total | ArrayBuffers | other external (the PGlite WebAssembly memory) | native rest (code, Node, libraries) |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  ...served.map((line) => `- ${line}`),
  '',
];
fs.writeFileSync(path.resolve('bench/RESULTS-memory.md'), text.join('\n'));
console.log(text.join('\n'));
