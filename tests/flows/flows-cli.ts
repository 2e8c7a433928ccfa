import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chartSize, laptopScreen, type ChartSize } from './chart-size.ts';
import {
  chartPlanFile,
  flowDocOf,
  flowsFolder,
  flowTexts,
  emptyPlan,
  readChartPlan,
  svgHashPattern,
  type ChartPlan,
  type MachinePlan,
  type FlowChart,
  type FlowDoc,
} from './flow-docs.ts';
import { usageOf } from './flow-usage.ts';
import { loadMachines, repoRoot } from './load-machines.ts';
import { openRenderer } from './svg-render.ts';
import { tidySvg } from './svg-tidy.ts';
import { chartParts, type ChartStyle } from '../../src/dev/flows/mermaid-chart.ts';
import type { StatechartOutline } from '../../src/dev/flows/statechart-outline.ts';

/**
 * `npm run flows`: writes docs/flows/ for every machine there is (see flow-docs.ts), renders the SVG of each chart
 * whose Mermaid source changed, and removes the files of machines that no longer exist. Files whose text did not
 * change are not touched.
 *
 * A machine whose chart cannot be read whole on a laptop (chart-size.ts) is drawn in parts: its biggest compound state
 * becomes one box with a chart of its own, again and again (measuring each drawn chart) until every chart of it reads.
 * A chart is also turned left to right when that fits better, and a chart with nothing left to split leaves out the
 * states' descriptions (the README tables keep them). The choice is kept in docs/flows/chart-parts.json and made again
 * only when one of the machine's charts changed: from its parts as they were and the default layout (a machine taken
 * out of chart-parts.json is planned from its whole chart).
 *
 * `npm run flows -- kyc cart` plans and draws only the machines named (each drawing takes half a minute on a busy
 * machine); the others keep their plan and their SVGs, and are not drawn even when stale.
 */
const only = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
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

/** Whether a chart as wide as this one is high (and high as it is wide) would be fitted bigger to the screen. */
const turnedFitsBetter = (size: ChartSize) =>
  Math.max(size.height / laptopScreen.width, size.width / laptopScreen.height) <
  Math.max(size.width / laptopScreen.width, size.height / laptopScreen.height);
const flipped = (style: ChartStyle): ChartStyle => ({ ...style, direction: style.direction ? undefined : 'LR' });
const plainStyle = (style: ChartStyle): ChartStyle => ({
  ...(style.direction ? { direction: style.direction } : {}),
  ...(style.notes ? { notes: style.notes } : {}),
});
const briefer = (style: ChartStyle): ChartStyle | undefined =>
  style.notes === undefined ? { ...style, notes: 'brief' } : style.notes === 'brief' ? { ...style, notes: 'none' } : undefined;

/**
 * Makes every chart of a machine read whole on a laptop, measuring each drawn chart. For a chart too big, in order:
 * the other direction when it is smaller (a long flat machine fits left to right), else its biggest compound state as
 * one box with a chart of its own, else notes without descriptions, then no notes (each again in both directions).
 */
async function planOf(entry: (typeof machines)[number], start: MachinePlan): Promise<FlowDoc> {
  let doc = flowDocOf(entry, start);
  for (;;) {
    const styles = { ...doc.styles };
    const picks: string[] = [];
    let restyled = false;
    for (const chart of doc.charts) {
      const size = chartSize(await svgOf(chart));
      if (size.readable) continue;
      // Drawn the other way round when its size turned would fit the screen better, and always before leaving
      // anything out of its notes (each drawing is slow; a chart drawn before is not drawn again).
      const pick = nextToCollapse(doc.outline, doc, chart);
      const other = flipped(chart.style);
      if (
        (turnedFitsBetter(size) || pick === undefined) &&
        chartSize(await svgOf(chartOf(entry, doc, chart, other))).fittedTextPx > size.fittedTextPx
      ) {
        styles[chart.name] = plainStyle(other);
        restyled = true;
        continue;
      }
      if (pick !== undefined) {
        picks.push(pick);
        continue;
      }
      const brief = briefer(chart.style);
      if (brief) {
        styles[chart.name] = plainStyle(brief);
        restyled = true;
        continue;
      }
      console.warn(`${chart.name}: ${size.width}×${size.height}, too big to read on a laptop with nothing left to split or leave out`);
    }
    if (!restyled && picks.length === 0) return doc;
    doc = flowDocOf(entry, { parts: [...doc.collapsed, ...new Set(picks)], styles });
  }
}

/** One chart of a machine in another style, the others as they are. */
function chartOf(entry: (typeof machines)[number], doc: FlowDoc, chart: FlowChart, style: ChartStyle): FlowChart {
  const other = flowDocOf(entry, { parts: doc.collapsed, styles: { ...doc.styles, [chart.name]: plainStyle(style) } });
  return other.charts.find((c) => c.name === chart.name) ?? chart;
}

const plan: ChartPlan = readChartPlan(onDisk(chartPlanFile));
for (const entry of machines) {
  if (only.size > 0 && !only.has(entry.id)) continue;
  const doc = flowDocOf(entry, plan[entry.id]);
  const fresh = doc.charts.every((chart) => svgHashPattern.exec(onDisk(`${chart.name}.svg`) ?? '')?.[1] === chart.hash);
  // A changed machine keeps its parts and is measured again from the default layout (drawing a big machine whole
  // takes minutes); taking it out of chart-parts.json plans it again from its whole chart.
  const planned = await planOf(entry, fresh ? (plan[entry.id] ?? emptyPlan()) : { parts: plan[entry.id]?.parts ?? [], styles: {} });
  plan[entry.id] = { parts: planned.collapsed, styles: planned.styles };
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
  const skipped = only.size > 0 && !only.has(doc.id);
  for (const chart of doc.charts) {
    const saved = onDisk(`${chart.name}.svg`);
    if (skipped && svgHashPattern.exec(saved ?? '')?.[1] !== chart.hash) {
      console.warn(`${chart.name}.svg is stale: not drawn (only ${[...only].join(', ')} asked)`);
      continue;
    }
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
