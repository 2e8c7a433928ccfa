/**
 * Server memory: `npx tsx bench/suites/memory.bench.ts` (npm run bench:memory).
 *
 * Starts the API (bench-server.ts, its own process) on the PGlite data folder BENCH_DATA_DIR (default bench/data-100k,
 * seeded or reused) or, with BENCH_DATABASE_URL, on that PostgreSQL database; reads the process's RSS and
 * memoryUsage() at idle, then polls it while autocannon drives catalogue reads for BENCH_SECONDS, and records idle
 * and peak figures in its database's row of bench/results/memory.generated.md (analysis: bench/analysis/memory.md) and as rows (MB) to BENCH_JSON. The server runs
 * bundled by esbuild with the start script's node flags and environment, as `npm start` runs it (decisions 027, 031).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  benchDatabase,
  loadAverage,
  loadAverages,
  logger,
  processCpuMs,
  recordRows,
  repeatNumber,
  seedOrReuse,
  startBenchServer,
  type BenchRow,
} from '../lib/measure.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';
import { startScriptRuntime } from '../lib/start-script.ts';

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

/** Where the resident pages are, by mapping (/proc/<pid>/smaps), in bytes. */
interface Resident {
  /** The WebAssembly memory: PGlite's one linear memory, the only anonymous mapping of 96 MB or more. */
  wasm: number;
  /** malloc: the main heap (brk) and the per-thread arenas (64 MB-aligned anonymous mappings). */
  malloc: number;
  /** Files mapped in: node's own code and the native libraries (sharp's libvips). */
  files: number;
  /** The rest: the V8 heap, generated code, large buffers. */
  other: number;
}

const largeMapping = 96 * 2 ** 20;
const arenaSize = 64 * 2 ** 20;

function residentOf(pid: number | undefined): Resident {
  const resident: Resident = { wasm: 0, malloc: 0, files: 0, other: 0 };
  if (pid === undefined) return resident;
  let kind: keyof Resident = 'other';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = Number.parseInt(mapping[1] ?? '0', 16);
      const size = Number.parseInt(mapping[2] ?? '0', 16) - start;
      const name = mapping[3] ?? '';
      if (name.startsWith('/')) kind = 'files';
      else if (name === '[heap]' || (name === '' && start % arenaSize === 0 && size <= arenaSize)) kind = 'malloc';
      else if (name === '' && size >= largeMapping) kind = 'wasm';
      else kind = 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) resident[kind] += Number(rss[1]) * 1024;
  }
  return resident;
}

interface Sample {
  memory: Memory;
  resident: Resident;
}

function sampleOf(child: ChildProcess): Promise<Sample> {
  return new Promise((resolve) => {
    const onMemory = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'memory' in message && isMemory(message.memory)) {
        child.off('message', onMemory);
        resolve({ memory: message.memory, resident: residentOf(child.pid) });
      }
    };
    child.on('message', onMemory);
    child.send({ memory: true });
  });
}

// memoryUsage's external counts the WebAssembly memory's whole size; smaps says how much of it is resident.
const row = (label: string, { memory: m, resident: r }: Sample) =>
  `| ${label} | ${mb(m.rss)} | ${mb(m.heapUsed)} / ${mb(m.heapTotal)} | ${mb(r.wasm)} / ${mb(m.external - m.arrayBuffers)} | ${mb(r.malloc)} | ${mb(r.files)} | ${mb(r.other)} |`;

const target = benchDatabase();
const log = logger('memory');

async function measure(label: string, env: Record<string, string>): Promise<string[]> {
  const loadBefore = loadAverage();
  const { child, base } = await startBenchServer({ ...env, NODE_ENV: 'production' }, 'bundled');
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await sampleOf(child);
  const paths = [
    '/connect/index/homepage?zipcode=10001&loc_id=101',
    '/connect/index/categorylist',
    '/connect/index/category?catid=1002&zipcode=10001&loc_id=101&page=0',
    '/connect/index/category?catid=1001&zipcode=10001&loc_id=101&page=3',
    '/connect/index/product?prodid=17&zipCode=10001&loc_id=101',
  ];
  let peak = idle;
  const poll = setInterval(() => {
    void sampleOf(child).then((m) => {
      if (m.memory.rss > peak.memory.rss) peak = m;
    });
  }, 500);
  const cpuBefore = processCpuMs(child.pid);
  const load = await autocannon({ url: base, connections: 10, duration: seconds, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  // Throughput and the server's CPU per request beside the memory: a smaller young generation costs GC time.
  const cpuMsPerRequest = (processCpuMs(child.pid) - cpuBefore) / Math.max(1, load.requests.total);
  served.push(
    `${label}: ${load.requests.total} requests (${Math.round(load.requests.total / seconds)}/s), ${load.non2xx} not 2xx, ${load.errors} errors, ` +
      `server CPU ${cpuMsPerRequest.toFixed(2)} ms per request`,
  );
  clearInterval(poll);
  const after = await sampleOf(child);
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
  const rssRow = (row: string, { memory: m }: Sample, connections: number): BenchRow => ({
    ...common,
    row,
    connections,
    p50: mb(m.rss),
    p95: mb(m.rss),
    p99: mb(m.rss),
    max: mb(m.rss),
    ...(connections > 0 ? { cpuMsPerRequest } : {}),
  });
  recordRows([rssRow('RSS idle', idle, 0), rssRow('RSS peak under load', peak, 10), rssRow('RSS after load', after, 0)]);
  return [row(`${label}, idle`, idle), row(`${label}, peak under load`, peak), row(`${label}, after load`, after)];
}

/** The start script's environment and node flags, as the report's one line. */
function runtimeLine(): string {
  const { env, execArgv } = startScriptRuntime();
  return [...Object.entries(env).map(([name, value]) => `${name}=${value}`), 'node', ...execArgv].join(' ');
}

const served: string[] = [];
const handle = await target.open();
await seedOrReuse(handle, target.products, log).finally(() => handle.close());
const label = target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
const rows = await measure(label, target.serverEnv);
const text = [
  `## ${label}, ${target.products.toLocaleString('en-US')} products`,
  '',
  `Run ${new Date().toISOString()} by \`npm run bench:memory\`, Node ${process.version}, ${target.products.toLocaleString('en-US')} products, load average ${loadAverages()}. ` +
    `Under load: autocannon, 10 connections, ${seconds} s over homepage, category list, two listings and a product page. Figures in MB. ` +
    `The server runs as \`npm start\` does: \`${runtimeLine()}\`.`,
  '',
  '| server | RSS | V8 heap used / total | PGlite WebAssembly memory resident / size | malloc (heap and thread arenas) | mapped files (node, libraries) | other (V8 heap, code, buffers) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  ...served.map((line) => `- ${line}`),
  '',
];
// This database's section of the file; the other database's stays (the analysis is bench/analysis/memory.md).
writeGeneratedSection('memory.generated.md', `memory:${target.kind}`, text.join('\n'), '# Server memory');
console.log(text.join('\n'));
