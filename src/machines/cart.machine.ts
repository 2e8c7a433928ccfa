import { and, assign, enqueueActions, fromPromise, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import { deleteItem, nextDeliveryDates, showCart, updateItem } from '../api/cart.api.ts';
import type {
  CartData,
  CartReply,
  DeleteItemBody,
  NextDeliveryDateBody,
  NextDeliveryDateEntry,
  NextDeliveryDateReply,
  ShowCartBody,
  UpdateItemBody,
} from '../api/contract/cart-page.contract.ts';
import { ApiError } from '../api/http.ts';
import {
  checkoutProblems,
  checkoutTarget,
  clampLineQuantity,
  hasCheckoutProblems,
  quantityDebounceMs,
  requiredMessage,
  unsettledPending,
  withoutPending,
  type CheckoutProblems,
} from '../rules/cart-checkout.ts';
import { deliveryGroupMachine } from './delivery-group.machine.ts';
import type { sessionMachine } from './session.machine.ts';

export type DeliveryGroupRef = ActorRefFrom<typeof deliveryGroupMachine>;

export interface CartInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock (tests pass a fixed one). */
  now?: (() => Date) | undefined;
}

export interface CouponMessage {
  kind: 'success' | 'error';
  text: string;
}

export interface CartContext {
  session: ActorRefFrom<typeof sessionMachine>;
  clock: () => Date;
  /** Refreshed each minute: the Same Day "time left" label reads it. */
  now: Date;
  cartId: string | undefined;
  /** The last cart the server answered: what the page shows when a request fails. */
  cart: CartData | undefined;
  /** cart_rid → the quantity the shopper set that the server has not confirmed yet. */
  pending: Record<number, number>;
  /** The cart_rids the current flush sends, one request each, in order. */
  batch: number[];
  /** The line whose request is in flight, with the quantity it carries. */
  sending: { cartRid: number; qty: number } | undefined;
  couponText: string;
  couponMessage: CouponMessage | undefined;
  /** The text of the last red toast. */
  message: string | undefined;
  /** Next delivery dates, by `${vendor_id}:${type}`. */
  calendar: Record<string, NextDeliveryDateEntry> | undefined;
  calendarMessage: string | undefined;
  groups: Record<number, DeliveryGroupRef>;
  /** Shown once CHECKOUT was pressed, and kept current with every cart the server answers. */
  problems: CheckoutProblems;
  checkoutTried: boolean;
  loadError: string | undefined;
}

export type CartEvent =
  | { type: 'cart.quantity.change'; cartRid: number; qty: number }
  | { type: 'cart.line.remove'; cartRid: number }
  | { type: 'cart.coupon.change'; code: string }
  | { type: 'cart.coupon.apply' }
  | { type: 'cart.coupon.remove' }
  | { type: 'cart.checkout' }
  | { type: 'cart.retry' }
  | { type: 'cart.calendar.retry' }
  | { type: 'cart.shop' }
  | { type: 'group.saved'; reply: CartReply }
  | { type: 'group.failed'; message: string };

type Sent<T> = Omit<T, 'store_id'>;

/**
 * enqueueActions inside setup() cannot infer the machine's own action and actor unions (they are being defined), so
 * the group actions name their types: they enqueue only assign, sendTo and stopChild, and spawn only delivery groups.
 */
type GroupActor = { src: 'deliveryGroup'; logic: typeof deliveryGroupMachine; id: string | undefined };
const groupActions = (collect: Parameters<typeof enqueueActions<CartContext, CartEvent, undefined, CartEvent, GroupActor, never, never, never>>[0]) =>
  enqueueActions<CartContext, CartEvent, undefined, CartEvent, GroupActor, never, never, never>(collect);

function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something Went Wrong.';
}

function calendarKey(vendorId: number, type: string): string {
  return `${vendorId}:${type}`;
}

function serverQty(context: CartContext, cartRid: number): number | undefined {
  return context.cart?.result.find((line) => line.cart_rid === cartRid)?.qty;
}

/** Each group's vendor next delivery date, for the stale-date check of checkout. */
function minDates(context: CartContext): Record<number, string> {
  const out: Record<number, string> = {};
  for (const group of context.cart?.delivery_groups ?? []) {
    const entry = context.calendar?.[calendarKey(group.vendor_id, group.type)];
    if (entry) out[group.vendor_loc_id] = entry.delivery_date;
  }
  return out;
}

function currentProblems(context: CartContext): CheckoutProblems {
  return checkoutProblems(context.cart?.delivery_groups ?? [], minDates(context));
}

/** The new server cart, and the checkout problems kept current once they are on screen. */
function withServerCart(context: CartContext, cart: CartData | undefined): Partial<CartContext> {
  if (!cart) return {};
  const next = { ...context, cart };
  return { cart, problems: context.checkoutTried ? currentProblems(next) : context.problems };
}

/** A group's save in flight (its 'saving' tag). Tests may swap the group logic for one without tags. */
function isSaving(snapshot: unknown): boolean {
  return (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    'hasTag' in snapshot &&
    typeof snapshot.hasTag === 'function' &&
    snapshot.hasTag('saving') === true
  );
}

/**
 * The cart page (spec "Cart page", "Cart checkout", 4 "Checkout gating"): loads the server cart, shows quantity
 * changes at once and sends them 800 ms after the last change (one request per changed line, with its final
 * quantity), rolls a refused or failed line back to the server's quantity, applies and removes coupons, spawns one
 * delivery group per vendor location (date and slot) and checks every group before CHECKOUT leaves the page.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    input: {} as CartInput,
    events: {} as CartEvent,
  },
  delays: {
    quantityDebounce: quantityDebounceMs,
    minuteTick: 60_000,
  },
  actors: {
    showCart: fromPromise<CartReply, Sent<ShowCartBody>>(({ input }) => showCart(input)),
    updateItem: fromPromise<CartReply, Sent<UpdateItemBody>>(({ input }) => updateItem(input)),
    deleteItem: fromPromise<CartReply, Sent<DeleteItemBody>>(({ input }) => deleteItem(input)),
    nextDeliveryDates: fromPromise<NextDeliveryDateReply, Sent<NextDeliveryDateBody>>(({ input }) => nextDeliveryDates(input)),
    deliveryGroup: deliveryGroupMachine,
  },
  guards: {
    hasCartId: ({ context }) => context.cartId !== undefined,
    hasItems: (_, params: { reply: CartReply }) => params.reply.code !== -1 && (params.reply.data?.result.length ?? 0) > 0,
    isMissingCart: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    isAccepted: (_, params: { reply: CartReply }) => params.reply.code !== -1,
    isNoOpenCart: (_, params: { reply: CartReply }) => params.reply.code === -1,
    isCalendar: (_, params: { reply: NextDeliveryDateReply }) => params.reply.status === 1,
    isLineChange: ({ context, event }) =>
      event.type === 'cart.quantity.change' && serverQty(context, event.cartRid) !== undefined && Number.isFinite(event.qty),
    isKnownLine: ({ context, event }) => event.type === 'cart.line.remove' && serverQty(context, event.cartRid) !== undefined,
    isCartEmpty: ({ context }) => (context.cart?.result.length ?? 0) === 0,
    isNextRemoval: ({ context }) => {
      const next = context.batch[0];
      return next !== undefined && context.pending[next] === 0;
    },
    hasNextUpdate: ({ context }) => context.batch.length > 0,
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    hasCouponText: ({ context }) => context.couponText.trim() !== '',
    hasAppliedCoupon: ({ context }) => Boolean(context.cart?.coupon_code),
    // Checkout waits for quantities and coupons in flight: it must judge the cart the server will order.
    // CHECKOUT right after a date or slot click must wait for that save: until the server answers, the cart's groups
    // still say 'no slot', and deciding then would show 'Required' and drop the click.
    areGroupsSaved: ({ context }) => Object.values(context.groups).every((ref) => !isSaving(ref.getSnapshot())),
    isSettled: and([stateIn('#cart.ready.lines.idle'), stateIn('#cart.ready.coupon.idle'), 'areGroupsSaved']),
    hasCheckoutProblems: ({ context }) => hasCheckoutProblems(currentProblems(context)),
    isGuest: ({ context }) => !context.session.getSnapshot().context.Token,
    isCardFirst: ({ context }) => checkoutTarget(context.session.getSnapshot().context.shippingType) === '/cart/card',
  },
  actions: {
    assignServerCart: assign(({ context }, params: { reply: CartReply }) => withServerCart(context, params.reply.data)),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: failureMessage(params.error) })),
    clearLoadError: assign({ loadError: undefined }),
    recordBadge: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: { total_products_in_cart: context.cart?.total_items_count ?? 0 } }),
    ),
    recordEmptyBadge: sendTo(({ context }) => context.session, { type: 'session.update', values: { total_products_in_cart: 0 } }),

    // ---- groups
    syncGroups: groupActions(({ context, enqueue }) => {
      const serverGroups = context.cart?.delivery_groups ?? [];
      const live = new Set(serverGroups.map((g) => g.vendor_loc_id));
      for (const [locId, ref] of Object.entries(context.groups)) if (!live.has(Number(locId))) enqueue.stopChild(ref);
      enqueue.assign(({ context: current, spawn, self }) => {
        const groups: Record<number, DeliveryGroupRef> = {};
        for (const group of serverGroups) {
          groups[group.vendor_loc_id] =
            current.groups[group.vendor_loc_id] ??
            spawn('deliveryGroup', {
              id: `group-${group.vendor_loc_id}`,
              input: {
                owner: self,
                cartId: current.cartId ?? '',
                zipcode: current.session.getSnapshot().context.zipcode ?? '',
                group,
                calendar: current.calendar?.[calendarKey(group.vendor_id, group.type)],
              },
            });
        }
        return { groups };
      });
    }),
    stopGroups: groupActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.groups)) enqueue.stopChild(ref);
      enqueue.assign({ groups: {} });
    }),
    assignCalendar: assign((_, params: { reply: NextDeliveryDateReply }) => ({
      calendar: Object.fromEntries(params.reply.response.map((entry) => [calendarKey(entry.vendor_id, entry.delivery_type), entry])),
      calendarMessage: undefined,
    })),
    assignCalendarFailure: assign((_, params: { message: string }) => ({ calendarMessage: params.message })),
    sendCalendarToGroups: groupActions(({ context, enqueue }) => {
      for (const group of context.cart?.delivery_groups ?? []) {
        const ref = context.groups[group.vendor_loc_id];
        if (ref) enqueue.sendTo(ref, { type: 'group.calendar', entry: context.calendar?.[calendarKey(group.vendor_id, group.type)] });
      }
    }),
    assignGroupFailure: assign(({ event }) => (event.type === 'group.failed' ? { message: event.message } : {})),

    // ---- quantities
    assignPending: assign(({ context, event }) =>
      event.type === 'cart.quantity.change' ? { pending: { ...context.pending, [event.cartRid]: clampLineQuantity(event.qty) } } : {},
    ),
    assignRemoval: assign(({ context, event }) => (event.type === 'cart.line.remove' ? { pending: { ...context.pending, [event.cartRid]: 0 } } : {})),
    assignBatch: assign(({ context }) => ({ batch: Object.keys(context.pending).map(Number) })),
    appendRemovalToBatch: assign(({ context, event }) =>
      event.type === 'cart.line.remove' && !context.batch.includes(event.cartRid) ? { batch: [...context.batch, event.cartRid] } : {},
    ),
    // A quantity set back to what the server holds (or of a line gone meanwhile) needs no request.
    pruneBatch: assign(({ context }) => {
      const pending = unsettledPending(context.cart?.result ?? [], context.pending);
      return { pending, batch: context.batch.filter((rid) => pending[rid] !== undefined) };
    }),
    assignSending: assign(({ context }) => {
      const cartRid = context.batch[0] ?? 0;
      return { sending: { cartRid, qty: context.pending[cartRid] ?? 0 } };
    }),
    // Confirmed: the pending value goes, unless the shopper changed the line again while the request was out.
    confirmSent: assign(({ context }) => {
      const sent = context.sending;
      if (!sent) return {};
      const changedSince = context.pending[sent.cartRid] !== sent.qty;
      return {
        pending: changedSince ? context.pending : withoutPending(context.pending, sent.cartRid),
        batch: context.batch.filter((rid) => rid !== sent.cartRid),
        sending: undefined,
      };
    }),
    // Refused or failed: the line returns to the server's quantity.
    rollbackSent: assign(({ context }) => {
      const sent = context.sending;
      if (!sent) return {};
      return { pending: withoutPending(context.pending, sent.cartRid), batch: context.batch.filter((rid) => rid !== sent.cartRid), sending: undefined };
    }),
    assignRefusal: assign((_, params: { reply: CartReply }) => ({ message: params.reply.message ?? 'Something Went Wrong.' })),
    assignFailure: assign((_, params: { error: unknown }) => ({ message: failureMessage(params.error) })),

    // ---- coupon
    assignCouponText: assign(({ event }) => (event.type === 'cart.coupon.change' ? { couponText: event.code } : {})),
    assignCouponRequired: assign({ couponMessage: { kind: 'error', text: requiredMessage } }),
    assignCouponMessage: assign((_, params: { reply: CartReply }) => {
      const text = params.reply.message;
      if (params.reply.code === 2) return { couponMessage: { kind: 'error' as const, text: text ?? 'Something Went Wrong.' } };
      return { couponMessage: text ? { kind: 'success' as const, text } : undefined };
    }),
    clearCouponText: assign({ couponText: '' }),
    // An applied code moves from the box to 'Applied: CODE'; a refused one stays to be corrected.
    clearAppliedCouponText: assign((_, params: { reply: CartReply }) => (params.reply.code === 1 ? { couponText: '' } : {})),
    // Any reply may carry code 2: a coupon that stopped applying (the subtotal fell below its minimum) was taken off.
    assignCouponDrop: assign((_, params: { reply: CartReply }) =>
      params.reply.code === 2 ? { couponMessage: { kind: 'error' as const, text: params.reply.message ?? 'Something Went Wrong.' } } : {},
    ),

    // ---- checkout
    assignProblems: assign(({ context }) => ({ problems: currentProblems(context), checkoutTried: true })),
    clearProblems: assign({ problems: {}, checkoutTried: true }),
    recordNextTab: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({
        type: 'session.update' as const,
        values: { nextTab: checkoutTarget(context.session.getSnapshot().context.shippingType) === '/cart/card' ? 'card' : 'address' },
      }),
    ),
    assignNow: assign(({ context }) => ({ now: context.clock() })),

    // Navigation and toasts belong to the page: it provides these.
    goToAddress: () => undefined,
    goToCard: () => undefined,
    goToGuestRegister: () => undefined,
    goToStore: () => undefined,
    notifyRefusal: () => undefined,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const clock = input.now ?? (() => new Date());
    return {
      session: input.session,
      clock,
      now: clock(),
      cartId: input.session.getSnapshot().context.cart_id,
      cart: undefined,
      pending: {},
      batch: [],
      sending: undefined,
      couponText: '',
      couponMessage: undefined,
      message: undefined,
      calendar: undefined,
      calendarMessage: undefined,
      groups: {},
      problems: {},
      checkoutTried: false,
      loadError: undefined,
    };
  },
  initial: 'checkingCart',
  states: {
    checkingCart: {
      always: [{ guard: 'hasCartId', target: 'loading' }, { target: 'empty' }],
    },
    loading: {
      entry: 'clearLoadError',
      invoke: {
        id: 'showCart',
        src: 'showCart',
        input: ({ context }) => ({ cart_id: context.cartId ?? '' }),
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: [
              { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
              { type: 'assignCouponDrop', params: ({ event }) => ({ reply: event.output }) },
              'recordBadge',
              'syncGroups',
            ],
          },
          { target: 'empty' },
        ],
        onError: [
          // Not this shopper's cart (or gone): nothing to show.
          { guard: { type: 'isMissingCart', params: ({ event }) => ({ error: event.error }) }, target: 'empty' },
          { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: { 'cart.retry': { target: 'loading' } },
    },
    empty: {
      entry: ['stopGroups', 'recordEmptyBadge'],
      on: { 'cart.shop': { actions: 'goToStore' } },
    },
    ready: {
      type: 'parallel',
      on: {
        'group.saved': {
          actions: [{ type: 'assignServerCart', params: ({ event }) => ({ reply: event.reply }) }, 'recordBadge'],
        },
        'group.failed': { actions: ['assignGroupFailure', 'notifyRefusal'] },
      },
      states: {
        lines: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cart.quantity.change': { guard: 'isLineChange', target: 'debouncing', actions: 'assignPending' },
                'cart.line.remove': { guard: 'isKnownLine', target: 'flushing', actions: ['assignRemoval', 'assignBatch'] },
              },
            },
            debouncing: {
              after: { quantityDebounce: { target: 'flushing', actions: 'assignBatch' } },
              on: {
                // Every change restarts the wait, so rapid clicks become one request per line with its final quantity.
                'cart.quantity.change': { guard: 'isLineChange', target: 'debouncing', reenter: true, actions: 'assignPending' },
                'cart.line.remove': { guard: 'isKnownLine', target: 'flushing', actions: ['assignRemoval', 'assignBatch'] },
                // CHECKOUT does not wait out the debounce.
                'cart.checkout': { target: 'flushing', actions: 'assignBatch' },
              },
            },
            flushing: {
              entry: 'pruneBatch',
              always: [
                { guard: 'isCartEmpty', target: '#cart.empty' },
                { guard: 'isNextRemoval', target: 'deleting' },
                { guard: 'hasNextUpdate', target: 'updating' },
                // Changes made while requests were out wait their own 800 ms.
                { guard: 'hasPending', target: 'debouncing' },
                { target: 'idle' },
              ],
            },
            updating: {
              entry: 'assignSending',
              on: {
                'cart.quantity.change': { guard: 'isLineChange', actions: 'assignPending' },
                'cart.line.remove': { guard: 'isKnownLine', actions: ['assignRemoval', 'appendRemovalToBatch'] },
              },
              invoke: {
                id: 'updateItem',
                src: 'updateItem',
                input: ({ context }) => {
                  const sending = context.sending ?? { cartRid: 0, qty: 0 };
                  const line = context.cart?.result.find((l) => l.cart_rid === sending.cartRid);
                  return { cart_id: context.cartId ?? '', cart_rid: sending.cartRid, qty: sending.qty, product_id: line?.product_id };
                },
                onDone: [
                  {
                    guard: { type: 'isAccepted', params: ({ event }) => ({ reply: event.output }) },
                    target: 'flushing',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      { type: 'assignCouponDrop', params: ({ event }) => ({ reply: event.output }) },
                      'confirmSent',
                      'recordBadge',
                      'syncGroups',
                    ],
                  },
                  {
                    target: 'flushing',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      'rollbackSent',
                      { type: 'assignRefusal', params: ({ event }) => ({ reply: event.output }) },
                      'notifyRefusal',
                      'recordBadge',
                    ],
                  },
                ],
                onError: {
                  target: 'flushing',
                  actions: ['rollbackSent', { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyRefusal'],
                },
              },
            },
            deleting: {
              entry: 'assignSending',
              on: {
                'cart.quantity.change': { guard: 'isLineChange', actions: 'assignPending' },
                'cart.line.remove': { guard: 'isKnownLine', actions: ['assignRemoval', 'appendRemovalToBatch'] },
              },
              invoke: {
                id: 'deleteItem',
                src: 'deleteItem',
                input: ({ context }) => ({ cart_id: context.cartId ?? '', cart_rid: context.sending?.cartRid ?? 0 }),
                onDone: [
                  {
                    guard: { type: 'isAccepted', params: ({ event }) => ({ reply: event.output }) },
                    target: 'flushing',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      { type: 'assignCouponDrop', params: ({ event }) => ({ reply: event.output }) },
                      'confirmSent',
                      'recordBadge',
                      'syncGroups',
                    ],
                  },
                  {
                    target: 'flushing',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      'rollbackSent',
                      { type: 'assignRefusal', params: ({ event }) => ({ reply: event.output }) },
                      'notifyRefusal',
                      'recordBadge',
                    ],
                  },
                ],
                onError: {
                  target: 'flushing',
                  actions: ['rollbackSent', { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyRefusal'],
                },
              },
            },
          },
        },
        coupon: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cart.coupon.change': { actions: 'assignCouponText' },
                'cart.coupon.apply': [{ guard: 'hasCouponText', target: 'applying' }, { actions: 'assignCouponRequired' }],
                'cart.coupon.remove': { guard: 'hasAppliedCoupon', target: 'removing' },
              },
            },
            applying: {
              invoke: {
                id: 'showCart',
                src: 'showCart',
                input: ({ context }) => ({ cart_id: context.cartId ?? '', coupon_code: context.couponText.trim() }),
                onDone: [
                  { guard: { type: 'isNoOpenCart', params: ({ event }) => ({ reply: event.output }) }, target: '#cart.empty' },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      { type: 'assignCouponMessage', params: ({ event }) => ({ reply: event.output }) },
                      { type: 'clearAppliedCouponText', params: ({ event }) => ({ reply: event.output }) },
                      'recordBadge',
                    ],
                  },
                ],
                onError: { target: 'idle', actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyRefusal'] },
              },
            },
            removing: {
              invoke: {
                id: 'showCart',
                src: 'showCart',
                input: ({ context }) => ({ cart_id: context.cartId ?? '', remove_coupon: 1 }),
                onDone: [
                  { guard: { type: 'isNoOpenCart', params: ({ event }) => ({ reply: event.output }) }, target: '#cart.empty' },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'assignServerCart', params: ({ event }) => ({ reply: event.output }) },
                      { type: 'assignCouponMessage', params: ({ event }) => ({ reply: event.output }) },
                      'clearCouponText',
                      'recordBadge',
                    ],
                  },
                ],
                onError: { target: 'idle', actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyRefusal'] },
              },
            },
          },
        },
        calendar: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'nextDeliveryDates',
                src: 'nextDeliveryDates',
                input: ({ context }) => {
                  const seen = new Map<string, { vendor_id: number; delivery_type: CartData['delivery_groups'][number]['type'] }>();
                  for (const g of context.cart?.delivery_groups ?? []) seen.set(calendarKey(g.vendor_id, g.type), { vendor_id: g.vendor_id, delivery_type: g.type });
                  return { vendors: [...seen.values()] };
                },
                onDone: [
                  {
                    guard: { type: 'isCalendar', params: ({ event }) => ({ reply: event.output }) },
                    target: 'loaded',
                    actions: [{ type: 'assignCalendar', params: ({ event }) => ({ reply: event.output }) }, 'sendCalendarToGroups'],
                  },
                  { target: 'failed', actions: { type: 'assignCalendarFailure', params: { message: 'Delivery dates are not available right now.' } } },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignCalendarFailure', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                },
              },
            },
            loaded: {},
            failed: {
              on: { 'cart.calendar.retry': { target: 'loading' } },
            },
          },
        },
        checkout: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'cart.checkout': { target: 'waiting' } },
            },
            waiting: {
              always: [{ guard: 'isSettled', target: 'deciding' }],
            },
            deciding: {
              always: [
                { guard: 'hasCheckoutProblems', target: 'idle', actions: 'assignProblems' },
                { guard: 'isGuest', target: 'leaving', actions: ['clearProblems', 'goToGuestRegister'] },
                { guard: 'isCardFirst', target: 'leaving', actions: ['clearProblems', 'recordNextTab', 'goToCard'] },
                { target: 'leaving', actions: ['clearProblems', 'recordNextTab', 'goToAddress'] },
              ],
            },
            leaving: {},
          },
        },
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { minuteTick: { target: 'ticking', reenter: true, actions: 'assignNow' } },
            },
          },
        },
      },
    },
  },
});
