import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, UnknownAction } from 'xstate';

/**
 * What a diagram, the flow index and the visualiser export need of a machine, read once from its state nodes: every
 * state (depth first, in definition order) and every written transition, eventless, delayed and invoke replies
 * included. Pure, so the dev /flows page (browser) and `npm run flows` (Node) draw the same chart.
 */
export interface OutlineState {
  /** StateNode.id, e.g. `pincode.lookingUp`: the key path tests and the browser journeys record. */
  id: string;
  key: string;
  /** Keys from the root: the id XState gives a state that names none itself is `<machine id>.<path joined by dots>`. */
  path: string[];
  parentId: string | undefined;
  type: AnyStateNode['type'];
  depth: number;
  description: string | undefined;
  /** The child entered first (compound states). */
  initialId: string | undefined;
  /** Child ids in definition order. */
  childIds: string[];
  /** What it starts while it is active (the invoked actors' src names). */
  invokes: { id: string; src: string }[];
  entry: string[];
  exit: string[];
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'stateDone';

export interface OutlineTransition {
  /** The same string as tests/machines/path-coverage.ts transitionKey(). */
  key: string;
  sourceId: string;
  /** The raw event type (`xstate.after.…`, `xstate.done.actor.…` and '' for eventless ones included). */
  eventType: string;
  kind: TransitionKind;
  /** The invoke id, the delay or the event, whichever names it for a reader. */
  trigger: string;
  /** The guard's name, or the composition of named guards it is built from (guardLabel); the key keeps `inline`. */
  guard: string | undefined;
  /** True for an unguarded transition listed after guarded ones for the same event: it is the fallback. */
  otherwise: boolean;
  targetIds: string[];
  actions: string[];
  description: string | undefined;
  /** A shopper-readable label: `pincode.submit [isPincodeValid]`, `after searchDebounce`, `lookupZip done`. */
  label: string;
}

/** An actor the machine may start (its setup's `actors`), and the machine it is when it is one. */
export interface OutlineActor {
  name: string;
  machineId: string | undefined;
}

export interface StatechartOutline {
  id: string;
  description: string | undefined;
  /** Every actor its setup names: the ones its states invoke, and the ones it spawns (cart's lines, coupon, groups). */
  actors: OutlineActor[];
  states: OutlineState[];
  transitions: OutlineTransition[];
}

/** The name a guard is known by, as transitionKey() spells it. */
export function guardName(guard: AnyTransitionDefinition['guard']): string | undefined {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return guard ? 'inline' : undefined;
}

/** A guard built with and(…), or(…), not(…) or stateIn(…): XState keeps what it was built from on the function. */
interface ComposedGuard {
  name: string;
  guards?: unknown[];
  stateValue?: unknown;
}

function composition(guard: unknown, nested: boolean): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard !== 'function') return 'inline';
  const { name, guards, stateValue } = guard as ComposedGuard;
  if (name === 'stateIn' && stateValue !== undefined) return `in(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
  if (!Array.isArray(guards) || !['and', 'or', 'not'].includes(name)) return 'inline';
  if (name === 'not') return `not(${guards.map((g) => composition(g, false)).join(', ')})`;
  const joined = guards.map((g) => composition(g, true)).join(` ${name} `);
  return nested && guards.length > 1 ? `(${joined})` : joined;
}

/**
 * The guard as a reader should see it: its name, or for one composed with and(…), or(…), not(…) and stateIn(…) the
 * named guards it is made of (`isInStock and isAccountNeeded`, `not(hasRetailer)`), where guardName says `inline`.
 * Only a guard written as an anonymous function stays `inline`.
 */
export function guardLabel(guard: AnyTransitionDefinition['guard']): string | undefined {
  return guard ? composition(guard, false) : undefined;
}

/** The same string as tests/machines/path-coverage.ts transitionKey(). */
export function outlineTransitionKey(transition: AnyTransitionDefinition): string {
  const guard = guardName(transition.guard);
  const targets = transition.target?.map((t) => t.id).join(',') ?? '(self)';
  return `${transition.source.id} --${transition.eventType}${guard ? `[${guard}]` : ''}--> ${targets}`;
}

export function actionName(action: UnknownAction): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  if (typeof action === 'function') {
    // Built-in action creators (assign, raise, sendTo…) carry their kind; a named inline function its name.
    const kind = (action as { type?: unknown }).type;
    if (typeof kind === 'string') return kind;
    return action.name || 'inline';
  }
  return 'inline';
}

const afterPrefix = 'xstate.after.';

/**
 * XState writes an `after` as a delayed raise of `xstate.after.<delay>.<state>` on entry and its cancel on exit: the
 * machine's source says `after`, and the chart shows the delayed transition, so these two are not the state's actions.
 */
function isAfterBookkeeping(action: UnknownAction): boolean {
  if (typeof action !== 'function') return false;
  const { type, id, sendId } = action as { type?: unknown; id?: unknown; sendId?: unknown };
  const marker = type === 'xstate.raise' ? id : type === 'xstate.cancel' ? sendId : undefined;
  return typeof marker === 'string' && marker.startsWith(afterPrefix);
}
const doneActorPrefix = 'xstate.done.actor.';
const errorActorPrefix = 'xstate.error.actor.';
const doneStatePrefix = 'xstate.done.state.';

function kindOf(transition: AnyTransitionDefinition): { kind: TransitionKind; trigger: string } {
  const type = transition.eventType;
  if (type === '') return { kind: 'always', trigger: '' };
  if (type.startsWith(afterPrefix)) {
    const delay = (transition as { delay?: unknown }).delay;
    return { kind: 'after', trigger: typeof delay === 'string' || typeof delay === 'number' ? String(delay) : 'a delay' };
  }
  if (type.startsWith(doneActorPrefix)) return { kind: 'done', trigger: type.slice(doneActorPrefix.length) };
  if (type.startsWith(errorActorPrefix)) return { kind: 'error', trigger: type.slice(errorActorPrefix.length) };
  if (type.startsWith(doneStatePrefix)) return { kind: 'stateDone', trigger: type.slice(doneStatePrefix.length).split('.').pop() ?? '' };
  return { kind: 'event', trigger: type };
}

function labelOf(kind: TransitionKind, trigger: string, guard: string | undefined, otherwise: boolean): string {
  const head = {
    event: trigger,
    always: '',
    after: `after ${trigger}${/^\d+$/.test(trigger) ? ' ms' : ''}`,
    done: `${trigger} done`,
    error: `${trigger} failed`,
    stateDone: `${trigger} finished`,
  }[kind];
  const condition = guard ? `[${guard}]` : otherwise ? '[otherwise]' : '';
  return [head, condition].filter(Boolean).join(' ') || 'immediately';
}

function outlineState(node: AnyStateNode, depth: number): OutlineState {
  const children = Object.values(node.states) as AnyStateNode[];
  return {
    id: node.id,
    key: node.key,
    path: node.path,
    parentId: node.parent?.id,
    type: node.type,
    depth,
    description: node.description,
    initialId: node.type === 'compound' ? node.initial.target[0]?.id : undefined,
    childIds: children.map((child) => child.id),
    invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : invoke.id })),
    entry: node.entry.filter((action) => !isAfterBookkeeping(action)).map(actionName),
    exit: node.exit.filter((action) => !isAfterBookkeeping(action)).map(actionName),
  };
}

function outlineTransitions(node: AnyStateNode): OutlineTransition[] {
  const lists: AnyTransitionDefinition[][] = [...node.transitions.values()];
  if (node.always) lists.push(node.always);
  return lists.flatMap((list) =>
    list.map((transition, index) => {
      const { kind, trigger } = kindOf(transition);
      const guard = guardLabel(transition.guard);
      const otherwise = !guard && list.slice(0, index).some((earlier) => earlier.guard !== undefined);
      return {
        key: outlineTransitionKey(transition),
        sourceId: node.id,
        eventType: transition.eventType,
        kind,
        trigger,
        guard,
        otherwise,
        targetIds: transition.target?.map((target) => target.id) ?? [],
        actions: transition.actions.map(actionName),
        description: transition.description,
        label: labelOf(kind, trigger, guard, otherwise),
      };
    }),
  );
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic && typeof logic.id === 'string';
}

export function outlineOf(machine: AnyStateMachine): StatechartOutline {
  const states: OutlineState[] = [];
  const transitions: OutlineTransition[] = [];
  const visit = (node: AnyStateNode, depth: number) => {
    states.push(outlineState(node, depth));
    transitions.push(...outlineTransitions(node));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child, depth + 1);
  };
  visit(machine.root, 0);
  const actors = Object.entries(machine.implementations.actors as Record<string, unknown>).map(([name, logic]) => ({
    name,
    machineId: isMachine(logic) ? logic.id : undefined,
  }));
  return { id: machine.id, description: machine.root.description, actors, states, transitions };
}
