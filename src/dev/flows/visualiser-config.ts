import type { OutlineState, OutlineTransition, StatechartOutline } from './statechart-outline.ts';

/**
 * The machine as a plain `createMachine({...})` config: what Stately's "Import from code" reads
 * (https://stately.ai/docs/import-from-code) once wrapped in `createMachine(…)`, and what `createMachine(json)` in
 * XState rebuilds into the same states and transitions. Guards, actions, actors and delays appear by name only: their
 * code stays in src/machines. Targets are absolute (`#id`), so nothing depends on where a transition is written.
 */
export type ConfigValue = string | number | boolean | ConfigValue[] | { [key: string]: ConfigValue };
type ConfigObject = { [key: string]: ConfigValue };

/** XState reads `x` and `[x]` alike; one of a kind stays unwrapped, as people write it. */
function oneOrMany(values: ConfigValue[]): ConfigValue {
  return values.length === 1 && values[0] !== undefined ? values[0] : values;
}

function transitionConfig(transition: OutlineTransition): ConfigObject {
  const config: ConfigObject = {};
  if (transition.targetIds.length > 0) config.target = oneOrMany(transition.targetIds.map((id) => `#${id}`));
  if (transition.guard) config.guard = transition.guard;
  if (transition.actions.length > 0) config.actions = oneOrMany(transition.actions);
  if (transition.description) config.description = transition.description;
  return config;
}

function grouped(transitions: OutlineTransition[], keyOf: (t: OutlineTransition) => string): ConfigObject {
  const groups: ConfigObject = {};
  for (const transition of transitions) {
    const key = keyOf(transition);
    const list = (groups[key] as ConfigValue[] | undefined) ?? [];
    list.push(transitionConfig(transition));
    groups[key] = list;
  }
  for (const [key, list] of Object.entries(groups)) groups[key] = oneOrMany(list as ConfigValue[]);
  return groups;
}

function stateConfig(state: OutlineState, outline: StatechartOutline, byId: Map<string, OutlineState>): ConfigObject {
  const own = outline.transitions.filter((t) => t.sourceId === state.id);
  const config: ConfigObject = {};
  // Only the root and states named in the source carry an id; the rest get `<machine id>.<path>` back on import.
  if (state.depth === 0 || state.id !== [outline.id, ...state.path].join('.')) config.id = state.id;
  if (state.type === 'parallel' || state.type === 'final' || state.type === 'history') config.type = state.type;
  if (state.description) config.description = state.description;
  if (state.initialId) config.initial = byId.get(state.initialId)?.key ?? state.initialId;
  if (state.entry.length > 0) config.entry = oneOrMany(state.entry);
  if (state.exit.length > 0) config.exit = oneOrMany(state.exit);
  if (state.invokes.length > 0) {
    config.invoke = oneOrMany(
      state.invokes.map((invoke) => {
        const replies = own.filter((t) => (t.kind === 'done' || t.kind === 'error') && t.trigger === invoke.id);
        const entry: ConfigObject = { id: invoke.id, src: invoke.src };
        const done = replies.filter((t) => t.kind === 'done').map(transitionConfig);
        const error = replies.filter((t) => t.kind === 'error').map(transitionConfig);
        if (done.length > 0) entry.onDone = oneOrMany(done);
        if (error.length > 0) entry.onError = oneOrMany(error);
        return entry;
      }),
    );
  }
  const invokeIds = new Set(state.invokes.map((invoke) => invoke.id));
  const onEvents = own.filter((t) => t.kind === 'event' || ((t.kind === 'done' || t.kind === 'error') && !invokeIds.has(t.trigger)));
  if (onEvents.length > 0) config.on = grouped(onEvents, (t) => t.eventType);
  const after = own.filter((t) => t.kind === 'after');
  if (after.length > 0) config.after = grouped(after, (t) => t.trigger);
  const always = own.filter((t) => t.kind === 'always').map(transitionConfig);
  if (always.length > 0) config.always = oneOrMany(always);
  const onDone = own.filter((t) => t.kind === 'stateDone').map(transitionConfig);
  if (onDone.length > 0) config.onDone = oneOrMany(onDone);
  if (state.childIds.length > 0) {
    const states: ConfigObject = {};
    for (const childId of state.childIds) {
      const child = byId.get(childId);
      if (child) states[child.key] = stateConfig(child, outline, byId);
    }
    config.states = states;
  }
  return config;
}

export function visualiserConfig(outline: StatechartOutline): ConfigObject {
  const byId = new Map(outline.states.map((state) => [state.id, state]));
  const root = outline.states[0];
  if (!root) throw new Error(`machine ${outline.id} has no states`);
  return stateConfig(root, outline, byId);
}
