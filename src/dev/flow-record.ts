import type { AnyMachineSnapshot, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * Recorded reach (issue 25 item 1, docs/decisions/043-recorded-reach.md): in the build the browser journeys run
 * (`VITE_RECORD_FLOWS=1 vite build`, as `npm run test:e2e` builds), every actor's inspect hook lands here, and each
 * machine's active states and the transitions it takes are collected, keyed exactly as the unit path tests key them
 * (tests/machines/path-coverage.ts), so `npm run flows:coverage` sets what real runs reached beside what was planned.
 * The shipped build never imports this module: main.tsx and vite.config.ts reach it only under that build-time flag,
 * and nothing here runs on import, so `vite build` drops it (tests/flows/dev-tools-not-shipped.test.ts checks dist).
 */

/** What one machine reached: StateNode ids and transition keys; and the events it was sent from outside but did not take. */
export interface MachineReach {
  states: string[];
  transitions: string[];
  /** `event.type in {state value}`: sent by a view (no sending actor) in a state that takes no transition on it. */
  dropped?: string[];
}

export type FlowRecord = Record<string, MachineReach>;

/** The Playwright binding the journeys' fixture exposes (tests/e2e/fixtures.ts): it takes each batch as it comes. */
export const flowRecordBinding = '__flowRecorded';

/** How the path tests and the recorder name a transition: source, event, guard, targets. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const guard = transition.guard;
  const guardName =
    typeof guard === 'string' ? guard : typeof guard === 'object' && guard !== null && 'type' in guard ? String(guard.type) : guard ? 'inline' : '';
  const targets = transition.target?.map((t) => t.id).join(',') ?? '(self)';
  return `${transition.source.id} --${transition.eventType}${guardName ? `[${guardName}]` : ''}--> ${targets}`;
}

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot && '_nodes' in snapshot;
}

export type Sets = Map<string, { states: Set<string>; transitions: Set<string>; dropped?: Set<string> }>;

function entryOf(into: Sets, machineId: string) {
  const entry = into.get(machineId) ?? { states: new Set<string>(), transitions: new Set<string>() };
  into.set(machineId, entry);
  return entry;
}

/**
 * An event a view sent (no actor sent it) that the machine's state does not take: XState drops it without a word.
 * xstate's own events (init, timers, replies) always come from an actor or the system and are never counted. The key
 * names the browser event being handled when it was sent (`on click`, `on input`, `on playing`), if any: a shopper's
 * click or keystroke lost on a control left enabled is told apart from a late callback (a video that starts playing
 * after its camera was stopped).
 */
function droppedEvent(event: InspectionEvent, triggerNow: () => string | undefined): { machineId: string; key: string } | undefined {
  if (event.type !== '@xstate.event' || event.sourceRef !== undefined || /^@?xstate\./.test(event.event.type)) return undefined;
  const snapshot: unknown = event.actorRef.getSnapshot();
  if (!isMachineSnapshot(snapshot) || snapshot.status !== 'active' || snapshot.can(event.event)) return undefined;
  const trigger = triggerNow();
  return { machineId: snapshot.machine.id, key: `${event.event.type} in ${JSON.stringify(snapshot.value)}${trigger ? ` on ${trigger}` : ''}` };
}

/** The DOM event the page is dispatching now (`window.event`), if any; none outside a browser. */
function domEventNow(): string | undefined {
  const now: unknown = Reflect.get(globalThis, 'event');
  return now instanceof Object && 'type' in now && typeof now.type === 'string' ? now.type : undefined;
}

/**
 * Adds an inspection event's states and transitions (or a dropped event) to `into`; true when it held any. `triggerNow`
 * names the DOM event being handled, asked only for a dropped event (every other inspection event skips it).
 */
export function addInspection(into: Sets, event: InspectionEvent, triggerNow: () => string | undefined = domEventNow): boolean {
  const dropped = droppedEvent(event, triggerNow);
  if (dropped) {
    const entry = entryOf(into, dropped.machineId);
    (entry.dropped ??= new Set<string>()).add(dropped.key);
    return true;
  }
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return false;
  const snapshot = event.snapshot;
  if (!isMachineSnapshot(snapshot)) return false;
  const entry = entryOf(into, snapshot.machine.id);
  for (const node of snapshot._nodes) entry.states.add(node.id);
  if (event.type === '@xstate.microstep')
    for (const transition of event._transitions) {
      entry.transitions.add(transitionKey(transition));
      entry.states.add(transition.source.id);
    }
  return true;
}

export function recordOf(sets: Sets): FlowRecord {
  const record: FlowRecord = {};
  for (const [machineId, { states, transitions, dropped }] of sets)
    record[machineId] = { states: [...states], transitions: [...transitions], ...(dropped ? { dropped: [...dropped] } : {}) };
  return record;
}

type RecordWindow = Window & { [flowRecordBinding]?: (batch: FlowRecord) => unknown; __flowRecord?: () => FlowRecord };

const everything: Sets = new Map();
const pending: Sets = new Map();
let flushing = false;

/** Hands what the last steps added to the journey's fixture, once per task (a step raises many inspection events). */
function flush(): void {
  flushing = false;
  const send = (window as RecordWindow)[flowRecordBinding];
  if (pending.size > 0 && typeof send === 'function') void send(recordOf(pending));
  pending.clear();
}

/** The inspect hook of every actor in the recording build (app actors, @xstate/react's, and their children). */
export function recordFlow(event: InspectionEvent): void {
  if (!addInspection(pending, event)) return;
  addInspection(everything, event);
  if (flushing) return;
  flushing = true;
  queueMicrotask(flush);
  // For a look by hand in the recording build's console: everything this page has recorded.
  (window as RecordWindow).__flowRecord ??= () => recordOf(everything);
}
