/**
 * What the first load of /store is made of: the gzip kB each npm package and each top folder of our src/ adds to the
 * first-load scripts, from `BUNDLE_REPORT=1 vite build`'s scratch/bundle-report.json (rollup-plugin-visualizer's
 * raw data: every module's part of every chunk, with its gzipLength). The report gzips each module alone, which adds
 * up to more than the chunk gzipped whole (a module alone cannot reuse its neighbours' text), so each chunk's module
 * figures are scaled to the chunk's real gzip size: the rows add up to the measured first load.
 */
import { number, record, string, type, type Infer } from 'superstruct';

export const visualizerReport = type({
  nodeParts: record(string(), type({ gzipLength: number() })),
  nodeMetas: record(string(), type({ id: string(), moduleParts: record(string(), string()) })),
});
export type VisualizerReport = Infer<typeof visualizerReport>;

/** Stylesheets carry no module breakdown in the report: they count whole, as one row. */
export const stylesheets = 'stylesheets (vanilla-extract CSS)';

/** Who a module id belongs to: the innermost node_modules package, src/<folder>/ (or a file at src/'s top), or the bundler. */
export function ownerOf(id: string): string {
  const pkg = [...id.matchAll(/\/node_modules\/((?:@[^/]+\/)?[^/]+)(?=\/)/g)].at(-1)?.[1];
  if (pkg) return pkg;
  const folder = /^\/src\/([^/]+)\//.exec(id)?.[1];
  if (folder) return `src/${folder}/`;
  if (id.startsWith('/src/')) return id.slice(1);
  // Virtual modules: the module-preload polyfill, the preload helper, the bundler's runtime.
  if (id.startsWith('\0')) return '(bundler runtime)';
  return id.replace(/^\//, '');
}

export interface Share {
  owner: string;
  gzipKb: number;
}

/**
 * Gzip kB per owner over the first-load files (file → its real gzip kB), largest first. Throws when a script is not
 * in the report: the report is from another build than dist/.
 */
export function firstLoadShares(report: VisualizerReport, files: ReadonlyMap<string, number>): Share[] {
  const modulesOf = new Map<string, { owner: string; gzip: number }[]>();
  for (const meta of Object.values(report.nodeMetas)) {
    for (const [file, uid] of Object.entries(meta.moduleParts)) {
      const modules = modulesOf.get(file) ?? [];
      modules.push({ owner: ownerOf(meta.id), gzip: report.nodeParts[uid]?.gzipLength ?? 0 });
      modulesOf.set(file, modules);
    }
  }
  const totals = new Map<string, number>();
  const add = (owner: string, kb: number) => totals.set(owner, (totals.get(owner) ?? 0) + kb);
  for (const [file, realKb] of files) {
    if (file.endsWith('.css')) {
      add(stylesheets, realKb);
      continue;
    }
    const modules = modulesOf.get(file);
    if (!modules) throw new Error(`${file} is not in the bundle report: it is from another build (run BUNDLE_REPORT=1 vite build)`);
    const alone = modules.reduce((sum, m) => sum + m.gzip, 0);
    if (alone === 0) add('(unattributed)', realKb);
    else for (const m of modules) add(m.owner, (realKb * m.gzip) / alone);
  }
  return [...totals]
    .map(([owner, gzipKb]) => ({ owner, gzipKb }))
    .filter((share) => share.gzipKb > 0)
    .sort((a, b) => b.gzipKb - a.gzipKb);
}
