import { assign, fromPromise, setup } from 'xstate';
import type { ConsoleRole } from '../../api/contract/fulfilment.contract.ts';
import type { CapacityDay, CapacityDayReply } from '../../api/contract/seller-capacity.contract.ts';
import { capacityDay, changeCapacity, type CapacityChange } from '../../api/order-change.api.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { messageOf } from '../shared/auth-failure.ts';

export interface SellerDayInput {
  role: ConsoleRole;
  locId: number;
  date: string;
}

export interface SellerDayContext extends SellerDayInput {
  day: CapacityDay | undefined;
  error: string | undefined;
  /** The change being sent, so it is sent again on retry. */
  change: CapacityChange | undefined;
}

/** Why the change is made (decision 044): staff must say (the server answers 400 on reason otherwise). */
export interface ChangeReason {
  reason?: string | undefined;
}

export type SellerDayEvent =
  | { type: 'day.date.choose'; date: string }
  | { type: 'day.location.choose'; locId: number }
  | ({ type: 'day.close' } & ChangeReason)
  | { type: 'day.close.confirm' }
  | { type: 'day.close.keep' }
  | ({ type: 'day.reopen' } & ChangeReason)
  | ({ type: 'day.seats.set'; slotId: number; seats: number } & ChangeReason)
  | ({ type: 'day.stock.set'; offerId: number; stock: number } & ChangeReason)
  | { type: 'day.retry' };

/** The server's words for a refusal: a 400's field messages without the API's 'reason:' prefixes (messageOf). */
function reasonOf(error: unknown): string {
  return messageOf(error, somethingWentWrongMessage);
}

/**
 * Issue 24 item 3: a seller's day in the console: close or reopen the date, change each slot's seats for it, set each
 * product's stock. Each change is sent, then the day is read again, so what is shown is what the storefront now obeys.
 */
export const sellerDayMachine = setup({
  types: {
    context: {} as SellerDayContext,
    input: {} as SellerDayInput,
    events: {} as SellerDayEvent,
  },
  actors: {
    loadDay: fromPromise<CapacityDayReply, { role: ConsoleRole; locId: number; date: string }>(({ input }) =>
      capacityDay(input.role, input.locId, input.date),
    ),
    sendChange: fromPromise<unknown, { role: ConsoleRole; change: CapacityChange }>(({ input }) => changeCapacity(input.role, input.change)),
  },
  actions: {
    clearChange: assign({ change: undefined }),
    assignDay: assign((_, params: { reply: CapacityDayReply }) => ({ day: params.reply.data, error: undefined })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    assignChange: assign((_, params: { change: CapacityChange }) => ({ change: params.change, error: undefined })),
  },
}).createMachine({
  description:
    "Issue 24 item 3: the seller's day in the console: close or reopen a date, change a slot's seats for it, set a product's stock; each change is sent and the day read again.",
  id: 'sellerDay',
  context: ({ input }) => ({ ...input, day: undefined, error: undefined, change: undefined }),
  initial: 'loading',
  on: {
    'day.date.choose': { description: 'Another date: its day is read.', target: '.loading', actions: assign(({ event }) => ({ date: event.date })) },
    'day.location.choose': {
      description: 'Another of the seller’s locations (staff: any seller location): its day is read.',
      target: '.loading',
      actions: assign(({ event }) => ({ locId: event.locId })),
    },
  },
  states: {
    loading: {
      description: 'Reading the day: closed or not, each slot’s seats, booked and held, the products’ stock.',
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ role: context.role, locId: context.locId, date: context.date }),
        onDone: {
          description: 'The day is shown.',
          target: 'shown',
          actions: { type: 'assignDay', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          description: 'Not read: the reason, and a way to try again.',
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
        },
      },
    },
    failed: {
      description: 'The day could not be read.',
      on: { 'day.retry': { description: 'The seller tries again.', target: 'loading' } },
    },
    shown: {
      description: 'The day with Close day (or Reopen), each slot’s seats and each product’s stock.',
      on: {
        'day.close': {
          description: 'Close the day: the day is read again first, so the question counts the orders booked on it now.',
          target: 'readingBeforeClose',
          actions: {
            type: 'assignChange',
            params: ({ context, event }) => ({
              change: { kind: 'day', locId: context.locId, date: context.date, closed: true, reason: event.reason },
            }),
          },
        },
        'day.reopen': {
          description: 'Reopen a day a seller closed.',
          target: 'saving',
          actions: {
            type: 'assignChange',
            params: ({ context, event }) => ({
              change: { kind: 'day', locId: context.locId, date: context.date, closed: false, reason: event.reason },
            }),
          },
        },
        'day.seats.set': {
          description: 'A slot’s seats for the date.',
          target: 'saving',
          actions: {
            type: 'assignChange',
            params: ({ context, event }) => ({
              change: { kind: 'seats', locId: context.locId, date: context.date, slotId: event.slotId, seats: event.seats, reason: event.reason },
            }),
          },
        },
        'day.stock.set': {
          description: 'A product’s stock.',
          target: 'saving',
          actions: {
            type: 'assignChange',
            params: ({ event }) => ({ change: { kind: 'stock', offerId: event.offerId, stock: event.stock, reason: event.reason } }),
          },
        },
      },
    },
    readingBeforeClose: {
      description:
        'Reading the day again before asking (walk 9 S13: an order delivered, handed over or canceled since the day was read was still counted).',
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ role: context.role, locId: context.locId, date: context.date }),
        onDone: {
          description: 'Read: the console asks, saying what closing does and how many orders booked on it the close affects now.',
          target: 'confirmingClose',
          actions: { type: 'assignDay', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          description: 'Not read: nothing is asked or sent; the reason, and a way to read the day again.',
          target: 'failed',
          actions: ['clearChange', { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) }],
        },
      },
    },
    confirmingClose: {
      description:
        'Asking before closing: shoppers can no longer choose the day; orders booked on it are flagged and their shoppers mailed to choose another date.',
      on: {
        'day.close.confirm': { description: 'The seller closes the day: no new delivery that day.', target: 'saving' },
        'day.close.keep': { description: 'The seller keeps the day open.', target: 'shown', actions: 'clearChange' },
      },
    },
    saving: {
      description: 'Sending the change; the day stays on screen.',
      invoke: {
        id: 'sendChange',
        src: 'sendChange',
        input: ({ context }) => ({ role: context.role, change: context.change ?? { kind: 'stock', offerId: 0, stock: 0 } }),
        onDone: { description: 'Saved: the day is read again.', target: 'loading' },
        onError: {
          description: 'Refused (a bad number, a store holiday): the reason, the day as it was.',
          target: 'shown',
          actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
        },
      },
    },
  },
});
