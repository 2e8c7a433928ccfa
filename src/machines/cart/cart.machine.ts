import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { cartRequest, deliveryDatesRequest, nextDeliveryDates, showCart } from '../../api/cart.api.ts';
import type {
  CartData,
  CartReply,
  NextDeliveryDateBody,
  NextDeliveryDateEntry,
  NextDeliveryDateReply,
  ShowCartBody,
} from '../../api/contract/cart-page.contract.ts';
import type { Sent } from '../../api/http.ts';
import { checkoutProblems, checkoutTarget, hasCheckoutProblems, isWalletOnlyCart, type CheckoutProblems } from '../../rules/cart-checkout.ts';
import { cartCouponMachine, type CartCouponReport } from './cart-coupon.machine.ts';
import { cartLinesMachine, type CartLinesReport } from './cart-lines.machine.ts';
import { answerOf, errorOf, failureMessage, isMissingCart, isRefusal, replyMessage } from './cart-replies.ts';
import { deliveryGroupMachine, type DeliveryGroupReport } from './delivery-group.machine.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export type DeliveryGroupRef = ActorRefFrom<typeof deliveryGroupMachine>;
export type CartLinesRef = ActorRefFrom<typeof cartLinesMachine>;
export type CartCouponRef = ActorRefFrom<typeof cartCouponMachine>;

export interface CartInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock (tests pass a fixed one). */
  now?: (() => Date) | undefined;
}

export interface CartContext {
  session: ActorRefFrom<typeof sessionMachine>;
  clock: () => Date;
  /** Refreshed each minute: the Same Day "time left" label reads it. */
  now: Date;
  cartId: string | undefined;
  /** The last cart the server answered: what the page shows when a request fails. */
  cart: CartData | undefined;
  /** The line queue: quantities shown at once, sent after the debounce. */
  lines: CartLinesRef;
  /** The coupon box. */
  coupon: CartCouponRef;
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

/** What the page sends, and what the cart's children report (each answer carries the whole cart). */
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
  | CartLinesReport
  | CartCouponReport
  | DeliveryGroupReport;

/**
 * enqueueActions inside setup() cannot infer the machine's own action and actor unions (they are being defined), so
 * the group actions name their types: they enqueue only assign, sendTo and stopChild, and spawn only delivery groups.
 */
type GroupActor = { src: 'deliveryGroup'; logic: typeof deliveryGroupMachine; id: string | undefined };
const groupActions = (collect: Parameters<typeof enqueueActions<CartContext, CartEvent, undefined, CartEvent, GroupActor, never, never, never>>[0]) =>
  enqueueActions<CartContext, CartEvent, undefined, CartEvent, GroupActor, never, never, never>(collect);

function calendarKey(vendorId: number, type: string): string {
  return `${vendorId}:${type}`;
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

/** Dine-in and pick-up (the session's shippingType), or a cart of wallet redemptions only, go straight to the card tab. */
function cardFirst(context: CartContext): boolean {
  return checkoutTarget(context.session.getSnapshot().context.shippingType, isWalletOnlyCart(context.cart?.delivery_groups ?? [])) === '/cart/card';
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

/** Params from a child's report: the cart it got, or the message of its failure. */
const reportOf = ({ event }: { event: { reply: CartReply } }) => ({ reply: event.reply });
const messageOf = ({ event }: { event: { message: string } }) => ({ message: event.message });

/** A child's tag ('busy', 'saving'). Tests may swap a child's logic for one without tags: it then has none. */
function hasTag(ref: AnyActorRef, tag: string): boolean {
  const snapshot: unknown = ref.getSnapshot();
  return (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    'hasTag' in snapshot &&
    typeof snapshot.hasTag === 'function' &&
    snapshot.hasTag(tag) === true
  );
}

/**
 * The cart page (spec "Cart page", "Cart checkout", 4 "Checkout gating"): loads the server cart and hands it to its
 * children, each its own actor reporting every answer back: the line queue (quantities sent 800 ms after the last
 * change, rolled back when refused), the coupon box, and one delivery group per vendor location (date and slot). It
 * keeps the server's last cart, the header badge and the red toasts, loads the delivery calendar, and checks every
 * group before CHECKOUT leaves the page.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    input: {} as CartInput,
    events: {} as CartEvent,
  },
  delays: {
    minuteTick: 60_000,
  },
  actors: {
    showCart: fromPromise<CartReply, Sent<ShowCartBody>>(({ input }) => showCart(input)),
    nextDeliveryDates: fromPromise<NextDeliveryDateReply, Sent<NextDeliveryDateBody>>(({ input }) => nextDeliveryDates(input)),
    cartLines: cartLinesMachine,
    cartCoupon: cartCouponMachine,
    deliveryGroup: deliveryGroupMachine,
  },
  guards: {
    hasCartId: ({ context }) => context.cartId !== undefined,
    hasItems: (_, params: { reply: CartReply }) => !isRefusal(params.reply) && (params.reply.data?.result.length ?? 0) > 0,
    isMissingCart: (_, params: { error: unknown }) => isMissingCart(params.error),
    isCalendar: (_, params: { reply: NextDeliveryDateReply }) => params.reply.status === 1,
    // Checkout waits for quantities and coupons in flight: it must judge the cart the server will order.
    // CHECKOUT right after a date or slot click must wait for that save: until the server answers, the cart's groups
    // still say 'no slot', and deciding then would show 'Required' and drop the click.
    isSettled: ({ context }) =>
      !hasTag(context.lines, 'busy') && !hasTag(context.coupon, 'busy') && Object.values(context.groups).every((ref) => !hasTag(ref, 'saving')),
    hasCheckoutProblems: ({ context }) => hasCheckoutProblems(currentProblems(context)),
    isGuest: ({ context }) => !context.session.getSnapshot().context.Token,
    isCardFirst: ({ context }) => cardFirst(context),
  },
  actions: {
    assignServerCart: assign(({ context }, params: { reply: CartReply }) => withServerCart(context, params.reply.data)),
    assignRefusal: assign((_, params: { reply: CartReply }) => ({ message: replyMessage(params.reply) })),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: failureMessage(params.error) })),
    clearLoadError: assign({ loadError: undefined }),
    recordBadge: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: { total_products_in_cart: context.cart?.total_items_count ?? 0 } }),
    ),
    recordEmptyBadge: sendTo(({ context }) => context.session, { type: 'session.update', values: { total_products_in_cart: 0 } }),

    // ---- the children: the page's events go on to them, the server's carts too (to those that did not ask)
    forwardQuantity: sendTo(
      ({ context }) => context.lines,
      (_, params: { cartRid: number; qty: number }) => ({ type: 'lines.change' as const, ...params }),
    ),
    forwardRemoval: sendTo(
      ({ context }) => context.lines,
      (_, params: { cartRid: number }) => ({ type: 'lines.remove' as const, ...params }),
    ),
    flushLines: sendTo(({ context }) => context.lines, { type: 'lines.flush' }),
    syncLines: sendTo(
      ({ context }) => context.lines,
      ({ context }) => ({ type: 'lines.sync' as const, lines: context.cart?.result ?? [] }),
    ),
    forwardCouponText: sendTo(
      ({ context }) => context.coupon,
      (_, params: { code: string }) => ({ type: 'coupon.change' as const, ...params }),
    ),
    forwardCouponApply: sendTo(({ context }) => context.coupon, { type: 'coupon.apply' }),
    forwardCouponRemoval: sendTo(({ context }) => context.coupon, { type: 'coupon.remove' }),
    syncCoupon: sendTo(
      ({ context }) => context.coupon,
      (_, params: { reply: CartReply }) => ({ type: 'coupon.sync' as const, reply: params.reply }),
    ),

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

    // ---- checkout
    assignProblems: assign(({ context }) => ({ problems: currentProblems(context), checkoutTried: true })),
    clearProblems: assign({ problems: {}, checkoutTried: true }),
    recordNextTab: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({
        type: 'session.update' as const,
        values: { nextTab: cardFirst(context) ? 'card' : 'address' },
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
  description:
    "The cart page (cart-checkout-account.md, Cart page, Cart checkout rules and States and transitions, Checkout gating and Quantity change). It loads the shopper's cart, grouped by seller, and hands it to its parts: the quantity changes (sent 800 ms after the last click), the coupon box, and one delivery group per seller for its date and time slot. Every answer keeps the header's cart badge up to date and every failure is a red toast. CHECKOUT checks that each group has its date (and slot for same-day), then sends a guest to guest registration, a pick-up, dine-in or wallet cart to payment, and any other cart to the shipping address.",
  id: 'cart',
  context: ({ input, spawn, self }) => {
    const clock = input.now ?? (() => new Date());
    const cartId = input.session.getSnapshot().context.cart_id;
    return {
      session: input.session,
      clock,
      now: clock(),
      cartId,
      cart: undefined,
      lines: spawn('cartLines', { id: 'cartLines', input: { owner: self, cartId: cartId ?? '' } }),
      coupon: spawn('cartCoupon', { id: 'cartCoupon', input: { owner: self, cartId: cartId ?? '' } }),
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
      description: 'Checking whether the shopper has a cart at all.',
      always: [
        { description: 'The shopper has a cart: it is loaded.', guard: 'hasCartId', target: 'loading' },
        { description: 'No cart yet: the empty cart is shown.', target: 'empty' },
      ],
    },
    loading: {
      description: 'Loading the cart: its items grouped by seller, coupon and price summary.',
      entry: 'clearLoadError',
      invoke: {
        id: 'showCart',
        src: 'showCart',
        input: ({ context }) => cartRequest(context.cartId ?? ''),
        onDone: [
          {
            description: "The cart has items: it is shown, the badge updated and each seller's delivery group set up.",
            guard: { type: 'hasItems', params: answerOf },
            target: 'ready',
            actions: [
              { type: 'assignServerCart', params: answerOf },
              'recordBadge',
              'syncGroups',
              'syncLines',
              { type: 'syncCoupon', params: answerOf },
            ],
          },
          { description: 'The cart has no items (or the server refused): the empty cart is shown.', target: 'empty' },
        ],
        onError: [
          // Not this shopper's cart (or gone): nothing to show.
          {
            description: "The cart is gone or not this shopper's: the empty cart is shown.",
            guard: { type: 'isMissingCart', params: errorOf },
            target: 'empty',
          },
          {
            description: 'The cart could not be loaded: the reason is shown.',
            target: 'failed',
            actions: { type: 'assignLoadError', params: errorOf },
          },
        ],
      },
    },
    failed: {
      description: 'The cart could not be loaded: the reason is shown and the shopper may try again.',
      on: { 'cart.retry': { target: 'loading' } },
    },
    empty: {
      description: "'Hey fill me, i am Empty': the cart has no items; Start Shopping goes to the store.",
      entry: ['stopGroups', 'recordEmptyBadge'],
      on: { 'cart.shop': { actions: 'goToStore' } },
    },
    ready: {
      description:
        "The cart is shown: the shopper changes quantities, removes items, applies a coupon, picks each seller's delivery date and slot, and presses CHECKOUT.",
      type: 'parallel',
      on: {
        'cart.quantity.change': { actions: { type: 'forwardQuantity', params: ({ event }) => ({ cartRid: event.cartRid, qty: event.qty }) } },
        'cart.line.remove': { actions: { type: 'forwardRemoval', params: ({ event }) => ({ cartRid: event.cartRid }) } },
        'cart.coupon.change': { actions: { type: 'forwardCouponText', params: ({ event }) => ({ code: event.code }) } },
        'cart.coupon.apply': { actions: 'forwardCouponApply' },
        'cart.coupon.remove': { actions: 'forwardCouponRemoval' },
        // Every answer a child reports is the whole cart: the cart keeps it and passes it on to the others.
        'lines.saved': {
          actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncGroups', { type: 'syncCoupon', params: reportOf }],
        },
        'lines.refused': {
          actions: [
            { type: 'assignServerCart', params: reportOf },
            { type: 'assignRefusal', params: reportOf },
            'notifyRefusal',
            'recordBadge',
            { type: 'syncCoupon', params: reportOf },
          ],
        },
        'coupon.saved': { actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncLines'] },
        'group.saved': {
          actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncLines', { type: 'syncCoupon', params: reportOf }],
        },
        // A failure any child reports is one red toast.
        'lines.failed': { actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'] },
        'coupon.failed': { actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'] },
        'group.failed': { actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'] },
        'lines.emptied': { target: 'empty' },
        'coupon.emptied': { target: 'empty' },
      },
      states: {
        calendar: {
          description: "The sellers' next delivery dates and holidays, which the date pickers follow.",
          initial: 'loading',
          states: {
            loading: {
              description: "Loading each seller's next delivery date and holidays.",
              invoke: {
                id: 'nextDeliveryDates',
                src: 'nextDeliveryDates',
                input: ({ context }) => deliveryDatesRequest(context.cart?.delivery_groups ?? []),
                onDone: [
                  {
                    description: "The dates are known: each seller's date picker gets its own.",
                    guard: { type: 'isCalendar', params: answerOf },
                    target: 'loaded',
                    actions: [{ type: 'assignCalendar', params: answerOf }, 'sendCalendarToGroups'],
                  },
                  {
                    description: "The server had no dates: 'Delivery dates are not available right now.'",
                    target: 'failed',
                    actions: { type: 'assignCalendarFailure', params: { message: 'Delivery dates are not available right now.' } },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignCalendarFailure', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                },
              },
            },
            loaded: { description: "The delivery dates are known: each seller's date picker offers only its deliverable days." },
            failed: {
              description: 'The delivery dates could not be loaded: the message is shown and the shopper may try again.',
              on: { 'cart.calendar.retry': { target: 'loading' } },
            },
          },
        },
        checkout: {
          description: 'What happens when the shopper presses CHECKOUT.',
          initial: 'idle',
          states: {
            idle: {
              description: "The shopper has not pressed CHECKOUT (or was shown which dates and slots are still 'Required').",
              // CHECKOUT does not wait out the quantity debounce: the line queue sends what waits at once.
              on: {
                'cart.checkout': {
                  description: 'CHECKOUT: quantity changes waiting for their 800 ms are sent at once.',
                  target: 'waiting',
                  actions: 'flushLines',
                },
              },
            },
            // Re-checked after every event the cart takes, its children's reports included: 'lines.settled' (which
            // needs no handler of its own) says the queue has nothing waiting or in flight any more.
            waiting: {
              description: 'CHECKOUT was pressed: waiting for quantity, coupon and date changes still on their way to the server.',
              always: [
                { description: 'Nothing is on its way to the server any more: the cart can be judged.', guard: 'isSettled', target: 'deciding' },
              ],
            },
            deciding: {
              description: 'Checking every seller has its date (and slot for same-day) and where the shopper goes next.',
              always: [
                {
                  description: "A seller still needs a date or a slot: 'Required' is shown beside it and the shopper stays.",
                  guard: 'hasCheckoutProblems',
                  target: 'idle',
                  actions: 'assignProblems',
                },
                {
                  description: 'A guest: on to guest registration (email-only checkout).',
                  guard: 'isGuest',
                  target: 'leaving',
                  actions: ['clearProblems', 'goToGuestRegister'],
                },
                {
                  description: 'A pick-up, dine-in or wallet cart: straight to the payment step.',
                  guard: 'isCardFirst',
                  target: 'leaving',
                  actions: ['clearProblems', 'recordNextTab', 'goToCard'],
                },
                {
                  description: 'A delivery cart: on to the shipping address.',
                  target: 'leaving',
                  actions: ['clearProblems', 'recordNextTab', 'goToAddress'],
                },
              ],
            },
            leaving: { description: 'The shopper is on the way to guest registration, payment or the shipping address.' },
          },
        },
        clock: {
          description: "Today's date, kept current so the date pickers never offer a day that has passed.",
          initial: 'ticking',
          states: {
            ticking: {
              description: 'Reading the clock once a minute.',
              after: { minuteTick: { target: 'ticking', reenter: true, actions: 'assignNow' } },
            },
          },
        },
      },
    },
  },
});
