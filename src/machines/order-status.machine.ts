import { assign, fromPromise, setup } from 'xstate';
import { orderStatus } from '../api/account.api.ts';
import type { OrderStatusReply, OrderSummary } from '../api/contract/checkout.contract.ts';
import { ApiError } from '../api/http.ts';

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
  id: 'orderStatus',
  context: ({ input }) => ({ orderId: (input.orderId ?? '').trim(), order: undefined, loadError: undefined }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasOrderId', target: 'loading' }, { target: 'noOrder' }],
    },
    loading: {
      invoke: {
        id: 'loadOrderStatus',
        src: 'loadOrderStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? orderStatusMessages.loadFailed }) },
          },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          {
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
      after: { refreshInterval: { target: 'refreshing' } },
      on: { 'order.refresh': { target: 'refreshing' } },
    },
    // The order stays on screen while it is asked again.
    refreshing: {
      invoke: {
        id: 'loadOrderStatus',
        src: 'loadOrderStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'shown',
            actions: { type: 'assignOrder', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'shown' },
        ],
        onError: { target: 'shown' },
      },
    },
    failed: {
      on: { 'order.retry': { target: 'loading' } },
    },
    notFound: {},
    noOrder: {},
  },
});
