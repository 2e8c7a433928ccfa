import { assign, fromPromise, setup } from 'xstate';
import { orderStatus } from '../../api/account.api.ts';
import type { OrderStatusReply, OrderSummary } from '../../api/contract/checkout.contract.ts';
import { ApiError } from '../../api/http.ts';

export interface OrderStatusInput {
  /** The orderId query parameter, as given. */
  orderId: string | undefined;
}

export interface OrderStatusContext {
  orderId: string;
  order: OrderSummary | undefined;
  loadError: string | undefined;
}

export type OrderStatusEvent = { type: 'order.refresh' } | { type: 'order.retry' };

export const orderStatusMessages = {
  loadFailed: 'Your order could not be loaded.',
  notFound: 'We could not find this order in your account.',
  noOrder: 'No order was chosen.',
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
  },
  guards: {
    hasOrderId: ({ context }) => /^\d{1,20}$/.test(context.orderId),
    isLoaded: (_, params: { reply: OrderStatusReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
  },
  actions: {
    assignOrder: assign((_, params: { reply: OrderStatusReply }) => ({ order: params.reply.data, loadError: undefined })),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
  },
}).createMachine({
  description:
    "'Track your order' at /order/status?orderId= (cart-checkout-account.md, Routes: /order/status, and Checkout tabs step 7: the order tracking link for customers). One of the customer's orders is shown with its status and asked again every minute while the page is open, since an order moves on without the shopper. Another customer's or an unknown order number reads as not found.",
  id: 'orderStatus',
  context: ({ input }) => ({ orderId: (input.orderId ?? '').trim(), order: undefined, loadError: undefined }),
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
            description: 'Code 1: the order is shown.',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
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
      on: { 'order.refresh': { description: "The shopper refreshes the order's status.", target: 'refreshing' } },
    },
    // The order stays on screen while it is asked again.
    refreshing: {
      description: "Asking the order's status again; the order stays on screen meanwhile.",
      invoke: {
        id: 'loadOrderStatus',
        src: 'loadOrderStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            description: 'The fresh status is shown.',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
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
