import {
  endingEvents,
  isEndedState,
  fulfilmentEventsFor,
  fulfilmentStateLabel,
  fulfilmentTransition,
  partDayRefusal,
  tableDayRefusal,
  type FulfilmentActor,
  type FulfilmentEvent,
  type FulfilmentKind,
  type FulfilmentState,
  type TableDay,
} from './fulfilment.ts';
import { possessive } from './possessive.ts';

/**
 * An order of several sellers is handled part by part (decision 081): a seller's refusal ends their part only while
 * another part goes on (refused-parts.ts says what it takes off the order's money), but a cancel ends the whole
 * order: every part still going must allow it (a part already refused does not stop it). One rule for the server's check (server/services/fulfilment/order-transitions.ts), the moves the
 * console list offers and the fulfilment machine's buttons, so a console never shows a Cancel the server refuses.
 */

/** Another seller's part of the same order, as a console card knows it. */
export interface OrderPart {
  vendor_name: string;
  state: FulfilmentState;
}

/** The moves that act on the whole order rather than one seller's part. */
export const wholeOrderEvents: readonly FulfilmentEvent[] = ['cancel'];

/** The part that does not allow a whole-order move (a cancel), or undefined when every part does or the move is one part's. */
export function partStoppingMove(
  event: FulfilmentEvent,
  parts: readonly OrderPart[],
  actor: FulfilmentActor,
  kind: FulfilmentKind,
): OrderPart | undefined {
  if (!wholeOrderEvents.includes(event)) return undefined;
  return parts.find((part) => !isEndedState(part.state) && fulfilmentTransition(part.state, event, actor, kind) === undefined);
}

/**
 * Whether a move ends only the asker's part: a refusal while another seller's part has not ended. The last part going
 * (or the only one) refused ends the whole order, refunded in full, as before.
 */
export function endsPartOnly(event: FulfilmentEvent, otherParts: readonly Pick<OrderPart, 'state'>[]): boolean {
  return event === 'refuse' && otherParts.some((part) => !isEndedState(part.state));
}

/** Whether the actor may move this part with `event`, the order's other parts considered. */
export function partMayMove(
  from: FulfilmentState,
  event: FulfilmentEvent,
  otherParts: readonly OrderPart[],
  actor: FulfilmentActor,
  kind: FulfilmentKind,
  day?: TableDay,
): boolean {
  return (
    fulfilmentTransition(from, event, actor, kind) !== undefined &&
    partStoppingMove(event, otherParts, actor, kind) === undefined &&
    partDayRefusal(event, kind, day) === undefined
  );
}

/** The moves the actor may make on this part now, in table order: a cancel only where every other part allows it too. */
export function partEventsFor(
  state: FulfilmentState,
  otherParts: readonly OrderPart[],
  actor: FulfilmentActor,
  kind: FulfilmentKind,
  day?: TableDay,
): FulfilmentEvent[] {
  // A table is made ready on its day and served from its time, a pick-up collected and a delivery delivered on its day
  // (tableDayRefusal); on a day its seller closed, only Refuse and Cancel (closedDayRefusal): the buttons wait.
  return fulfilmentEventsFor(state, actor, kind).filter(
    (event) => partStoppingMove(event, otherParts, actor, kind) === undefined && partDayRefusal(event, kind, day) === undefined,
  );
}

/**
 * Why the part's next move is not offered yet, when it waits for its visit (QA walk 9 S1: a table being prepared two
 * days ahead showed no Table ready and no word why): the server's own refusal, 'This table is booked for 12/03/2026 at
 * 1:30 PM: the order can be marked Table ready on that day, not before.'; undefined when nothing waits.
 */
export function partWaitingNote(
  state: FulfilmentState,
  otherParts: readonly OrderPart[],
  actor: FulfilmentActor,
  kind: FulfilmentKind,
  day?: TableDay,
): string | undefined {
  for (const event of fulfilmentEventsFor(state, actor, kind)) {
    if (partStoppingMove(event, otherParts, actor, kind) !== undefined) continue;
    const waits = tableDayRefusal(event, kind, day);
    if (waits !== undefined) return waits;
  }
  return undefined;
}

/**
 * Why a whole-order move was refused, naming the part that stops it (the list was drawn before that seller moved on):
 * 'This order cannot be canceled now: Fulton Fish Co.'s part is out for delivery. A cancel ends every seller's part.'
 */
export function wholeMoveRefusal(part: OrderPart, kind: FulfilmentKind = 'delivery'): string {
  // In the order's mode's words: a dine-in part is 'table ready', not 'packed'.
  return `This order cannot be canceled now: ${possessive(part.vendor_name)} part is ${fulfilmentStateLabel(part.state, kind).toLowerCase()}. A cancel ends every seller's part.`;
}

/** Whether a move asks the console's user first: those that end the order (refuse, cancel) and cannot be undone. */
export function moveAsksFirst(event: FulfilmentEvent): boolean {
  return endingEvents.includes(event);
}
