import type { AnyActorRef } from 'xstate';
import { watchActor } from './live-actors.ts';

/**
 * Called by main.tsx in development builds only: follows the app-wide actors (started before this loaded) for /flows,
 * and opens the Stately inspector when the page was opened with `?inspect`.
 */
export async function startDevTools(appActors: Record<string, AnyActorRef>): Promise<void> {
  Object.values(appActors).forEach(watchActor);
  if (new URLSearchParams(window.location.search).has('inspect')) (await import('./stately-inspector.ts')).openStatelyInspector();
}
