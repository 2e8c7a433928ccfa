import { assign, fromPromise, sendParent, setup } from 'xstate';
import { showCart } from '../../api/cart.api.ts';
import { confirmOrder, orderReview, placeOrder } from '../../api/checkout.api.ts';
import type { CartReply, ShowCartBody } from '../../api/contract/cart-page.contract.ts';
import {
  cardIdField,
  orderedCartField,
  shownTotalField,
  type OrderReviewBody,
  type OrderReviewData,
  type OrderReviewReply,
  type PlaceOrderBody,
  type PlaceOrderReply,
} from '../../api/contract/checkout.contract.ts';
import { deliveryAddressField } from '../../api/contract/shipping.contract.ts';
import type { StripeDetailsReply, TestAuthenticateReply } from '../../api/contract/payment.contract.ts';
import type { Sent } from '../../api/http.ts';
import { stripeDetails, testAuthenticate } from '../../api/payments.api.ts';
import { requiredMessage as couponRequiredMessage } from '../../rules/cart-checkout.ts';
import { checkoutMessages, placeOrderOutcome, type PlaceOrderOutcome } from '../../rules/checkout-flow.ts';
import { isFacePassRefusal } from '../../rules/face-check.ts';
import { giftMessageProblem } from '../../rules/gift-message.ts';
import { giftApplies } from '../../rules/wallet.ts';
import type { SubstitutionPreference } from '../../rules/catch-weight.ts';
import type { TipPercent } from '../../rules/tips.ts';
import type { CouponMessage } from '../cart/cart-coupon.machine.ts';
import type { CartFlow, CheckoutReport } from './checkout-flow.types.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { failureText, goneRecordText } from './checkout-errors.ts';
import { fieldRefusal, replyRefusal, summaryStockRefusal, withoutFieldName, type PlaceOrderRefusal } from '../../rules/place-order-refusal.ts';
import { ApiError } from '../../api/http.ts';
import { isSignInAgain } from '../../api/token-refusal.ts';

export interface CheckoutSummaryInput {
  cartId: string;
  /** The cart flow as the earlier steps left it (this step changes only the tip and the gift). */
  flow: CartFlow;
}

export interface CheckoutSummaryContext {
  cartId: string;
  flow: CartFlow;
  /** Only 1 Hour Delivery takes a driver tip (the speed is chosen before this step). */
  tipOffered: boolean;
  review: OrderReviewData | undefined;
  reviewMessage: string | undefined;
  /** The summary's coupon box: what is typed, and the server's answer to the last apply or remove. */
  couponText: string;
  couponMessage: CouponMessage | undefined;
  orderId: string | undefined;
  /** The last answer of place order or confirm, which 'settling' routes. */
  orderReply: PlaceOrderReply | undefined;
  /** The bank check (3-D Secure) the order's payment waits for. */
  authentication: { clientSecret: string; gateway: 'test' | 'stripe' } | undefined;
  /** Stripe's publishable key, for the page's Stripe.js to run the bank check. */
  publishableKey: string | undefined;
  /** Per cart line (cart_rid), what the seller may do if it is out when picked; unset lines take the default. */
  substitutions: Readonly<Record<number, SubstitutionPreference>>;
  /** The server's words when the chosen saved card was removed (another tab): the step ends so another can be chosen. */
  cardGone: string | undefined;
  /** The cart was ordered meanwhile (another tab): the step ends and the checkout goes back to the cart. */
  cartOrdered: boolean;
  /** The server's words when the chosen delivery address was deleted (another tab): the step ends so another can be chosen. */
  addressGone: string | undefined;
  /** Place order's refusal, kept next to PLACE ORDER until the shopper changes something (walk 3 #1: a 4 s snackbar). */
  refusal: PlaceOrderRefusal | undefined;
}

export type CheckoutSummaryEvent =
  | { type: 'tip.choose'; percent: TipPercent }
  | { type: 'gift.toggle' }
  | { type: 'substitution.choose'; cartRid: number; preference: SubstitutionPreference }
  | { type: 'gift.message.change'; text: string }
  | { type: 'review.retry' }
  | { type: 'coupon.change'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'coupon.remove' }
  | { type: 'order.place' }
  | { type: 'payment.authenticate'; complete: boolean };

/**
 * How the order ended: placed, or declined at the charge (the page then shows /payment/fail); or, the chosen card or
 * delivery address gone, why (no outcome then).
 */
export interface CheckoutSummaryOutput {
  outcome: Extract<PlaceOrderOutcome, { kind: 'placed' | 'declined' }> | undefined;
  cardGone?: string | undefined;
  cartOrdered?: true;
  addressGone?: string | undefined;
}

/**
 * Whether the order goes as a gift: chosen, and the reviewed order can be one (giftApplies: not wallet redemptions
 * only, whose summary offers no toggle; a gift kept from an earlier checkout is neither checked nor sent).
 */
export function isGiftSent(context: Pick<CheckoutSummaryContext, 'flow' | 'review'>): boolean {
  return context.flow.isGift && (context.review === undefined || giftApplies(context.review.result));
}

/**
 * A refusal in words (a 4xx), kept on the summary beside PLACE ORDER; not a lost connection or a server fault (the
 * snackbar's), nor the session's end (the 401 'Please sign in again.', the page's notice's, with its sign-in: seam b6 #1).
 */
function isRefusalInWords(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && !isSignInAgain(error);
}

function outcomeOf(context: CheckoutSummaryContext): PlaceOrderOutcome | undefined {
  return context.orderReply ? placeOrderOutcome(context.orderReply) : undefined;
}

export function summaryOutput(context: CheckoutSummaryContext): CheckoutSummaryOutput {
  if (context.cartOrdered) return { outcome: undefined, cartOrdered: true };
  if (context.cardGone !== undefined) return { outcome: undefined, cardGone: context.cardGone };
  if (context.addressGone !== undefined) return { outcome: undefined, addressGone: context.addressGone };
  const outcome = outcomeOf(context);
  return { outcome: outcome?.kind === 'placed' || outcome?.kind === 'declined' ? outcome : undefined };
}

/** The checkout-summary machine's types and implementations (guards, actions, actors, delays): its chart is checkout-summary.machine.ts. */
export const checkoutSummarySetup = setup({
  types: {
    context: {} as CheckoutSummaryContext,
    input: {} as CheckoutSummaryInput,
    events: {} as CheckoutSummaryEvent,
    output: {} as CheckoutSummaryOutput,
  },
  actors: {
    orderReview: fromPromise<OrderReviewReply, Sent<OrderReviewBody>>(({ input }) => orderReview(input)),
    placeOrder: fromPromise<PlaceOrderReply, Sent<PlaceOrderBody>>(({ input }) => placeOrder(input)),
    // The cart's own coupon call (POST /api/cart/showcart with coupon_code or remove_coupon); the review then re-prices.
    changeCoupon: fromPromise<CartReply, Sent<ShowCartBody>>(({ input }) => showCart(input)),
    loadStripeKey: fromPromise<StripeDetailsReply>(() => stripeDetails()),
    // Stripe's bank check in the shopper's browser: provided by the page, which loads Stripe.js.
    handleNextAction: fromPromise<void, { clientSecret: string; publishableKey: string }>(async () => {
      throw new Error('No bank check is available here.');
    }),
    // The test gateway's bank page, answered by the shopper.
    answerTestBank: fromPromise<TestAuthenticateReply, { clientSecret: string; complete: boolean }>(({ input }) =>
      testAuthenticate(input.clientSecret, input.complete),
    ),
    confirmOrder: fromPromise<PlaceOrderReply, { orderId: string }>(({ input }) => confirmOrder(input.orderId)),
  },
  guards: {
    isCodeOne: (_, params: { code: number }) => params.code === 1,
    isTipOffered: ({ context }) => context.tipOffered,
    hasCouponText: ({ context }) => context.couponText.trim() !== '',
    /**
     * PLACE ORDER may be pressed: a gift message within its limit, and no refusal standing that another tab must fix
     * (the same order would be refused again: walk 3 #1 left PLACE ORDER on under it).
     */
    isPlaceable: ({ context }) =>
      (!isGiftSent(context) || giftMessageProblem(context.flow.giftMessage) === undefined) && context.refusal?.fixAt === undefined,
    hasAppliedCoupon: ({ context }) => Boolean(context.review?.coupon_code),
    isPlaced: ({ context }) => outcomeOf(context)?.kind === 'placed',
    isDeclined: ({ context }) => outcomeOf(context)?.kind === 'declined',
    isAuthenticationNeeded: ({ context }) => outcomeOf(context)?.kind === 'authenticate',
    isFacePassMissing: ({ context }) => {
      const outcome = outcomeOf(context);
      return outcome?.kind === 'refused' && isFacePassRefusal(outcome.message);
    },
    isCardGone: (_, params: { error: unknown }) => goneRecordText(params.error, cardIdField) !== undefined,
    isCartOrdered: (_, params: { error: unknown }) => goneRecordText(params.error, orderedCartField) !== undefined,
    isAddressGone: (_, params: { error: unknown }) => goneRecordText(params.error, deliveryAddressField) !== undefined,
    // Walk 5 #3: the cart no longer comes to the total the summary showed (changed in another tab).
    isSummaryOutdated: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 400 && params.error.errors.some((e) => e.field === shownTotalField),
    // Place order refused in words (a 4xx): said once, beside PLACE ORDER (decision 087 left: a snackbar over the button
    // repeated it for 4 s).
    isRefusedInWords: (_, params: { error: unknown }) => isRefusalInWords(params.error),
    isStripeCheck: ({ context }) => context.authentication?.gateway === 'stripe',
    hasPublishableKey: (_, params: { reply: StripeDetailsReply }) => params.reply.code === 1 && Boolean(params.reply.data?.publishable_key),
  },
  actions: {
    // A line sold out since CHECKOUT (priced out by the server, marked on the summary) keeps PLACE ORDER off, with the
    // way back to the cart (decision 088 left); any other refusal standing (the cart changed) is kept as it is.
    assignReview: assign(({ context }, params: { reply: OrderReviewReply }) => ({
      review: params.reply.data,
      reviewMessage: undefined,
      refusal: summaryStockRefusal(params.reply.data?.result ?? []) ?? context.refusal,
    })),
    // A refusal in words (a 4xx) is kept on the summary; a lost connection or a server fault is only the snackbar's, and
    // the session's end (the 401 'Please sign in again.') the page's notice's, with its sign-in (seam b6 #1).
    assignErrorRefusal: assign((_, params: { error: unknown }) => ({
      refusal: isRefusalInWords(params.error) ? fieldRefusal(params.error.errors, params.error.message) : undefined,
    })),
    // A refusal naming cart lines (stock) leads back to the cart, where they are marked (walk 9 #2).
    assignReplyRefusal: assign(({ context }) => ({ refusal: replyRefusal(context.orderReply, checkoutMessages.placeOrderFailed) })),
    clearRefusal: assign({ refusal: undefined }),
    assignReviewMessage: assign((_, params: { message: string }) => ({ reviewMessage: params.message })),
    assignTip: assign(({ context, event }) => (event.type === 'tip.choose' ? { flow: { ...context.flow, tipPercent: event.percent } } : {})),
    toggleGift: assign(({ context }) => ({ flow: { ...context.flow, isGift: !context.flow.isGift } })),
    assignSubstitution: assign(({ context, event }) =>
      event.type === 'substitution.choose' ? { substitutions: { ...context.substitutions, [event.cartRid]: event.preference } } : {},
    ),
    assignGiftMessage: assign(({ context, event }) =>
      event.type === 'gift.message.change' ? { flow: { ...context.flow, giftMessage: event.text } } : {},
    ),
    assignCouponText: assign(({ event }) => (event.type === 'coupon.change' ? { couponText: event.code } : {})),
    assignCouponRequired: assign({ couponMessage: { kind: 'error', text: couponRequiredMessage } }),
    // Code 1 with the server's words is a success; code 2 is a refusal (expired, used up, minimum not met ...).
    assignCouponReply: assign((_, params: { reply: CartReply }) => {
      const text = params.reply.message;
      if (params.reply.code !== 1) return { couponMessage: { kind: 'error' as const, text: text ?? somethingWentWrongMessage } };
      return { couponMessage: text ? { kind: 'success' as const, text } : undefined, couponText: '' };
    }),
    assignCouponFailure: assign((_, params: { error: unknown }) => ({ couponMessage: { kind: 'error' as const, text: failureText(params.error) } })),
    assignOrderReply: assign((_, params: { reply: PlaceOrderReply }) => ({ orderReply: params.reply })),
    assignOrderId: assign(({ context }) => ({ orderId: context.orderReply?.order_id })),
    assignAuthentication: assign(({ context }) => {
      const outcome = outcomeOf(context);
      return outcome?.kind === 'authenticate'
        ? { orderId: outcome.orderId, authentication: { clientSecret: outcome.clientSecret, gateway: outcome.gateway } }
        : {};
    }),
    assignCardGone: assign((_, params: { error: unknown }) => ({ cardGone: goneRecordText(params.error, cardIdField) })),
    assignCartOrdered: assign({ cartOrdered: true }),
    assignAddressGone: assign((_, params: { error: unknown }) => ({ addressGone: goneRecordText(params.error, deliveryAddressField) })),
    assignPublishableKey: assign((_, params: { reply: StripeDetailsReply }) => ({ publishableKey: params.reply.data?.publishable_key })),
    // ---- reports to the tabs machine
    reportSummaryChoices: sendParent(({ context }): CheckoutReport => ({
      type: 'summary.choices',
      choices: { tipPercent: context.flow.tipPercent, isGift: context.flow.isGift, giftMessage: context.flow.giftMessage },
    })),
    // The header's badge takes the count of what the order would hold (it still counted a line sold out meanwhile).
    reportCartCount: sendParent(({ context }): CheckoutReport => ({ type: 'cart.count', count: context.review?.total_items_count ?? 0 })),
    reportNotice: sendParent((_, params: { message: string }): CheckoutReport => ({ type: 'notice.show', message: params.message })),
    reportReplyMessage: sendParent(({ context }): CheckoutReport => ({
      type: 'notice.show',
      message: withoutFieldName(context.orderReply?.message || checkoutMessages.placeOrderFailed),
    })),
    reportFaceRequired: sendParent((): CheckoutReport => ({ type: 'face.required' })),
    reportOrderStarted: sendParent((): CheckoutReport => ({ type: 'order.started' })),
    reportOrderEnded: sendParent((): CheckoutReport => ({ type: 'order.ended' })),
  },
});
