import type { SnapshotFrom } from 'xstate';
import type { sampleStoresMachine } from './sample-stores.machine.ts';

/** The door to the store carousel and map of sample stores (docs/decisions/032). Views import this file only. */
export { sampleStoresMachine, type SampleStoresEvent } from './sample-stores.machine.ts';

type SampleStoresSnapshot = SnapshotFrom<typeof sampleStoresMachine>;
export const selectStores = (s: SampleStoresSnapshot) => s.context.stores;
export const selectChosenStore = (s: SampleStoresSnapshot) => s.context.stores.find((store) => store.loc_id === s.context.chosen);
export const selectStoresMessage = (s: SampleStoresSnapshot) => s.context.message;
export const selectStoresLoading = (s: SampleStoresSnapshot) => s.matches('loading');
export const selectStoresFailed = (s: SampleStoresSnapshot) => s.matches('failed');
