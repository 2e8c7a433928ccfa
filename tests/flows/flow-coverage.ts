import { createHash } from 'node:crypto';
import { allStateIds, allTransitions } from '../machines/path-coverage.ts';
import type { PlanLine, ReachLine } from '../machines/reach-recorder.ts';
import type { CataloguedMachine } from '../../src/dev/flows/machine-catalogue.ts';

/**
 * The path-coverage report: per machine, its states and transitions (as tests/machines/path-coverage.ts counts them)
 * and how many the unit path tests and the generated browser journeys reach. Only keys the machine still has count,
 * so a stale reach file cannot push a figure above the total.
 */
export interface Reach {
  states: Set<string>;
  transitions: Set<string>;
}

export type ReachByMachine = Map<string, Reach>;

export function reachFromLines(lines: ReachLine[]): ReachByMachine {
  const reach: ReachByMachine = new Map();
  for (const line of lines) {
    const entry = reach.get(line.machine) ?? { states: new Set<string>(), transitions: new Set<string>() };
    line.states.forEach((s) => entry.states.add(s));
    line.transitions.forEach((t) => entry.transitions.add(t));
    reach.set(line.machine, entry);
  }
  return reach;
}

/** tests/e2e/generated/reach.json: `{ "<machine id>": { "states": [...], "transitions": [...] } }`. */
export function reachFromJson(json: unknown): ReachByMachine {
  const reach: ReachByMachine = new Map();
  if (typeof json !== 'object' || json === null) throw new Error('reach.json is not an object of machine ids');
  for (const [machine, value] of Object.entries(json)) {
    const { states, transitions } = (value ?? {}) as { states?: unknown; transitions?: unknown };
    if (!Array.isArray(states) || !Array.isArray(transitions)) throw new Error(`reach.json: ${machine} needs "states" and "transitions" arrays`);
    reach.set(machine, { states: new Set(states.map(String)), transitions: new Set(transitions.map(String)) });
  }
  return reach;
}

/** Per machine, how many paths the unit path tests plan on it (every planPaths call, every input). */
export function pathCountsFromLines(lines: PlanLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.machine, (counts.get(line.machine) ?? 0) + line.plans.length);
  return counts;
}

/**
 * What the report's figures depend on in the machine: its states and transitions. coverage.md carries one hash per
 * machine, so tests/flows/flows-docs.test.ts says which machine changed since `npm run flows:coverage` last ran.
 */
export function machineShape(machine: CataloguedMachine['machine']): string {
  const keys = [...[...allStateIds(machine)].sort(), ...[...allTransitions(machine)].sort()];
  return createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
}

export const shapesPattern = /^<!-- machine-shapes: (.*) -->$/m;

/** `id=hash` per machine, as coverage.md's first line holds them. */
export function shapesOf(machines: CataloguedMachine[]): Map<string, string> {
  return new Map(machines.map((entry) => [entry.id, machineShape(entry.machine)]));
}

export function shapesInReport(report: string): Map<string, string> {
  const line = shapesPattern.exec(report)?.[1] ?? '';
  return new Map(
    line
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

/**
 * What passing Playwright tests really took in the recording build (tests/e2e/flow-records.ts), how many tests' records
 * that is, and per machine why a transition is not taken where someone said (the journey maps' notDriven).
 */
export interface Recorded {
  reach: ReachByMachine;
  tests: number;
  reasons: Map<string, Record<string, string>>;
}

/** The records of many tests, merged per machine. */
export function reachFromRecords(records: { record: Record<string, { states: string[]; transitions: string[] }> }[]): ReachByMachine {
  return reachFromLines(records.flatMap(({ record }) => Object.entries(record).map(([machine, reach]) => ({ machine, ...reach }))));
}

interface Row {
  id: string;
  paths: number | undefined;
  states: string[];
  transitions: string[];
  unit: Reach | undefined;
  browser: Reach | undefined;
  recorded: Reach | undefined;
}

const count = (all: string[], reached: Set<string> | undefined) => all.filter((key) => reached?.has(key)).length;
const share = (all: string[], reached: Set<string> | undefined) => {
  const n = count(all, reached);
  return `${n}/${all.length}${n === all.length ? ' ✓' : ''}`;
};

function rowOf(
  entry: CataloguedMachine,
  unit: ReachByMachine,
  browser: ReachByMachine | undefined,
  paths: Map<string, number>,
  recorded: Recorded | undefined,
): Row {
  return {
    recorded: recorded?.reach.get(entry.id),
    id: entry.id,
    paths: paths.get(entry.id),
    states: [...allStateIds(entry.machine)].sort(),
    transitions: [...allTransitions(entry.machine)].sort(),
    unit: unit.get(entry.id),
    browser: browser?.get(entry.id),
  };
}

function missing(row: Row, reach: Reach | undefined): string[] {
  return [...row.states.filter((s) => !reach?.states.has(s)).map((s) => `state ${s}`), ...row.transitions.filter((t) => !reach?.transitions.has(t))];
}

export function coverageReport(
  machines: CataloguedMachine[],
  unit: ReachByMachine,
  browser: ReachByMachine | undefined,
  notes: string[],
  paths: Map<string, number> = new Map(),
  recorded?: Recorded,
): string {
  const rows = machines.map((entry) => rowOf(entry, unit, browser, paths, recorded));
  const noJourneys = 'no generated journeys';
  const totals = rows.reduce(
    (sum, row) => ({
      paths: sum.paths + (row.paths ?? 0),
      states: sum.states + row.states.length,
      transitions: sum.transitions + row.transitions.length,
      unitStates: sum.unitStates + count(row.states, row.unit?.states),
      unitTransitions: sum.unitTransitions + count(row.transitions, row.unit?.transitions),
      browserStates: sum.browserStates + count(row.states, row.browser?.states),
      browserTransitions: sum.browserTransitions + count(row.transitions, row.browser?.transitions),
      recordedStates: sum.recordedStates + count(row.states, row.recorded?.states),
      recordedTransitions: sum.recordedTransitions + count(row.transitions, row.recorded?.transitions),
    }),
    {
      paths: 0,
      states: 0,
      transitions: 0,
      unitStates: 0,
      unitTransitions: 0,
      browserStates: 0,
      browserTransitions: 0,
      recordedStates: 0,
      recordedTransitions: 0,
    },
  );
  const shapes = [...shapesOf(machines)].map(([id, hash]) => `${id}=${hash}`).join(' ');
  const lines = [
    `<!-- machine-shapes: ${shapes} -->`,
    '# Path coverage of the flows',
    '',
    'Written by `npm run flows:coverage`: per machine, its states and transitions (every one written in the machine,',
    'eventless, delayed and invoke replies included, keyed as `tests/machines/path-coverage.ts` keys them), how many the',
    'unit path tests (`tests/machines/*.machine.test.ts`) reach, and how many the generated browser journeys reach',
    '(`tests/e2e/generated/reach.json`, planned on the model). Recorded: what passing Playwright tests really took in the',
    'browser (the recording build `npm run test:e2e` makes; `flow-records/`, failing tests excluded; docs/decisions/043).',
    '✓ marks all of them. Paths: how many paths the unit path tests plan and replay',
    'on it, over all the inputs they try (`npm run flows:paths -- <machine>` prints them with their events and',
    'descriptions). `tests/flows/flows-docs.test.ts` fails when a machine changed since this file was written.',
    '',
    ...notes.map((note) => `> ${note}`),
    ...(notes.length > 0 ? [''] : []),
    ...(recorded ? [`Recorded from ${recorded.tests} passing Playwright tests.`, ''] : []),
    '| Machine | States | Transitions | Paths | Unit: states | Unit: transitions | Browser: states | Browser: transitions | Recorded: states | Recorded: transitions |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const browserCells = row.browser
        ? `${share(row.states, row.browser.states)} | ${share(row.transitions, row.browser.transitions)}`
        : `${noJourneys} | —`;
      const recordedCells = !recorded
        ? 'no records | —'
        : row.recorded
          ? `${share(row.states, row.recorded.states)} | ${share(row.transitions, row.recorded.transitions)}`
          : 'not started | —';
      return `| [${row.id}](README.md#${row.id.toLowerCase()}) | ${row.states.length} | ${row.transitions.length} | ${row.paths ?? '—'} | ${share(row.states, row.unit?.states)} | ${share(row.transitions, row.unit?.transitions)} | ${browserCells} | ${recordedCells} |`;
    }),
    `| **all ${rows.length}** | ${totals.states} | ${totals.transitions} | ${totals.paths} | ${totals.unitStates}/${totals.states} | ${totals.unitTransitions}/${totals.transitions} | ${totals.browserStates}/${totals.states} | ${totals.browserTransitions}/${totals.transitions} | ${totals.recordedStates}/${totals.states} | ${totals.recordedTransitions}/${totals.transitions} |`,
    '',
  ];
  const gaps = rows.flatMap((row) => {
    const unitGaps = missing(row, row.unit);
    const browserGaps = row.browser ? missing(row, row.browser) : [];
    const reasons = recorded?.reasons.get(row.id) ?? {};
    const recordedGaps = row.recorded ? missing(row, row.recorded).map((key) => (reasons[key] ? `${key}\` — ${reasons[key]}` : `${key}\``)) : [];
    if (unitGaps.length === 0 && browserGaps.length === 0 && recordedGaps.length === 0) return [];
    return [
      `### ${row.id}`,
      '',
      ...(unitGaps.length > 0 ? ['Not reached by the unit path tests:', '', ...unitGaps.map((key) => `- \`${key}\``), ''] : []),
      ...(browserGaps.length > 0 ? ['Not reached by the generated browser journeys:', '', ...browserGaps.map((key) => `- \`${key}\``), ''] : []),
      ...(recordedGaps.length > 0
        ? ['Not taken by any passing Playwright test (recorded):', '', ...recordedGaps.map((gap) => `- \`${gap}`), '']
        : []),
    ];
  });
  const notStarted = recorded ? rows.filter((row) => !row.recorded).map((row) => row.id) : [];
  if (notStarted.length > 0) gaps.push('### Never started by a passing Playwright test (recorded)', '', notStarted.join(', '), '');
  if (gaps.length > 0) lines.push('## What is not reached', '', ...gaps);
  return lines.join('\n');
}
