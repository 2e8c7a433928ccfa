import type { ActorRefLike, AnyActorRef, InspectionEvent } from 'xstate';

/**
 * Development only (loaded through `import()` guarded by `import.meta.env.DEV`, never in a production bundle): every
 * machine actor running in this tab — the app-wide session and notifications, each view's `useActorRef` and the
 * children they invoke — and the states they are in, for the /flows page. Actors report here through their `inspect`
 * hook (src/dev/inspected-xstate-react.ts, watchActor). Other tabs of the store publish theirs on a BroadcastChannel,
 * so /flows in one tab shows the flows a shopper is walking through in another.
 */
export interface LiveActor {
  key: string;
  machineId: string;
  /** StateNode ids of the active states (the chart's ids, see statechart-outline.ts). */
  stateIds: string[];
  /** The page the actor runs on. */
  path: string;
  tab: 'this tab' | 'another tab';
}

interface MachineLike {
  id: string;
  root: unknown;
}
type Forward = (event: InspectionEvent) => void;

const tabId = Math.random().toString(36).slice(2);
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('flows-live-actors') : undefined;
const refs = new Map<string, ActorRefLike>();
const remote = new Map<string, LiveActor[]>();
const listeners = new Set<() => void>();
const forwards = new Set<Forward>();
let current: LiveActor[] = [];

function machineOf(ref: ActorRefLike): MachineLike | undefined {
  const logic = (ref as { logic?: unknown }).logic;
  if (typeof logic !== 'object' || logic === null || !('root' in logic) || !('id' in logic)) return undefined;
  return logic as MachineLike;
}

function activeStateIds(ref: ActorRefLike): string[] {
  const snapshot = ref.getSnapshot() as { status?: string; _nodes?: { id: string }[] };
  return snapshot.status === 'active' ? (snapshot._nodes ?? []).map((node) => node.id) : [];
}

function localActors(): LiveActor[] {
  const actors: LiveActor[] = [];
  for (const [key, ref] of refs) {
    const machine = machineOf(ref);
    const stateIds = activeStateIds(ref);
    if (!machine || stateIds.length === 0) {
      refs.delete(key);
      continue;
    }
    actors.push({ key: `${tabId}:${key}`, machineId: machine.id, stateIds, path: window.location.pathname, tab: 'this tab' });
  }
  return actors;
}

let scheduled = false;
/** Batches the many inspection events of one step into one update. */
function changed(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    const mine = localActors();
    channel?.postMessage({ tabId, actors: mine.map((actor) => ({ ...actor, tab: 'another tab' })) });
    current = [...mine, ...[...remote.values()].flat()];
    listeners.forEach((listener) => listener());
  });
}

/** The inspect hook every dev actor gets. */
export function inspectActors(event: InspectionEvent): void {
  // Not '@xstate.actor': it comes when an actor is created, and React's strict mode creates some it never starts.
  if (event.type === '@xstate.snapshot') {
    if (machineOf(event.actorRef)) refs.set(event.actorRef.sessionId, event.actorRef);
    changed();
  }
  forwards.forEach((forward) => forward(event));
}

/** For actors started before the dev tools loaded (the session): follow it and every actor of its system. */
export function watchActor(ref: AnyActorRef): void {
  refs.set(ref.sessionId, ref);
  ref.system.inspect(inspectActors);
  changed();
}

export function liveActors(): LiveActor[] {
  return current;
}

export function watchedRefs(): ActorRefLike[] {
  return [...refs.values()];
}

export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends every later inspection event on too (the Stately inspector). */
export function forwardInspection(forward: Forward): void {
  forwards.add(forward);
}

if (channel) {
  channel.onmessage = (message: MessageEvent<{ tabId: string; actors: LiveActor[] }>) => {
    remote.set(message.data.tabId, message.data.actors);
    changed();
  };
  window.addEventListener('pagehide', () => channel.postMessage({ tabId, actors: [] }));
}
