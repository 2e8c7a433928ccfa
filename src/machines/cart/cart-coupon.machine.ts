import { assign, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import { applyCouponRequest, removeCouponRequest, showCart } from '../../api/cart.api.ts';
import type { CartReply, ShowCartBody } from '../../api/contract/cart-page.contract.ts';
import type { Sent } from '../../api/http.ts';
import { requiredMessage } from '../../rules/cart-checkout.ts';
import { answerOf, couponRefusal, errorOf, failureMessage, isRefusal } from './cart-replies.ts';

export interface CouponMessage {
  kind: 'success' | 'error';
  text: string;
}

/** What the coupon box tells the cart that spawned it: every answer carries the whole cart. */
export type CartCouponReport =
  | { type: 'coupon.saved'; reply: CartReply }
  | { type: 'coupon.failed'; message: string }
  /** showcart found no open cart (code -1): it was ordered or closed meanwhile. */
  | { type: 'coupon.emptied' };

export type CartCouponOwner = ActorRef<Snapshot<unknown>, CartCouponReport>;

export interface CartCouponInput {
  owner: CartCouponOwner;
  cartId: string;
}

export interface CartCouponContext {
  owner: CartCouponOwner;
  cartId: string;
  /** The coupon the server holds on the cart, if any. */
  applied: string | null;
  couponText: string;
  couponMessage: CouponMessage | undefined;
}

export type CartCouponEvent =
  | { type: 'coupon.change'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'coupon.remove' }
  /** The cart as another request answered it (the first load, a line, a delivery date). */
  | { type: 'coupon.sync'; reply: CartReply };

/**
 * The cart page's coupon box (spec "Cart page"): APPLY sends the typed code with showcart, REMOVE takes the applied
 * one off; the server's message shows below the box. Any cart reply may carry code 2 (a coupon that stopped applying
 * was taken off): the cart passes every reply it takes on, and the box shows that message too. Tagged 'busy' while a
 * request is out.
 */
export const cartCouponMachine = setup({
  types: {
    context: {} as CartCouponContext,
    input: {} as CartCouponInput,
    events: {} as CartCouponEvent,
  },
  actors: {
    showCart: fromPromise<CartReply, Sent<ShowCartBody>>(({ input }) => showCart(input)),
  },
  guards: {
    hasCouponText: ({ context }) => context.couponText.trim() !== '',
    hasAppliedCoupon: ({ context }) => Boolean(context.applied),
    isNoOpenCart: (_, params: { reply: CartReply }) => isRefusal(params.reply),
  },
  actions: {
    assignCouponText: assign(({ event }) => (event.type === 'coupon.change' ? { couponText: event.code } : {})),
    assignCouponRequired: assign({ couponMessage: { kind: 'error', text: requiredMessage } }),
    assignApplied: assign(({ context }, params: { reply: CartReply }) => ({
      applied: params.reply.data ? params.reply.data.coupon_code : context.applied,
    })),
    assignCouponMessage: assign((_, params: { reply: CartReply }) => {
      const refusal = couponRefusal(params.reply);
      if (refusal !== undefined) return { couponMessage: { kind: 'error' as const, text: refusal } };
      const text = params.reply.message;
      return { couponMessage: text ? { kind: 'success' as const, text } : undefined };
    }),
    assignCouponDrop: assign((_, params: { reply: CartReply }) => {
      const refusal = couponRefusal(params.reply);
      return refusal === undefined ? {} : { couponMessage: { kind: 'error' as const, text: refusal } };
    }),
    clearCouponText: assign({ couponText: '' }),
    // An applied code moves from the box to 'Applied: CODE'; a refused one stays to be corrected.
    clearAppliedCouponText: assign((_, params: { reply: CartReply }) => (params.reply.code === 1 ? { couponText: '' } : {})),
    reportSaved: sendTo(
      ({ context }) => context.owner,
      (_, params: { reply: CartReply }) => ({ type: 'coupon.saved' as const, reply: params.reply }),
    ),
    reportFailure: sendTo(
      ({ context }) => context.owner,
      (_, params: { error: unknown }) => ({ type: 'coupon.failed' as const, message: failureMessage(params.error) }),
    ),
    reportEmptied: sendTo(({ context }) => context.owner, { type: 'coupon.emptied' }),
  },
}).createMachine({
  description:
    "The cart page's coupon box (cart-checkout-account.md, Cart page; Show cart with its optional coupon_code). APPLY sends the typed code, REMOVE takes the applied one off, and the server's message shows below the box: the coupon's success, or why it was refused (expired, used up, minimum not met). Any later cart answer may say a coupon stopped applying, and the box shows that too. An empty box answers 'Required'.",
  id: 'cartCoupon',
  context: ({ input }) => ({ owner: input.owner, cartId: input.cartId, applied: null, couponText: '', couponMessage: undefined }),
  initial: 'idle',
  on: {
    'coupon.sync': {
      description: 'The cart was saved elsewhere: the applied coupon (or its removal) is taken from it.',
      actions: [
        { type: 'assignApplied', params: ({ event }) => ({ reply: event.reply }) },
        { type: 'assignCouponDrop', params: ({ event }) => ({ reply: event.reply }) },
      ],
    },
  },
  states: {
    idle: {
      description: 'The shopper may type a code and press APPLY, or REMOVE the applied coupon.',
      on: {
        'coupon.change': { description: 'The shopper types a coupon code.', actions: 'assignCouponText' },
        'coupon.apply': [
          { description: 'A code is typed: it is applied.', guard: 'hasCouponText', target: 'applying' },
          { description: "APPLY with an empty box: 'Required'.", actions: 'assignCouponRequired' },
        ],
        'coupon.remove': { description: 'The shopper removes the applied coupon.', guard: 'hasAppliedCoupon', target: 'removing' },
      },
    },
    applying: {
      description: 'Applying the typed coupon: the cart is priced again with it.',
      tags: ['busy'],
      invoke: {
        id: 'showCart',
        src: 'showCart',
        input: ({ context }) => applyCouponRequest(context.cartId, context.couponText),
        onDone: [
          {
            description: 'The cart is no longer open: the empty cart is shown.',
            guard: { type: 'isNoOpenCart', params: answerOf },
            target: 'closed',
          },
          {
            description: 'The server answered: the coupon is applied or its refusal is shown, and the cart gets the new totals.',
            target: 'idle',
            actions: [
              { type: 'assignApplied', params: answerOf },
              { type: 'assignCouponMessage', params: answerOf },
              { type: 'clearAppliedCouponText', params: answerOf },
              { type: 'reportSaved', params: answerOf },
            ],
          },
        ],
        onError: {
          description: 'The coupon could not be applied (offline, server error): the cart reports why.',
          target: 'idle',
          actions: { type: 'reportFailure', params: errorOf },
        },
      },
    },
    removing: {
      description: 'Taking the applied coupon off: the cart is priced again without it.',
      tags: ['busy'],
      invoke: {
        id: 'showCart',
        src: 'showCart',
        input: ({ context }) => removeCouponRequest(context.cartId),
        onDone: [
          {
            description: 'The cart is no longer open: the empty cart is shown.',
            guard: { type: 'isNoOpenCart', params: answerOf },
            target: 'closed',
          },
          {
            description: 'The coupon is off: the cart gets the new totals.',
            target: 'idle',
            actions: [
              { type: 'assignApplied', params: answerOf },
              { type: 'assignCouponMessage', params: answerOf },
              'clearCouponText',
              { type: 'reportSaved', params: answerOf },
            ],
          },
        ],
        onError: {
          description: 'The coupon could not be removed (offline, server error): the cart reports why.',
          target: 'idle',
          actions: { type: 'reportFailure', params: errorOf },
        },
      },
    },
    /** No open cart any more: the cart shows its empty state. */
    closed: { description: 'The cart is no longer open: the cart page shows its empty state.', type: 'final', entry: 'reportEmptied' },
  },
});
