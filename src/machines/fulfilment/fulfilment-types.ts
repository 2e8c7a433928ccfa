import type { ConsoleRole } from '../../api/fulfilment.api.ts';
import type { FulfilmentEvent, FulfilmentKind, FulfilmentState, TableDay } from '../../rules/fulfilment.ts';
import type { OrderPart } from '../../rules/order-parts.ts';
import type { FarWeight } from '../../rules/weight-entry.ts';

/** The fulfilment machine's input, context and events (fulfilment.machine.ts), in their own file to keep it small. */

export interface FulfilmentInput {
  orderNumber: string;
  /** Where the server says the order is now. */
  state: FulfilmentState;
  kind: FulfilmentKind;
  actor: ConsoleRole;
  /** The seller location whose part of the order this is (an order of several sellers is one part per seller). */
  locId: number;
  /** The order's other sellers' parts: a cancel ends them too, so it is offered only where each allows it. */
  otherParts: readonly OrderPart[];
  /** A dine-in or pick-up part's visit and the restaurant's date and clock: Table ready, Served and Picked up wait for it (fulfilment.ts tableDayRefusal). */
  tableDay?: TableDay | undefined;
}

/** What the console's list says of the order now (each read, a poll's included). */
export interface OrderReport {
  state: FulfilmentState;
  otherParts: readonly OrderPart[];
  /** Read again with the list: the restaurant's day moves on while the console stays open. */
  tableDay?: TableDay | undefined;
}

export interface PendingMove {
  event: FulfilmentEvent;
  reason: string | undefined;
  weights: { item_id: number; grams: number }[] | undefined;
  /** Packing: the weights typed far from their line's estimate (weight-entry.ts farWeights), asked about first. */
  far?: readonly FarWeight[] | undefined;
}

export interface FulfilmentContext {
  orderNumber: string;
  kind: FulfilmentKind;
  actor: ConsoleRole;
  locId: number;
  /**
   * Where the server last said the order is: the list's latest read, or a move's answer. The order opens there, and a
   * card waiting (or asking) follows it when someone else moved the order.
   */
  serverState: FulfilmentState;
  otherParts: readonly OrderPart[];
  tableDay: TableDay | undefined;
  /** A move being asked about (refuse, cancel) or sent. */
  pending: PendingMove | undefined;
  error: string | undefined;
  /** Decision 039: the line a substitute (or 'out') is being sent for, and how many were saved (the console reloads). */
  substituting: PendingSubstitute | undefined;
  substituted: number;
  /** Weights typed and not yet sent, by order line (item id), and the reason typed: kept while the list is read again. */
  typed: Readonly<Record<number, string>>;
  reason: string;
}

/** While picking: a substitute product for a line, or productId undefined to mark it out. */
export interface PendingSubstitute {
  itemId: number;
  productId: number | undefined;
}

/** What the moveOrder actor is given. */
export interface MoveInput {
  orderNumber: string;
  actor: ConsoleRole;
  locId: number;
  pending: PendingMove | undefined;
}

export type FulfilmentMachineEvent =
  | ({ type: 'fulfil.move' } & PendingMove)
  | ({ type: 'fulfil.substitute' } & PendingSubstitute)
  | { type: 'fulfil.confirm' }
  | { type: 'fulfil.keep' }
  | ({ type: 'fulfil.reported' } & OrderReport)
  | { type: 'fulfil.weight.type'; itemId: number; text: string }
  | { type: 'fulfil.reason.type'; text: string };
