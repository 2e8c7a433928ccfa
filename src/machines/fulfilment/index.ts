import type { SnapshotFrom } from 'xstate';
import { fulfilmentEventsFor, isFulfilmentState, type FulfilmentEvent, type FulfilmentState } from '../../rules/fulfilment.ts';
import type { fulfilmentMachine } from './fulfilment.machine.ts';

/**
 * The door to the store's side (issue 24, docs/decisions/032): one order's life in the seller and staff consoles.
 * Views import this file only.
 */
export { fulfilmentMachine, type FulfilmentInput, type FulfilmentMachineEvent, type PendingSubstitute } from './fulfilment.machine.ts';

type FulfilmentSnapshot = SnapshotFrom<typeof fulfilmentMachine>;

/** The order's state as the machine holds it (the server's, once a move is answered). */
export function selectFulfilmentState(s: FulfilmentSnapshot): FulfilmentState {
  const value = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
  return value !== undefined && isFulfilmentState(value) ? value : s.context.startState;
}

/** The moves this user may make now (none while one is being sent). */
export function selectMoves(s: FulfilmentSnapshot): FulfilmentEvent[] {
  if (s.status !== 'active' || s.matches('opening')) return [];
  const state = selectFulfilmentState(s);
  if (s.context.pending !== undefined || s.context.substituting !== undefined) return [];
  return fulfilmentEventsFor(state, s.context.actor, s.context.kind);
}

export const selectMoving = (s: FulfilmentSnapshot): FulfilmentEvent | undefined => s.context.pending?.event;
export const selectMoveError = (s: FulfilmentSnapshot): string | undefined => s.context.error;

/** Decision 039: whether a substitute is being sent, and how many were saved (the console reloads on each). */
export const selectSubstituting = (s: FulfilmentSnapshot): boolean => s.context.substituting !== undefined;
export const selectSubstitutedCount = (s: FulfilmentSnapshot): number => s.context.substituted;
