import { createHash } from 'node:crypto';
import { chartParts, mermaidChart, type ChartStyle } from '../../src/dev/flows/mermaid-chart.ts';
import { outlineOf, type OutlineState, type OutlineTransition, type StatechartOutline } from '../../src/dev/flows/statechart-outline.ts';
import { visualiserConfig } from '../../src/dev/flows/visualiser-config.ts';
import { flowPlaces } from './flow-places.ts';
import type { FlowUsage } from './flow-usage.ts';
import type { CataloguedMachine } from '../../src/dev/flows/machine-catalogue.ts';

/**
 * Everything `npm run flows` writes except the SVGs, as file name → text, built in memory so the staleness test can
 * compare it with docs/flows without writing. Sorted by machine id, no dates: an unchanged machine changes nothing.
 */
export const flowsFolder = 'docs/flows';

/**
 * How each machine is drawn: which compound states are one box, their inside in a chart of their own (`parts`), and
 * each chart's layout when not Mermaid's default (`styles`, by chart name). `docs/flows/chart-parts.json`, written by
 * `npm run flows` after measuring the drawn charts (chart-size.ts), read here so the staleness test knows every chart
 * without a browser.
 */
export interface MachinePlan {
  parts: string[];
  styles: Record<string, ChartStyle>;
}
export type ChartPlan = Record<string, MachinePlan>;
export const emptyPlan = (): MachinePlan => ({ parts: [], styles: {} });
export const chartPlanFile = 'chart-parts.json';

/** One drawn chart: a machine's overview (named as the machine) or one of its parts (`kyc.submitting`). */
export interface FlowChart {
  name: string;
  style: ChartStyle;
  /** The state whose inside it draws: the machine's root for the overview. */
  focusId: string;
  mermaid: string;
  /** sha256 of the Mermaid source: the SVG carries it, so a stale SVG is caught without rendering. */
  hash: string;
}

export interface FlowDoc {
  id: string;
  outline: StatechartOutline;
  /** The compound states drawn as a box in the overview (or in a part), each with its own chart. */
  collapsed: string[];
  /** Each chart's layout when not the default, by chart name. */
  styles: Record<string, ChartStyle>;
  /** The overview first, then the parts in the machine's order. */
  charts: FlowChart[];
}

export const svgHashComment = (hash: string) => `<!-- mermaid-source-sha256: ${hash} -->`;
export const svgHashPattern = /^<!-- mermaid-source-sha256: ([0-9a-f]{64}) -->/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function flowDocOf(entry: CataloguedMachine, plan: MachinePlan = emptyPlan()): FlowDoc {
  const outline = outlineOf(entry.machine);
  const parts = chartParts(outline, plan.parts);
  const kept = parts.slice(1).map((part) => part.focusId);
  const charts = parts.map((part) => {
    const style = plan.styles[part.name] ?? {};
    const mermaid = mermaidChart(outline, { collapsed: kept, focus: part.focusId, style });
    return { name: part.name, focusId: part.focusId, style, mermaid, hash: sha256(mermaid) };
  });
  // Styles of charts there no longer are are dropped; a default style is not written.
  const styles = Object.fromEntries(charts.filter((chart) => chart.style.direction || chart.style.notes).map((chart) => [chart.name, chart.style]));
  return { id: entry.id, outline, collapsed: kept, styles, charts };
}

/** Markdown table cells: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const code = (text: string) => `\`${text}\``;
/** A path is code; "every page (header)" is prose. */
const route = (text: string) => (text.startsWith('/') ? code(text) : text);
const link = (file: string) => `[${file.replace(/^src\//, '')}](../../${file})`;

function relativeState(outline: StatechartOutline, id: string): string {
  return id === outline.id ? '(the machine)' : id.slice(outline.id.length + 1);
}

function stateKind(state: OutlineState, outline: StatechartOutline): string {
  const parent = outline.states.find((s) => s.id === state.parentId);
  const kinds = [parent?.initialId === state.id ? 'initial' : '', state.type === 'atomic' ? '' : state.type].filter(Boolean);
  return kinds.join(', ');
}

const anchor = (id: string) => `[${id}](#${id.toLowerCase()})`;

/** An invoked actor by its name, linked to its machine's section when it is one of the store's machines. */
function actorLink(outline: StatechartOutline, name: string): string {
  const machineId = outline.actors.find((actor) => actor.name === name)?.machineId;
  return machineId ? `[\`${name}\`](#${machineId.toLowerCase()})` : code(name);
}

/** How a parent starts a child machine: invoked by a state (which), or spawned into its context. */
function howStarted(parent: StatechartOutline, actorName: string): string {
  const states = parent.states.filter((state) => state.invokes.some((invoke) => invoke.src === actorName));
  return states.length > 0
    ? `invoked as ${code(actorName)} ${states.map((state) => (state.depth === 0 ? 'for as long as it runs' : `in ${code(relativeState(parent, state.id))}`)).join(', ')}`
    : `spawned as ${code(actorName)}`;
}

function stateRows(outline: StatechartOutline): string[] {
  return outline.states
    .filter((state) => state.depth > 0)
    .map((state) => {
      const notes = [
        cell(state.description),
        state.entry.length > 0 ? `On entry ${state.entry.map(code).join(', ')}.` : '',
        state.invokes.length > 0 ? `Runs ${state.invokes.map((i) => actorLink(outline, i.src)).join(', ')}.` : '',
        state.exit.length > 0 ? `On exit ${state.exit.map(code).join(', ')}.` : '',
      ];
      return `| ${'&nbsp;&nbsp;'.repeat(state.depth - 1)}${code(state.key)} | ${stateKind(state, outline)} | ${notes.filter(Boolean).join(' ')} |`;
    });
}

function eventRows(outline: StatechartOutline): string[] {
  const row = (t: OutlineTransition) => {
    const to = t.targetIds.length > 0 ? t.targetIds.map((id) => code(relativeState(outline, id))).join(', ') : '(stays)';
    const actions = t.actions.length > 0 ? t.actions.map(code).join(', ') : '';
    return `| ${code(relativeState(outline, t.sourceId))} | ${cell(t.label)} | ${to} | ${actions} | ${cell(t.description)} |`;
  };
  return outline.transitions.map(row);
}

function eventNames(outline: StatechartOutline): string[] {
  return [...new Set(outline.transitions.filter((t) => t.kind === 'event').map((t) => t.eventType))].sort();
}

/** A machine drawn in parts: what each blue box of the overview holds, linked to its own chart. */
function partLines(doc: FlowDoc): string[] {
  if (doc.charts.length < 2) return [];
  const parts = doc.charts.slice(1).map((chart) => {
    const state = doc.outline.states.find((s) => s.id === chart.focusId);
    const inside = doc.outline.states.filter((s) => s.id !== chart.focusId && s.id.startsWith(`${chart.focusId}.`)).length;
    return `[${code(relativeState(doc.outline, chart.focusId))}](${chart.name}.svg) (${inside} states${state?.type === 'parallel' ? ', parallel' : ''}; [Mermaid](${chart.name}.mmd))`;
  });
  return [
    `Too big to read whole on a laptop screen, so drawn in parts: the overview above draws each blue ▸ box as one state (arrows into and out of its states go to and from the box, labelled with the state they start from); each box's inside has its own chart, where the states outside it are dashed stubs: ${parts.join(', ')}.`,
    '',
  ];
}

/** Charts that leave state descriptions out to fit a laptop screen say so: the table below has them. */
function briefLines(doc: FlowDoc): string[] {
  const brief = doc.charts.filter((chart) => chart.style.notes);
  if (brief.length === 0) return [];
  const names = brief.map((chart) => `[${chart.name}](${chart.name}.svg)${chart.style.notes === 'none' ? ' (no notes)' : ''}`);
  return [`Drawn without the states' descriptions to fit a laptop screen (the table below has them): ${names.join(', ')}.`, ''];
}

function section(doc: FlowDoc, entry: CataloguedMachine, usage: FlowUsage | undefined, docs: FlowDoc[]): string {
  const { outline } = doc;
  const place = flowPlaces[doc.id];
  // From the machines' own setups (the actors they invoke or spawn), not from imports: importing a type or a helper
  // starts nothing.
  const startedBy = docs.flatMap((parent) =>
    parent.outline.actors
      .filter((actor) => actor.machineId === doc.id)
      .map((actor) => `${anchor(parent.id)} (${howStarted(parent.outline, actor.name)})`),
  );
  const starts = outline.actors.flatMap((actor) => (actor.machineId ? [`${anchor(actor.machineId)} (${howStarted(outline, actor.name)})`] : []));
  const lines = [
    `## ${doc.id}`,
    '',
    outline.description ?? '_No description on the machine yet._',
    '',
    `![${doc.id} statechart](${doc.id}.svg)`,
    '',
    ...partLines(doc),
    ...briefLines(doc),
    `- **Files**: [Mermaid source](${doc.id}.mmd) · [Stately import (JSON)](${doc.id}.json) · machine ${link(entry.file)} (\`${entry.exportName}\`)`,
    `- **Routes**: ${place ? place.routes.map(route).join(', ') : '_not mapped yet: add it to tests/flows/flow-places.ts_'}`,
    `- **Spec**: ${place ? place.spec : '_not mapped yet_'}`,
    `- **Views**: ${usage && usage.views.length > 0 ? usage.views.map(link).join(', ') : '—'}`,
    `- **Started by**: ${startedBy.length > 0 ? startedBy.join(', ') : '—'}`,
    `- **Starts**: ${starts.length > 0 ? `${starts.join(', ')} (each has its own chart)` : '—'}`,
    `- **Events it takes**: ${eventNames(outline).map(code).join(', ') || '—'}`,
    '',
    '| State | Kind | Description |',
    '|---|---|---|',
    ...stateRows(outline),
    '',
    '| From | On | To | Actions | Description |',
    '|---|---|---|---|---|',
    ...eventRows(outline),
    '',
  ];
  return lines.join('\n');
}

function readme(docs: FlowDoc[], machines: CataloguedMachine[], usage: Map<string, FlowUsage>): string {
  const index = docs.map((doc) => {
    const place = flowPlaces[doc.id];
    const states = doc.outline.states.length - 1;
    return `| [${doc.id}](#${doc.id.toLowerCase()}) | ${cell(doc.outline.description?.split(/(?<=\.)\s/)[0])} | ${place ? place.routes.map(route).join(', ') : '—'} | ${states} | ${doc.outline.transitions.length} |`;
  });
  return [
    '# The store’s flows',
    '',
    'Generated by `npm run flows` from every machine in `src/machines/<flow>/*.machine.ts`: do not edit by hand, run it again',
    'after changing a machine (`tests/flows/flows-docs.test.ts` fails until you do). Per flow: its purpose, its diagram',
    '(`<id>.svg`, drawn from `<id>.mmd`), its states and transitions with their descriptions, where a shopper meets it',
    'and the part of the spec it implements. [coverage.md](coverage.md) (`npm run flows:coverage`) says how much of each',
    'the path tests and the browser journeys reach. Spec sections: S is `../shared/spec/storefront.md`, C is',
    '`../shared/spec/cart-checkout-account.md`.',
    '',
    'Reading a diagram: a box is a state with states inside (`--` splits parallel regions), `[*]` marks where a box',
    'starts and where the flow ends, an arrow is a transition labelled `event [guard]` (a guard built from others reads',
    'as their composition, `[isInStock and isAccountNeeded]`, `[not(hasRetailer)]`; `[otherwise]`: none of the',
    'guards above it held; `x done` / `x failed`: the reply of what the state runs; `after …`: a timer), "(any state)"',
    'is a transition the box takes from whichever of its states is active, and a note gives the state’s description,',
    'what it runs and the events it handles without leaving.',
    '',
    'In the Stately visualiser: open <https://stately.ai/editor>, create a machine, choose **Import**, and paste',
    '`createMachine(` + the contents of `<id>.json` + `)`. Guards, actions and actors come in by name; their code stays',
    'in `src/machines`. In development, `/flows` shows the same charts with the live state of the page’s actors.',
    '',
    '| Flow | Purpose | Routes | States | Transitions |',
    '|---|---|---|---|---|',
    ...index,
    '',
    ...docs.map((doc, i) => section(doc, machines[i]!, usage.get(machines[i]!.file), docs)),
  ].join('\n');
}

/** The plan as `npm run flows` writes it: only machines drawn in parts or not in the default layout, by id. */
export function chartPlanText(docs: FlowDoc[]): string {
  const planned = docs
    .filter((doc) => doc.collapsed.length > 0 || Object.keys(doc.styles).length > 0)
    .map((doc) => [doc.id, { parts: doc.collapsed, styles: doc.styles }] as const);
  return `${JSON.stringify(Object.fromEntries(planned), null, 2)}\n`;
}

const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function styleOf(value: unknown): ChartStyle {
  if (!record(value)) return {};
  return {
    ...(value.direction === 'LR' ? { direction: 'LR' as const } : {}),
    ...(value.notes === 'brief' || value.notes === 'none' ? { notes: value.notes } : {}),
  };
}

/** Reads chart-parts.json; anything it does not know is left out (that machine is planned again). */
export function readChartPlan(text: string | undefined): ChartPlan {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (!record(parsed)) return {};
  const plan: ChartPlan = {};
  for (const [id, value] of Object.entries(parsed)) {
    // The first plans were a bare list of parts.
    if (strings(value)) plan[id] = { parts: value, styles: {} };
    else if (record(value) && strings(value.parts))
      plan[id] = {
        parts: value.parts,
        styles: record(value.styles) ? Object.fromEntries(Object.entries(value.styles).map(([name, style]) => [name, styleOf(style)])) : {},
      };
  }
  return plan;
}

/** File name (inside docs/flows) → text, for every text output. */
export function flowTexts(
  machines: CataloguedMachine[],
  usage: Map<string, FlowUsage>,
  plan: ChartPlan = {},
): { docs: FlowDoc[]; files: Map<string, string> } {
  const docs = machines.map((entry) => flowDocOf(entry, plan[entry.id]));
  const files = new Map<string, string>();
  for (const doc of docs) {
    for (const chart of doc.charts) files.set(`${chart.name}.mmd`, chart.mermaid);
    files.set(`${doc.id}.json`, `${JSON.stringify(visualiserConfig(doc.outline), null, 2)}\n`);
  }
  files.set('README.md', readme(docs, machines, usage));
  files.set(chartPlanFile, chartPlanText(docs));
  return { docs, files };
}
