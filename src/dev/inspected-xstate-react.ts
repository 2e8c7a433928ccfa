import {
  createActorContext as baseCreateActorContext,
  useActor as baseUseActor,
  useActorRef as baseUseActorRef,
  useMachine as baseUseMachine,
} from '@xstate/react';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import { inspectActors } from './live-actors.ts';

/**
 * Development only: vite.config.ts resolves `@xstate/react` to this file under `vite` (dev server) — never in
 * `vite build` or vitest — so every `useActor`, `useActorRef`, `useMachine` and actor context of the views reports to
 * the dev tools (src/dev/live-actors.ts) without a line changed in a view. Everything else is @xstate/react's own.
 */
export * from '@xstate/react';

type Inspect = ActorOptions<AnyActorLogic>['inspect'];

function withInspection<O extends { inspect?: Inspect } | undefined>(options: O): O {
  const own = options?.inspect;
  const inspect = (event: InspectionEvent) => {
    inspectActors(event);
    if (typeof own === 'function') own(event);
    else (own as Observer<InspectionEvent> | undefined)?.next?.(event);
  };
  return { ...options, inspect } as O;
}

type Args<F extends (...args: never[]) => unknown> = Parameters<F>;

// The casts keep @xstate/react's generic signatures: the arguments are passed on unchanged but for `inspect`.
export const useActorRef = ((...[logic, options, observer]: Args<typeof baseUseActorRef>) =>
  baseUseActorRef(logic, withInspection(options), observer)) as typeof baseUseActorRef;

export const useActor = ((...[logic, options]: Args<typeof baseUseActor>) => baseUseActor(logic, withInspection(options))) as typeof baseUseActor;

export const useMachine = ((...[logic, options]: Args<typeof baseUseMachine>) =>
  baseUseMachine(logic, withInspection(options))) as typeof baseUseMachine;

export const createActorContext = ((...[logic, options]: Args<typeof baseCreateActorContext>) =>
  baseCreateActorContext(logic, withInspection(options))) as typeof baseCreateActorContext;
