import { assign, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import { deleteItem, lineQuantityRequest, lineRemovalRequest, updateItem } from '../../api/cart.api.ts';
import type { CartLine, CartReply, DeleteItemBody, UpdateItemBody } from '../../api/contract/cart-page.contract.ts';
import type { Sent } from '../../api/http.ts';
import {
  clampLineQuantity,
  lineMaxQuantity,
  quantityDebounceMs,
  stockCappedQuantity,
  unsettledPending,
  withoutPending,
} from '../../rules/cart-checkout.ts';
import { answerOf, errorOf, failureMessage, isRefusal } from './cart-replies.ts';

/** What the line queue tells the cart that spawned it: every answer carries the whole cart. */
export type CartLinesReport =
  | { type: 'lines.saved'; reply: CartReply }
  /** Refused (stock): the line went back to the server's quantity; the reply holds the cart as it stands. */
  | { type: 'lines.refused'; reply: CartReply }
  | { type: 'lines.failed'; message: string }
  /** The last line went: the cart is empty. */
  | { type: 'lines.emptied' }
  /** Nothing waits or is in flight any more (CHECKOUT waits for this). */
  | { type: 'lines.settled' };

export type CartLinesOwner = ActorRef<Snapshot<unknown>, CartLinesReport>;

export interface CartLinesInput {
  owner: CartLinesOwner;
  cartId: string;
}

export interface CartLinesContext {
  owner: CartLinesOwner;
  cartId: string;
  /** The lines as the server last answered them. */
  lines: CartLine[];
  /** cart_rid → the quantity the shopper set that the server has not confirmed yet. */
  pending: Record<number, number>;
  /** The cart_rids the current flush sends, one request each, in order. */
  batch: number[];
  /** The line whose request is in flight, with the quantity it carries. */
  sending: { cartRid: number; qty: number } | undefined;
}

export type CartLinesEvent =
  | { type: 'lines.change'; cartRid: number; qty: number }
  | { type: 'lines.remove'; cartRid: number }
  /** Send what waits now instead of after the debounce (CHECKOUT). */
  | { type: 'lines.flush' }
  /** The cart's lines as another request answered them (a coupon, a delivery date, the first load). */
  | { type: 'lines.sync'; lines: CartLine[] };

function serverQty(context: CartLinesContext, cartRid: number): number | undefined {
  return context.lines.find((line) => line.cart_rid === cartRid)?.qty;
}

/** A stock refusal of the line in flight: the most it can have instead (the refusal's stock), or undefined. */
function cappedSent(context: CartLinesContext, reply: CartReply): number | undefined {
  const sent = context.sending;
  if (!sent || !isRefusal(reply)) return undefined;
  return stockCappedQuantity(
    sent.qty,
    reply.data?.result.find((line) => line.cart_rid === sent.cartRid),
  );
}

/** The server's lines in a reply; a reply without a cart leaves them as they were. */
function linesOf(context: CartLinesContext, reply: CartReply): CartLine[] {
  return reply.data?.result ?? context.lines;
}

/** A change or a removal made while a request is out waits for the next flush. */
const whileSending = {
  'lines.change': { description: 'A quantity changes while a request is out: it is saved next.', guard: 'isLineChange', actions: 'assignPending' },
  'lines.remove': {
    description: 'An item is removed while a request is out: it is saved next.',
    guard: 'isKnownLine',
    actions: ['assignRemoval', 'addRemovalToBatch'],
  },
} as const;

/**
 * updateitem and deleteitem answer alike: the cart (code 1, or 2 when a coupon stopped applying), a refusal with the
 * cart as it stands (code -1), or no answer at all.
 */
const lineAnswer = {
  onDone: [
    {
      description: "The server refused the change (code -1): the line goes back to the server's quantity and the cart shows the message.",
      guard: { type: 'isRefusal', params: answerOf },
      target: 'flushing',
      actions: [
        { type: 'rollBackSent', params: answerOf },
        { type: 'reportRefusal', params: answerOf },
      ],
    },
    {
      description: 'The server took the change: the cart gets the new totals.',
      target: 'flushing',
      actions: [
        { type: 'confirmSent', params: answerOf },
        { type: 'reportSaved', params: answerOf },
      ],
    },
  ],
  onError: {
    description: "No answer: the line goes back to the server's quantity and a red toast says why.",
    target: 'flushing',
    actions: [
      { type: 'rollBackSent', params: {} },
      { type: 'reportFailure', params: errorOf },
    ],
  },
} as const;

/** updateitem's answer: a quantity refused for its stock goes to the most in stock when that is more than the line holds. */
const quantityAnswer = {
  ...lineAnswer,
  onDone: [
    {
      description:
        'The server refused the quantity for its stock, and the line can still have more than it holds: the cart shows the message and the line goes to the most in stock, which is sent.',
      guard: { type: 'isStockCapped', params: answerOf },
      target: 'flushing',
      actions: [
        { type: 'capSent', params: answerOf },
        { type: 'reportRefusal', params: answerOf },
      ],
    },
    ...lineAnswer.onDone,
  ],
} as const;

/**
 * The cart's line queue (spec "Cart page"): shows a quantity change at once and sends it 800 ms after the last
 * change (one request per changed line, with its final quantity), removes a line at once, rolls a refused or failed
 * line back to the server's quantity, and tells the cart every answer. Tagged 'busy' while anything waits or is in
 * flight, 'debouncing' while it waits.
 */
export const cartLinesMachine = setup({
  types: {
    context: {} as CartLinesContext,
    input: {} as CartLinesInput,
    events: {} as CartLinesEvent,
  },
  delays: {
    quantityDebounce: quantityDebounceMs,
  },
  actors: {
    updateItem: fromPromise<CartReply, Sent<UpdateItemBody>>(({ input }) => updateItem(input)),
    deleteItem: fromPromise<CartReply, Sent<DeleteItemBody>>(({ input }) => deleteItem(input)),
  },
  guards: {
    isLineChange: ({ context, event }) =>
      event.type === 'lines.change' && serverQty(context, event.cartRid) !== undefined && Number.isFinite(event.qty),
    isKnownLine: ({ context, event }) => event.type === 'lines.remove' && serverQty(context, event.cartRid) !== undefined,
    isCartEmpty: ({ context }) => context.lines.length === 0,
    isNextRemoval: ({ context }) => {
      const next = context.batch[0];
      return next !== undefined && context.pending[next] === 0;
    },
    hasNextUpdate: ({ context }) => context.batch.length > 0,
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    isRefusal: (_, params: { reply: CartReply }) => isRefusal(params.reply),
    isStockCapped: ({ context }, params: { reply: CartReply }) => cappedSent(context, params.reply) !== undefined,
  },
  actions: {
    assignLines: assign(({ event }) => (event.type === 'lines.sync' ? { lines: event.lines } : {})),
    // Never above what the line's offer has in stock (as the server last said) nor 24.
    assignPending: assign(({ context, event }) => {
      if (event.type !== 'lines.change') return {};
      const line = context.lines.find((l) => l.cart_rid === event.cartRid);
      const qty = clampLineQuantity(event.qty, line ? lineMaxQuantity(line) : undefined);
      return { pending: { ...context.pending, [event.cartRid]: qty } };
    }),
    assignRemoval: assign(({ context, event }) => (event.type === 'lines.remove' ? { pending: { ...context.pending, [event.cartRid]: 0 } } : {})),
    assignBatch: assign(({ context }) => ({ batch: Object.keys(context.pending).map(Number) })),
    addRemovalToBatch: assign(({ context, event }) =>
      event.type === 'lines.remove' && !context.batch.includes(event.cartRid) ? { batch: [...context.batch, event.cartRid] } : {},
    ),
    // A quantity set back to what the server holds (or of a line gone meanwhile) needs no request.
    removeSettledFromBatch: assign(({ context }) => {
      const pending = unsettledPending(context.lines, context.pending);
      return { pending, batch: context.batch.filter((rid) => pending[rid] !== undefined) };
    }),
    assignSending: assign(({ context }) => {
      const cartRid = context.batch[0] ?? 0;
      return { sending: { cartRid, qty: context.pending[cartRid] ?? 0 } };
    }),
    // Confirmed: the pending value goes, unless the shopper changed the line again while the request was out.
    confirmSent: assign(({ context }, params: { reply: CartReply }) => {
      const sent = context.sending;
      if (!sent) return { lines: linesOf(context, params.reply) };
      const changedSince = context.pending[sent.cartRid] !== sent.qty;
      return {
        lines: linesOf(context, params.reply),
        pending: changedSince ? context.pending : withoutPending(context.pending, sent.cartRid),
        batch: context.batch.filter((rid) => rid !== sent.cartRid),
        sending: undefined,
      };
    }),
    // Refused for its stock with more still to be had: the line waits at the most in stock, sent next.
    capSent: assign(({ context }, params: { reply: CartReply }) => {
      const sent = context.sending;
      const most = cappedSent(context, params.reply);
      if (!sent || most === undefined) return {};
      return {
        lines: linesOf(context, params.reply),
        // Changed again while the request was out: the newer quantity stands, up to the most in stock.
        pending: { ...context.pending, [sent.cartRid]: Math.min(most, context.pending[sent.cartRid] ?? most) },
        batch: [sent.cartRid, ...context.batch.filter((rid) => rid !== sent.cartRid)],
        sending: undefined,
      };
    }),
    // Refused or failed: the line returns to the server's quantity (a refusal brings the cart as it stands).
    rollBackSent: assign(({ context }, params: { reply?: CartReply | undefined }) => {
      const lines = params.reply ? linesOf(context, params.reply) : context.lines;
      const sent = context.sending;
      if (!sent) return { lines };
      return {
        lines,
        pending: withoutPending(context.pending, sent.cartRid),
        batch: context.batch.filter((rid) => rid !== sent.cartRid),
        sending: undefined,
      };
    }),
    reportSaved: sendTo(
      ({ context }) => context.owner,
      (_, params: { reply: CartReply }) => ({ type: 'lines.saved' as const, reply: params.reply }),
    ),
    reportRefusal: sendTo(
      ({ context }) => context.owner,
      (_, params: { reply: CartReply }) => ({ type: 'lines.refused' as const, reply: params.reply }),
    ),
    reportFailure: sendTo(
      ({ context }) => context.owner,
      (_, params: { error: unknown }) => ({ type: 'lines.failed' as const, message: failureMessage(params.error) }),
    ),
    reportEmptied: sendTo(({ context }) => context.owner, { type: 'lines.emptied' }),
    reportSettled: sendTo(({ context }) => context.owner, { type: 'lines.settled' }),
  },
}).createMachine({
  description:
    "The cart's quantity changes and removals (cart-checkout-account.md, Cart page and States and transitions, Quantity change: 'local update at once; server update debounced 800 ms'). A new quantity shows at once and is sent 800 ms after the shopper's last click, one request per changed line with its final quantity (0 removes the line); a removal is sent at once. A quantity never goes above the line's stock or 24; one the server refuses for its stock goes to the most in stock (sent in its turn), any other refused or failed change puts the line back to the server's quantity, and every answer goes to the cart page. When the last line goes, the cart shows its empty state.",
  id: 'cartLines',
  context: ({ input }) => ({ owner: input.owner, cartId: input.cartId, lines: [], pending: {}, batch: [], sending: undefined }),
  initial: 'idle',
  on: {
    'lines.sync': { description: 'The cart was saved elsewhere: the lines are taken from it.', actions: 'assignLines' },
  },
  states: {
    idle: {
      description: 'Nothing waits to be sent: the lines show what the server holds.',
      entry: 'reportSettled',
      on: {
        'lines.change': {
          description: 'The shopper changes a quantity: it shows at once and is saved after a short pause.',
          guard: 'isLineChange',
          target: 'debouncing',
          actions: 'assignPending',
        },
        'lines.remove': {
          description: 'The shopper removes an item: it is saved at once.',
          guard: 'isKnownLine',
          target: 'flushing',
          actions: ['assignRemoval', 'assignBatch'],
        },
      },
    },
    debouncing: {
      description: 'The shopper is changing quantities: they show at once and are sent 800 ms after the last click.',
      tags: ['busy', 'debouncing'],
      after: {
        quantityDebounce: { description: 'The shopper stopped changing quantities: they are saved.', target: 'flushing', actions: 'assignBatch' },
      },
      on: {
        // Every change restarts the wait, so rapid clicks become one request per line with its final quantity.
        'lines.change': {
          description: 'Another quantity change within the pause: the pause starts again.',
          guard: 'isLineChange',
          target: 'debouncing',
          reenter: true,
          actions: 'assignPending',
        },
        'lines.remove': {
          description: 'The shopper removes an item during the pause: it is saved at once, with the pending quantities.',
          guard: 'isKnownLine',
          target: 'flushing',
          actions: ['assignRemoval', 'assignBatch'],
        },
        // CHECKOUT does not wait out the debounce.
        'lines.flush': {
          description: 'The shopper leaves the cart (or goes to checkout): pending quantities are saved now.',
          target: 'flushing',
          actions: 'assignBatch',
        },
      },
    },
    flushing: {
      description: 'Picking the next change to send, one line at a time.',
      entry: 'removeSettledFromBatch',
      always: [
        { description: 'No line is left: the cart is empty.', guard: 'isCartEmpty', target: 'emptied' },
        { description: 'The next line waiting was removed (or set to 0): it is deleted.', guard: 'isNextRemoval', target: 'deleting' },
        { description: 'The next line waiting has a new quantity: it is sent.', guard: 'hasNextUpdate', target: 'updating' },
        // Changes made while requests were out wait their own 800 ms.
        { description: 'Changes made while requests were out wait their own 800 ms.', guard: 'hasPending', target: 'debouncing' },
        { description: 'Everything is sent: nothing waits.', target: 'idle' },
      ],
    },
    updating: {
      description: "Sending a line's new quantity to the server; further clicks wait for the next round.",
      tags: ['busy'],
      entry: 'assignSending',
      on: whileSending,
      invoke: {
        id: 'updateItem',
        src: 'updateItem',
        input: ({ context }) => lineQuantityRequest(context.cartId, context.lines, context.sending?.cartRid ?? 0, context.sending?.qty ?? 0),
        ...quantityAnswer,
      },
    },
    deleting: {
      description: 'Removing a line from the cart on the server; further clicks wait for the next round.',
      tags: ['busy'],
      entry: 'assignSending',
      on: whileSending,
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => lineRemovalRequest(context.cartId, context.sending?.cartRid ?? 0),
        ...lineAnswer,
      },
    },
    /** The last line went: the cart shows its empty state and the queue has nothing left to do. */
    emptied: { description: "The last line went: the cart shows 'Hey fill me, i am Empty'.", type: 'final', entry: 'reportEmptied' },
  },
});
