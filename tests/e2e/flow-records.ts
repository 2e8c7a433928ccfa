import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FlowRecord, Sets } from '../../src/dev/flow-record.ts';

/**
 * Recorded reach (docs/decisions/043-recorded-reach.md): what each passing Playwright test's pages recorded — per
 * machine, the states and transitions its actors really took in the recording build — one JSON file per test in
 * flow-records/ (gitignored). A test that fails or is skipped leaves none (and removes the one a passing run left),
 * so `npm run flows:coverage` counts only what passing journeys did.
 */
export const flowRecordsDir = path.resolve(import.meta.dirname, '../../flow-records');

export interface FlowRecordFile {
  /** The test's file (relative to the repo) and its title path. */
  test: string;
  record: FlowRecord;
}

/** One test's file: the same name every run, so a later run of the test replaces (or removes) it. */
export function flowRecordFile(test: string): string {
  return path.join(flowRecordsDir, `${createHash('sha256').update(test).digest('hex').slice(0, 20)}.json`);
}

/** The machine ids, states, transitions and dropped events a page sent: merged into the test's sets (anything else is ignored). */
export function mergeBatch(into: Sets, batch: unknown): void {
  if (typeof batch !== 'object' || batch === null) return;
  for (const [machine, reach] of Object.entries(batch)) {
    const states: unknown = Reflect.get(Object(reach), 'states');
    const transitions: unknown = Reflect.get(Object(reach), 'transitions');
    const dropped: unknown = Reflect.get(Object(reach), 'dropped');
    if (!Array.isArray(states) || !Array.isArray(transitions)) continue;
    const entry = into.get(machine) ?? { states: new Set<string>(), transitions: new Set<string>() };
    into.set(machine, entry);
    states.forEach((s) => typeof s === 'string' && entry.states.add(s));
    transitions.forEach((t) => typeof t === 'string' && entry.transitions.add(t));
    if (Array.isArray(dropped)) dropped.forEach((d) => typeof d === 'string' && (entry.dropped ??= new Set<string>()).add(d));
  }
}

/** The browser events a shopper's own hand raises: an event sent while one of these is handled is their input. */
const shopperInput = new Set([
  'click',
  'dblclick',
  'auxclick',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'submit',
]);

/**
 * Events a view sends to keep its machine in step with something outside it, where the same value again is meant to
 * change nothing (decision 079): the machine takes no transition on it, by design, even when a click led to it.
 */
export const syncsThatMayRepeat: Readonly<Record<string, string>> = {
  'auth: auth.show': 'the auth screen follows its URL; the screen already shown is a no-op',
  'settingTabs: tab.sync': 'the settings tabs follow their URL; the tab already shown is a no-op',
  'camera: camera.stop': "the camera's cleanup stops it on every unmount; a camera already off stays off",
};

/**
 * Every event a view sent while handling the shopper's click or keystroke that its machine did not take, as
 * `machine: event in state on click`, but for the syncs meant to repeat: input lost on a control the page left
 * enabled where its machine ignores it (decision 079). Events dropped outside the shopper's input (a late media or
 * timer callback) stay in the records without failing a test.
 */
export function lostEvents(sets: Sets): string[] {
  const syncs = Object.keys(syncsThatMayRepeat);
  return [...sets]
    .flatMap(([machine, { dropped }]) => [...(dropped ?? [])].map((d) => `${machine}: ${d}`))
    .filter((dropped) => shopperInput.has(/ on (\w+)$/.exec(dropped)?.[1] ?? ''))
    .filter((dropped) => !syncs.some((sync) => dropped.startsWith(`${sync} in `)))
    .sort();
}

export function writeFlowRecord(test: string, sets: Sets): void {
  const record: FlowRecord = {};
  for (const [machine, { states, transitions, dropped }] of [...sets].sort(([a], [b]) => a.localeCompare(b)))
    record[machine] = { states: [...states].sort(), transitions: [...transitions].sort(), ...(dropped ? { dropped: [...dropped].sort() } : {}) };
  fs.mkdirSync(flowRecordsDir, { recursive: true });
  const file: FlowRecordFile = { test, record };
  fs.writeFileSync(flowRecordFile(test), `${JSON.stringify(file, null, 1)}\n`);
}

export function removeFlowRecord(test: string): void {
  fs.rmSync(flowRecordFile(test), { force: true });
}

/** Every test's record there is now (none when the journeys have not run in the recording build). */
export function readFlowRecords(): FlowRecordFile[] {
  if (!fs.existsSync(flowRecordsDir)) return [];
  return fs
    .readdirSync(flowRecordsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(flowRecordsDir, name), 'utf8')) as FlowRecordFile);
}

/** Whether the built app records (the build `npm run test:e2e` makes): its chunks carry the recorder's binding name. */
export function buildRecordsFlows(distDir: string, binding: string): boolean {
  const assets = path.join(distDir, 'assets');
  if (!fs.existsSync(assets)) return false;
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes(binding));
}
