/**
 * Server memory: `npx tsx bench/suites/memory.bench.ts` (npm run bench:memory).
 *
 * Starts the server `npm start` runs (bench/lib/measure.ts's startBenchServer: npm start's build step, then
 * dist-server/main.mjs with the start script's node flags and environment, decisions 027, 031, 053) on the PGlite data
 * folder BENCH_DATA_DIR (default bench/data-100k, seeded or reused) or, with BENCH_DATABASE_URL, on that PostgreSQL
 * database. Reads its RSS (/proc/<pid>/status), where it lies (/proc/<pid>/smaps) and its V8 heap (its own /metrics)
 * at idle, polls the RSS while 10 shoppers browse over HTTP for BENCH_SECONDS (shopper-browsing.ts: listings, their
 * pages and filters, product pages over many ids, distinct searches), and again after; records idle, peak and after
 * in its database's row of bench/results/memory.generated.md (analysis: bench/analysis/memory.md) and as rows (MB)
 * to BENCH_JSON.
 */
import fs from 'node:fs';
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
  type BenchServer,
} from '../lib/measure.ts';
import { writeGeneratedSection } from '../lib/results-files.ts';
import { startScriptRuntime } from '../lib/start-script.ts';
import { browse, browsingPlan, type BrowsingPlan } from './shopper-browsing.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What the server's /metrics says of its V8 heap (prom-client's default metrics), in bytes. */
interface Heap {
  heapUsed: number;
  heapTotal: number;
}

async function heapOf(server: BenchServer): Promise<Heap> {
  const text = await (await fetch(server.metricsUrl)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { heapUsed: metric('nodejs_heap_size_used_bytes'), heapTotal: metric('nodejs_heap_size_total_bytes') };
}

/** The resident set, from /proc/<pid>/status (VmRSS), in bytes: cheap enough to poll. */
function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Where the resident pages are, by mapping (/proc/<pid>/smaps), in bytes. */
interface Resident {
  /** The WebAssembly memory: PGlite's one linear memory, the only anonymous mapping of 96 MB or more. */
  wasm: number;
  /** That mapping's size (resident or not). */
  wasmSize: number;
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
  const resident: Resident = { wasm: 0, wasmSize: 0, malloc: 0, files: 0, other: 0 };
  if (pid === undefined) return resident;
  let kind: Exclude<keyof Resident, 'wasmSize'> = 'other';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = Number.parseInt(mapping[1] ?? '0', 16);
      const size = Number.parseInt(mapping[2] ?? '0', 16) - start;
      const name = mapping[3] ?? '';
      if (name.startsWith('/')) kind = 'files';
      else if (name === '[heap]' || (name === '' && start % arenaSize === 0 && size <= arenaSize)) kind = 'malloc';
      else if (name === '' && size >= largeMapping) {
        kind = 'wasm';
        resident.wasmSize += size;
      } else kind = 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) resident[kind] += Number(rss[1]) * 1024;
  }
  return resident;
}

interface Sample {
  rss: number;
  heap: Heap;
  resident: Resident;
}

async function sampleOf(server: BenchServer): Promise<Sample> {
  const pid = server.child.pid ?? 0;
  const heap = await heapOf(server);
  return { rss: rssOf(pid), heap, resident: residentOf(pid) };
}

const row = (label: string, { rss, heap: h, resident: r }: Sample) =>
  `| ${label} | ${mb(rss)} | ${mb(h.heapUsed)} / ${mb(h.heapTotal)} | ${mb(r.wasm)} / ${mb(r.wasmSize)} | ${mb(r.malloc)} | ${mb(r.files)} | ${mb(r.other)} |`;

const target = benchDatabase();
const log = logger('memory');

async function measure(label: string, env: Record<string, string>, plan: BrowsingPlan): Promise<string[]> {
  const loadBefore = loadAverage();
  const server = await startBenchServer({ ...env, NODE_ENV: 'production' });
  const pid = server.child.pid ?? 0;
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await sampleOf(server);
  let peak = idle;
  let peakRss = idle.rss;
  let sampling = false;
  // VmRSS every 250 ms; the breakdown (smaps, the heap) only when it is a new peak.
  const poll = setInterval(() => {
    const rss = rssOf(pid);
    peakRss = Math.max(peakRss, rss);
    if (sampling || rss <= peak.rss) return;
    sampling = true;
    void sampleOf(server)
      .then((m) => {
        if (m.rss > peak.rss) peak = m;
      })
      .finally(() => (sampling = false));
  }, 250);
  const cpuBefore = processCpuMs(pid);
  const counts = await browse(server.base, plan, connections, seconds);
  // The server's CPU per request beside the memory: a smaller young generation costs GC time.
  const cpuMsPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, counts.requests);
  clearInterval(poll);
  await new Promise((r) => setTimeout(r, 2000));
  const after = await sampleOf(server);
  if (after.rss > peak.rss) peak = after;
  // The highest VmRSS polled; its breakdown is the sample taken as it was reached (a few ms later).
  peak = { ...peak, rss: Math.max(peakRss, peak.rss) };
  await server.stop();
  served.push(
    `${label}: ${counts.requests} requests (${Math.round(counts.requests / seconds)}/s), ${counts.failed} failed, server CPU ${cpuMsPerRequest.toFixed(2)} ms per request: ` +
      `${counts.listings} listing pages (${counts.filtered} with a filter; ${counts.listingsWithProducts} held products), ` +
      `${counts.productPages} product pages (${counts.distinctProducts} distinct products, ${counts.productPagesFound} found), ` +
      `${counts.searches} searches (${counts.searchesWithProducts} with results), ${counts.other} home pages and category lists`,
  );
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
  const rssRow = (row: string, { rss }: Sample, rowConnections: number): BenchRow => ({
    ...common,
    row,
    connections: rowConnections,
    p50: mb(rss),
    p95: mb(rss),
    p99: mb(rss),
    max: mb(rss),
    ...(rowConnections > 0 ? { cpuMsPerRequest } : {}),
  });
  recordRows([rssRow('RSS idle', idle, 0), rssRow('RSS peak under load', peak, connections), rssRow('RSS after load', after, 0)]);
  return [row(`${label}, idle`, idle), row(`${label}, peak under load`, peak), row(`${label}, after load`, after)];
}

/** The start script's environment and node flags, as the report's one line. */
function runtimeLine(): string {
  const { env, execArgv } = startScriptRuntime();
  return [...Object.entries(env).map(([name, value]) => `${name}=${value}`), 'node', ...execArgv].join(' ');
}

const served: string[] = [];
const handle = await target.open();
let plan: BrowsingPlan;
try {
  await seedOrReuse(handle, target.products, log);
  plan = await browsingPlan(handle.db, 2000, 5000);
} finally {
  // PGlite is one process's database: closed before the server opens it.
  await handle.close();
}
const label = target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
const rows = await measure(label, target.serverEnv, plan);
const text = [
  `## ${label}, ${target.products.toLocaleString('en-US')} products`,
  '',
  `Run ${new Date().toISOString()} by \`npm run bench:memory\`, Node ${process.version}, ${target.products.toLocaleString('en-US')} products, load average ${loadAverages()}. ` +
    `Under load: ${connections} shoppers browsing without think time for ${seconds} s (bench/suites/shopper-browsing.ts: listings and their pages and filters, product pages over many ids, distinct searches). Figures in MB; "peak" is the highest RSS polled every 250 ms. ` +
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
