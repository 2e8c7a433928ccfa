import { inspectActors } from './live-actors.ts';
import { hooksInspectedBy } from './with-inspection.ts';

/**
 * Development only: vite.config.ts resolves `@xstate/react` to this file under `vite` (dev server) — never in
 * `vite build` or vitest — so every `useActor`, `useActorRef`, `useMachine` and actor context of the views reports to
 * the dev tools (src/dev/live-actors.ts) without a line changed in a view. Everything else is @xstate/react's own.
 */
export * from '@xstate/react';

export const { useActorRef, useActor, useMachine, createActorContext } = hooksInspectedBy(inspectActors);
