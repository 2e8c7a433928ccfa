/**
 * The main thread's blocking on a first visit, as Lighthouse's Total Blocking Time counts it, but from the renderer
 * main thread's own CPU time instead of its wall time: `npm run bench:main-thread` (issue 22 item 2).
 *
 * Why: Lighthouse's simulated mobile CPU multiplies each task's observed duration by 4, and on a shared 2-core machine
 * a task's wall time includes the time other processes held the core, so TBT swung 250–2350 ms between runs of one
 * build (bench/analysis/wire.md). A trace's `tdur` (thread time) of each top-level task is what the page itself spent;
 * ×4 and the 50 ms rule give a figure that moves little with the load, for comparing builds. It is not Lighthouse's
 * score: FCP, LCP and the network are left to `npm run bench:lighthouse`.
 *
 * Each page (the store home, a listing, a product page, as the Lighthouse bench visits them, past the age gate at
 * 10001) is visited RUNS times (3) in a new tab with the HTTP cache cleared, at 412×823, until the network is idle
 * plus 1.5 s. `STATIC_DIR=<dist folder>` (comma-separated for several, measured in turns) compares builds; the server
 * is the one `npm run build:server` made. Writes bench/results/main-thread.generated.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath, startStoreServer } from '../../playwright.config.ts';
import { sessionStorageKey, type SessionValues } from '../../src/machines/app/session-values.ts';
import { loadAverages } from '../lib/measure.ts';
import { median } from '../lib/percentiles.ts';
import { writeGenerated } from '../lib/results-files.ts';

const runs = Number(process.env.RUNS ?? 3);
const builds = (process.env.STATIC_DIR ?? 'dist').split(',').map((dir) => path.resolve(dir));
const session: SessionValues = { ageGateVerified: true, zipcode: '10001', location: 101 };
const pages = [
  { name: 'home', path: '/store' },
  { name: 'listing', path: '/store/category/Fish/Fish/1005' },
  { name: 'product', path: '/store/1' },
];
/** Lighthouse's mobile CPU slowdown and its long-task threshold. */
const slowdown = 4;
const longTaskMs = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface Visit {
  blockingMs: number;
  longTasks: number;
  /** The longest tasks, ×4, with the trace events that took most of each. */
  worst: string[];
}

/** What took a task's time: its longest inner events (script evaluation, a function call by script, style, layout). */
function taskParts(main: TraceEvent[], task: TraceEvent): string {
  const end = task.ts + (task.dur ?? 0);
  const named = [
    'v8.evaluateModule',
    'EvaluateScript',
    'FunctionCall',
    'RunMicrotasks',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'ParseHTML',
    'TimerFire',
  ];
  return main
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && named.includes(e.name) && (e.tdur ?? 0) * slowdown > 10_000)
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 3)
    .map((e) => `${e.name} ${(((e.tdur ?? 0) * slowdown) / 1000).toFixed(0)}`)
    .join(', ');
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const setup = await context.newPage();
    await setup.goto(new URL('/favicon.svg', url).href);
    await setup.evaluate(([k, value]) => window.localStorage.setItem(k, value), [sessionStorageKey, JSON.stringify(session)] as const);
    // The area cookie (decision 066) is written by the app: one visit first, as a returning shopper has it.
    await setup.goto(url, { waitUntil: 'networkidle' });
    await setup.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const thread = events.find(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
    );
    if (!thread) throw new Error(`no renderer main thread in the trace of ${url}`);
    const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
    const tasks = main.filter((e) => e.name === 'RunTask' && ((e.tdur ?? 0) * slowdown) / 1000 > longTaskMs);
    const ms = (task: TraceEvent) => ((task.tdur ?? 0) * slowdown) / 1000;
    return {
      blockingMs: tasks.reduce((sum, task) => sum + ms(task) - longTaskMs, 0),
      longTasks: tasks.length,
      worst: [...tasks]
        .sort((a, b) => ms(b) - ms(a))
        .slice(0, 3)
        .map((task) => `${ms(task).toFixed(0)} ms (${taskParts(main, task) || 'browser work'})`),
    };
  } finally {
    await context.close();
  }
}

const loadBefore = loadAverages();
const servers = [];
const folders: string[] = [];
for (const staticDir of builds) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-main-thread-'));
  folders.push(dataDir);
  servers.push({ staticDir, ...(await startStoreServer({ dataDir, env: { LOG_LEVEL: 'warn', STATIC_DIR: staticDir } })) });
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const visits = new Map<string, Visit[]>();
try {
  // One unmeasured visit of each page per build: the server's caches warm, as a shop in use has them.
  for (const { url } of servers) for (const target of pages) await visit(browser, `${url}${target.path}`);
  for (let run = 0; run < runs; run++) {
    for (const target of pages) {
      for (const { staticDir, url } of servers) {
        const key = `${staticDir}\u0000${target.name}`;
        const measured = await visit(browser, `${url}${target.path}`);
        visits.set(key, [...(visits.get(key) ?? []), measured]);
        console.log(
          `${path.relative(process.cwd(), staticDir) || staticDir} ${target.name} run ${run + 1}: ${measured.blockingMs.toFixed(0)} ms blocking, ${measured.longTasks} long tasks; ${measured.worst.join('; ')}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const { server } of servers) server.kill('SIGTERM');
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

const rows = servers.flatMap(({ staticDir }) =>
  pages.map((target) => {
    const list = visits.get(`${staticDir}\u0000${target.name}`) ?? [];
    const blocking = list.map((v) => v.blockingMs);
    return `| \`${path.relative(process.cwd(), staticDir) || staticDir}\` | ${target.name} | **${median(blocking).toFixed(0)} ms** (${Math.min(...blocking).toFixed(0)}–${Math.max(...blocking).toFixed(0)}) | ${median(list.map((v) => v.longTasks))} | ${list[0]?.worst.join('; ') ?? ''} |`;
  }),
);
const markdown = [
  `Measured ${new Date().toISOString()} by bench/suites/main-thread.bench.ts (\`npm run bench:main-thread\`) in ${chromiumPath}: each`,
  `top-level task of the renderer's main thread, its thread time ×${slowdown}, blocking beyond ${longTaskMs} ms summed over a first visit`,
  `(cache cleared) until the network is idle + 1.5 s; ${runs} runs a page, median (min–max). Load average before ${loadBefore}, after ${loadAverages()}.`,
  '',
  '| build | page | blocking (thread time ×4) | long tasks | longest tasks (first run) |',
  '|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
writeGenerated(
  'main-thread.generated.md',
  `# Main-thread blocking of a first visit\n\nWritten by \`npm run bench:main-thread\`. What changed the figures: bench/analysis/wire.md.\n\n${markdown}`,
);
console.log(markdown);
