import type { SnapshotFrom } from 'xstate';
import type { storeDoorMachine } from './store-door.machine.ts';

/**
 * The door to the store pages' age check (docs/decisions/032): every store, cart, checkout, account, wallet and KYC page
 * opens through it. Views import this file only.
 */
export { storeDoorMachine, type StoreDoorActor, type StoreDoorEvent } from './store-door.machine.ts';

/** The page may show itself. */
export const selectInStore = (s: SnapshotFrom<typeof storeDoorMachine>) => s.matches('inStore');
