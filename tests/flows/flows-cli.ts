import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowsFolder, flowTexts, svgHashPattern } from './flow-docs.ts';
import { usageOf } from './flow-usage.ts';
import { loadMachines, repoRoot } from './load-machines.ts';
import { renderSvgs } from './svg-render.ts';
import { tidySvg } from './svg-tidy.ts';

/**
 * `npm run flows`: writes docs/flows/ for every machine there is (see flow-docs.ts), renders the SVG of each chart
 * whose Mermaid source changed, and removes the files of machines that no longer exist. Files whose text did not
 * change are not touched.
 */
const folder = path.join(repoRoot, flowsFolder);
mkdirSync(folder, { recursive: true });
const machines = await loadMachines();
const { docs, files } = flowTexts(
  machines,
  usageOf(
    repoRoot,
    machines.map((m) => m.file),
  ),
);

const written: string[] = [];
const write = (name: string, text: string) => {
  const file = path.join(folder, name);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
  written.push(name);
};
for (const [name, text] of files) write(name, text);

const staleCharts = docs.filter((doc) => {
  const file = path.join(folder, `${doc.id}.svg`);
  return !existsSync(file) || svgHashPattern.exec(readFileSync(file, 'utf8'))?.[1] !== doc.mermaidHash;
});
const svgs = await renderSvgs(staleCharts.map((doc) => ({ id: doc.id, mermaid: doc.mermaid, hash: doc.mermaidHash })));
for (const [id, svg] of svgs) write(`${id}.svg`, tidySvg(svg, docs.find((doc) => doc.id === id)!.outline));
// Charts drawn before, tidied the same way (rounded, renumbered, linked to their children): no browser needed.
for (const doc of docs) {
  const file = path.join(folder, `${doc.id}.svg`);
  if (!svgs.has(doc.id) && existsSync(file)) write(`${doc.id}.svg`, tidySvg(readFileSync(file, 'utf8'), doc.outline));
}

const ids = new Set(docs.map((doc) => doc.id));
const removed = readdirSync(folder).filter((name) => /\.(mmd|json|svg)$/.test(name) && !ids.has(name.replace(/\.(mmd|json|svg)$/, '')));
for (const name of removed) rmSync(path.join(folder, name));

console.log(`${machines.length} machines → ${flowsFolder}: ${written.length} files written, ${removed.length} removed, ${svgs.size} SVGs rendered`);
for (const name of [...written, ...removed.map((n) => `${n} (removed)`)]) console.log(`  ${name}`);
