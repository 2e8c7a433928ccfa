import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { transitionKey } from '../../src/dev/flow-record.ts';
import { eventName } from './machine-events.ts';
import { recordPlans, recordReach } from './reach-recorder.ts';

/**
 * Path tests from the machine graph (DESIGN.md "Path tests"): the fewest paths that reach every state and take every
 * transition (see planPaths); each plan is replayed on a real actor whose server actors never settle, so only the
 * plan's explicit xstate.done/xstate.error events move it.
 */
export interface PathPlan {
  /** The descriptions of the transitions it takes, in order (the event where a transition has none). */
  name: string;
  events: AnyEventObject[];
  /** Per event, the transitions it takes (eventless ones that follow included): what `npm run flows:paths` prints. */
  steps: PathStep[];
  /** The state the graph says the path ends in. */
  expected: AnyMachineSnapshot;
}

export interface PathStep {
  event: AnyEventObject;
  transitions: { key: string; description: string | undefined }[];
}

export interface PlanOptions {
  input?: unknown;
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  /** Leave volatile or unserialisable context (actor refs, ids) out. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
}

function eventsAt(options: PlanOptions, snapshot: AnyMachineSnapshot): AnyEventObject[] {
  return typeof options.events === 'function' ? options.events(snapshot) : options.events;
}

interface Candidate {
  events: AnyEventObject[];
  /** The snapshot each event is sent to. */
  before: AnyMachineSnapshot[];
  expected: AnyMachineSnapshot;
  /** The state ids it ends in and the transitions its last step takes: what it adds to the coverage. */
  covers: string[];
}

/**
 * The fewest plans that still reach every state and take every transition the graph can: shortest paths to every
 * state, each extended by every event enabled at its end, then chosen greedily (shortest first) only when they add a
 * state or a transition not yet covered, and finally dropped when another chosen plan starts with all their steps.
 * Replaying every simple or shortest path instead multiplies with context (9,781 paths for checkout alone).
 */
export function planPaths(machine: AnyStateMachine, options: PlanOptions): PathPlan[] {
  const paths = getShortestPaths(machine, {
    input: options.input,
    events: (snapshot: AnyMachineSnapshot) => eventsAt(options, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) => options.serializeState(snapshot),
    // A finished actor takes no more events, but the graph would walk on through root-level handlers.
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.status !== 'active',
  });
  const nodesOf = (snapshot: AnyMachineSnapshot) => snapshot._nodes.map((node) => `state:${node.id}`);
  const recordStep = stepRecorder(machine, options.input);
  const candidates: Candidate[] = [];
  for (const path of paths) {
    // steps[i].state is the snapshot after steps[i].event; steps[0] is the initial snapshot (event xstate.init).
    const events = path.steps.slice(1).map((step) => step.event);
    const before = path.steps.slice(0, -1).map((step) => step.state);
    candidates.push({ events, before, expected: path.state, covers: nodesOf(path.state) });
    if (path.state.status !== 'active') continue;
    for (const next of eventsAt(options, path.state)) {
      if (machine.getTransitionData(path.state, next).length === 0) continue;
      const { snapshot: expected, transitions } = recordStep(path.state, next);
      candidates.push({
        events: [...events, next],
        before: [...before, path.state],
        expected,
        covers: [...transitions.map(transitionKey), ...nodesOf(expected)],
      });
    }
  }
  candidates.sort((a, b) => a.events.length - b.events.length);
  const covered = new Set<string>();
  const chosen = candidates.filter((candidate) => {
    const adds = candidate.covers.filter((key) => !covered.has(key));
    adds.forEach((key) => covered.add(key));
    return adds.length > 0;
  });
  const names = chosen.map((plan) => plan.events.map((event) => JSON.stringify(event)));
  const isPrefixOfAnother = (index: number) =>
    names.some((other, j) => j !== index && other.length > names[index]!.length && names[index]!.every((step, k) => other[k] === step));
  const plans = chosen
    .filter((_, index) => !isPrefixOfAnother(index))
    .map(({ events, before, expected }) => {
      const steps = events.map((event, i) => ({
        event,
        transitions: recordStep(before[i]!, event).transitions.map((t) => ({ key: transitionKey(t), description: t.description })),
      }));
      return { name: planName(steps), events, steps, expected };
    });
  recordPlans({
    machine: machine.id,
    plans: plans.map((plan) => ({
      name: plan.name,
      steps: plan.steps.map((step) => ({ event: eventName(step.event), transitions: step.transitions })),
    })),
  });
  return plans;
}

/** A plan's title: what happens, in the words of the transitions' descriptions (the event's name where one has none). */
export function planName(steps: PathStep[]): string {
  if (steps.length === 0) return '(initial)';
  return steps
    .flatMap((step) => {
      const said = step.transitions.map((t) => t.description?.replace(/\s+/g, ' ').replace(/\.$/, '')).filter(Boolean);
      return said.length > 0 ? said : [eventName(step.event)];
    })
    .join(' → ');
}

/**
 * Takes one event on a graph snapshot without running anything (like getNextSnapshot) and records every microstep's
 * transitions, eventless and raised ones included, through the inspection hook of an actor that is never started.
 */
function stepRecorder(machine: AnyStateMachine, input: unknown) {
  let transitions: AnyTransitionDefinition[] = [];
  const self = createActor(machine, {
    input,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') transitions.push(...event._transitions);
    },
  });
  const scope = {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    defer: () => undefined,
    logger: () => undefined,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: () => undefined,
  };
  return (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    transitions = [];
    const next = machine.transition(snapshot, event, scope as unknown as Parameters<AnyStateMachine['transition']>[2]);
    return { snapshot: next, transitions };
  };
}

/** The machine with every invoked actor replaced by one that never settles. */
export function neverSettling(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))]),
  );
  return machine.provide({ actors });
}

/** The key the recorder of the journeys' browser build uses too (src/dev/flow-record.ts), so both reaches compare. */
export { transitionKey };

/** Every transition written in the machine's definition, eventless ones included. */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const list of node.transitions.values()) for (const t of list) keys.add(transitionKey(t));
    for (const t of node.always ?? []) keys.add(transitionKey(t));
  }
  for (const list of machine.root.transitions.values()) for (const t of list) keys.add(transitionKey(t));
  return keys;
}

export function allStateIds(machine: AnyStateMachine): Set<string> {
  return new Set(getStateNodes(machine.root).map((node) => node.id));
}

export interface Replay {
  snapshot: AnyMachineSnapshot;
  transitions: string[];
  states: string[];
}

/** Runs a plan on a real actor and records the transitions it took (from the inspector's microsteps). */
/**
 * `afterEvent`: what the world does between the shopper's events (the session's zip changed under an open step), for a
 * plan written by hand where the graph cannot walk it.
 */
export function replay(
  machine: AnyStateMachine,
  plan: Partial<PathPlan> & Pick<PathPlan, 'events'>,
  input: unknown,
  afterEvent?: (sent: AnyEventObject) => void,
): Replay {
  const transitions: string[] = [];
  const states = new Set<string>();
  const actor = createActor(neverSettling(machine), {
    input,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) {
        transitions.push(transitionKey(t));
        states.add(t.source.id);
      }
    },
  });
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) states.add(node.id);
  };
  actor.subscribe({ next: record, error: () => undefined });
  actor.start();
  record(actor.getSnapshot());
  for (const event of plan.events) {
    actor.send(event);
    afterEvent?.(event);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  recordReach({ machine: machine.id, states: [...states], transitions });
  return { snapshot, transitions, states: [...states] };
}

/** The coverage test's name carries the counts, so the test report is the coverage report. */
export function coverageTitle(machine: AnyStateMachine): string {
  return `reaches all ${allStateIds(machine).size} states and takes all ${allTransitions(machine).size} transitions`;
}
