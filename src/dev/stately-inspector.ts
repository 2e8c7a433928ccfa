import { createBrowserInspector } from '@statelyai/inspect';
import { forwardInspection, watchedRefs } from './live-actors.ts';

/**
 * `?inspect` on any page of a development build: opens the Stately inspector (a new window; allow the pop-up) and sends
 * it every running actor — those already started are announced, later ones arrive through their inspect hook.
 */
export function openStatelyInspector(): void {
  const inspector = createBrowserInspector();
  for (const ref of watchedRefs()) inspector.actor(ref, ref.getSnapshot() as Parameters<typeof inspector.actor>[1]);
  forwardInspection((event) => inspector.inspect.next?.(event));
}
