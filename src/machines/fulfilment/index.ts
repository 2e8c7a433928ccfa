import { matchesState, type SnapshotFrom } from 'xstate';
import { fulfilmentStates, type FulfilmentEvent, type FulfilmentState } from '../../rules/fulfilment.ts';
import { partEventsFor, partWaitingNote } from '../../rules/order-parts.ts';
import type { FarWeight } from '../../rules/weight-entry.ts';
import { fulfilmentStatePath, type fulfilmentMachine } from './fulfilment.machine.ts';

/**
 * The door to the store's side (issue 24, docs/decisions/032): one order's life in the seller and staff consoles.
 * Views import this file only.
 */
export { fulfilmentMachine } from './fulfilment.machine.ts';
export type { FulfilmentInput, FulfilmentMachineEvent, OrderReport, PendingSubstitute } from './fulfilment-types.ts';

type FulfilmentSnapshot = SnapshotFrom<typeof fulfilmentMachine>;

/** The order state the machine is in (inside its phase, decision 061), or undefined while it opens. */
function orderStateOf(s: FulfilmentSnapshot): FulfilmentState | undefined {
  return fulfilmentStates.find((state) => matchesState(fulfilmentStatePath(state), s.value));
}

/** What the card is doing in its order state: waiting, asking first, or sending. */
type CardStep = 'idle' | 'confirming' | 'confirmingOut' | 'moving' | 'substituting';
const cardSteps: readonly CardStep[] = ['idle', 'confirming', 'confirmingOut', 'moving', 'substituting'];

function cardStepOf(s: FulfilmentSnapshot): CardStep | undefined {
  const state = orderStateOf(s);
  if (state === undefined) return undefined;
  return cardSteps.find((step) => matchesState(`${fulfilmentStatePath(state)}.${step}`, s.value));
}

/** The order's state as the machine holds it (the server's, once a move is answered). */
export function selectFulfilmentState(s: FulfilmentSnapshot): FulfilmentState {
  return orderStateOf(s) ?? s.context.serverState;
}

/** The moves this user may make now (none while one is asked about or sent): a cancel only where every part allows it. */
export function selectMoves(s: FulfilmentSnapshot): FulfilmentEvent[] {
  const state = orderStateOf(s);
  if (s.status !== 'active' || state === undefined || cardStepOf(s) !== 'idle') return [];
  return partEventsFor(state, s.context.otherParts, s.context.actor, s.context.kind, s.context.tableDay);
}

/** Why the next move waits for the visit's day or time (order-parts.ts partWaitingNote), while the card is idle. */
export function selectWaitingNote(s: FulfilmentSnapshot): string | undefined {
  const state = orderStateOf(s);
  if (s.status !== 'active' || state === undefined || cardStepOf(s) !== 'idle') return undefined;
  return partWaitingNote(state, s.context.otherParts, s.context.actor, s.context.kind, s.context.tableDay);
}

/**
 * The moves a card offers: the machine's, but none for an order the server lists with none (staff's read-only view of
 * an order still waiting for its payment: the server refuses any move on it until it is paid).
 */
export const selectCardMoves =
  (listed: readonly FulfilmentEvent[]) =>
  (s: FulfilmentSnapshot): FulfilmentEvent[] =>
    listed.length === 0 ? [] : selectMoves(s);

/** The move being sent (not one still asked about). */
export const selectMoving = (s: FulfilmentSnapshot): FulfilmentEvent | undefined =>
  cardStepOf(s) === 'moving' ? s.context.pending?.event : undefined;
export const selectMoveError = (s: FulfilmentSnapshot): string | undefined => s.context.error;

/**
 * What the card asks before a step that cannot be undone: a move that ends the order (refuse, cancel), or a line
 * marked out (its item id); undefined otherwise. Confirm and Cancel answer it ('fulfil.confirm', 'fulfil.keep').
 */
export function selectConfirming(
  s: FulfilmentSnapshot,
): { event: FulfilmentEvent; far?: readonly FarWeight[] | undefined } | { markOut: number } | undefined {
  const step = cardStepOf(s);
  // Packing asked about: the weights far from their estimate (the question names them).
  if (step === 'confirming' && s.context.pending?.far) return { event: s.context.pending.event, far: s.context.pending.far };
  if (step === 'confirming' && s.context.pending) return { event: s.context.pending.event };
  if (step === 'confirmingOut' && s.context.substituting) return { markOut: s.context.substituting.itemId };
  return undefined;
}

/** Weights typed and not yet sent, by line (item id): the card's fields read them, so a redraw keeps them. */
export const selectTypedWeights = (s: FulfilmentSnapshot): Readonly<Record<number, string>> => s.context.typed;
/** The reason typed (a refusal's, any staff move's): kept by the machine, so a redraw keeps it too. */
export const selectTypedReason = (s: FulfilmentSnapshot): string => s.context.reason;

/** Decision 039: whether a substitute is being sent, and how many were saved (the console reloads on each). */
export const selectSubstituting = (s: FulfilmentSnapshot): boolean => cardStepOf(s) === 'substituting';
export const selectSubstitutedCount = (s: FulfilmentSnapshot): number => s.context.substituted;
/**
 * Whether a line's substitute can be proposed (or the line marked out): only while picking and nothing is being sent.
 * While a move or a substitute is sent the machine takes none, so the console shows neither control then.
 */
export const selectCanSubstitute = (s: FulfilmentSnapshot): boolean => s.can({ type: 'fulfil.substitute', itemId: 0, productId: undefined });
/** Whether the machine takes the list's reports and typed weights: while the order can still move (decision 079). */
export const selectFollowsList = (s: FulfilmentSnapshot): boolean => s.status === 'active';
