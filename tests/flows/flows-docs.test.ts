import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { allStateIds, allTransitions } from '../machines/path-coverage.ts';
import { chartSize, laptopScreen, minTextPx, tooBigForNow } from './chart-size.ts';
import { chartPlanFile, flowsFolder, flowTexts, readChartPlan, svgHashPattern } from './flow-docs.ts';
import { usageOf } from './flow-usage.ts';
import { shapesInReport, shapesOf } from './flow-coverage.ts';
import { tidySvg } from './svg-tidy.ts';
import { chartParts } from '../../src/dev/flows/mermaid-chart.ts';
import { catalogueOf } from '../../src/dev/flows/machine-catalogue.ts';
import { outlineOf } from '../../src/dev/flows/statechart-outline.ts';

/**
 * docs/flows is generated (`npm run flows`); this fails, naming the machine and the command, when a machine changed
 * and the docs were not regenerated. SVGs are checked by the hash of the Mermaid source they were drawn from, so no
 * browser is launched here.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const folder = path.join(repoRoot, flowsFolder);
const globbed = import.meta.glob<Record<string, unknown>>('/src/machines/**/*.machine.ts', { eager: true });
const machines = catalogueOf(Object.fromEntries(Object.entries(globbed).map(([file, exports]) => [file.replace(/^\//, ''), exports])));
const onDisk = (name: string) => {
  const file = path.join(folder, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
// Which states are drawn as parts was chosen by `npm run flows` after measuring the charts: the same choice here.
const { docs, files } = flowTexts(
  machines,
  usageOf(
    repoRoot,
    machines.map((m) => m.file),
  ),
  readChartPlan(onDisk(chartPlanFile)),
);
const stale = (what: string) => `${what} is out of date: run \`npm run flows\` and commit docs/flows`;
const charts = docs.flatMap((doc) => doc.charts.map((chart) => ({ doc, chart })));

describe('docs/flows', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThan(20);
  });

  it.each(docs.map((doc) => [doc.id]))('%s: Stately JSON matches the machine', (id) => {
    expect(onDisk(`${id}.json`), stale(`docs/flows/${id}.json (machine ${id})`)).toBe(files.get(`${id}.json`));
  });

  it.each(charts.map(({ doc, chart }) => [chart.name, doc, chart] as const))('%s: Mermaid chart and SVG match the machine', (name, doc, chart) => {
    expect(onDisk(`${name}.mmd`), stale(`docs/flows/${name}.mmd (machine ${doc.id})`)).toBe(chart.mermaid);
    expect(svgHashPattern.exec(onDisk(`${name}.svg`) ?? '')?.[1], stale(`docs/flows/${name}.svg (machine ${doc.id})`)).toBe(chart.hash);
    // Rounded, renumbered and linked as `npm run flows` leaves it: the same source always gives the same bytes.
    const svg = onDisk(`${name}.svg`) ?? '';
    const parts = chartParts(doc.outline, doc.collapsed);
    expect(
      tidySvg(
        svg,
        doc.outline,
        parts.find((part) => part.name === name),
        parts,
      ) === svg,
      stale(`docs/flows/${name}.svg (not tidied)`),
    ).toBe(true);
  });

  // Readable whole on a laptop (chart-size.ts): fitted into 1440×900, the text stays at least 9 px high.
  it.each(charts.map(({ chart }) => [chart.name]))(`%s.svg reads whole on a ${laptopScreen.width}×${laptopScreen.height} screen`, (name) => {
    const svg = onDisk(`${name}.svg`);
    if (svg === undefined) return expect.fail(stale(`docs/flows/${name}.svg (missing)`));
    const size = chartSize(svg);
    if (name in tooBigForNow) {
      expect(size.readable, `docs/flows/${name}.svg now reads whole: remove it from tooBigForNow (chart-size.ts)`).toBe(false);
      return;
    }
    expect(
      size.fittedTextPx,
      `docs/flows/${name}.svg is ${size.width}×${size.height}: fitted to the screen its ${size.fontPx} px text is ${size.fittedTextPx.toFixed(1)} px high, under ${minTextPx} px. ` +
        '`npm run flows` draws a big compound state as one box with its own chart: a machine with no compound state left to split needs shorter notes or labels, or splitting in the source.',
    ).toBeGreaterThanOrEqual(minTextPx);
  });

  it('the index matches every machine', () => {
    expect(onDisk('README.md'), stale('docs/flows/README.md')).toBe(files.get('README.md'));
  });

  it('the plan of charts drawn in parts names only compound states there are', () => {
    expect(onDisk(chartPlanFile), stale(`docs/flows/${chartPlanFile}`)).toBe(files.get(chartPlanFile));
  });

  it('coverage.md was written for the machines as they are', () => {
    // Its figures (states, transitions, paths, reach) come from running every path test, which this test does not:
    // it compares each machine's shape (states and transitions) with the one coverage.md was counted on.
    const recorded = shapesInReport(onDisk('coverage.md') ?? '');
    const changed = [...shapesOf(machines)].filter(([id, shape]) => recorded.get(id) !== shape).map(([id]) => id);
    const gone = [...recorded.keys()].filter((id) => !machines.some((m) => m.id === id));
    expect([...changed, ...gone], 'docs/flows/coverage.md is out of date for these machines: run `npm run flows:coverage` and commit it').toEqual([]);
  });

  it('holds no files of machines that are gone', () => {
    const expected = new Set([...files.keys(), ...charts.map(({ chart }) => `${chart.name}.svg`)]);
    const orphans = readdirSync(folder).filter((name) => /\.(mmd|json|svg)$/.test(name) && !expected.has(name));
    expect(orphans, stale('docs/flows (files of removed machines)')).toEqual([]);
  });
});

describe('the Stately JSON', () => {
  // What the visualiser imports is a createMachine config: XState itself must rebuild the same chart from it.
  it.each(machines.map((m) => [m.id, m]))('%s rebuilds into the same states and transitions', (_id, entry) => {
    const config = JSON.parse(files.get(`${entry.id}.json`)!) as Parameters<typeof createMachine>[0];
    const rebuilt = createMachine(config);
    expect([...allStateIds(rebuilt)].sort()).toEqual([...allStateIds(entry.machine)].sort());
    // A guard composed with and/or/not goes in by its composition (`isInStock and isAccountNeeded`): the same name
    // the chart shows comes back, where the key of the machine says `inline`.
    const readable = (machine: AnyStateMachine) =>
      outlineOf(machine)
        .transitions.map((t) => `${t.sourceId} --${t.eventType}[${t.guard ?? ''}]--> ${t.targetIds.join(',')}`)
        .sort();
    expect(readable(rebuilt)).toEqual(readable(entry.machine));
    expect(allTransitions(rebuilt).size).toBe(allTransitions(entry.machine).size);
  });
});

describe('transition descriptions', () => {
  // Every transition says, in a shopper's or an analyst's words, what happens: the charts, the README tables, the
  // path test titles and `npm run flows:paths` all read them.
  it.each(machines.map((m) => [m.id, m]))('%s: every transition has a description', (_id, entry) => {
    const missing = outlineOf(entry.machine)
      .transitions.filter((t) => !t.description?.trim())
      .map((t) => t.key);
    expect(missing, `add a \`description\` to these transitions in ${entry.file}`).toEqual([]);
  });
});
