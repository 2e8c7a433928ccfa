import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { nextDeliveryDates, removeKept, showCart } from '../../api/cart.api.ts';
import type {
  CartData,
  CartReply,
  NextDeliveryDateBody,
  NextDeliveryDateEntry,
  NextDeliveryDateReply,
  RemoveKeptBody,
  ShowCartBody,
} from '../../api/contract/cart-page.contract.ts';
import type { Sent } from '../../api/http.ts';
import {
  checkoutProblems,
  checkoutTarget,
  chosenOptionOf,
  hasCheckoutProblems,
  hasDeliveredGroup,
  isWalletOnlyCart,
  type CheckoutProblems,
} from '../../rules/cart-checkout.ts';
import { cartCouponMachine, type CartCouponReport } from './cart-coupon.machine.ts';
import { cartLinesMachine, type CartLinesReport } from './cart-lines.machine.ts';
import { failureMessage, isMissingCart, isRefusal, replyMessage } from './cart-replies.ts';
import { deliveryGroupMachine, type DeliveryGroupReport } from './delivery-group.machine.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { deliveryPreferenceOf, orderedCartKeys } from '../app/session-choices.ts';
import { isSignedIn } from '../app/session-values.ts';
import { isSaidBySessionEnded } from '../app/session-ended.ts';
import { restartKeptChoices, type CheckoutStorage } from '../checkout/checkout-kept.ts';

export type DeliveryGroupRef = ActorRefFrom<typeof deliveryGroupMachine>;
export type CartLinesRef = ActorRefFrom<typeof cartLinesMachine>;
export type CartCouponRef = ActorRefFrom<typeof cartCouponMachine>;

export interface CartInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The tab's storage of the checkout's kept choices: CHECKOUT starts the checkout again from them (walk 9 #4). */
  checkoutStorage?: CheckoutStorage | undefined;
  /** The clock (tests pass a fixed one). */
  now?: (() => Date) | undefined;
}

export interface CartContext {
  session: ActorRefFrom<typeof sessionMachine>;
  checkoutStorage: CheckoutStorage | undefined;
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
  /** Take away a line kept for another zip (decision 047). */
  | { type: 'cart.kept.remove'; keptId: number }
  /** The tab is shown again or takes the focus: the cart is read again (it may have been ordered in another tab). */
  | { type: 'cart.refresh' }
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

/**
 * Dine-in and pick-up (the session's shippingType), or a cart of wallet redemptions only, go straight to the card tab;
 * not a wallet order's cart with a delivered line.
 */
function cardFirst(context: CartContext): boolean {
  const groups = context.cart?.delivery_groups ?? [];
  const stored = context.session.getSnapshot().context;
  // A wallet ADD TO CART sets Dine-In (walk 5) on a cart that may hold delivered lines: those still need an address.
  const delivered = stored.walletOrder === true && hasDeliveredGroup(groups);
  return checkoutTarget(stored.shippingType, isWalletOnlyCart(groups), delivered) === '/cart/card';
}

function currentProblems(context: CartContext): CheckoutProblems {
  const stored = context.session.getSnapshot().context;
  // The table this browser chose: place order sends it on Dine-In, or for a cart of wallet redemptions.
  const browserVisit = stored.shippingType === 'dine-in' || stored.walletOrder === true ? stored.dineinTime : undefined;
  // Walk 8 #3: the option this browser chose, which the cart's lines must be for (changed in another browser, they may not).
  const chosen = chosenOptionOf(stored.shippingType, stored.walletOrder);
  // A line sold out or short since it was added keeps CHECKOUT here (walk 9 #2), as place order would refuse it.
  return checkoutProblems(context.cart?.delivery_groups ?? [], minDates(context), browserVisit, chosen, context.cart?.result ?? []);
}

/** The new server cart, and the checkout problems kept current once they are on screen. */
function withServerCart(context: CartContext, cart: CartData | undefined): Partial<CartContext> {
  if (!cart) return {};
  // Only showcart and removekept list the kept lines (decision 047): another answer keeps the last list.
  if (cart.kept_lines === undefined && context.cart?.kept_lines !== undefined) cart = { ...cart, kept_lines: context.cart.kept_lines };
  const next = { ...context, cart };
  return { cart, problems: context.checkoutTried ? currentProblems(next) : context.problems };
}

/** Params from a child's report: the cart it got, or the message of its failure. */
export const reportOf = ({ event }: { event: { reply: CartReply } }) => ({ reply: event.reply });
export const messageOf = ({ event }: { event: { message: string } }) => ({ message: event.message });

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

/** The cart machine's types and implementations (guards, actions, actors, delays): its chart is cart.machine.ts. */
export const cartSetup = setup({
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
    removeKept: fromPromise<CartReply, Sent<RemoveKeptBody>>(({ input }) => removeKept(input)),
    cartLines: cartLinesMachine,
    cartCoupon: cartCouponMachine,
    deliveryGroup: deliveryGroupMachine,
  },
  guards: {
    hasCartId: ({ context }) => context.cartId !== undefined,
    hasItems: (_, params: { reply: CartReply }) => !isRefusal(params.reply) && (params.reply.data?.result.length ?? 0) > 0,
    isMissingCart: (_, params: { error: unknown }) => isMissingCart(params.error),
    // The 401 'Please sign in again.' that ended the session (http.ts ends it before the call fails): the page's
    // session-ended notice says it, once, with its sign-in (the rule useShownMessage follows too).
    isToldBySessionEnded: ({ context }, params: { error: unknown }) =>
      isSaidBySessionEnded(failureMessage(params.error), context.session.getSnapshot().context),
    // showcart names the shopper's cart of now only for a cart of theirs that was ordered (in another tab).
    isOrderedCart: ({ context }, params: { reply: CartReply }) => context.cartId !== undefined && params.reply.current_cart !== undefined,
    // A browser holding no cart asked a signed-in account's: it has one (filled in another browser).
    isAccountCart: ({ context }, params: { reply: CartReply }) => context.cartId === undefined && Boolean(params.reply.current_cart?.cart_id),
    isSignedIn: ({ context }) => isSignedIn(context.session.getSnapshot().context),
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
    // Ordered in another tab: this tab forgets that cart as the ordering tab did, and goes on with the cart of now (the
    // page opens it: its cart machine follows the session's cart_id).
    forgetOrderedCart: sendTo(({ context }) => context.session, { type: 'session.forget', keys: [...orderedCartKeys] }),
    recordCurrentCart: sendTo(
      ({ context }) => context.session,
      (_, params: { reply: CartReply }) => {
        const current = params.reply.current_cart;
        const values = { total_products_in_cart: current?.total_items_count ?? 0, ...(current?.cart_id ? { cart_id: current.cart_id } : {}) };
        return { type: 'session.update' as const, values };
      },
    ),

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
                // The Delivery option's date and slot (/ship/options), for a seller with no date of its own yet.
                preferred: deliveryPreferenceOf(current.session.getSnapshot().context),
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
    // A new CHECKOUT is a new checkout (spec "Checkout gating"): the address tab first, the speed, its dates and the
    // payment chosen again (walk 9 #4: it reopened the last checkout's summary, whose dates the bank rule read).
    restartCheckout: ({ context }) => {
      if (context.checkoutStorage) restartKeptChoices(context.checkoutStorage, context.cartId);
    },
    assignNow: assign(({ context }) => ({ now: context.clock() })),

    // Navigation and toasts belong to the page: it provides these.
    goToAddress: () => undefined,
    goToCard: () => undefined,
    goToGuestRegister: () => undefined,
    goToStore: () => undefined,
    notifyRefusal: () => undefined,
  },
});
