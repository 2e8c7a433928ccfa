import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { showCart } from '../api/cart.api.ts';
import { addShippingAddress, confirmOrder, getShippingAddresses, orderReview, placeOrder, shippingOptions } from '../api/checkout.api.ts';
import type { CartReply, ShowCartBody } from '../api/contract/cart-page.contract.ts';
import type { AddAddressBody, AddAddressReply, GetAddressesReply } from '../api/contract/address.contract.ts';
import type { OrderReviewBody, OrderReviewData, OrderReviewReply, PlaceOrderBody, PlaceOrderReply } from '../api/contract/checkout.contract.ts';
import type { ZipLookupReply } from '../api/contract/location.contract.ts';
import type { ShippingBody, ShippingReply, SpeedOption } from '../api/contract/shipping.contract.ts';
import type { TestAuthenticateReply } from '../api/contract/payment.contract.ts';
import { ApiError } from '../api/http.ts';
import { testAuthenticate } from '../api/payments.api.ts';
import { getAddressByZipcode } from '../api/location.api.ts';
import {
  addressErrors,
  addressRuleMessages,
  cityMatchesZip,
  hasAddressErrors,
  isSameZip,
  type AddressErrors,
  type AddressValues,
} from '../rules/address-validation.ts';
import {
  checkoutMessages,
  checkoutSnackbarMs,
  flagsOnEntering,
  noTabs,
  placeOrderOutcome,
  shippingAddressesOf,
  type CheckoutStep,
  type ShippingAddress,
  type TabFlags,
} from '../rules/checkout-flow.ts';
import { requiredMessage as couponRequiredMessage } from '../rules/cart-checkout.ts';
import { defaultSpeedId, type SpeedId } from '../rules/delivery-speeds.ts';
import { isTipAllowed, type TipPercent } from '../rules/tips.ts';
import type { CouponMessage } from './cart.machine.ts';
import type { sessionMachine } from './session.machine.ts';

type Sent<T> = Omit<T, 'store_id'>;

/** What the card tab hands over (structurally the card tab's PaymentChoice). */
export interface PaymentSelection {
  payment_mode: 2 | 3 | 4;
  card_id?: number | undefined;
  card_token?: string | undefined;
  customer_stripe_id?: string | undefined;
  card_info?: string | undefined;
  upi_address?: string | undefined;
  billing_address_id?: number | undefined;
  payment_method?: string | undefined;
}

/** The spec's cart flow record, shared across the checkout steps. */
export interface CartFlow {
  selectedAddress: ShippingAddress | undefined;
  selectedSpeedID: SpeedId | undefined;
  selectedRetailerID: number | undefined;
  selectedShippingMethodID: string | undefined;
  shippingAmount: string;
  deliveryFee: string;
  deliveryDate: string | undefined;
  pickup_date: string | undefined;
  billing_address_id: number | undefined;
  card_id: number | undefined;
  customer_stripe_id: string | undefined;
  card_info: string | undefined;
  card_token: string | undefined;
  payment_method: string | undefined;
  payment_mode: 2 | 3 | 4 | undefined;
  upi_address: string | undefined;
  tipPercent: TipPercent;
  isGift: boolean;
  giftMessage: string;
}

export const emptyFlow: CartFlow = {
  selectedAddress: undefined,
  selectedSpeedID: undefined,
  selectedRetailerID: undefined,
  selectedShippingMethodID: undefined,
  shippingAmount: '0.00',
  deliveryFee: '0.00',
  deliveryDate: undefined,
  pickup_date: undefined,
  billing_address_id: undefined,
  card_id: undefined,
  customer_stripe_id: undefined,
  card_info: undefined,
  card_token: undefined,
  payment_method: undefined,
  payment_mode: undefined,
  upi_address: undefined,
  tipPercent: 0,
  isGift: false,
  giftMessage: '',
};

/** The speed step's current choice (the flow takes it on CONTINUE). */
export interface SpeedChoice {
  speedId: SpeedId;
  retailerId: number | undefined;
  methodId: string | undefined;
}

export interface CheckoutInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface CheckoutContext {
  session: ActorRefFrom<typeof sessionMachine>;
  cartId: string;
  /** The step on screen: the URL follows it. */
  step: CheckoutStep;
  flags: TabFlags;
  flow: CartFlow;
  addresses: ShippingAddress[];
  chosenAddressId: number | undefined;
  /** The address just saved: chosen once the list is reloaded. */
  savedAddressId: number | undefined;
  formErrors: AddressErrors;
  /** City and state of the last 5-digit zip typed in the address form. */
  zipLookup: { zip: string; city: string | undefined; state: string | undefined } | undefined;
  speeds: SpeedOption[];
  speedChoice: SpeedChoice | undefined;
  speedMessage: string | undefined;
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
  /** The snackbar's text (shown 4 s). */
  notice: string | undefined;
}

export type CheckoutEvent =
  | { type: 'tab.select'; tab: string }
  | { type: 'address.choose'; id: number }
  | { type: 'address.form.toggle' }
  | { type: 'address.zip.lookup'; zip: string }
  | { type: 'address.save'; values: AddressValues; makeDefault: boolean }
  | { type: 'address.continue' }
  | { type: 'speed.choose'; speedId: SpeedId }
  | { type: 'retailer.choose'; retailerId: number }
  | { type: 'method.choose'; methodId: string }
  | { type: 'speed.continue' }
  | { type: 'speed.retry' }
  | { type: 'card.continue'; choice: PaymentSelection }
  | { type: 'face.verified' }
  | { type: 'tip.choose'; percent: TipPercent }
  | { type: 'gift.toggle' }
  | { type: 'gift.message.change'; text: string }
  | { type: 'review.retry' }
  | { type: 'coupon.change'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'coupon.remove' }
  | { type: 'order.place' }
  | { type: 'payment.authenticate'; complete: boolean }
  | { type: 'notice.show' }
  | { type: 'notice.dismiss' };

function sessionOf(context: CheckoutContext) {
  return context.session.getSnapshot().context;
}

function chosenAddress(context: CheckoutContext): ShippingAddress | undefined {
  return context.addresses.find((a) => a.id === context.chosenAddressId);
}

function speedOf(context: CheckoutContext, id: number | undefined): SpeedOption | undefined {
  return context.speeds.find((s) => s.id === id);
}

/** A speed's primary retailer and method (spec: the primary retailer is the first, and the primary ship method). */
function primaryChoice(speed: SpeedOption): SpeedChoice {
  const retailer = speed.retailers.find((r) => r.isPrimary) ?? speed.retailers[0];
  const method = speed.ship_methods.find((m) => m.isPrimary) ?? speed.ship_methods[0];
  return { speedId: speed.id, retailerId: retailer?.id, methodId: method?.id };
}

/** '1 Hour Delivery' (id 1) when offered, else the server's primary speed, else the first. */
function defaultSpeed(speeds: readonly SpeedOption[]): SpeedOption | undefined {
  return speeds.find((s) => s.id === defaultSpeedId) ?? speeds.find((s) => s.isPrimary) ?? speeds[0];
}

/** The flow fields a speed choice fills. */
function flowOfSpeed(context: CheckoutContext): Partial<CartFlow> {
  const choice = context.speedChoice;
  const speed = speedOf(context, choice?.speedId);
  if (!choice || !speed) return {};
  const retailer = speed.retailers.find((r) => r.id === choice.retailerId);
  const method = speed.ship_methods.find((m) => m.id === choice.methodId);
  return {
    selectedSpeedID: speed.id,
    selectedRetailerID: retailer?.id,
    selectedShippingMethodID: method?.id,
    deliveryFee: retailer?.delivery_fee ?? method?.fee ?? speed.delivery_fee,
    shippingAmount: method?.amount ?? '0.00',
    deliveryDate: method?.delivery_date ?? retailer?.pickup_date ?? undefined,
    pickup_date: retailer?.pickup_date ?? method?.pickup_date ?? undefined,
    // A tip goes to a driver: only 1 Hour Delivery keeps it (the server refuses a tip without one).
    tipPercent: isTipAllowed(speed.id) ? context.flow.tipPercent : 0,
  };
}

function reviewBody(context: CheckoutContext): Sent<OrderReviewBody> {
  const { flow } = context;
  return {
    cart_id: context.cartId,
    api_token: sessionOf(context).Token ?? null,
    delivery_address_id: flow.selectedAddress?.id,
    speed_id: flow.selectedSpeedID,
    retailer_id: flow.selectedRetailerID,
    shipping_method_id: flow.selectedShippingMethodID ?? null,
    driver_tip: flow.tipPercent,
  };
}

function placeOrderBody(context: CheckoutContext): Sent<PlaceOrderBody> {
  const { flow } = context;
  return {
    ...reviewBody(context),
    selectedAddress: flow.selectedAddress?.id,
    selectedSpeedID: flow.selectedSpeedID,
    selectedRetailerID: flow.selectedRetailerID,
    selectedShippingMethodID: flow.selectedShippingMethodID ?? null,
    payment_mode: flow.payment_mode,
    card_id: flow.card_id,
    card_token: flow.card_token ?? null,
    upi_id: flow.upi_address ?? null,
    upi_address: flow.upi_address ?? null,
    gift_message: flow.isGift && flow.giftMessage.trim() !== '' ? flow.giftMessage.trim() : null,
  };
}

function newAddressBody(context: CheckoutContext, values: AddressValues, makeDefault: boolean): Sent<AddAddressBody> {
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    street1: values.address.trim(),
    street2: (values.address2 ?? '').trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipcode: values.zip.trim(),
    nickname: (values.addressNickname ?? '').trim(),
    telephone: values.phone.trim(),
    default_address: makeDefault ? '1' : '0',
    country: 'US',
    address_type: 'shipping',
    api_token: sessionOf(context).Token ?? null,
  };
}

/** Offline or a server fault reads as the spec's transport message; a refusal with words keeps them. */
function placeOrderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return checkoutMessages.internalError;
}

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The checkout tabs (spec "Checkout tabs", section 4; DESIGN.md statecharts). Two regions: `flow` walks the ordered
 * steps address → speed → card → face → checkout (the summary), `notice` shows the snackbar for 4 s.
 *
 * Gating: each step's entry sets the spec's tab flags (flagsOnEntering: its own on, later ones off), and
 * 'tab.select' moves only to a step whose flag is set; any other request (a direct visit to /cart/checkout, a tab
 * not reached yet) keeps the step and calls showStep, which puts the URL back. So card and checkout are reached
 * only through continue.
 *
 * Face step: the identity issue inserts it between card and summary. Today isFaceRequired is false, so card's
 * continue goes straight to checkout and the face state (with its own 'face.verified' continue) is never entered;
 * turning it on is a guard implementation, not a rewrite of the other steps.
 *
 * Navigation belongs to the page: showStep and goToPaymentFail are provided by it.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
  },
  delays: {
    snackbarLifetime: checkoutSnackbarMs,
  },
  actors: {
    getShippingAddresses: fromPromise<GetAddressesReply, { customerId: number }>(({ input }) => getShippingAddresses(input.customerId)),
    addShippingAddress: fromPromise<AddAddressReply, { customerId: number | undefined; body: Sent<AddAddressBody> }>(({ input }) =>
      addShippingAddress(input.customerId, input.body),
    ),
    lookupZip: fromPromise<ZipLookupReply, { zip: string }>(({ input }) => getAddressByZipcode(input.zip)),
    shippingOptions: fromPromise<ShippingReply, Sent<ShippingBody>>(({ input }) => shippingOptions(input)),
    orderReview: fromPromise<OrderReviewReply, Sent<OrderReviewBody>>(({ input }) => orderReview(input)),
    placeOrder: fromPromise<PlaceOrderReply, Sent<PlaceOrderBody>>(({ input }) => placeOrder(input)),
    // The cart's own coupon call (POST /api/cart/showcart with coupon_code or remove_coupon); the review then re-prices.
    changeCoupon: fromPromise<CartReply, Sent<ShowCartBody>>(({ input }) => showCart(input)),
    // The bank check: Stripe's own (stripe.js, provided by the page: machines do not load Stripe), or the test
    // gateway's bank page answered by the shopper.
    handleNextAction: fromPromise<void, { clientSecret: string }>(async () => {
      throw new Error('No bank check is available here.');
    }),
    answerTestBank: fromPromise<TestAuthenticateReply, { clientSecret: string; complete: boolean }>(({ input }) => testAuthenticate(input.clientSecret, input.complete)),
    confirmOrder: fromPromise<PlaceOrderReply, { orderId: string }>(({ input }) => confirmOrder(input.orderId)),
  },
  guards: {
    isCardFirst: ({ context }) => sessionOf(context).nextTab === 'card',
    hasCustomer: ({ context }) => Boolean(sessionOf(context).Token && sessionOf(context).CustomerId),
    // The spec's tab flags: a tab change is allowed only to a step whose flag is set.
    isAddressTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'address' && context.flags.isAddressTab,
    isSpeedTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'speed' && context.flags.isSpeedTab,
    isCardTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'card' && context.flags.isCardTab,
    isFaceTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'face' && context.flags.isFaceTab,
    isSummaryTab: ({ context, event }) => event.type === 'tab.select' && event.tab === 'checkout' && context.flags.isSummaryTab,
    isCodeOne: (_, params: { code: number }) => params.code === 1,
    isShoppingZipAddress: ({ context, event }) => {
      if (event.type !== 'address.choose') return false;
      const address = context.addresses.find((a) => a.id === event.id);
      return address !== undefined && isSameZip(address.zipcode, sessionOf(context).zipcode ?? '');
    },
    hasChosenAddress: ({ context }) => chosenAddress(context) !== undefined,
    isDeliveryZipMismatch: ({ context }) => {
      const address = chosenAddress(context);
      return address !== undefined && !isSameZip(address.zipcode, sessionOf(context).zipcode ?? '');
    },
    isFiveDigitZip: ({ event }) => event.type === 'address.zip.lookup' && /^\d{5}$/.test(event.zip.trim()),
    hasFormErrors: ({ event }) => event.type === 'address.save' && hasAddressErrors(addressErrors(event.values, 'shipping')),
    isCityMismatch: ({ context, event }) => {
      if (event.type !== 'address.save' || !context.zipLookup || context.zipLookup.zip !== event.values.zip.trim()) return false;
      return !cityMatchesZip(event.values.city, context.zipLookup.city);
    },
    hasSpeeds: (_, params: { reply: ShippingReply }) => params.reply.code === 1 && (params.reply.data?.speed.length ?? 0) > 0,
    isOfferedSpeed: ({ context, event }) => event.type === 'speed.choose' && speedOf(context, event.speedId) !== undefined,
    // Speeds 2 (Store Pickup) and 3 (Dine-In) let the shopper pick the shop.
    isRetailerChoice: ({ context, event }) => {
      const speed = speedOf(context, context.speedChoice?.speedId);
      return event.type === 'retailer.choose' && (speed?.id === 2 || speed?.id === 3) && speed.retailers.some((r) => r.id === event.retailerId);
    },
    // Speed 10 (and the farm's 11) let the shopper pick the delivery date: one ship method per date.
    isDateChoice: ({ context, event }) => {
      const speed = speedOf(context, context.speedChoice?.speedId);
      return event.type === 'method.choose' && (speed?.id === 10 || speed?.id === 11) && speed.ship_methods.some((m) => m.id === event.methodId);
    },
    hasSpeedChoice: ({ context }) => speedOf(context, context.speedChoice?.speedId) !== undefined,
    // The identity issue turns this on; until then the face step is skipped.
    isFaceRequired: () => false,
    isTipOffered: ({ context }) => context.flow.selectedSpeedID !== undefined && isTipAllowed(context.flow.selectedSpeedID),
    hasCouponText: ({ context }) => context.couponText.trim() !== '',
    hasAppliedCoupon: ({ context }) => Boolean(context.review?.coupon_code),
    isPlaced: ({ context }) => context.orderReply !== undefined && placeOrderOutcome(context.orderReply).kind === 'placed',
    isDeclined: ({ context }) => context.orderReply !== undefined && placeOrderOutcome(context.orderReply).kind === 'declined',
    isAuthenticationNeeded: ({ context }) => context.orderReply !== undefined && placeOrderOutcome(context.orderReply).kind === 'authenticate',
    isStripeCheck: ({ context }) => context.authentication?.gateway === 'stripe',
  },
  actions: {
    openStep: assign(({ context }, params: { step: CheckoutStep }) => ({ step: params.step, flags: flagsOnEntering(context.flags, params.step) })),
    // ---- address
    assignAddresses: assign(({ context }, params: { reply: GetAddressesReply }) => {
      const addresses = shippingAddressesOf(params.reply.data ?? []);
      const keep = (id: number | undefined) => (addresses.some((a) => a.id === id) ? id : undefined);
      // The address just saved, else the one already chosen, else the primary (spec: auto-selected).
      const chosen = keep(context.savedAddressId) ?? keep(context.chosenAddressId) ?? addresses.find((a) => a.isPrimary)?.id;
      return { addresses, chosenAddressId: chosen, savedAddressId: undefined };
    }),
    assignChosenAddress: assign(({ event }) => (event.type === 'address.choose' ? { chosenAddressId: event.id } : {})),
    assignSelectedAddress: assign(({ context }) => ({ flow: { ...context.flow, selectedAddress: chosenAddress(context) } })),
    assignFormErrors: assign(({ event }) => (event.type === 'address.save' ? { formErrors: addressErrors(event.values, 'shipping') } : {})),
    clearFormErrors: assign({ formErrors: {} }),
    assignZipLookup: assign((_, params: { zip: string; reply: ZipLookupReply }) => {
      const entry = params.reply.data?.[0];
      return { zipLookup: { zip: params.zip, city: entry?.city, state: entry?.state } };
    }),
    assignSavedAddressId: assign((_, params: { reply: AddAddressReply }) => ({ savedAddressId: params.reply.address_id ?? params.reply.data?.address_id })),
    // ---- speed
    assignSpeeds: assign((_, params: { reply: ShippingReply }) => {
      const speeds = params.reply.data?.speed ?? [];
      const speed = defaultSpeed(speeds);
      return { speeds, speedChoice: speed ? primaryChoice(speed) : undefined, speedMessage: undefined };
    }),
    assignSpeedMessage: assign((_, params: { message: string }) => ({ speedMessage: params.message })),
    // Choosing a speed reselects its primary retailer and method.
    assignSpeedChoice: assign(({ context, event }) => {
      const speed = event.type === 'speed.choose' ? speedOf(context, event.speedId) : undefined;
      return speed ? { speedChoice: primaryChoice(speed) } : {};
    }),
    assignRetailer: assign(({ context, event }) =>
      event.type === 'retailer.choose' && context.speedChoice ? { speedChoice: { ...context.speedChoice, retailerId: event.retailerId } } : {},
    ),
    assignMethod: assign(({ context, event }) =>
      event.type === 'method.choose' && context.speedChoice ? { speedChoice: { ...context.speedChoice, methodId: event.methodId } } : {},
    ),
    assignSpeedToFlow: assign(({ context }) => ({ flow: { ...context.flow, ...flowOfSpeed(context) } })),
    // ---- card
    assignPayment: assign(({ context, event }) => {
      if (event.type !== 'card.continue') return {};
      const c = event.choice;
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
          billing_address_id: c.billing_address_id,
          payment_method: c.payment_method,
        },
      };
    }),
    // ---- summary
    assignReview: assign((_, params: { reply: OrderReviewReply }) => ({ review: params.reply.data, reviewMessage: undefined })),
    assignReviewMessage: assign((_, params: { message: string }) => ({ reviewMessage: params.message })),
    assignTip: assign(({ context, event }) => (event.type === 'tip.choose' ? { flow: { ...context.flow, tipPercent: event.percent } } : {})),
    toggleGift: assign(({ context }) => ({ flow: { ...context.flow, isGift: !context.flow.isGift } })),
    assignGiftMessage: assign(({ context, event }) => (event.type === 'gift.message.change' ? { flow: { ...context.flow, giftMessage: event.text } } : {})),
    assignCouponText: assign(({ event }) => (event.type === 'coupon.change' ? { couponText: event.code } : {})),
    assignCouponRequired: assign({ couponMessage: { kind: 'error', text: couponRequiredMessage } }),
    // Code 1 with the server's words is a success; code 2 is a refusal (expired, used up, minimum not met ...).
    assignCouponReply: assign((_, params: { reply: CartReply }) => {
      const text = params.reply.message;
      if (params.reply.code !== 1) return { couponMessage: { kind: 'error' as const, text: text ?? 'Something Went Wrong.' } };
      return { couponMessage: text ? { kind: 'success' as const, text } : undefined, couponText: '' };
    }),
    assignCouponFailure: assign((_, params: { error: unknown }) => ({ couponMessage: { kind: 'error' as const, text: failureText(params.error, 'Something Went Wrong.') } })),
    assignOrderReply: assign((_, params: { reply: PlaceOrderReply }) => ({ orderReply: params.reply })),
    assignOrderId: assign(({ context }) => ({ orderId: context.orderReply?.order_id })),
    assignAuthentication: assign(({ context }) => {
      const outcome = context.orderReply ? placeOrderOutcome(context.orderReply) : undefined;
      return outcome?.kind === 'authenticate'
        ? { orderId: outcome.orderId, authentication: { clientSecret: outcome.clientSecret, gateway: outcome.gateway } }
        : {};
    }),
    assignReplyNotice: assign(({ context }) => ({ notice: context.orderReply?.message || checkoutMessages.placeOrderFailed })),
    clearGift: assign(({ context }) => ({ flow: { ...context.flow, isGift: false, giftMessage: '' } })),
    // The order closed the cart: its id, the checkout's stored choices and dates go; the badge shows 0.
    clearSessionAfterOrder: sendTo(
      ({ context }) => context.session,
      {
        type: 'session.forget',
        keys: ['cart_id', 'nextTab', 'deliveryFees', 'delivery', 'pickup', 'dineinpickup', 'dineinTime', 'retailer', 'retailer_name', 'walletOrder'],
      },
    ),
    recordEmptyBadge: sendTo(({ context }) => context.session, { type: 'session.update', values: { total_products_in_cart: 0 } }),
    // ---- snackbar
    assignNotice: assign((_, params: { message: string }) => ({ notice: params.message })),
    showNotice: raise({ type: 'notice.show' }),
    clearNotice: assign({ notice: undefined }),
    // ---- provided by the page
    showStep: () => undefined,
    goToPaymentFail: (_, _params: { orderId: string }) => undefined,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    session: input.session,
    cartId: input.session.getSnapshot().context.cart_id ?? '',
    step: 'address',
    flags: noTabs,
    flow: emptyFlow,
    addresses: [],
    chosenAddressId: undefined,
    savedAddressId: undefined,
    formErrors: {},
    zipLookup: undefined,
    speeds: [],
    speedChoice: undefined,
    speedMessage: undefined,
    review: undefined,
    reviewMessage: undefined,
    couponText: '',
    couponMessage: undefined,
    orderId: undefined,
    orderReply: undefined,
    authentication: undefined,
    notice: undefined,
  }),
  type: 'parallel',
  states: {
    flow: {
      initial: 'starting',
      on: {
        'tab.select': [
          { guard: 'isAddressTab', target: '.address' },
          { guard: 'isSpeedTab', target: '.speed' },
          { guard: 'isCardTab', target: '.card' },
          { guard: 'isFaceTab', target: '.face' },
          { guard: 'isSummaryTab', target: '.checkout' },
          // Refused: the step stays and the URL goes back to it.
          { actions: 'showStep' },
        ],
      },
      states: {
        // Pickup and dine-in carts need no address (spec "Checkout gating").
        starting: {
          always: [{ guard: 'isCardFirst', target: 'card' }, { target: 'address' }],
        },
        address: {
          entry: [{ type: 'openStep', params: { step: 'address' } }, 'showStep'],
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'hasCustomer', target: 'loading' }, { target: 'choosing' }],
            },
            loading: {
              invoke: {
                id: 'getShippingAddresses',
                src: 'getShippingAddresses',
                input: ({ context }) => ({ customerId: sessionOf(context).CustomerId ?? 0 }),
                onDone: [
                  {
                    guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
                    target: 'choosing',
                    actions: { type: 'assignAddresses', params: ({ event }) => ({ reply: event.output }) },
                  },
                  { target: 'choosing' },
                ],
                // Spec: a failed fetch is logged and the loader removed, no message.
                onError: { target: 'choosing' },
              },
            },
            choosing: {
              on: {
                'address.choose': [
                  { guard: 'isShoppingZipAddress', actions: 'assignChosenAddress' },
                  { actions: [{ type: 'assignNotice', params: { message: addressRuleMessages.selectionNotAllowed } }, 'showNotice'] },
                ],
                'address.form.toggle': { target: 'adding' },
                'address.continue': [
                  { guard: 'isDeliveryZipMismatch', actions: [{ type: 'assignNotice', params: { message: addressRuleMessages.deliveryZipMismatch } }, 'showNotice'] },
                  { guard: 'hasChosenAddress', target: '#checkout.flow.speed', actions: 'assignSelectedAddress' },
                ],
              },
            },
            adding: {
              initial: 'editing',
              exit: 'clearFormErrors',
              on: {
                'address.form.toggle': { target: 'choosing' },
              },
              states: {
                editing: {
                  on: {
                    'address.zip.lookup': { guard: 'isFiveDigitZip', target: 'lookingUp' },
                    'address.save': [
                      { guard: 'hasFormErrors', actions: 'assignFormErrors' },
                      {
                        guard: 'isCityMismatch',
                        actions: ['clearFormErrors', { type: 'assignNotice', params: { message: addressRuleMessages.zipCityMismatch } }, 'showNotice'],
                      },
                      { target: 'saving', actions: 'clearFormErrors' },
                    ],
                  },
                },
                lookingUp: {
                  on: {
                    'address.zip.lookup': { guard: 'isFiveDigitZip', target: 'lookingUp', reenter: true },
                  },
                  invoke: {
                    id: 'lookupZip',
                    src: 'lookupZip',
                    input: ({ event }) => ({ zip: event.type === 'address.zip.lookup' ? event.zip.trim() : '' }),
                    onDone: {
                      target: 'editing',
                      actions: {
                        type: 'assignZipLookup',
                        params: ({ event }) => ({ zip: event.output.data?.[0]?.zipcode ?? '', reply: event.output }),
                      },
                    },
                    onError: { target: 'editing' },
                  },
                },
                saving: {
                  invoke: {
                    id: 'addShippingAddress',
                    src: 'addShippingAddress',
                    input: ({ context, event }) => ({
                      customerId: sessionOf(context).CustomerId,
                      body:
                        event.type === 'address.save'
                          ? newAddressBody(context, event.values, event.makeDefault)
                          : newAddressBody(context, { firstName: '', lastName: '', address: '', city: '', state: '', zip: '', phone: '' }, false),
                    }),
                    onDone: [
                      {
                        guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
                        target: '#checkout.flow.address.checking',
                        actions: { type: 'assignSavedAddressId', params: ({ event }) => ({ reply: event.output }) },
                      },
                      // Spec: code not 1 stops saving; the server's zip/city refusal is worth showing.
                      {
                        target: 'editing',
                        actions: [{ type: 'assignNotice', params: ({ event }) => ({ message: event.output.message ?? addressRuleMessages.zipCityMismatch }) }, 'showNotice'],
                      },
                    ],
                    onError: { target: 'editing' },
                  },
                },
              },
            },
          },
        },
        speed: {
          entry: [{ type: 'openStep', params: { step: 'speed' } }, 'showStep'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'shippingOptions',
                src: 'shippingOptions',
                input: ({ context }) => {
                  const session = sessionOf(context);
                  return {
                    cart_id: context.cartId,
                    api_token: session.Token ?? null,
                    delivery_address_id: context.flow.selectedAddress?.id,
                    zipcode: session.zipcode,
                    delivery: session.delivery === 1,
                    pickup: session.pickup === 1,
                    dineinpickup: session.dineinpickup === 1,
                  };
                },
                onDone: [
                  {
                    guard: { type: 'hasSpeeds', params: ({ event }) => ({ reply: event.output }) },
                    target: 'choosing',
                    actions: { type: 'assignSpeeds', params: ({ event }) => ({ reply: event.output }) },
                  },
                  {
                    target: 'failed',
                    actions: { type: 'assignSpeedMessage', params: ({ event }) => ({ message: event.output.message ?? 'No delivery option is available for this cart.' }) },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignSpeedMessage', params: ({ event }) => ({ message: failureText(event.error, 'Something Went Wrong.') }) },
                },
              },
            },
            choosing: {
              on: {
                'speed.choose': { guard: 'isOfferedSpeed', actions: 'assignSpeedChoice' },
                'retailer.choose': { guard: 'isRetailerChoice', actions: 'assignRetailer' },
                'method.choose': { guard: 'isDateChoice', actions: 'assignMethod' },
                'speed.continue': { guard: 'hasSpeedChoice', target: '#checkout.flow.card', actions: 'assignSpeedToFlow' },
              },
            },
            failed: {
              on: { 'speed.retry': { target: 'loading' } },
            },
          },
        },
        card: {
          entry: [{ type: 'openStep', params: { step: 'card' } }, 'showStep'],
          on: {
            'card.continue': [
              { guard: 'isFaceRequired', target: 'face', actions: 'assignPayment' },
              { target: 'checkout', actions: 'assignPayment' },
            ],
          },
        },
        // 'Verify Yourself Before Placing An Order': entered only once isFaceRequired says so (a later issue).
        face: {
          entry: [{ type: 'openStep', params: { step: 'face' } }, 'showStep'],
          on: { 'face.verified': { target: 'checkout' } },
        },
        checkout: {
          entry: [{ type: 'openStep', params: { step: 'checkout' } }, 'showStep'],
          initial: 'reviewing',
          states: {
            reviewing: {
              on: {
                'tip.choose': { guard: 'isTipOffered', target: 'reviewing', reenter: true, actions: 'assignTip' },
                'gift.toggle': { actions: 'toggleGift' },
                'gift.message.change': { actions: 'assignGiftMessage' },
              },
              invoke: {
                id: 'orderReview',
                src: 'orderReview',
                input: ({ context }) => reviewBody(context),
                onDone: [
                  {
                    guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
                    target: 'ready',
                    actions: { type: 'assignReview', params: ({ event }) => ({ reply: event.output }) },
                  },
                  {
                    target: 'reviewFailed',
                    actions: { type: 'assignReviewMessage', params: ({ event }) => ({ message: event.output.message ?? 'Something Went Wrong.' }) },
                  },
                ],
                onError: {
                  target: 'reviewFailed',
                  actions: { type: 'assignReviewMessage', params: ({ event }) => ({ message: failureText(event.error, 'Something Went Wrong.') }) },
                },
              },
            },
            reviewFailed: {
              on: { 'review.retry': { target: 'reviewing' } },
            },
            ready: {
              on: {
                'tip.choose': { guard: 'isTipOffered', target: 'reviewing', actions: 'assignTip' },
                'gift.toggle': { actions: 'toggleGift' },
                'gift.message.change': { actions: 'assignGiftMessage' },
                'coupon.change': { actions: 'assignCouponText' },
                'coupon.apply': [{ guard: 'hasCouponText', target: 'applyingCoupon' }, { actions: 'assignCouponRequired' }],
                'coupon.remove': { guard: 'hasAppliedCoupon', target: 'removingCoupon' },
                'order.place': { target: 'placing' },
              },
            },
            // Either way the summary is priced again by the server (a refused coupon may also have dropped an old one).
            applyingCoupon: {
              on: { 'coupon.change': { actions: 'assignCouponText' } },
              invoke: {
                id: 'changeCoupon',
                src: 'changeCoupon',
                input: ({ context }) => ({ cart_id: context.cartId, coupon_code: context.couponText.trim() }),
                onDone: { target: 'reviewing', actions: { type: 'assignCouponReply', params: ({ event }) => ({ reply: event.output }) } },
                onError: { target: 'ready', actions: { type: 'assignCouponFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            removingCoupon: {
              invoke: {
                id: 'changeCoupon',
                src: 'changeCoupon',
                input: ({ context }) => ({ cart_id: context.cartId, remove_coupon: 1 }),
                onDone: { target: 'reviewing', actions: { type: 'assignCouponReply', params: ({ event }) => ({ reply: event.output }) } },
                onError: { target: 'ready', actions: { type: 'assignCouponFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // PLACE ORDER again, a tab or a tip while the order is on its way: ignored (the server is idempotent too).
            placing: {
              on: { 'tab.select': { actions: 'showStep' } },
              invoke: {
                id: 'placeOrder',
                src: 'placeOrder',
                input: ({ context }) => placeOrderBody(context),
                onDone: { target: 'settling', actions: { type: 'assignOrderReply', params: ({ event }) => ({ reply: event.output }) } },
                onError: {
                  target: 'ready',
                  actions: [{ type: 'assignNotice', params: ({ event }) => ({ message: placeOrderErrorMessage(event.error) }) }, 'showNotice'],
                },
              },
            },
            // Where place order's (or confirm's) answer leads.
            settling: {
              always: [
                {
                  guard: 'isPlaced',
                  target: '#checkout.flow.placed',
                  actions: ['assignOrderId', 'clearGift', 'clearSessionAfterOrder', 'recordEmptyBadge'],
                },
                {
                  guard: 'isDeclined',
                  target: '#checkout.flow.paymentFailed',
                  actions: ['assignOrderId', 'assignReplyNotice', 'showNotice', { type: 'goToPaymentFail', params: ({ context }) => ({ orderId: context.orderReply?.order_id ?? '' }) }],
                },
                { guard: 'isAuthenticationNeeded', target: 'authenticating', actions: 'assignAuthentication' },
                { target: 'ready', actions: ['assignReplyNotice', 'showNotice'] },
              ],
            },
            // The shopper's bank checks the payment (3-D Secure); then the server says how it ended.
            authenticating: {
              on: { 'tab.select': { actions: 'showStep' } },
              initial: 'choosing',
              states: {
                choosing: {
                  always: [{ guard: 'isStripeCheck', target: 'withStripe' }, { target: 'withTestBank' }],
                },
                withStripe: {
                  invoke: {
                    id: 'handleNextAction',
                    src: 'handleNextAction',
                    input: ({ context }) => ({ clientSecret: context.authentication?.clientSecret ?? '' }),
                    // A failed or closed check is read back from the server too.
                    onDone: { target: '#checkout.flow.checkout.confirming' },
                    onError: { target: '#checkout.flow.checkout.confirming' },
                  },
                },
                // Test mode's bank page: the shopper completes or fails the check.
                withTestBank: {
                  on: { 'payment.authenticate': { target: 'answeringTestBank' } },
                },
                answeringTestBank: {
                  invoke: {
                    id: 'answerTestBank',
                    src: 'answerTestBank',
                    input: ({ context, event }) => ({
                      clientSecret: context.authentication?.clientSecret ?? '',
                      complete: event.type === 'payment.authenticate' && event.complete,
                    }),
                    onDone: { target: '#checkout.flow.checkout.confirming' },
                    onError: { target: '#checkout.flow.checkout.confirming' },
                  },
                },
              },
            },
            confirming: {
              on: { 'tab.select': { actions: 'showStep' } },
              invoke: {
                id: 'confirmOrder',
                src: 'confirmOrder',
                input: ({ context }) => ({ orderId: context.orderId ?? '' }),
                onDone: { target: 'settling', actions: { type: 'assignOrderReply', params: ({ event }) => ({ reply: event.output }) } },
                onError: {
                  target: 'ready',
                  actions: [{ type: 'assignNotice', params: ({ event }) => ({ message: placeOrderErrorMessage(event.error) }) }, 'showNotice'],
                },
              },
            },
          },
        },
        // 'Order Placed.': the cart is closed; the tabs are done.
        placed: {
          on: { 'tab.select': { actions: 'showStep' } },
        },
        paymentFailed: {
          on: { 'tab.select': { actions: 'showStep' } },
        },
      },
    },
    notice: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'notice.show': { target: 'shown' } },
        },
        shown: {
          after: { snackbarLifetime: { target: 'hidden', actions: 'clearNotice' } },
          on: {
            // A newer message gets its own full 4 s.
            'notice.show': { target: 'shown', reenter: true },
            'notice.dismiss': { target: 'hidden', actions: 'clearNotice' },
          },
        },
      },
    },
  },
});

