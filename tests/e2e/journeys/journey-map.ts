import type { Locator, Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { allStateIds, allTransitions, neverSettling, planPaths, replay } from '../../machines/path-coverage.ts';

/**
 * QA's journeys generated from a machine's graph (issue 13, part 5; docs/decisions/020-generated-journeys.md). One
 * mapping file per machine says, once per event, what the shopper does in the browser and, once per state, what they
 * see; planPaths turns the graph into the fewest plans that take every transition, and each plan becomes one
 * Playwright journey (journeys.e2e.ts). Nothing here needs a browser: the vitest check (mappings.test.ts) and the
 * reach file (reach.json) read the same plans.
 */

/** What one journey's acts share: the page, the steps still to come, and notes one act leaves for a later one. */
export interface Journey {
  page: Page;
  /** The graph's state before the step being acted (which form is open, what was typed). */
  model: AnyMachineSnapshot;
  /** The names of the events after the one being acted, in order. */
  upcoming: readonly string[];
  notes: Map<string, string>;
}

export interface EventMapping {
  /** The event the graph walker sends (the machine's own type and fields). */
  event: AnyEventObject;
  /**
   * Offered to the graph only where this holds: where the browser can do it, or, for a server's reply, where the
   * server answers this way (the zip typed, the password typed).
   */
  when?: (snapshot: AnyMachineSnapshot) => boolean;
  /** What the shopper does: a click, typing, a choice. A server's reply usually needs nothing: the page shows it. */
  act: (journey: Journey) => Promise<unknown>;
  /**
   * A server's reply that the browser gets only when set up first (a request that fails once): runs before the act of
   * the step before (before the page opens, for the first step).
   */
  prepare?: (journey: Journey) => Promise<unknown>;
  /** The act takes the shopper off the machine's page, to the path matching this: its states are no longer on screen. */
  leaves?: RegExp;
  /**
   * A report that arrives by itself after an earlier act (a step machine passing on a server's answer): handled as a
   * server's reply (xstate.done / xstate.error), so the state before it is not looked for and its prepare comes early.
   * 'with the one before': one answer sends it together with the step before, so the state between is not looked for.
   */
  reply?: 'alone' | 'with the one before';
}

/**
 * What a shopper sees in a state (and what is gone then); `passing` for a state left before anyone can see it, saying
 * why. A passing state still counts as reached: the journey goes through it to the next state it checks.
 */
export type StateMapping =
  | {
      shows?: (page: Page) => Locator;
      hides?: (page: Page) => Locator;
      /** The shopper has left for the path matching this: the other states still active are no longer on screen. */
      leaves?: RegExp;
    }
  | { passing: string };

/** A starting point: the machine's input for the graph, and how a journey gets the browser there (API first). */
export interface Variant {
  name: string;
  input: () => unknown;
  open: (journey: Journey) => Promise<void>;
  /** Only shows where the machine starts (the route picks the screen): no events from here. */
  onlyOpens?: true;
}

export interface MachineMap {
  machine: AnyStateMachine;
  /** This mapping's file, for the messages that ask QA to add a mapping. */
  file: string;
  variants: Variant[];
  /** What makes two graph states different (see planPaths). */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Keyed by a readable name ('lookupZip: not served'): the plan's step names. */
  events: Record<string, EventMapping>;
  /** Keyed by StateNode.id. */
  states: Record<string, StateMapping>;
  /** Transitions no browser can take (transitionKey → why): counted as not reached. */
  notDriven: Record<string, string>;
  /**
   * Its journeys install Playwright's clock, which belongs to the browser context and cannot be taken off: each runs
   * in a fresh context instead of a tab of its worker's (fixtures.ts tabTest).
   */
  clock?: true;
}

export interface JourneyStep {
  event: string;
  /** The state ids active after the step (what the page must show then). */
  active: string[];
}

export interface JourneyPlan {
  machine: string;
  variant: string;
  /** The mapped event names, in order: what the shopper and the server do. */
  name: string;
  /**
   * The test's title: the variant and what happens in the words of the transitions' descriptions (planPaths' name),
   * with the event names after it only where two plans of a variant would read the same.
   */
  title: string;
  /** The state ids active once the page opened. */
  initial: string[];
  steps: JourneyStep[];
}

function activeIds(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node) => node.parent !== undefined).map((node) => node.id);
}

/** The machine as the graph walks it (no actor settles), started on the variant's input: the journey's model. */
export function modelOf(map: MachineMap, variant: Variant) {
  const actor = createActor(neverSettling(map.machine), { input: variant.input() });
  actor.subscribe({ error: () => undefined });
  actor.start();
  return actor;
}

/** What happens as the machine opens, in the words of the eventless transitions it takes (a plan with no step). */
function openingWords(map: MachineMap, variant: Variant): string {
  const said: string[] = [];
  const actor = createActor(neverSettling(map.machine), {
    input: variant.input(),
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) if (t.description) said.push(t.description.replace(/\s+/g, ' ').replace(/\.$/, ''));
    },
  });
  actor.subscribe({ error: () => undefined });
  actor.start();
  actor.stop();
  return said.join(' → ') || 'opens';
}

/** The offered events at a graph state, by name. */
function offered(map: MachineMap, snapshot: AnyMachineSnapshot): [string, AnyEventObject][] {
  return Object.entries(map.events)
    .filter(([, mapping]) => mapping.when?.(snapshot) ?? true)
    .map(([name, mapping]) => [name, mapping.event]);
}

/** The journeys of one machine: planPaths per variant, each step named by its mapping and with the states it shows. */
export function journeysOf(map: MachineMap): JourneyPlan[] {
  const nameOf = new Map<AnyEventObject, string>(Object.entries(map.events).map(([name, mapping]) => [mapping.event, name]));
  const journeys: JourneyPlan[] = [];
  for (const variant of map.variants) {
    const plans = planPaths(map.machine, {
      input: variant.input(),
      events: (snapshot) => (variant.onlyOpens ? [] : offered(map, snapshot).map(([, event]) => event)),
      serializeState: map.serializeState,
    });
    for (const plan of plans) {
      const actor = modelOf(map, variant);
      const initial = activeIds(actor.getSnapshot());
      const steps = plan.events.map((event) => {
        actor.send(event);
        const name = nameOf.get(event);
        if (name === undefined) throw new Error(`${map.machine.id}: an event the graph took has no name: ${JSON.stringify(event)}`);
        return { event: name, active: activeIds(actor.getSnapshot()) };
      });
      actor.stop();
      const name = steps.map((s) => s.event).join(' → ') || '(opens)';
      journeys.push({
        machine: map.machine.id,
        variant: variant.name,
        name,
        title: `${variant.name}: ${plan.events.length > 0 ? plan.name : openingWords(map, variant)}`,
        initial,
        steps,
      });
    }
  }
  const seen = new Map<string, number>();
  journeys.forEach((journey) => seen.set(journey.title, (seen.get(journey.title) ?? 0) + 1));
  for (const journey of journeys) if ((seen.get(journey.title) ?? 0) > 1) journey.title = `${journey.title} (${journey.name})`;
  return journeys;
}

export interface Reach {
  states: string[];
  transitions: string[];
}

/** What the journeys of one machine take: every state they pass and every transition, as path-coverage names them. */
export function reachOf(map: MachineMap, journeys: readonly JourneyPlan[]): Reach {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const journey of journeys) {
    const variant = map.variants.find((v) => v.name === journey.variant);
    if (!variant) continue;
    const events = journey.steps.map((step) => map.events[step.event]?.event).filter((event) => event !== undefined);
    const result = replay(map.machine, { name: journey.name, events, expected: createActor(map.machine).getSnapshot() }, variant.input());
    result.states.forEach((s) => states.add(s));
    result.transitions.forEach((t) => transitions.add(t));
  }
  const known = allTransitions(map.machine);
  return {
    states: [...states].filter((s) => allStateIds(map.machine).has(s)).sort(),
    transitions: [...transitions].filter((t) => known.has(t) && map.notDriven[t] === undefined).sort(),
  };
}

/** Every gap QA must fill, each naming the machine, the state or transition and the file to add it to. */
export function missingMappings(map: MachineMap, reach: Reach): string[] {
  const id = map.machine.id;
  const states = allStateIds(map.machine);
  const transitions = allTransitions(map.machine);
  const problems: string[] = [];
  for (const state of states) {
    if (map.states[state] === undefined)
      problems.push(`${id}: state '${state}' has no mapping: add what a shopper sees there to states in ${map.file}`);
    else if (!reach.states.includes(state))
      problems.push(`${id}: state '${state}' is reached by no journey: map the event that leads there in events of ${map.file}`);
  }
  for (const state of Object.keys(map.states))
    if (!states.has(state)) problems.push(`${id}: states in ${map.file} maps '${state}', which the machine no longer has: remove it`);
  for (const transition of transitions) {
    if (map.notDriven[transition] !== undefined || reach.transitions.includes(transition)) continue;
    problems.push(
      `${id}: transition '${transition}' is taken by no journey: map its event (a browser action, or how the browser gets that server reply) in events of ${map.file}, or list it in notDriven there with the reason`,
    );
  }
  for (const transition of Object.keys(map.notDriven))
    if (!transitions.has(transition))
      problems.push(`${id}: notDriven in ${map.file} names '${transition}', which the machine no longer has: remove it`);
  const eventTypes = new Set([...transitions].map((t) => /--(.*?)(\[.*\])?-->/.exec(t)?.[1] ?? ''));
  for (const [name, mapping] of Object.entries(map.events))
    if (!eventTypes.has(mapping.event.type))
      problems.push(`${id}: events in ${map.file} maps '${name}' (${mapping.event.type}), which no transition of the machine takes: remove it`);
  return problems;
}
