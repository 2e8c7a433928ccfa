/**
 * Server memory: `npx tsx bench/memory.bench.ts` (npm run bench:memory).
 *
 * Starts the API (bench-server.ts, its own process) on the PGlite data folder BENCH_DATA_DIR (default bench/data-100k,
 * seeded or reused) or, with BENCH_DATABASE_URL, on that PostgreSQL database; reads the process's RSS and
 * memoryUsage() at idle, then polls it while autocannon drives catalogue reads for BENCH_SECONDS, and records idle
 * and peak figures in its database's row of bench/RESULTS-memory.md and as rows (MB) to BENCH_JSON. The server runs
 * bundled by esbuild, as `npm start` runs it (decision 027).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  benchDatabase,
  loadAverage,
  loadAverages,
  logger,
  recordRows,
  repeatNumber,
  seedOrReuse,
  startBenchServer,
  type BenchRow,
} from './measure.ts';

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

const target = benchDatabase();
const log = logger('memory');

async function measure(label: string, env: Record<string, string>): Promise<string[]> {
  const loadBefore = loadAverage();
  const { child, base } = await startBenchServer({ ...env, NODE_ENV: 'production' }, 'bundled');
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
  const common = {
    bench: 'memory',
    database: target.kind,
    products: target.products,
    repeat: repeatNumber,
    requests: 0,
    failed: 0,
    loadBefore,
    loadAfter: loadAverage(),
    unit: 'MB' as const,
  };
  const rssRow = (row: string, m: Memory, connections: number): BenchRow => ({
    ...common,
    row,
    connections,
    p50: mb(m.rss),
    p95: mb(m.rss),
    p99: mb(m.rss),
    max: mb(m.rss),
  });
  recordRows([rssRow('RSS idle', idle, 0), rssRow('RSS peak under load', peak, 10), rssRow('RSS after load', after, 0)]);
  return [row(`${label}, idle`, idle), row(`${label}, peak under load`, peak), row(`${label}, after load`, after)];
}

const served: string[] = [];
const handle = await target.open();
await seedOrReuse(handle, target.products, log).finally(() => handle.close());
const label = target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
const rows = await measure(label, target.serverEnv);
const text = [
  '# Server memory',
  '',
  `Run ${new Date().toISOString()} by \`npm run bench:memory\`, Node ${process.version}, ${target.products.toLocaleString('en-US')} products, load average ${loadAverages()}. ` +
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
