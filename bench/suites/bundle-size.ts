/**
 * First-load size of the store (DESIGN.md budget: the scripts and stylesheets of /store at most 115 kB gzip). Reads the
 * build's manifest (dist/.vite/manifest.json): the first load of /store is the entry (index.html) with every chunk it
 * imports, plus the screens /store renders (loaded on demand, but at once) with theirs, and every stylesheet of those
 * chunks. Each file is measured gzipped (level 9, as the build writes its .gz files) and brotli'd. Screens loaded
 * later (listings, product, cart, checkout, accounts, KYC, wallet) are listed apart. After `BUNDLE_REPORT=1 vite build`
 * it also splits the first load by npm package and src/ folder (bundle-packages.ts). Writes its section of
 * bench/results/wire.generated.md. Run after `vite build`: `npm run bench:bundle` (fails when over budget).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { create } from 'superstruct';
import { loadAverage, recordRows, type BenchRow } from '../lib/measure.ts';
import { firstLoadBudgetKb } from '../lib/run-all-report.ts';
import { writeWireSection } from '../lib/wire-results.ts';
import { firstLoadShares, visualizerReport, type Share } from './bundle-packages.ts';

const dist = path.resolve('dist');
/** What `BUNDLE_REPORT=1 vite build` writes beside the build (vite.config.ts). */
const bundleReport = path.resolve('scratch/bundle-report.json');
export const budgetKb = firstLoadBudgetKb;
/** Screens /store renders that src/views/lazy-pages.tsx loads on demand (none today: the store home is in the entry). */
const storeScreens: string[] = [];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the build's manifest: rebuild, or update storeScreens`);
  return found;
}

/** A chunk's file, its stylesheets, and those of every chunk it imports statically (what the browser fetches with it). */
function filesOf(manifest: Manifest, keys: readonly string[], seen = new Set<string>(), files = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = chunk(manifest, key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    filesOf(manifest, entry.imports ?? [], seen, files);
  }
  return files;
}

const raw = (dir: string, file: string) => fs.readFileSync(path.join(dir, file));
const kb = (bytes: number) => bytes / 1024;
export interface FileSize {
  file: string;
  kind: 'css' | 'js';
  gzip: number;
  brotli: number;
}
const measureIn =
  (dir: string) =>
  (file: string): FileSize => ({
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    gzip: kb(gzipSync(raw(dir, file), { level: 9 }).length),
    brotli: kb(brotliCompressSync(raw(dir, file)).length),
  });

const sum = (list: FileSize[], key: 'gzip' | 'brotli') => list.reduce((total, r) => total + r[key], 0);

export interface FirstLoad {
  /** The files of /store's first load, largest first (kB). */
  rows: FileSize[];
  /** Every other script, loaded on demand (kB). */
  later: FileSize[];
  gzipKb: number;
  brotliKb: number;
  withinBudget: boolean;
  /** The first load per npm package and src/ folder, or why it is not there (no report, or another build's). */
  byPackage: Share[] | string;
  /** The section bench/results/wire.generated.md gets. */
  markdown: string[];
}

const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The first load of /store in a build's folder, gzip only (kB per file): the unit test's budget check, quick. */
export function firstLoadGzip(dir: string): { file: string; gzip: number }[] {
  return [...filesOf(manifestOf(dir), ['index.html', ...storeScreens])].map((file) => ({
    file,
    gzip: kb(gzipSync(raw(dir, file), { level: 9 }).length),
  }));
}

/** Measures the first load of /store from dist/ (run `vite build` first). Writes nothing. */
export function measureFirstLoad(dir = dist): FirstLoad {
  const manifest = manifestOf(dir);
  const measure = measureIn(dir);
  const firstLoad = filesOf(manifest, ['index.html', ...storeScreens]);
  const rows = [...firstLoad].map(measure).sort((a, b) => b.gzip - a.gzip);
  const js = rows.filter((r) => r.kind === 'js');
  const css = rows.filter((r) => r.kind === 'css');
  const total = sum(rows, 'gzip');
  const later = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((file) => file.endsWith('.js') && !firstLoad.has(file))
    .map(measure)
    .sort((a, b) => b.gzip - a.gzip);
  const byPackage = sharesOf(new Map(rows.map((r) => [r.file, r.gzip])));

  const lines = [
    '## First load of /store (gzip)',
    '',
    `Measured ${new Date().toISOString()} from dist/ by bench/suites/bundle-size.ts (\`npm run bench:bundle\`): the entry, the`,
    `screens /store renders on demand (${storeScreens.join(', ') || 'none: the store home is in the entry'}) and every chunk and stylesheet they import. Budget: ${budgetKb} kB gzip.`,
    '',
    '| file | gzip kB | brotli kB |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.file} | ${r.gzip.toFixed(1)} | ${r.brotli.toFixed(1)} |`),
    `| JavaScript (${js.length} files) | ${sum(js, 'gzip').toFixed(1)} | ${sum(js, 'brotli').toFixed(1)} |`,
    `| CSS (${css.length} files) | ${sum(css, 'gzip').toFixed(1)} | ${sum(css, 'brotli').toFixed(1)} |`,
    `| **total** | **${total.toFixed(1)}** (${total <= budgetKb ? 'within' : '**over**'} budget) | ${sum(rows, 'brotli').toFixed(1)} |`,
    '',
    `Loaded on demand: ${later.length} chunks, ${sum(later, 'gzip').toFixed(0)} kB gzip in all; the largest: ${later
      .slice(0, 8)
      .map((c) => `${c.file.replace(/^assets\//, '').replace(/-[\w-]{7,8}\.js$/, '')} ${c.gzip.toFixed(1)} kB`)
      .join(', ')}.`,
    '',
    ...packageLines(byPackage, total),
  ];
  return { rows, later, gzipKb: total, brotliKb: sum(rows, 'brotli'), withinBudget: total <= budgetKb, byPackage, markdown: lines };
}

/** The first load per package from scratch/bundle-report.json, or why not. */
function sharesOf(files: ReadonlyMap<string, number>): Share[] | string {
  if (!fs.existsSync(bundleReport)) return 'no scratch/bundle-report.json: build with `BUNDLE_REPORT=1 vite build` first';
  try {
    return firstLoadShares(create(JSON.parse(fs.readFileSync(bundleReport, 'utf8')), visualizerReport), files);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function packageLines(byPackage: Share[] | string, totalKb: number): string[] {
  const heading = '### First load by package (gzip)';
  if (typeof byPackage === 'string') return [heading, '', `Not measured: ${byPackage}.`, ''];
  return [
    heading,
    '',
    'Each npm package and folder of src/ in the first load, from `BUNDLE_REPORT=1 vite build` (scratch/bundle-report.json, ' +
      "rollup-plugin-visualizer's gzip size of every module of every chunk): a chunk's modules gzipped alone add up to more " +
      'than the chunk, so they are scaled to its real gzip size and the rows add up to the total above.',
    '',
    '| package or folder | gzip kB | share |',
    '|---|---:|---:|',
    ...byPackage.map((s) => `| ${s.owner} | ${s.gzipKb.toFixed(1)} | ${((100 * s.gzipKb) / totalKb).toFixed(1)} % |`),
    '',
  ];
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { markdown, gzipKb, brotliKb, withinBudget } = measureFirstLoad();
  writeWireSection('first-load', markdown);
  const load = loadAverage();
  const sizeRow = (row: string, kb: number): BenchRow => ({
    ...{ bench: 'bundle', row, database: 'pglite', products: 0, connections: 0, repeat: 1, requests: 1, failed: 0 },
    ...{ p50: kb, p95: kb, p99: kb, max: kb, loadBefore: load, loadAfter: load, unit: 'kB' },
  });
  recordRows([sizeRow('first load of /store, gzip', gzipKb), sizeRow('first load of /store, brotli', brotliKb)]);
  console.log(markdown.join('\n'));
  if (!withinBudget) {
    console.error(`First load of /store is ${gzipKb.toFixed(1)} kB gzip, over the ${budgetKb} kB budget.`);
    process.exitCode = 1;
  }
}
