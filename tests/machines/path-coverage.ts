import { getShortestPaths, getStateNodes } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  getNextSnapshot,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';

/**
 * Path tests from the machine graph (DESIGN.md "Path tests"): shortest paths to every state, each extended by every
 * event enabled at its end so every transition is taken; each plan is replayed on a real actor whose server actors
 * never settle, so only the plan's explicit xstate.done/xstate.error events move it.
 */
export interface PathPlan {
  name: string;
  events: AnyEventObject[];
  /** The state the graph says the path ends in. */
  expected: AnyMachineSnapshot;
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

function describeEvent(event: AnyEventObject): string {
  const { type, ...rest } = event;
  const detail = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${detail}`;
}

export function planPaths(machine: AnyStateMachine, options: PlanOptions): PathPlan[] {
  const paths = getShortestPaths(machine, {
    input: options.input,
    events: (snapshot: AnyMachineSnapshot) => eventsAt(options, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) => options.serializeState(snapshot),
    // A finished actor takes no more events, but the graph would walk on through root-level handlers.
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.status !== 'active',
  });
  const plans = new Map<string, PathPlan>();
  const add = (events: AnyEventObject[], expected: AnyMachineSnapshot) => {
    const name = events.length === 0 ? '(initial)' : events.map(describeEvent).join(' → ');
    if (!plans.has(name)) plans.set(name, { name, events, expected });
  };
  for (const path of paths) {
    const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
    add(events, path.state);
    if (path.state.status !== 'active') continue;
    for (const next of eventsAt(options, path.state)) {
      if (machine.getTransitionData(path.state, next).length === 0) continue;
      add([...events, next], getNextSnapshot(machine, path.state, next));
    }
  }
  return [...plans.values()];
}

/** The machine with every invoked actor replaced by one that never settles. */
export function neverSettling(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))]),
  );
  return machine.provide({ actors });
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const guard = transition.guard;
  const guardName = typeof guard === 'string' ? guard : typeof guard === 'object' && guard !== null && 'type' in guard ? String(guard.type) : guard ? 'inline' : '';
  const targets = transition.target?.map((t) => t.id).join(',') ?? '(self)';
  return `${transition.source.id} --${transition.eventType}${guardName ? `[${guardName}]` : ''}--> ${targets}`;
}

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
export function replay(machine: AnyStateMachine, plan: PathPlan, input: unknown): Replay {
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
  for (const event of plan.events) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, transitions, states: [...states] };
}
