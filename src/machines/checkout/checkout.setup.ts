import { and, assign, fromCallback, fromPromise, not, or, raise, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import { showCart } from '../../api/cart.api.ts';
import type { CartLine, CartReply } from '../../api/contract/cart-page.contract.ts';
import {
  checkoutSnackbarMs,
  flagsOnEntering,
  isFaceCheckRequired,
  keptBackCappedMessage,
  type CheckoutStep,
  type ShippingAddress,
  type TabFlags,
} from '../../rules/checkout-flow.ts';
import { ageCheckGapOf, checkoutGapOf, isFacePassFresh, type IdentityGap } from '../../rules/face-check.ts';
import { isTipAllowed } from '../../rules/tips.ts';
import { deliveryDaysOf } from '../../rules/bank-account.ts';
import { isWalletOnlyLines } from '../../rules/wallet.ts';
import { checkoutAddressMachine } from './checkout-address.machine.ts';
import { checkoutCardMachine } from './checkout-card.machine.ts';
import type { CartFlow, CheckoutReport, CardStepChoice, SpeedFlow, SummaryChoices } from './checkout-flow.types.ts';
import { checkoutSpeedMachine, type CheckoutSpeedInput } from './checkout-speed.machine.ts';
import { checkoutSummaryMachine } from './checkout-summary.machine.ts';
import type { CheckoutSummaryOutput } from './checkout-summary.setup.ts';
import { faceVerifyMachine } from '../identity/face-verify.machine.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { isSignedIn, type SessionValues } from '../app/session-values.ts';
import { isSaidBySessionEnded } from '../app/session-ended.ts';
import { orderedCartKeys, sharedChoiceOf } from '../app/session-choices.ts';
import { speedIds } from '../../rules/delivery-speeds.ts';
import { flagsResumedAt, flowResumedAt, resumeStep, speedFlowOf, type KeptChoices } from './checkout-kept.ts';

export const emptyFlow: CartFlow = {
  selectedAddress: undefined,
  selectedSpeedID: undefined,
  selectedRetailerID: undefined,
  selectedShippingMethodID: undefined,
  shippingAmount: '0.00',
  deliveryFee: '0.00',
  deliveryDate: undefined,
  pickup_date: undefined,
  deliveryDays: [],
  billing_address_id: undefined,
  card_id: undefined,
  customer_stripe_id: undefined,
  card_info: undefined,
  card_token: undefined,
  payment_method: undefined,
  payment_mode: undefined,
  upi_address: undefined,
  bank_name: undefined,
  routing_number: undefined,
  account_number: undefined,
  tipPercent: 0,
  isGift: false,
  giftMessage: '',
};

/**
 * Dine-in and pick-up (issue 12) skip the address and speed steps: the flow starts with what Delivery Options chose,
 * the speed (3 or 2), the restaurant and the visit. A cart of wallet redemptions (walletOrder) is a dine-in visit at
 * the restaurant it was redeemed for: speed 3, the visit the wallet product list chose, and no retailer (the server
 * takes the cart's restaurant, whatever Delivery Options last chose). Anything else starts empty.
 */
export function flowFromSession(stored: SessionValues): CartFlow {
  if (stored.nextTab !== 'card') return emptyFlow;
  if (stored.walletOrder === true) return { ...emptyFlow, selectedSpeedID: speedIds.dineIn, pickup_date: stored.dineinTime };
  if (stored.shippingType !== 'dine-in' && stored.shippingType !== 'pick-up') return emptyFlow;
  return {
    ...emptyFlow,
    selectedSpeedID: stored.shippingType === 'dine-in' ? speedIds.dineIn : speedIds.storePickup,
    selectedRetailerID: stored.retailer,
    pickup_date: stored.dineinTime,
  };
}

/**
 * The speed step's input: the cart, the address chosen and the speed the flow holds (chosen before the shopper came
 * back to the tab, last shown on it before CONTINUE, or kept across a reload), which the step opens with while it is
 * still offered.
 */
export function speedStepInput(context: Pick<CheckoutContext, 'session' | 'cartId' | 'flow'>): CheckoutSpeedInput {
  const { flow } = context;
  return { session: context.session, cartId: context.cartId, deliveryAddressId: flow.selectedAddress?.id, chosen: speedFlowOf(flow) };
}

/**
 * The flow with every delivery's date as the cart has them now (walk 9 #4: the bank rule read the dates a checkout
 * before had kept, and refused Pay by bank for a date it allows). The speed tab's blocks save each date to the cart, so
 * the cart's read is the truth; a cart that could not be read leaves the flow as it was.
 */
export function withCartDays(flow: CartFlow, reply: CartReply): CartFlow {
  const groups = reply.data?.delivery_groups;
  return groups ? { ...flow, deliveryDays: deliveryDaysOf(groups) } : flow;
}

export interface CheckoutInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock a face pass's freshness is read by (tests pin it); the browser's by default. */
  now?: (() => Date) | undefined;
  /** The choices kept for this cart before a reload (same tab): the checkout opens where they still reach. */
  kept?: KeptChoices | undefined;
}

export interface CheckoutContext {
  session: ActorRefFrom<typeof sessionMachine>;
  now: () => Date;
  cartId: string;
  /** The cart's lines, read once when the checkout opens: whether the face step is needed follows them. */
  cartLines: readonly Pick<CartLine, 'age_restricted' | 'wallet' | 'qty'>[];
  /** The shopper's open unpaid orders, as the cart's reply counts them: past the limit, the payment tab refuses Payment on Delivery. */
  payOnDeliveryOpenOrders: number;
  /** A cart with an age-restricted line and a shopper who cannot order it yet: what they must do first. */
  identityGap: IdentityGap | undefined;
  /** The step on screen: the URL follows it. */
  step: CheckoutStep;
  flags: TabFlags;
  flow: CartFlow;
  /** 'Order Placed.' (or the declined order /payment/fail shows). */
  orderId: string | undefined;
  /** The placed order is paid on delivery and waits for the shopper to confirm it from the mailed link. */
  awaitsEmailConfirmation: boolean;
  /** Paid by bank: the debit is still clearing, the order waits as pending. */
  awaitsBankPayment: boolean;
  /** 'Order Placed.' says which lines kept aside came back to the next cart capped at their stock; undefined: none. */
  keptBackCapped: string | undefined;
  /** The snackbar's text (shown 4 s). */
  notice: string | undefined;
  /** The choices kept before a reload, restored once the cart's lines are read. */
  kept: KeptChoices | undefined;
}

export type CheckoutEvent =
  | { type: 'tab.select'; tab: string }
  /** The tab is shown again or takes the focus: the cart is read again (it may have been ordered in another tab). */
  | { type: 'checkout.refresh' }
  | { type: 'notice.dismiss' }
  /** The title bar's back arrow (mobile). */
  | { type: 'checkout.back' }
  /** A cart of wallet redemptions only costs nothing: it goes on without a card (issue 12). */
  | { type: 'payment.skip' }
  /** Walk 6 #4: the session left this checkout behind: the delivery option or pincode changed, or (ended) the session ended. */
  | { type: 'session.leftBehind'; ended: boolean }
  | CheckoutReport;

type PlacedOutcome = NonNullable<CheckoutSummaryOutput['outcome']>;

function shopperOf(context: CheckoutContext) {
  const values = context.session.getSnapshot().context;
  return { signedIn: isSignedIn(values), verificationId: values.verification_id };
}

/** The shopper as the cart's reply has them: its identity_verification_id (the database's, walk 4) over sign-in's copy. */
function shopperAsRead(context: CheckoutContext, reply: CartReply) {
  const shopper = shopperOf(context);
  const read = reply.identity_verification_id;
  return read === undefined ? shopper : { ...shopper, verificationId: read || undefined };
}

function facePassNoteOf(context: CheckoutContext) {
  const values = context.session.getSnapshot().context;
  return { cartId: values.faceCheckedCart, until: values.faceCheckedUntil };
}

/**
 * The checkout machine's types and implementations (guards, actions, actors, delays): its chart is checkout.machine.ts.
 *
 * Gating: each step's entry sets the spec's tab flags (flagsOnEntering: its own on, later ones off), and 'tab.select'
 * moves only to a step whose flag is set; any other request (a direct visit to /cart/checkout, a tab not reached yet)
 * keeps the step and calls goToStep, which puts the URL back. So card and checkout are reached only through continue.
 *
 * Face step: between card and summary, only for a cart holding an age-restricted line (isFaceRequired, on the cart
 * lines loaded when the checkout opens) and no fresh face pass noted for it; other carts go from the card step
 * straight to checkout. Such a cart of a guest or of a customer not verified yet stops at identityNeeded, a prompt to
 * create an account or verify on /kyc (isIdentityMissing), since place order would refuse it anyway.
 */
export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
    children: {} as {
      loadCart: 'loadCart';
      chooseAddress: 'chooseAddress';
      chooseSpeed: 'chooseSpeed';
      choosePayment: 'choosePayment';
      verifyFace: 'verifyFace';
      reviewOrder: 'reviewOrder';
      recheckCart: 'recheckCart';
      // The same read when the option changed in another tab (checkout.states.ts, optionChangedState).
      checkOrdered: 'recheckCart';
    },
  },
  delays: {
    snackbarLifetime: checkoutSnackbarMs,
  },
  actors: {
    loadCart: fromPromise<CartReply, { cartId: string }>(({ input }) => showCart({ cart_id: input.cartId })),
    // The same read, when the tab is shown again: did another tab order the cart meanwhile?
    recheckCart: fromPromise<CartReply, { cartId: string }>(({ input }) => showCart({ cart_id: input.cartId })),
    chooseAddress: checkoutAddressMachine,
    chooseSpeed: checkoutSpeedMachine,
    choosePayment: checkoutCardMachine,
    verifyFace: faceVerifyMachine,
    reviewOrder: checkoutSummaryMachine,
    // Walk 6 #4: the checkout is priced for the option, area and customer it opened with. Another tab's choice (which
    // session-end.ts brings here), or the session's end (a logout there, a 401), leaves it behind.
    watchSession: fromCallback<CheckoutEvent, Pick<CheckoutContext, 'session'>>(({ input, sendBack }) => {
      const opened = input.session.getSnapshot().context;
      const subscription = input.session.subscribe(({ context: now }) => {
        if (isSignedIn(opened) && !isSignedIn(now)) sendBack({ type: 'session.leftBehind', ended: true });
        else if (sharedChoiceOf(now) !== sharedChoiceOf(opened)) sendBack({ type: 'session.leftBehind', ended: false });
      });
      return () => subscription.unsubscribe();
    }),
  },
  guards: {
    isOnSummary: ({ context }) => context.step === 'checkout',
    // Seam b6 #1: the 401's 'Please sign in again.' is the session-ended notice's to say, once, with its sign-in.
    isNewsToShopper: ({ context }, params: { message: string }) => !isSaidBySessionEnded(params.message, context.session.getSnapshot().context),
    // A reload: the step the kept choices reach (the address and the card-first carts' payment start as before).
    resumesAt: ({ context }, params: { step: CheckoutStep }) =>
      resumeStep(context.kept, context.session.getSnapshot().context.nextTab === 'card') === params.step,
    isCardFirst: ({ context }) => context.session.getSnapshot().context.nextTab === 'card',
    // The spec's tab flags: a tab change is allowed only to a step whose flag is set.
    isAddressTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'address' && context.flags.isAddressTab,
    isSpeedTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'speed' && context.flags.isSpeedTab,
    isCardTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'card' && context.flags.isCardTab,
    isFaceTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'face' && context.flags.isFaceTab,
    isSummaryTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'checkout' && context.flags.isSummaryTab,
    // A drink in the cart: only a verified customer may order it (issue 11); a guest or an unverified customer is told
    // what to do first instead of meeting the server's refusal at place order.
    isIdentityMissing: ({ context }, params: { reply: CartReply }) =>
      ageCheckGapOf(params.reply.data?.result ?? [], shopperAsRead(context, params.reply)) !== undefined,
    // ... and a fresh face check: the face step, unless one passed for this cart a moment ago (/verifyFace, or this
    // step before the shopper went back to the card).
    isFaceRequired: ({ context }) =>
      isFaceCheckRequired(context.cartLines) && !isFacePassFresh(facePassNoteOf(context), context.cartId, context.now().getTime()),
    isNothingToPay: ({ context }) => isWalletOnlyLines(context.cartLines),
    isAddressGone: (_, params: { message: string | undefined }) => params.message !== undefined,
    isCardGone: (_, params: { message: string | undefined }) => params.message !== undefined,
    isPlaced: (_, params: { outcome: CheckoutSummaryOutput['outcome'] }) => params.outcome?.kind === 'placed',
    // showcart names the shopper's cart of now only for a cart of theirs that was ordered (in another tab).
    isOrderedCart: (_, params: { reply: CartReply }) => params.reply.current_cart !== undefined,
    // A step's call was answered 'ordered' (a 404 naming cart_id): the step ended without its choice.
    isStepOnOrderedCart: (_, params: { output: { cartOrdered?: true } }) => params.output.cartOrdered === true,
    // A step is open and no order is on its way (placing one, or done with it): the cart may be read again.
    isStepOpen: not(
      or([
        stateIn('#checkout.flow.starting'),
        stateIn('#checkout.flow.checkout.ordering'),
        stateIn('#checkout.flow.placed'),
        stateIn('#checkout.flow.paymentFailed'),
        stateIn('#checkout.flow.cartOrdered'),
        stateIn('#checkout.flow.optionChanged'),
      ]),
    ),
    isDeclined: (_, params: { outcome: CheckoutSummaryOutput['outcome'] }) => params.outcome?.kind === 'declined',
    isSessionEnded: ({ event }) => event.type === 'session.leftBehind' && event.ended,
    // Walk 6 #4: a checkout not done with yet (an order on its way included: the server answers for it, and the customer's
    // details leave the screen with the session) goes back to the cart once the session leaves it behind.
    isNotDone: not(
      or([
        stateIn('#checkout.flow.placed'),
        stateIn('#checkout.flow.paymentFailed'),
        stateIn('#checkout.flow.cartOrdered'),
        stateIn('#checkout.flow.leftBehind'),
      ]),
    ),
    isOrdering: stateIn('#checkout.flow.checkout.ordering'),
    isEndedUnderIt: and(['isSessionEnded', 'isNotDone']),
    isOptionChangedUnderIt: and([not('isSessionEnded'), 'isNotDone', not('isOrdering')]),
  },
  actions: {
    assignStep: assign(({ context }, params: { step: CheckoutStep }) => ({ step: params.step, flags: flagsOnEntering(context.flags, params.step) })),
    assignCartLines: assign(({ context }, params: { reply: CartReply }) => ({
      cartLines: params.reply.data?.result ?? [],
      payOnDeliveryOpenOrders: params.reply.pay_on_delivery_open_orders ?? 0,
      flow: withCartDays(context.flow, params.reply),
    })),
    // Read again when the tab comes back: orders placed in another tab count when the payment tab next opens, and the
    // bank rule reads the cart's dates of now.
    assignOpenOrders: assign(({ context }, params: { reply: CartReply }) => ({
      payOnDeliveryOpenOrders: params.reply.pay_on_delivery_open_orders ?? 0,
      flow: withCartDays(context.flow, params.reply),
    })),
    // The kept choices the opened step can use, and the tabs the shopper had reached; used once.
    restoreKept: assign(({ context }) => {
      const cardFirst = context.session.getSnapshot().context.nextTab === 'card';
      const step = resumeStep(context.kept, cardFirst);
      if (!context.kept || !step) return {};
      return { flow: flowResumedAt(context.flow, context.kept, step), flags: flagsResumedAt(step, cardFirst), kept: undefined };
    }),
    assignIdentityGap: assign(({ context }, params: { reply: CartReply }) => ({
      identityGap: checkoutGapOf(ageCheckGapOf(context.cartLines, shopperAsRead(context, params.reply)), params.reply.identity_under_21 === true),
    })),
    assignSelectedAddress: assign(({ context }, params: { address: ShippingAddress | undefined }) => ({
      flow: { ...context.flow, selectedAddress: params.address },
    })),
    assignSpeed: assign(({ context }, params: { speed: SpeedFlow | undefined }) => {
      const speed = params.speed;
      if (!speed) return {};
      // A tip goes to a driver: only 1 Hour Delivery keeps it (the server refuses a tip without one).
      const tipPercent = speed.selectedSpeedID !== undefined && isTipAllowed(speed.selectedSpeedID) ? context.flow.tipPercent : 0;
      return { flow: { ...context.flow, ...speed, tipPercent } };
    }),
    // The speed tab's choice before CONTINUE: held (and kept for a reload) so the tab opens with it again. The tip stays
    // as it is: CONTINUE drops it for a speed without a driver (assignSpeed), and no later tab opens before.
    assignSpeedShown: assign(({ context }, params: { speed: SpeedFlow | undefined }) =>
      params.speed ? { flow: { ...context.flow, ...params.speed } } : {},
    ),
    assignPayment: assign(({ context }, params: { choice: CardStepChoice }) => {
      const c = params.choice;
      return {
        flow: {
          ...context.flow,
          payment_mode: c.payment_mode,
          card_id: c.card_id,
          // A saved card travels with an empty token (spec "Card screen").
          card_token: c.card_token ?? '',
          customer_stripe_id: c.customer_stripe_id,
          card_info: c.card_info,
          upi_address: c.upi_address,
          // Pay by bank: kept in memory only, for place order (which hands them to the provider, never stores them).
          bank_name: c.bank_name,
          routing_number: c.routing_number,
          account_number: c.account_number,
          billing_address_id: c.billing_address_id,
          payment_method: c.payment_method,
        },
      };
    }),
    // The chosen saved card was removed: nothing of it is kept, so place order cannot send it again.
    forgetPayment: assign(({ context }) => ({
      flow: {
        ...context.flow,
        payment_mode: undefined,
        card_id: undefined,
        card_token: undefined,
        customer_stripe_id: undefined,
        card_info: undefined,
        billing_address_id: undefined,
        payment_method: undefined,
      },
    })),
    assignSummaryChoices: assign(({ context }, params: { choices: SummaryChoices }) => ({ flow: { ...context.flow, ...params.choices } })),
    assignOrderId: assign((_, params: { outcome: PlacedOutcome | undefined }) => ({
      orderId: params.outcome?.orderId,
      awaitsEmailConfirmation: params.outcome?.kind === 'placed' && params.outcome.awaitsEmailConfirmation === true,
      awaitsBankPayment: params.outcome?.kind === 'placed' && params.outcome.awaitsBankPayment === true,
      keptBackCapped: params.outcome?.kind === 'placed' ? keptBackCappedMessage(params.outcome.nextCart?.changes ?? []) : undefined,
    })),
    clearGift: assign(({ context }) => ({ flow: { ...context.flow, isGift: false, giftMessage: '' } })),
    // The order closed the cart: its id, the checkout's stored choices and dates go (orderedCartKeys: the Delivery
    // Options choice too, so the header and the catalogue go back to delivery).
    forgetOrderedCart: sendTo(({ context }) => context.session, { type: 'session.forget', keys: [...orderedCartKeys] }),
    // An order on its way takes the face pass (a declined one too, and the cart reopens): the browser's note of it
    // goes, so a second attempt meets the face step instead of place order's refusal.
    forgetFacePass: sendTo(({ context }) => context.session, { type: 'session.forget', keys: ['faceCheckedCart', 'faceCheckedUntil'] }),
    // The cart the order's answer names (the lines kept aside moved there) is the shopper's cart now; none: the badge shows 0.
    recordNextCart: sendTo(
      ({ context }) => context.session,
      (_, params: { outcome: PlacedOutcome | undefined }) => {
        const next = params.outcome?.kind === 'placed' ? params.outcome.nextCart : undefined;
        return {
          type: 'session.update' as const,
          values: { total_products_in_cart: next?.totalItems ?? 0, ...(next ? { cart_id: next.cartId } : {}) },
        };
      },
    ),
    // A line sold out since CHECKOUT is not counted (decision 088 left: the badge said 2 beside a summary of one).
    recordCartCount: sendTo(
      ({ context }) => context.session,
      (_, params: { count: number }) => ({ type: 'session.update' as const, values: { total_products_in_cart: params.count } }),
    ),
    // ---- snackbar
    assignNotice: assign((_, params: { message: string }) => ({ notice: params.message })),
    showNotice: raise((_, params: { message: string }): CheckoutEvent => ({ type: 'notice.show', message: params.message })),
    clearNotice: assign({ notice: undefined }),
    // ---- provided by the page
    goToStep: () => undefined,
    goToPaymentFail: (_, _params: { orderId: string }) => undefined,
    goToCart: () => undefined,
    goBack: () => undefined,
    // The cart's word on arrival (the checkout's snackbar leaves with it): the app's snackbar.
    tellOnCart: (_, _params: { message: string }) => undefined,
  },
});

/** starting's way to the step a reload was on (resumeStep), with the kept choices restored. */
export function resumed(step: 'speed' | 'card' | 'face' | 'checkout', description: string) {
  return [
    {
      description,
      guard: { type: 'resumesAt' as const, params: { step } },
      target: step,
      actions: [
        { type: 'assignCartLines' as const, params: ({ event }: { event: { output: CartReply } }) => ({ reply: event.output }) },
        'restoreKept' as const,
      ],
    },
  ];
}
