import { recordFlow } from './flow-record.ts';
import { hooksInspectedBy } from './with-inspection.ts';

/**
 * The recording build only (`VITE_RECORD_FLOWS=1 vite build`, what `npm run test:e2e` builds): vite.config.ts resolves
 * the views' `@xstate/react` to this file, so every actor a view starts, and the children it invokes or spawns,
 * records the states and transitions it takes (src/dev/flow-record.ts). Everything else is @xstate/react's own.
 */
export * from '@xstate/react';

export const { useActorRef, useActor, useMachine, createActorContext } = hooksInspectedBy(recordFlow);
