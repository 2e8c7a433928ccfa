import {
  createActorContext as baseCreateActorContext,
  useActor as baseUseActor,
  useActorRef as baseUseActorRef,
  useMachine as baseUseMachine,
} from '@xstate/react';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';

/**
 * @xstate/react's actor hooks with one more inspect hook: what vite.config.ts resolves `@xstate/react` to in the dev
 * server (inspected-xstate-react.ts, for /flows) and in the recording build the journeys run (recorded-xstate-react.ts),
 * so every view's actor reports without a line changed in a view. The arguments pass on unchanged but for `inspect`.
 */
type Inspect = ActorOptions<AnyActorLogic>['inspect'];

export function hooksInspectedBy(hook: (event: InspectionEvent) => void) {
  function withInspection<O extends { inspect?: Inspect } | undefined>(options: O): O {
    const own = options?.inspect;
    const inspect = (event: InspectionEvent) => {
      hook(event);
      if (typeof own === 'function') own(event);
      else (own as Observer<InspectionEvent> | undefined)?.next?.(event);
    };
    return { ...options, inspect } as O;
  }

  type Args<F extends (...args: never[]) => unknown> = Parameters<F>;

  // The casts keep @xstate/react's generic signatures.
  return {
    useActorRef: ((...[logic, options, observer]: Args<typeof baseUseActorRef>) =>
      baseUseActorRef(logic, withInspection(options), observer)) as typeof baseUseActorRef,
    useActor: ((...[logic, options]: Args<typeof baseUseActor>) => baseUseActor(logic, withInspection(options))) as typeof baseUseActor,
    useMachine: ((...[logic, options]: Args<typeof baseUseMachine>) => baseUseMachine(logic, withInspection(options))) as typeof baseUseMachine,
    createActorContext: ((...[logic, options]: Args<typeof baseCreateActorContext>) =>
      baseCreateActorContext(logic, withInspection(options))) as typeof baseCreateActorContext,
  };
}
