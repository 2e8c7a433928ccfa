import { assign, emit, fromPromise, setup } from 'xstate';
import type { MoveOrderReply } from '../../api/contract/fulfilment.contract.ts';
import type { RescheduleOptions, RescheduleOptionsReply, RescheduleReply } from '../../api/contract/reschedule.contract.ts';
import { cancelOrder } from '../../api/fulfilment.api.ts';
import { ApiError } from '../../api/http.ts';
import { rescheduleOptions, rescheduleOrder } from '../../api/order-change.api.ts';
import { canceledText, cancelFactsOf, cancelQuestionText } from '../../rules/cancel-words.ts';
import { parseUsDate } from '../../rules/delivery-dates.ts';
import { movedText } from '../../rules/order-change.ts';
import { somethingWentWrongMessage as somethingWentWrong } from '../../rules/messages.ts';
import { restCanceledText, restCancelQuestion, restOfOrderOf } from '../../rules/rest-cancel.ts';

export interface OrderChangeInput {
  orderId: string;
}

export interface OrderChangeContext {
  orderId: string;
  options: RescheduleOptions | undefined;
  /** Which seller's delivery the panel moves (an order of several sellers' deliveries); undefined: the server's first. */
  locId: number | undefined;
  /** The date and slot the shopper chose (the date's slots are in options). */
  date: string | undefined;
  slotId: number | undefined;
  error: string | undefined;
  /** What the last change did, for the shopper ('Your delivery is now on …'). */
  done: string | undefined;
}

export type OrderChangeEvent =
  | { type: 'change.open' }
  | { type: 'change.close' }
  | { type: 'change.retry' }
  | { type: 'change.date.choose'; date: string }
  | { type: 'change.slot.choose'; slotId: number }
  | { type: 'change.part.choose'; locId: number }
  | { type: 'change.submit' }
  | { type: 'change.cancel.ask' }
  | { type: 'change.cancel.back' }
  | { type: 'change.cancel.confirm' };

/** What the panel emits after the server changed the order: the page asks the order again. */
export type OrderChangeEmitted = { type: 'order.changed' };

export const orderChangeMessages = {
  chooseSlot: 'Please choose a time slot.',
  badDate: 'Please enter a date as MM/DD/YYYY.',
  moved: (date: string, slot: string | null) => movedText({ delivery_date: date, time_slot: slot }),
  cancelQuestion: 'Cancel this order? Your payment will be refunded in full.',
  canceled: 'Your order was canceled. Your payment will be refunded in full.',
} as const;

/**
 * The confirm step's question, and the line once canceled: in full, or, after a seller refused their part, what a
 * cancel of the rest gives back and what the refusal gave back before (src/rules/rest-cancel.ts).
 */
export function cancelWords(options: RescheduleOptions | undefined): { question: string; canceled: string } {
  const sent = options?.rest_of_order;
  // The whole order: worded by how it was paid and what goes back to the wallet (src/rules/cancel-words.ts).
  if (!sent && options?.cancel) {
    const facts = cancelFactsOf(options.cancel);
    return { question: cancelQuestionText(facts), canceled: canceledText(facts) };
  }
  if (!sent) return { question: orderChangeMessages.cancelQuestion, canceled: orderChangeMessages.canceled };
  const rest = restOfOrderOf(sent);
  return { question: restCancelQuestion(rest), canceled: restCanceledText(rest) };
}

/** The calendar gives 'YYYY-MM-DD'; the text field what the shopper typed ('MM/DD/YYYY'). */
function chosenDate(text: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseUsDate(text);
}

/** The server's words for a refusal (409 reason, 400 field message), else the house message. */
function reasonOf(error: unknown): string {
  return error instanceof ApiError ? error.message : somethingWentWrong;
}

/**
 * Issue 24 item 6: the shopper's "Change delivery or cancel" on /setting/order and /order/status. Opening asks the
 * server what the order may move to: past the seller's cutoff it says why, in plain words, and offers nothing. Before
 * it, the date and slot are chosen with the cart's pickers (closed days struck out, a full day says its slots are
 * booked) and sent; or the order is canceled, after a confirm step, with a full refund. The server checks everything
 * again: its refusal (a slot just taken, the cutoff just passed) is shown and the choice stays open.
 */
export const orderChangeMachine = setup({
  types: {
    context: {} as OrderChangeContext,
    input: {} as OrderChangeInput,
    events: {} as OrderChangeEvent,
    emitted: {} as OrderChangeEmitted,
  },
  actors: {
    loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined; locId?: number | undefined }>(({ input }) =>
      rescheduleOptions(input.orderId, input.date, input.locId),
    ),
    sendReschedule: fromPromise<RescheduleReply, { orderId: string; date: string; slotId: number | null; locId?: number | undefined }>(({ input }) =>
      rescheduleOrder(input.orderId, input.date, input.slotId, input.locId),
    ),
    sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(({ input }) => cancelOrder(input.orderId)),
  },
  guards: {
    mayChange: (_, params: { reply: RescheduleOptionsReply }) => params.reply.data?.can_change === true,
    hasOptions: (_, params: { reply: RescheduleOptionsReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isDate: (_, params: { date: string }) => chosenDate(params.date) !== undefined,
    needsSlot: ({ context }) => context.options?.speed === 'local' && context.slotId === undefined,
    // The server's cancel's own rule (orderCancelRefusal): a delivery on a closed day may move while another seller's
    // past its cutoff holds the whole order, and Cancel order is then not offered (QA walk 6: shown, then refused).
    mayCancel: ({ context }) => (context.options?.cancel_refusal ?? null) === null,
    // A bank debit on its way: the order may be canceled, not moved (the server's refusal says so); back from the
    // confirm step, the panel returns to what it offered.
    mayMove: ({ context }) => context.options?.can_change === true,
  },
  actions: {
    assignOptions: assign((_, params: { reply: RescheduleOptionsReply }) => {
      const options = params.reply.data;
      return { options, locId: options?.vendor_loc_id, date: options?.date, slotId: options?.slot_id ?? undefined, error: undefined };
    }),
    assignDay: assign(({ context }, params: { reply: RescheduleOptionsReply }) => {
      const day = params.reply.data;
      if (!context.options || !day) return {};
      return { options: { ...context.options, date: day.date, date_refusal: day.date_refusal, slots: day.slots } };
    }),
    assignDate: assign((_, params: { date: string }) => ({ date: chosenDate(params.date), slotId: undefined, error: undefined })),
    assignSlot: assign((_, params: { slotId: number }) => ({ slotId: params.slotId, error: undefined })),
    assignPart: assign((_, params: { locId: number }) => ({ locId: params.locId, error: undefined })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    // Of several sellers' deliveries, whose moved and that the others stay (QA walk 3 item 5).
    assignMoved: assign(({ context }, params: { reply: RescheduleReply }) => ({
      done: params.reply.data ? movedText(params.reply.data, context.options?.parts) : undefined,
      error: undefined,
    })),
    assignCanceled: assign(({ context }) => ({ done: cancelWords(context.options).canceled, error: undefined })),
    clear: assign({ options: undefined, locId: undefined, date: undefined, slotId: undefined, error: undefined, done: undefined }),
    announce: emit({ type: 'order.changed' } as const),
  },
}).createMachine({
  description:
    "Issue 24 item 6: the shopper moves an order's delivery to another free date and slot, or cancels it with a full refund, until the seller's cutoff (3 pm Eastern the day before); after it, the panel says why not. The server checks again and refuses (409 with the reason) what the rules no longer allow.",
  id: 'orderChange',
  context: ({ input }) => ({
    orderId: input.orderId,
    options: undefined,
    locId: undefined,
    date: undefined,
    slotId: undefined,
    error: undefined,
    done: undefined,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "Only the 'Change delivery or cancel' button shows.",
      on: {
        'change.open': { description: 'The shopper opens the panel: what the order may move to is asked.', target: 'loading', actions: 'clear' },
      },
    },
    loading: {
      description: 'Asking the server whether the order may still change, its calendar and the slots of its date.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ orderId: context.orderId, locId: context.locId }),
        onDone: [
          {
            description: 'Before the cutoff: the date and slot can be chosen, or the order canceled.',
            guard: { type: 'mayChange', params: ({ event }) => ({ reply: event.output }) },
            target: 'choosing',
            actions: { type: 'assignOptions', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: 'Past the cutoff (or being prepared, or its bank debit still on its way): the panel says why, in plain words.',
            guard: { type: 'hasOptions', params: ({ event }) => ({ reply: event.output }) },
            target: 'refused',
            actions: { type: 'assignOptions', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: 'Refused without options: the message.',
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ message: event.output.message ?? somethingWentWrong }) },
          },
        ],
        onError: {
          description: 'No answer: the reason, and a way to try again.',
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
        },
      },
    },
    failed: {
      description: 'The options could not be loaded.',
      on: {
        'change.retry': { description: 'The shopper tries again.', target: 'loading' },
        'change.close': { description: 'The shopper closes the panel.', target: 'closed' },
      },
    },
    refused: {
      description:
        "The order cannot move: the server's reason is shown; Cancel order only when the whole order may still be canceled (a bank debit on its way).",
      on: {
        'change.cancel.ask': {
          description: 'Cancel order: asks to confirm first, when the whole order may still be canceled.',
          guard: 'mayCancel',
          target: 'confirmingCancel',
        },
        'change.close': { description: 'The shopper closes the panel.', target: 'closed' },
      },
    },
    choosing: {
      description: 'The date picker (closed days struck out) and, for Same Day, the slots with a seat left; Move and Cancel order.',
      on: {
        'change.date.choose': [
          {
            description: "A date: that day's slots are asked (a closed or full day says so).",
            guard: { type: 'isDate', params: ({ event }) => ({ date: event.date }) },
            target: 'loadingDay',
            actions: { type: 'assignDate', params: ({ event }) => ({ date: event.date }) },
          },
          {
            description: 'Typed text that is no date: asks for MM/DD/YYYY.',
            actions: { type: 'assignError', params: { message: orderChangeMessages.badDate } },
          },
        ],
        'change.slot.choose': {
          description: 'A slot is chosen.',
          actions: { type: 'assignSlot', params: ({ event }) => ({ slotId: event.slotId }) },
        },
        'change.part.choose': {
          description: "Another seller's delivery of the order is chosen: its date, calendar and slots are asked.",
          target: 'loading',
          actions: { type: 'assignPart', params: ({ event }) => ({ locId: event.locId }) },
        },
        'change.submit': [
          {
            description: 'Same Day without a slot: asks for one.',
            guard: 'needsSlot',
            actions: { type: 'assignError', params: { message: orderChangeMessages.chooseSlot } },
          },
          { description: 'The move is sent.', target: 'saving' },
        ],
        'change.cancel.ask': {
          description: 'Cancel order: asks to confirm first, when the whole order may still be canceled.',
          guard: 'mayCancel',
          target: 'confirmingCancel',
        },
        'change.close': { description: 'The shopper closes the panel.', target: 'closed' },
      },
    },
    loadingDay: {
      description: "Asking the chosen day's slots.",
      invoke: {
        id: 'loadDay',
        src: 'loadOptions',
        input: ({ context }) => ({ orderId: context.orderId, date: context.date, locId: context.locId }),
        onDone: [
          {
            description: "The day's slots, or why it cannot be chosen.",
            guard: { type: 'hasOptions', params: ({ event }) => ({ reply: event.output }) },
            target: 'choosing',
            actions: { type: 'assignDay', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: 'Refused: the message.',
            target: 'choosing',
            actions: { type: 'assignError', params: ({ event }) => ({ message: event.output.message ?? somethingWentWrong }) },
          },
        ],
        onError: {
          description: 'No answer: the reason.',
          target: 'choosing',
          actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
        },
      },
    },
    saving: {
      description: 'Sending the move; the server checks the cutoff, the day and the seat again.',
      invoke: {
        id: 'sendReschedule',
        src: 'sendReschedule',
        input: ({ context }) => ({ orderId: context.orderId, date: context.date ?? '', slotId: context.slotId ?? null, locId: context.locId }),
        onDone: {
          description: 'Moved: the new date and slot are said, and the page asks the order again.',
          target: 'done',
          actions: [{ type: 'assignMoved', params: ({ event }) => ({ reply: event.output }) }, 'announce'],
        },
        onError: {
          description: "Refused (a slot just taken, the cutoff just passed): the server's reason, the choice still open.",
          target: 'choosing',
          actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
        },
      },
    },
    confirmingCancel: {
      description: "'Cancel this order? Your payment will be refunded in full.' with Yes and No.",
      on: {
        'change.cancel.confirm': { description: 'The shopper confirms: the order is canceled.', target: 'canceling' },
        'change.cancel.back': [
          { description: 'The shopper keeps the order: its move is offered again.', guard: 'mayMove', target: 'choosing' },
          { description: 'The shopper keeps an order that cannot move: the reason again.', target: 'refused' },
        ],
      },
    },
    canceling: {
      description: 'Canceling the order; the server refunds it and gives back its stock and seat.',
      invoke: {
        id: 'sendCancel',
        src: 'sendCancel',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          description: 'Canceled: said, and the page asks the order again.',
          target: 'done',
          actions: ['assignCanceled', 'announce'],
        },
        onError: [
          {
            description: "Refused: the server's reason, the move still offered.",
            guard: 'mayMove',
            target: 'choosing',
            actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
          },
          {
            description: "Refused, of an order that cannot move: the server's reason.",
            target: 'refused',
            actions: { type: 'assignError', params: ({ event }) => ({ message: reasonOf(event.error) }) },
          },
        ],
      },
    },
    done: {
      description: 'What changed is said.',
      on: {
        'change.close': { description: 'The shopper closes the panel.', target: 'closed' },
        'change.open': { description: 'The shopper opens the panel again.', target: 'loading', actions: 'clear' },
      },
    },
  },
});
