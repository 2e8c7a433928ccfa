/**
 * First-load size of the store (DESIGN.md budget: JavaScript of /store under 150 kB gzip). Reads the built
 * dist/index.html, gzips every script, module preload and stylesheet it loads before the first render, and appends
 * the figures to bench/RESULTS.md. Screens loaded on demand (accounts, cart, checkout, settings, information pages)
 * are listed apart: they are not in the first load. Run after `vite build`: `npm run bench:bundle`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const budgetKb = 150;

const firstLoad = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;

const rows = firstLoad.map((file) => ({ file, kind: file.endsWith('.js') ? 'js' : 'css', kb: gzipKb(file) }));
const js = rows.filter((r) => r.kind === 'js').reduce((sum, r) => sum + r.kb, 0);
const css = rows.filter((r) => r.kind === 'css').reduce((sum, r) => sum + r.kb, 0);
const onDemand = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !firstLoad.includes(`/assets/${f}`))
  .map((f) => ({ file: f, kb: gzipKb(`/assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);

const lines = [
  '',
  '## First load of /store (gzip)',
  '',
  `Measured ${new Date().toISOString()} from dist/ by bench/bundle-size.ts. Budget: JavaScript under ${budgetKb} kB.`,
  '',
  '| file | gzip kB |',
  '|---|---:|',
  ...rows.map((r) => `| ${r.file} | ${r.kb.toFixed(1)} |`),
  `| **JavaScript total** | **${js.toFixed(1)}** (${js < budgetKb ? 'within' : '**over**'} budget) |`,
  `| CSS total | ${css.toFixed(1)} |`,
  '',
  `Loaded on demand: ${onDemand.length} chunks; the largest: ${onDemand
    .slice(0, 6)
    .map((c) => `${c.file.replace(/-[\w-]{8}\.js$/, '')} ${c.kb.toFixed(1)} kB`)
    .join(', ')}.`,
  '',
];
const results = path.resolve('bench/RESULTS.md');
const previous = fs.existsSync(results) ? fs.readFileSync(results, 'utf8') : '';
// One section, replaced on each run.
const kept = previous.split('\n## First load of /store (gzip)')[0]?.trimEnd() ?? '';
fs.writeFileSync(results, `${kept}\n${lines.join('\n')}`);
console.log(lines.join('\n'));
