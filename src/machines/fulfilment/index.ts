import { matchesState, type SnapshotFrom } from 'xstate';
import { fulfilmentEventsFor, fulfilmentStates, type FulfilmentEvent, type FulfilmentState } from '../../rules/fulfilment.ts';
import { fulfilmentStatePath, type fulfilmentMachine } from './fulfilment.machine.ts';

/**
 * The door to the store's side (issue 24, docs/decisions/032): one order's life in the seller and staff consoles.
 * Views import this file only.
 */
export { fulfilmentMachine, type FulfilmentInput, type FulfilmentMachineEvent, type PendingSubstitute } from './fulfilment.machine.ts';

type FulfilmentSnapshot = SnapshotFrom<typeof fulfilmentMachine>;

/** The order state the machine is in (inside its phase, decision 061), or undefined while it opens. */
function orderStateOf(s: FulfilmentSnapshot): FulfilmentState | undefined {
  return fulfilmentStates.find((state) => matchesState(fulfilmentStatePath(state), s.value));
}

/** The order's state as the machine holds it (the server's, once a move is answered). */
export function selectFulfilmentState(s: FulfilmentSnapshot): FulfilmentState {
  return orderStateOf(s) ?? s.context.startState;
}

/** The moves this user may make now (none while one is being sent). */
export function selectMoves(s: FulfilmentSnapshot): FulfilmentEvent[] {
  const state = orderStateOf(s);
  if (s.status !== 'active' || state === undefined) return [];
  if (s.context.pending !== undefined || s.context.substituting !== undefined) return [];
  return fulfilmentEventsFor(state, s.context.actor, s.context.kind);
}

export const selectMoving = (s: FulfilmentSnapshot): FulfilmentEvent | undefined => s.context.pending?.event;
export const selectMoveError = (s: FulfilmentSnapshot): string | undefined => s.context.error;

/** Decision 039: whether a substitute is being sent, and how many were saved (the console reloads on each). */
export const selectSubstituting = (s: FulfilmentSnapshot): boolean => s.context.substituting !== undefined;
export const selectSubstitutedCount = (s: FulfilmentSnapshot): number => s.context.substituted;
/**
 * Whether a line's substitute can be proposed (or the line marked out): only while picking and nothing is being sent.
 * While a move or a substitute is sent the machine takes none, so the console shows neither control then.
 */
export const selectCanSubstitute = (s: FulfilmentSnapshot): boolean => s.can({ type: 'fulfil.substitute', itemId: 0, productId: undefined });
