/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) against the built app, in Debian's Chromium with
 * the project's flags: the store home (/store, past the age gate and the pincode), a listing and a product page, three
 * runs each, median and spread, with the load average (the machine is shared). `npm run bench:lighthouse` builds,
 * starts the real server on a fresh seeded embedded database, and writes its section of bench/results/wire.generated.md.
 *
 * Playwright launches the browser (a persistent profile, so the session Lighthouse's tab reads is the one set here)
 * with a remote-debugging port Lighthouse connects to. Lighthouse's own storage reset would also wipe the session,
 * so it is off, and the HTTP cache is cleared before each run instead: every run is a first visit.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath, freePort, startStoreServer } from '../../playwright.config.ts';
import { sessionStorageKey, type SessionValues } from '../../src/machines/app/session-values.ts';
import { loadAverage, loadAverages, recordRows, type BenchRow } from '../lib/measure.ts';
import { median } from '../lib/percentiles.ts';
import { writeWireSection } from '../lib/wire-results.ts';

const lighthouseVersion = (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
const goal = 95;
/** A shopper who answered the age gate and chose New York's 10001 (served by location 101). */
const session: SessionValues = { ageGateVerified: true, zipcode: '10001', location: 101 };
const pages = [
  { name: 'home', path: '/store' },
  { name: 'listing', path: '/store/category/Fish/Fish/1005' },
  { name: 'product', path: '/store/1' },
];

export interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptKb: number;
  totalKb: number;
  lcpElement: string;
}

const spread = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

function numeric(audits: Record<string, { numericValue?: number } | undefined>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

/** The LCP element's selector (or snippet), as Lighthouse names it, for the notes; its error when it found none. */
function lcpElementOf(audit: { details?: unknown; errorMessage?: string } | undefined): string {
  const text = JSON.stringify(audit?.details ?? {});
  const found = /"selector":"([^"]+)"/.exec(text)?.[1] ?? /"snippet":"([^"]+)"/.exec(text)?.[1];
  // Lighthouse 12.2.3's TraceElements gatherer fails on Debian's newer Chromium ('frame_sequence'): say so briefly.
  if (found) return found;
  return audit?.errorMessage ? `not reported: ${audit.errorMessage.replace(/^.*exception: /, '').slice(0, 60)}` : 'none reported';
}

export interface LighthousePage {
  name: string;
  path: string;
  /** Which build served it: 'shipped' (dist/), or the baseline's label. */
  build: string;
  runs: Run[];
}

/**
 * A second build measured beside the shipped one, run for run, so what a change costs reads as a ratio taken at the
 * same moment on the same (shared) machine: `LIGHTHOUSE_BASELINE=<dist folder>` and `LIGHTHOUSE_BASELINE_LABEL`
 * (issue 22 measured React beside the preact/compat build of decision 026 this way). The server is the same bundle.
 */
const baseline = process.env.LIGHTHOUSE_BASELINE
  ? { label: process.env.LIGHTHOUSE_BASELINE_LABEL ?? 'baseline', staticDir: path.resolve(process.env.LIGHTHOUSE_BASELINE) }
  : undefined;

/**
 * Builds the app (unless LIGHTHOUSE_SKIP_BUILD=1), starts it on a fresh seeded embedded database and runs Lighthouse
 * `runs` times on each page, and on the baseline build's server too when there is one. Returns every run and the
 * section bench/results/wire.generated.md gets; writes nothing.
 */
export async function runLighthouse(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)): Promise<{ pages: LighthousePage[]; markdown: string[] }> {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
    const serverBuild = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
    if (serverBuild.status !== 0) throw new Error('npm run build:server failed');
  }

  const builds = [{ label: 'shipped', staticDir: path.resolve('dist') }, ...(baseline ? [baseline] : [])];
  const folders: string[] = [];
  const servers = [];
  for (const build of builds) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
    folders.push(dataDir);
    const { url, server } = await startStoreServer({ dataDir, env: { LOG_LEVEL: 'warn', STATIC_DIR: build.staticDir } });
    servers.push({ ...build, url, server });
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-profile-'));
  folders.push(profile);
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
  });
  const results = new Map<string, Run[]>();
  const key = (build: string, name: string) => `${build}\u0000${name}`;
  const loadBefore = loadAverages();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const { url } of servers) {
      await page.goto(`${url}/favicon.svg`);
      await page.evaluate(([k, value]) => window.localStorage.setItem(k, value), [sessionStorageKey, JSON.stringify(session)] as const);
      // One unmeasured visit of each page: the server's first requests warm its caches, as a shop in use has them warm.
      for (const target of pages) await page.goto(`${url}${target.path}`, { waitUntil: 'networkidle' });
    }

    for (let run = 0; run < runs; run++) {
      for (const target of pages) {
        for (const { label, url } of servers) {
          await cdp.send('Network.clearBrowserCache');
          const entry = await measurePage(`${url}${target.path}`, debuggingPort, `${label}-${target.name}-${run + 1}`);
          results.set(key(label, target.name), [...(results.get(key(label, target.name)) ?? []), entry]);
          console.log(
            `${label} ${target.name} run ${run + 1}: score ${entry.score}, FCP ${entry.fcp.toFixed(0)} ms, LCP ${entry.lcp.toFixed(0)} ms, CLS ${entry.cls.toFixed(3)}, TBT ${entry.tbt.toFixed(0)} ms`,
          );
        }
      }
    }
  } finally {
    await context.close();
    for (const { server } of servers) server.kill('SIGTERM');
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
  const loadAfter = loadAverages();

  const measured = servers.flatMap(({ label }) =>
    pages.map((target) => ({ ...target, build: label, runs: results.get(key(label, target.name)) ?? [] })),
  );
  const rows = measured.map(({ name, path: pagePath, build, runs: list }) => {
    const of = (k: keyof Omit<Run, 'lcpElement'>) => list.map((r) => r[k]);
    const score = median(of('score'));
    return [
      `| ${build === 'shipped' ? '' : `${build}: `}${name} (\`${pagePath}\`) | **${score}** (${spread(of('score'), 0)})${score >= goal ? '' : ' below goal'}`,
      `${(median(of('fcp')) / 1000).toFixed(2)} s (${spread(
        of('fcp').map((v) => v / 1000),
        2,
      )})`,
      `${(median(of('lcp')) / 1000).toFixed(2)} s (${spread(
        of('lcp').map((v) => v / 1000),
        2,
      )})`,
      `${median(of('tbt')).toFixed(0)} ms (${spread(of('tbt'), 0)})`,
      `${median(of('cls')).toFixed(3)} (${spread(of('cls'), 3)})`,
      `${(median(of('si')) / 1000).toFixed(2)} s`,
      `${median(of('scriptKb')).toFixed(0)} kB`,
      `${median(of('totalKb')).toFixed(0)} kB`,
      `\`${list[0]?.lcpElement ?? '?'}\` |`,
    ].join(' | ');
  });

  const lines = [
    '## Lighthouse (mobile preset)',
    '',
    `Measured ${new Date().toISOString()} by bench/suites/lighthouse.bench.ts (\`npm run bench:lighthouse\`): Lighthouse ${lighthouseVersion}`,
    `in ${chromiumPath}, simulated throttling (150 ms RTT, 1.6 Mbit/s, CPU x4), ${runs} runs per page, each a first visit`,
    `(HTTP cache cleared). Median (min–max). Load average before ${loadBefore}, after ${loadAfter} (2 cores, shared). Goal: ${goal}.`,
    ...(baseline
      ? [
          `The rows marked ${baseline.label} are the build in \`${path.relative(process.cwd(), baseline.staticDir)}\`, measured run for run beside the shipped one.`,
        ]
      : []),
    '',
    '| page | score | FCP | LCP | TBT | CLS | Speed Index | script transferred | total transferred | LCP element |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
  return { pages: measured, markdown: lines };
}

/** `LIGHTHOUSE_JSON=<folder>` keeps each run's whole report there (long tasks, bootup time, the LCP's phases). */
const reportDir = process.env.LIGHTHOUSE_JSON;

/** One Lighthouse run of one page (performance only, storage kept: the session set in the profile is the shopper's). */
async function measurePage(url: string, port: number, name: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
  }
  const audits = lhr.audits;
  const resources = JSON.stringify(audits['resource-summary']?.details ?? {});
  const scriptBytes = Number(/"resourceType":"script"[^}]*"transferSize":(\d+)/.exec(resources)?.[1] ?? Number.NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric(audits, 'first-contentful-paint'),
    lcp: numeric(audits, 'largest-contentful-paint'),
    tbt: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    si: numeric(audits, 'speed-index'),
    scriptKb: scriptBytes / 1024,
    totalKb: numeric(audits, 'total-byte-weight') / 1024,
    lcpElement: lcpElementOf(audits['largest-contentful-paint-element']),
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const loadBefore = loadAverage();
  const { markdown, pages } = await runLighthouse();
  writeWireSection('lighthouse', markdown);
  const loadAfter = loadAverage();
  // One row per page: p50 the median score of its runs, p95…max the best (the goal reads the median).
  recordRows(
    pages.map(({ name, build, runs: pageRuns }): BenchRow => {
      const scores = pageRuns.map((r) => r.score).sort((a, b) => a - b);
      const best = scores.at(-1) ?? NaN;
      return {
        ...{
          bench: 'lighthouse',
          row: build === 'shipped' ? name : `${build} ${name}`,
          database: 'pglite',
          products: 0,
          connections: 1,
          repeat: 1,
          requests: scores.length,
        },
        ...{ p50: median(scores), p95: best, p99: best, max: best, failed: 0, loadBefore, loadAfter, unit: 'score' },
      };
    }),
  );
  console.log(markdown.join('\n'));
}
