import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chartSize } from './chart-size.ts';
import {
  chartPlanFile,
  flowDocOf,
  flowsFolder,
  flowTexts,
  readChartPlan,
  svgHashPattern,
  type ChartPlan,
  type FlowChart,
  type FlowDoc,
} from './flow-docs.ts';
import { usageOf } from './flow-usage.ts';
import { loadMachines, repoRoot } from './load-machines.ts';
import { openRenderer } from './svg-render.ts';
import { tidySvg } from './svg-tidy.ts';
import { chartParts } from '../../src/dev/flows/mermaid-chart.ts';
import type { StatechartOutline } from '../../src/dev/flows/statechart-outline.ts';

/**
 * `npm run flows`: writes docs/flows/ for every machine there is (see flow-docs.ts), renders the SVG of each chart
 * whose Mermaid source changed, and removes the files of machines that no longer exist. Files whose text did not
 * change are not touched.
 *
 * A machine whose chart cannot be read whole on a laptop (chart-size.ts) is drawn in parts: its biggest compound state
 * becomes one box with a chart of its own, again and again (measuring each drawn chart) until every chart of it reads.
 * The choice is kept in docs/flows/chart-parts.json and made again only when one of the machine's charts changed.
 */
const folder = path.join(repoRoot, flowsFolder);
mkdirSync(folder, { recursive: true });
const onDisk = (name: string) => {
  const file = path.join(folder, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const machines = await loadMachines();
const usage = usageOf(
  repoRoot,
  machines.map((m) => m.file),
);

let renderer: Awaited<ReturnType<typeof openRenderer>> | undefined;
/** Drawn this run, by Mermaid source hash (untidied). */
const drawn = new Map<string, string>();
let rendered = 0;
const svgOf = async (chart: FlowChart): Promise<string> => {
  const saved = onDisk(`${chart.name}.svg`);
  if (saved && svgHashPattern.exec(saved)?.[1] === chart.hash) return saved;
  const known = drawn.get(chart.hash);
  if (known) return known;
  renderer ??= await openRenderer();
  const svg = await renderer.draw({ id: chart.name, mermaid: chart.mermaid, hash: chart.hash });
  rendered += 1;
  const size = chartSize(svg);
  console.log(`  drew ${chart.name}: ${size.width}×${size.height}${size.readable ? '' : ' (too big)'}`);
  drawn.set(chart.hash, svg);
  return svg;
};

/** The biggest compound state a chart draws open (most states inside it), its focus aside: the next to collapse. */
function nextToCollapse(outline: StatechartOutline, doc: FlowDoc, chart: FlowChart): string | undefined {
  const inside = (id: string, box: string) => id.startsWith(`${box}.`);
  const candidates = outline.states.filter(
    (s) =>
      s.depth > 0 &&
      s.childIds.length > 0 &&
      s.id !== chart.focusId &&
      (chart.focusId === outline.states[0]?.id || inside(s.id, chart.focusId)) &&
      // Not already a box, nor inside one this chart draws closed (the focus is drawn open).
      !doc.collapsed.some((box) => box === s.id || (box !== chart.focusId && inside(s.id, box))),
  );
  const size = (id: string) => outline.states.filter((s) => inside(s.id, id)).length;
  return candidates.reduce<string | undefined>((best, s) => (best === undefined || size(s.id) > size(best) ? s.id : best), undefined);
}

const plan: ChartPlan = readChartPlan(onDisk(chartPlanFile));
for (const entry of machines) {
  let doc = flowDocOf(entry, plan[entry.id] ?? []);
  const fresh = doc.charts.every((chart) => svgHashPattern.exec(onDisk(`${chart.name}.svg`) ?? '')?.[1] === chart.hash);
  // A changed machine is planned again from its whole chart: it may have shrunk as well as grown.
  if (!fresh) doc = flowDocOf(entry, []);
  for (;;) {
    const tooBig: FlowChart[] = [];
    for (const chart of doc.charts) if (!chartSize(await svgOf(chart)).readable) tooBig.push(chart);
    const picks = [...new Set(tooBig.map((chart) => nextToCollapse(doc.outline, doc, chart)).filter((id) => id !== undefined))];
    if (picks.length === 0) {
      for (const chart of tooBig) console.warn(`${chart.name}: too big to read on a laptop and nothing left to draw as one box`);
      break;
    }
    doc = flowDocOf(entry, [...doc.collapsed, ...picks]);
  }
  plan[entry.id] = doc.collapsed;
}
const { docs, files } = flowTexts(machines, usage, plan);

const written: string[] = [];
const write = (name: string, text: string) => {
  if (onDisk(name) === text) return;
  writeFileSync(path.join(folder, name), text);
  written.push(name);
};
for (const [name, text] of files) write(name, text);
for (const doc of docs) {
  const parts = chartParts(doc.outline, doc.collapsed);
  for (const chart of doc.charts) {
    // Rounded, renumbered and linked: a chart drawn before is tidied the same way, no browser needed.
    write(
      `${chart.name}.svg`,
      tidySvg(
        await svgOf(chart),
        doc.outline,
        parts.find((part) => part.name === chart.name),
        parts,
      ),
    );
  }
}
await renderer?.close();

const expected = new Set([...files.keys(), ...docs.flatMap((doc) => doc.charts.map((chart) => `${chart.name}.svg`))]);
const removed = readdirSync(folder).filter((name) => /\.(mmd|json|svg)$/.test(name) && !expected.has(name));
for (const name of removed) rmSync(path.join(folder, name));

console.log(`${machines.length} machines → ${flowsFolder}: ${written.length} files written, ${removed.length} removed, ${rendered} SVGs rendered`);
for (const name of [...written, ...removed.map((n) => `${n} (removed)`)]) console.log(`  ${name}`);
