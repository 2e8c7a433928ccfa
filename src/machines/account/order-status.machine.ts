import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { orderStatus } from '../../api/account.api.ts';
import type { OrderStatusReply, OrderSummary } from '../../api/contract/checkout.contract.ts';
import type { SubstitutionReply } from '../../api/contract/fulfilment.contract.ts';
import { answerSubstitution } from '../../api/fulfilment.api.ts';
import { ApiError } from '../../api/http.ts';
import { substituteRefusalQuestion } from '../../rules/substitute-refusal.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface OrderStatusInput {
  /** The orderId query parameter, as given. */
  orderId: string | undefined;
  /** The app's session: a failed payment's items went back to a cart, whose id and count it then takes (the badge). */
  session?: ActorRefFrom<typeof sessionMachine> | undefined;
}

export interface OrderStatusContext {
  orderId: string;
  session: ActorRefFrom<typeof sessionMachine> | undefined;
  order: OrderSummary | undefined;
  loadError: string | undefined;
  /** Decision 039: the substitute being answered, and a refused answer's message. */
  answering: SubstitutionAnswer | undefined;
  answerError: string | undefined;
}

export interface SubstitutionAnswer {
  itemId: number;
  approve: boolean;
}

export type OrderStatusEvent =
  | { type: 'order.refresh' }
  | { type: 'order.retry' }
  | ({ type: 'order.substitution' } & SubstitutionAnswer)
  | { type: 'order.refusal.confirm' }
  | { type: 'order.refusal.keep' };

export const orderStatusMessages = {
  loadFailed: 'Your order could not be loaded.',
  notFound: 'We could not find this order in your account.',
  noOrder: 'No order was chosen.',
  answerFailed: 'Your answer could not be saved.',
} as const;

/** While the page is open, the status is asked again this often (an order moves on without the shopper). */
export const orderRefreshMs = 60_000;

/**
 * /order/status?orderId= ('Track your order'): loads one of the caller's orders and keeps its status fresh. A
 * refresh that fails keeps what is shown; someone else's or an unknown order number reads as not found.
 */
export const orderStatusMachine = setup({
  types: {
    context: {} as OrderStatusContext,
    input: {} as OrderStatusInput,
    events: {} as OrderStatusEvent,
  },
  delays: {
    refreshInterval: orderRefreshMs,
  },
  actors: {
    loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(({ input }) => orderStatus(input.orderId)),
    answerSubstitution: fromPromise<SubstitutionReply, { orderId: string; answer: SubstitutionAnswer | undefined }>(({ input }) =>
      answerSubstitution({ order_id: input.orderId, item_id: input.answer?.itemId ?? 0, approve: input.answer?.approve ?? false }),
    ),
  },
  guards: {
    hasOrderId: ({ context }) => /^\d{1,20}$/.test(context.orderId),
    isLoaded: (_, params: { reply: OrderStatusReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    // QA walk 9 #6: refusing the last line left ends its part (the order's only part ends the order): asked first.
    refusalEndsPart: ({ context }, params: { answer: SubstitutionAnswer }) =>
      !params.answer.approve && context.order !== undefined && substituteRefusalQuestion(context.order, params.answer.itemId) !== undefined,
  },
  actions: {
    assignOrder: assign((_, params: { reply: OrderStatusReply }) => ({ order: params.reply.data, loadError: undefined })),
    // A failed payment's items are back in a cart (the reply names it): the session takes it, so the header's badge
    // and the cart link show what it holds, not the 0 the placed order left.
    recordCartBack: enqueueActions(({ context, enqueue }, params: { reply: OrderStatusReply }) => {
      const cart = params.reply.current_cart;
      if (!cart || !context.session) return;
      enqueue.sendTo(context.session, { type: 'session.update', values: { cart_id: cart.cart_id, total_products_in_cart: cart.total_items_count } });
    }),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    assignAnswer: assign((_, params: { answer: SubstitutionAnswer }) => ({ answering: params.answer, answerError: undefined })),
    clearAnswer: assign({ answering: undefined }),
    assignAnswerError: assign((_, params: { message: string }) => ({ answering: undefined, answerError: params.message })),
  },
}).createMachine({
  description:
    "'Track your order' at /order/status?orderId= (cart-checkout-account.md, Routes: /order/status, and Checkout tabs step 7: the order tracking link for customers). One of the customer's orders is shown with its status and asked again every minute while the page is open, since an order moves on without the shopper. Another customer's or an unknown order number reads as not found.",
  id: 'orderStatus',
  context: ({ input }) => ({
    orderId: (input.orderId ?? '').trim(),
    session: input.session,
    order: undefined,
    loadError: undefined,
    answering: undefined,
    answerError: undefined,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Checking the address carries an order number.',
      always: [
        { description: 'An order number: its status is loaded.', guard: 'hasOrderId', target: 'loading' },
        { description: 'No order number in the address.', target: 'noOrder' },
      ],
    },
    loading: {
      description: "Loading the order's status.",
      invoke: {
        id: 'loadOrderStatus',
        src: 'loadOrderStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            description: 'Code 1: the order is shown (a failed payment: the cart its items went back to is recorded).',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
              { type: 'recordCartBack', params: ({ event }) => ({ reply: event.output }) },
            ],
          },
          {
            description: "Refused: the server's message (or 'Your order could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? orderStatusMessages.loadFailed }) },
          },
        ],
        onError: [
          {
            description: "Someone else's or an unknown order: not found.",
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            description: "No answer: 'Your order could not be loaded.' (or the network's message).",
            target: 'failed',
            actions: {
              type: 'assignLoadError',
              params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : orderStatusMessages.loadFailed }),
            },
          },
        ],
      },
    },
    shown: {
      description: 'The order and its status are shown; it is asked again every minute or when the customer refreshes.',
      after: {
        refreshInterval: { description: "The status is checked again every little while, without the shopper's asking.", target: 'refreshing' },
      },
      on: {
        'order.refresh': { description: "The shopper refreshes the order's status.", target: 'refreshing' },
        'order.substitution': [
          {
            description:
              "QA walk 9 #6: refusing the substitute of the last line left would end its part (the order's only part, the order): the shopper is asked first.",
            guard: { type: 'refusalEndsPart', params: ({ event }) => ({ answer: { itemId: event.itemId, approve: event.approve } }) },
            target: 'confirmingRefusal',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: { itemId: event.itemId, approve: event.approve } }) },
          },
          {
            description: "Decision 039: the shopper approves or refuses the seller's substitute (until the order is packed).",
            target: 'answering',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: { itemId: event.itemId, approve: event.approve } }) },
          },
        ],
      },
    },
    confirmingRefusal: {
      description:
        "'Refuse the substitute for …? Refusing it leaves nothing in this order: it will be canceled, …' (src/rules/substitute-refusal.ts): nothing is sent until the shopper confirms.",
      on: {
        'order.refusal.confirm': { description: 'Yes, refuse it: the refusal is sent.', target: 'answering' },
        'order.refusal.keep': { description: 'Go back: nothing is sent, the substitute stays proposed.', target: 'shown', actions: 'clearAnswer' },
      },
    },
    answering: {
      description: 'Sending the answer; the order stays on screen, then is asked again to show what it costs now.',
      invoke: {
        id: 'answerSubstitution',
        src: 'answerSubstitution',
        input: ({ context }) => ({ orderId: context.orderId, answer: context.answering }),
        onDone: { description: 'Saved: the order is asked again.', target: 'refreshing', actions: 'clearAnswer' },
        onError: {
          description: 'Refused (already packed, already answered) or offline: the message, then the order is asked again.',
          target: 'refreshing',
          actions: {
            type: 'assignAnswerError',
            params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : orderStatusMessages.answerFailed }),
          },
        },
      },
    },
    // The order stays on screen while it is asked again.
    refreshing: {
      description: "Asking the order's status again; the order stays on screen meanwhile.",
      on: {
        // A move or cancel answered while a refresh was already out: that answer may predate it, so ask again.
        'order.refresh': {
          description: 'Asked again meanwhile (the order was just moved or canceled): the order is asked anew.',
          target: 'refreshing',
          reenter: true,
        },
      },
      invoke: {
        id: 'loadOrderStatus',
        src: 'loadOrderStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            description: 'The fresh status is shown (a payment that failed meanwhile: the cart its items went back to is recorded).',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
              { type: 'recordCartBack', params: ({ event }) => ({ reply: event.output }) },
            ],
          },
          { description: 'The refresh was refused: what is shown stays.', target: 'shown' },
        ],
        onError: { description: 'The status could not be refreshed: the last one known stays on screen.', target: 'shown' },
      },
    },
    failed: {
      description: "'Your order could not be loaded.' (or the server's reason): the customer may try again.",
      on: { 'order.retry': { description: 'The shopper tries again: the order is loaded again.', target: 'loading' } },
    },
    notFound: { description: "'We could not find this order in your account.'" },
    noOrder: { description: "'No order was chosen.': the address has no order number." },
  },
});
