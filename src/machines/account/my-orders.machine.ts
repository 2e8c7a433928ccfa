import { assign, fromPromise, setup } from 'xstate';
import { myOrders, orderStatus } from '../../api/account.api.ts';
import type { MyOrdersReply, OrderStatusReply, OrderSummary } from '../../api/contract/checkout.contract.ts';
import { ApiError } from '../../api/http.ts';
import { orderPanels, ordersByPanel, type OrderPanel } from '../../rules/account-settings.ts';

export interface MyOrdersContext {
  panels: Record<OrderPanel, OrderSummary[]>;
  /** increment_ids of the orders whose panel is open. */
  openIds: string[];
  loadError: string | undefined;
  /** Every order loaded so far, newest first: the next page starts after the last one. */
  orders: OrderSummary[];
  /** The server has older orders than those loaded (its has_more). */
  hasMore: boolean;
  /** Why the last "More orders" failed, shown beside the button. */
  moreError: string | undefined;
  /**
   * Orders to ask again after their change panel moved or canceled them: the first is being asked; the others
   * changed meanwhile (or while older orders loaded) and are asked next, so no change is left unshown.
   */
  changedIds: string[];
}

export type MyOrdersEvent =
  | { type: 'orders.retry' }
  | { type: 'order.toggle'; incrementId: string }
  | { type: 'orders.more' }
  /** The order's change panel moved or canceled it: that order is asked again. */
  | { type: 'order.changed'; incrementId: string };

export const myOrdersMessages = { loadFailed: 'Your orders could not be loaded.', moreFailed: 'Older orders could not be loaded.' } as const;

const noOrders: Record<OrderPanel, OrderSummary[]> = { delivery: [], pickup: [], dineIn: [] };

/** The first order of each panel starts open (spec section 2 "Orders tab"). */
function firstOfEachPanel(panels: Record<OrderPanel, OrderSummary[]>): string[] {
  return orderPanels.flatMap(({ panel }) => panels[panel].slice(0, 1).map((o) => o.increment_id));
}

/**
 * The Orders tab (spec section 4 "Orders"): loads the caller's orders, sorts them into Delivery Orders, Pickup Orders
 * and Dine-In, and opens or closes each order's panel.
 */
export const myOrdersMachine = setup({
  types: {
    context: {} as MyOrdersContext,
    events: {} as MyOrdersEvent,
  },
  actors: {
    loadOrders: fromPromise<MyOrdersReply>(() => myOrders()),
    loadMoreOrders: fromPromise<MyOrdersReply, { before: string | undefined }>(({ input }) => myOrders(input.before)),
    loadOrder: fromPromise<OrderStatusReply, { orderId: string }>(({ input }) => orderStatus(input.orderId)),
  },
  guards: {
    isLoaded: (_, params: { reply: MyOrdersReply }) => params.reply.code === 1,
    isOrder: (_, params: { reply: OrderStatusReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    hasMore: ({ context }) => context.hasMore,
    hasChangedOrders: ({ context }) => context.changedIds.length > 0,
    isListedOrder: ({ context }, params: { incrementId: string }) =>
      orderPanels.some(({ panel }) => context.panels[panel].some((o) => o.increment_id === params.incrementId)),
  },
  actions: {
    assignOrders: assign((_, params: { reply: MyOrdersReply }) => {
      const orders = params.reply.data ?? [];
      const panels = ordersByPanel(orders);
      return {
        panels,
        openIds: firstOfEachPanel(panels),
        loadError: undefined,
        orders,
        hasMore: params.reply.has_more === true,
        moreError: undefined,
      };
    }),
    appendOrders: assign(({ context }, params: { reply: MyOrdersReply }) => {
      const orders = [...context.orders, ...(params.reply.data ?? [])];
      return { panels: ordersByPanel(orders), orders, hasMore: params.reply.has_more === true, moreError: undefined };
    }),
    // Once more even when it is the one being asked: the answer on its way may predate this change.
    queueChanged: assign(({ context }, params: { incrementId: string }) =>
      context.changedIds.slice(1).includes(params.incrementId) ? {} : { changedIds: [...context.changedIds, params.incrementId] },
    ),
    dropAsked: assign(({ context }) => ({ changedIds: context.changedIds.slice(1) })),
    // The order in place: same panel position, open or not as it was, so its change panel keeps saying what it did.
    replaceOrder: assign(({ context }, params: { reply: OrderStatusReply }) => {
      const fresh = params.reply.data;
      if (!fresh) return {};
      const orders = context.orders.map((o) => (o.increment_id === fresh.increment_id ? fresh : o));
      return { orders, panels: ordersByPanel(orders) };
    }),
    assignMoreError: assign((_, params: { message: string }) => ({ moreError: params.message })),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    toggleOrder: assign(({ context }, params: { incrementId: string }) => ({
      openIds: context.openIds.includes(params.incrementId)
        ? context.openIds.filter((id) => id !== params.incrementId)
        : [...context.openIds, params.incrementId],
    })),
  },
}).createMachine({
  description:
    "The Orders tab of My Account, /setting/order, titled 'YOUR ORDERS' (cart-checkout-account.md, Orders tab and States and transitions, Orders). The customer's orders are loaded and sorted into three panels, Delivery Orders (local, driver, farm direct and courier deliveries, labelled 'Local Delivery'), Pickup Orders and Dine-In; each order is a collapsible 'ORDER #' panel, the first of each open.",
  id: 'myOrders',
  context: { panels: noOrders, openIds: [], loadError: undefined, orders: [], hasMore: false, moreError: undefined, changedIds: [] },
  initial: 'loading',
  states: {
    loading: {
      description: "Loading the customer's orders.",
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: [
          {
            description: 'Code 1: the orders, sorted into their panels, the first of each open.',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: { type: 'assignOrders', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Your orders could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? myOrdersMessages.loadFailed }) },
          },
        ],
        onError: {
          description: 'The orders could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: {
            type: 'assignLoadError',
            params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : myOrdersMessages.loadFailed }),
          },
        },
      },
    },
    failed: {
      description: "The orders could not be loaded: 'Your orders could not be loaded.' (or the server's reason), and the customer may try again.",
      on: { 'orders.retry': { description: 'The shopper tries again: the orders are loaded again.', target: 'loading' } },
    },
    ready: {
      description:
        "The orders are shown in their panels; the customer opens and closes each order, and asks for older ones with 'More orders' when the server has more.",
      always: {
        description: 'An order changed while older orders loaded or another was asked again: it is asked now.',
        guard: 'hasChangedOrders',
        target: 'refreshingOrder',
      },
      on: {
        'order.toggle': {
          description: "The shopper opens or closes an order's details.",
          guard: { type: 'isListedOrder', params: ({ event }) => ({ incrementId: event.incrementId }) },
          actions: { type: 'toggleOrder', params: ({ event }) => ({ incrementId: event.incrementId }) },
        },
        'orders.more': {
          description: 'The shopper scrolls to the end of the list: older orders are loaded.',
          guard: 'hasMore',
          target: 'loadingMore',
        },
        'order.changed': {
          description: 'The shopper moved or canceled an order in its panel: that order is asked again, so its date and status are the new ones.',
          target: 'refreshingOrder',
          actions: { type: 'queueChanged', params: ({ event }) => ({ incrementId: event.incrementId }) },
        },
      },
    },
    refreshingOrder: {
      description: 'Asking the changed order again; every order stays on screen meanwhile.',
      on: {
        'order.toggle': {
          description: "The shopper opens or closes an order's details meanwhile.",
          guard: { type: 'isListedOrder', params: ({ event }) => ({ incrementId: event.incrementId }) },
          actions: { type: 'toggleOrder', params: ({ event }) => ({ incrementId: event.incrementId }) },
        },
        'order.changed': {
          description: 'Another change meanwhile: that order is asked next (again, if it is the one being asked).',
          actions: { type: 'queueChanged', params: ({ event }) => ({ incrementId: event.incrementId }) },
        },
      },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.changedIds[0] ?? '' }),
        onDone: [
          {
            description: 'The order as it now is replaces the one shown, in its place.',
            guard: { type: 'isOrder', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: [{ type: 'replaceOrder', params: ({ event }) => ({ reply: event.output }) }, 'dropAsked'],
          },
          { description: 'Refused: the list stays as it was (the change panel already said what changed).', target: 'ready', actions: 'dropAsked' },
        ],
        onError: {
          description: 'No answer: the list stays as it was (the change panel already said what changed).',
          target: 'ready',
          actions: 'dropAsked',
        },
      },
    },
    loadingMore: {
      description: 'Loading the page of orders older than the last one shown; the orders already shown stay.',
      on: {
        'order.changed': {
          description: 'Moved or canceled meanwhile: that order is asked once the older orders are in.',
          actions: { type: 'queueChanged', params: ({ event }) => ({ incrementId: event.incrementId }) },
        },
      },
      invoke: {
        id: 'loadMoreOrders',
        src: 'loadMoreOrders',
        input: ({ context }) => ({ before: context.orders.at(-1)?.increment_id }),
        onDone: [
          {
            description: 'Code 1: the older orders join their panels.',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: { type: 'appendOrders', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Older orders could not be loaded.') beside the button.",
            target: 'ready',
            actions: { type: 'assignMoreError', params: ({ event }) => ({ message: event.output.message ?? myOrdersMessages.moreFailed }) },
          },
        ],
        onError: {
          description: 'Older orders could not be loaded: the list stays and says why.',
          target: 'ready',
          actions: {
            type: 'assignMoreError',
            params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : myOrdersMessages.moreFailed }),
          },
        },
      },
    },
  },
});
