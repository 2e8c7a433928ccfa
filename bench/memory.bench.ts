/**
 * Server memory: `npx tsx bench/memory.bench.ts` (npm run bench:memory).
 *
 * Starts the API (bench-server.ts, its own process) on the PGlite data folder BENCH_DATA_DIR (a seeded catalogue,
 * e.g. `DATA_DIR=… npm run seed -- --products 100000`) and, with BENCH_DATABASE_URL, on that PostgreSQL database;
 * reads the process's RSS and memoryUsage() at idle, then polls it while autocannon drives catalogue reads and a
 * checkout-shaped mix for BENCH_SECONDS, and records idle and peak figures in bench/RESULTS-memory.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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

function start(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve('bench/bench-server.ts'), {
      execArgv: ['--import', 'tsx'],
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

async function measure(label: string, env: Record<string, string>): Promise<string[]> {
  const { child, base } = await start(env);
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
  return [row(`${label}, idle`, idle), row(`${label}, peak under load`, peak), row(`${label}, after load`, after)];
}

const rows: string[] = [];
const served: string[] = [];
const dataDir = process.env.BENCH_DATA_DIR;
if (dataDir) rows.push(...(await measure('PGlite', { DATA_DIR: path.resolve(dataDir) })));
const url = process.env.BENCH_DATABASE_URL;
if (url) rows.push(...(await measure('PostgreSQL', { DATABASE_URL: url })));
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
