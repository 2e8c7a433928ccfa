import { bankMessages } from '../../src/rules/bank-account.ts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AddAddressBody, GetAddressesReply } from '../../src/api/contract/address.contract.ts';
import type { CartReply, ShowCartBody } from '../../src/api/contract/cart-page.contract.ts';
import type { OrderReviewBody, OrderReviewReply, PlaceOrderBody, PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { PaymentMethodsReply } from '../../src/api/contract/payment.contract.ts';
import type { ShippingBody, ShippingReply } from '../../src/api/contract/shipping.contract.ts';
import { ApiError, type Sent } from '../../src/api/http.ts';
import { cardListMachine } from '../../src/machines/cards/card-list.machine.ts';
import { addressFormMachine } from '../../src/machines/address-form/address-form.machine.ts';
import { checkoutAddressMachine } from '../../src/machines/checkout/checkout-address.machine.ts';
import { checkoutCardMachine } from '../../src/machines/checkout/checkout-card.machine.ts';
import type { SpeedFlow } from '../../src/machines/checkout/checkout-flow.types.ts';
import { checkoutSpeedMachine } from '../../src/machines/checkout/checkout-speed.machine.ts';
import { checkoutSummaryMachine } from '../../src/machines/checkout/checkout-summary.machine.ts';
import { checkoutMachine } from '../../src/machines/checkout/checkout.machine.ts';
import type { CheckoutContext } from '../../src/machines/checkout/checkout.setup.ts';
import type { KeptChoices } from '../../src/machines/checkout/checkout-kept.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { addressRuleMessages } from '../../src/rules/address-validation.ts';
import { checkoutMessages, shippingAddressesOf } from '../../src/rules/checkout-flow.ts';
import { baseCart, butcherGroup, ok } from './cart-fixtures.ts';
import { faceVerifyMachine } from '../../src/machines/identity/face-verify.machine.ts';
import type { IdentityReply } from '../../src/api/contract/kyc.contract.ts';
import { faceCheckSuccessMessage, kycMessages, type KycUploadReply, type VerifyOrderReply } from '../../src/api/contract/kyc.contract.ts';
import {
  addressesReply,
  checkReply,
  declinedReply,
  home,
  mastercard,
  placedReply,
  retailerA,
  retailerB,
  review,
  reviewOk,
  savedAddressReply,
  savedCardChoice,
  shippingOk,
  visa,
  zipFound,
} from './checkout-fixtures.ts';
import { addressGoneMessage, cardGoneMessage, cartOrderedMessage, facePassNeededRefusal } from '../../src/rules/messages.ts';
import {
  payOnDeliveryMaxOpenOrders,
  payOnDeliveryMaxUnits,
  payOnDeliveryMessages,
  payOnDeliveryUnitsRefusal,
} from '../../src/rules/pay-on-delivery.ts';
import { facePassNoteAt } from '../../src/rules/face-check.ts';
import { signInAgainMessage } from '../../src/rules/sign-in-again.ts';
import { done, failed, label, offline } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const savedCards: PaymentMethodsReply = { code: 1, data: [visa, { ...mastercard, id: 5 }], payment_method: 'stripe_payments' };
const customer: SessionValues = { Token: 'tok', CustomerId: 7, cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001', total_products_in_cart: 3 };

function session(values: SessionValues = customer) {
  return createActor(sessionMachine, { input: values }).start();
}

// ---------------------------------------------------------------- the tabs machine alone: its steps report by events

const homeAddress = shippingAddressesOf([home])[0];
const oneHour: SpeedFlow = {
  selectedSpeedID: 1,
  selectedRetailerID: retailerA.id,
  selectedShippingMethodID: undefined,
  deliveryFee: retailerA.delivery_fee,
  shippingAmount: '0.00',
  deliveryDate: retailerA.pickup_date,
  pickup_date: retailerA.pickup_date,
  deliveryDays: [],
};
const drinkCart = { ...baseCart, result: baseCart.result.map((line, i) => (i === 0 ? { ...line, age_restricted: true } : line)) };
const cartLoaded = label('loadCart: no drink', done('loadCart', ok(baseCart)));
const drinkCartLoaded = label('loadCart: a drink', done('loadCart', ok(drinkCart)));
const cartUnreadable = label('loadCart: offline', failed('loadCart'));
// Issue 12: a cart of wallet redemptions only costs nothing and skips the card (a drink still takes the face step).
const walletCart = { ...baseCart, result: baseCart.result.map((line) => ({ ...line, wallet: true })) };
const walletCartLoaded = label('loadCart: wallet only', done('loadCart', ok(walletCart)));
const walletDrinkCartLoaded = label(
  'loadCart: wallet only, a drink',
  done('loadCart', ok({ ...walletCart, result: walletCart.result.map((line, i) => (i === 0 ? { ...line, age_restricted: true } : line)) })),
);
const paymentSkipped = label('payment.skip', { type: 'payment.skip' });
const addressChosen = label('chooseAddress: Home', done('chooseAddress', { address: homeAddress }));
const speedChosen = label('chooseSpeed: 1 Hour Delivery', done('chooseSpeed', { speed: oneHour }));
const storePickup = label('chooseSpeed: Store Pickup', done('chooseSpeed', { speed: { ...oneHour, selectedSpeedID: 2 } }));
/** The speed tab's report of Courier picked, before CONTINUE. */
const courierShown = label('speed.changed: Courier', {
  type: 'speed.changed',
  speed: { ...oneHour, selectedSpeedID: 10, selectedRetailerID: undefined, selectedShippingMethodID: 'courier-201-b' },
});
const addressGone = label('chooseSpeed: the address is gone', done('chooseSpeed', { speed: undefined, addressGone: addressGoneMessage }));
const cardChosen = label('card.continue: saved card', { type: 'card.continue', choice: savedCardChoice });
const faceVerified = label('verifyFace: verified', done('verifyFace', { faceMatchPercent: 92 }));
const orderPlaced = label('reviewOrder: placed', done('reviewOrder', { outcome: { kind: 'placed', orderId: '100000123' } }));
const orderDeclined = label(
  'reviewOrder: declined',
  done('reviewOrder', { outcome: { kind: 'declined', orderId: '100000124', message: 'Your card was declined.' } }),
);
const cardGone = label('reviewOrder: the card is gone', done('reviewOrder', { outcome: undefined, cardGone: cardGoneMessage }));
const addressGoneAtSummary = label('reviewOrder: the address is gone', done('reviewOrder', { outcome: undefined, addressGone: addressGoneMessage }));
const tipChosen = label('summary.choices: 10 %', { type: 'summary.choices', choices: { tipPercent: 10, isGift: false, giftMessage: '' } });
const cartCounted = label('cart.count: 1', { type: 'cart.count', count: 1 });
const notice = label('notice.show', { type: 'notice.show', message: addressRuleMessages.selectionNotAllowed });
const snackbarTimeout = label('after 4 s', { type: 'xstate.after.snackbarLifetime.checkout.notice.shown' });
const select = (tab: string) => ({ type: 'tab.select' as const, tab });
/** Ordered in another tab: showcart names the shopper's cart of now; a step's call a 404 naming cart_id. */
const orderedReply: CartReply = { code: -1, message: cartOrderedMessage, current_cart: { cart_id: 'cart-next', total_items_count: 0 } };
const cartOrderedLoaded = label('loadCart: ordered in another tab', done('loadCart', orderedReply));
const speedOnOrderedCart = label('chooseSpeed: the cart was ordered', done('chooseSpeed', { speed: undefined, cartOrdered: true }));
const summaryOnOrderedCart = label('reviewOrder: the cart was ordered', done('reviewOrder', { outcome: undefined, cartOrdered: true }));
const refresh = { type: 'checkout.refresh' as const };
const recheckedOpen = label('recheckCart: still open', done('recheckCart', ok(baseCart)));
const recheckedOrdered = label('recheckCart: ordered in another tab', done('recheckCart', orderedReply));
const recheckFailed = label('recheckCart: offline', failed('recheckCart'));

// Walk 6 #4: the session left the checkout behind (another tab's delivery option, or the session's end).
const optionChanged = label('session: the delivery option changed in another tab', { type: 'session.leftBehind', ended: false });
const sessionEnded = label('session: ended (a logout in another tab, a 401)', { type: 'session.leftBehind', ended: true });
// Decision 086 left: the changed option's check of the cart (a placed Pick-Up resets the option as it orders the cart).
const checkedOpen = label('checkOrdered: still open', done('checkOrdered', ok(baseCart)));
const checkedOrdered = label('checkOrdered: ordered in another tab', done('checkOrdered', orderedReply));
const checkFailed = label('checkOrdered: offline', failed('checkOrdered'));

const cardAddressGone = label('card step: the shipping address is gone', { type: 'card.address.gone', message: addressGoneMessage });

function flowEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const m = (value: unknown) => snapshot.matches({ flow: value } as never);
  if (m('starting')) return [cartLoaded, drinkCartLoaded, cartUnreadable, walletCartLoaded, walletDrinkCartLoaded, cartOrderedLoaded];
  // The cart read again (the tab shown again): only its answers, so the graph stays small.
  if (snapshot.matches({ freshness: 'reading' })) return [recheckedOpen, recheckedOrdered, recheckFailed];
  if (m('optionChanged')) return [checkedOpen, checkedOrdered, checkFailed, sessionEnded];
  if (m('identityNeeded')) return [select('address'), select('checkout')];
  if (m('address')) return [addressChosen, select('checkout'), notice, refresh];
  if (m('speed')) return [speedChosen, storePickup, courierShown, addressGone, speedOnOrderedCart, optionChanged, select('address'), select('card')];
  if (m('card')) return [cardChosen, paymentSkipped, cardAddressGone, select('speed'), select('checkout')];
  if (m('face')) return [faceVerified, select('card')];
  if (m({ checkout: 'open' }))
    return [
      { type: 'order.started' },
      tipChosen,
      cartCounted,
      orderPlaced,
      orderDeclined,
      cardGone,
      summaryOnOrderedCart,
      addressGoneAtSummary,
      { type: 'face.required' },
      select('card'),
      select('face'),
      select('checkout'),
    ];
  if (m({ checkout: 'ordering' })) return [{ type: 'order.ended' }, select('address'), orderPlaced, optionChanged, sessionEnded];
  if (m('placed') || m('paymentFailed')) return [select('address')];
  return [];
}

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const snackbar = snapshot.matches({ notice: 'shown' }) ? [snackbarTimeout, { type: 'notice.dismiss' }, notice] : [];
  const back = snapshot.matches({ flow: 'address' }) || snapshot.matches({ flow: { checkout: 'open' } }) ? [{ type: 'checkout.back' }] : [];
  return [...flowEvents(snapshot), ...snackbar, ...back];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutContext;
  return JSON.stringify([
    snapshot.value,
    c.flags,
    c.flow.selectedSpeedID ?? null,
    c.cartLines.length > 0 && c.cartLines.some((l) => l.age_restricted),
    c.cartLines.length > 0 && c.cartLines.every((l) => l.wallet === true),
  ]);
};

const verifiedCustomer: SessionValues = { ...customer, verification_id: 'a'.repeat(32) };

/** What a tab kept before a reload: her home, 1 Hour Delivery, her saved card 5, a 10 % tip and a gift message. */
const keptOn = (step: KeptChoices['step']): KeptChoices => ({
  step,
  address: homeAddress,
  speed: { ...oneHour, selectedSpeedID: 1 },
  payment: { payment_mode: 2, card_id: 5, customer_stripe_id: 'cus_1', card_info: 'Mastercard ending 4444', payment_method: 'stripe_payments' },
  tipPercent: 10,
  isGift: true,
  giftMessage: 'Happy birthday, Ada',
});

const variants: { name: string; machine: typeof checkoutMachine; values: SessionValues; kept?: KeptChoices }[] = [
  // The face step follows the cart's lines (a drink or not), loaded when the checkout opens.
  { name: 'verified customer, face step by the cart', machine: checkoutMachine, values: verifiedCustomer },
  // Pickup and dine-in carts start at the card tab.
  { name: 'card first, face step by the cart', machine: checkoutMachine, values: { ...verifiedCustomer, nextTab: 'card' } },
  // A drink in the cart of a customer not verified yet, or of a guest (an old cart): the prompt, not the steps.
  { name: 'customer not verified, a drink stops at the prompt', machine: checkoutMachine, values: customer },
  { name: 'guest, a drink stops at the prompt', machine: checkoutMachine, values: { Token: 'guest-tok', cart_id: 'cart-abc', zipcode: '10001' } },
  // A reload (same tab) on each step: the checkout opens it again with what was kept.
  ...(['speed', 'card', 'face', 'checkout'] as const).map((step) => ({
    name: `a reload on the ${step} step`,
    machine: checkoutMachine,
    values: verifiedCustomer,
    kept: keptOn(step),
  })),
];

describe('checkout tabs paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const variant of variants) {
    const input = () => ({ session: session(variant.values), kept: variant.kept });
    const plans: PathPlan[] = planPaths(variant.machine, { input: input(), events: eventsFor, serializeState });
    describe(variant.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(variant.machine, plan, input());
        expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
        result.states.forEach((s) => reached.add(s));
        result.transitions.forEach((t) => taken.add(t));
        // The step on screen is always one whose tab flag is set.
        const c = result.snapshot.context as CheckoutContext;
        const stepless = ['starting', 'identityNeeded', 'cartOrdered', 'leftBehind', 'optionChanged'].some((flow) =>
          result.snapshot.matches({ flow } as never),
        );
        if (!stepless) expect(Object.values(c.flags).some(Boolean)).toBe(true);
      });
    });
  }
  it(coverageTitle(checkoutMachine), () => {
    expect([...allStateIds(checkoutMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

// ---------------------------------------------------------------- the tabs machine with its steps running

interface Overrides {
  place?: () => Promise<PlaceOrderReply>;
  review?: () => Promise<OrderReviewReply>;
  addresses?: () => Promise<GetAddressesReply>;
  cards?: () => Promise<PaymentMethodsReply>;
  shipping?: () => Promise<ShippingReply>;
  values?: SessionValues;
  coupon?: (body: Sent<ShowCartBody>) => Promise<CartReply>;
  answerTestBank?: (complete: boolean) => void;
  confirmOrder?: (orderId: string) => Promise<PlaceOrderReply>;
  cart?: CartReply;
  /** The cart read again when the tab is shown again (the same answer as when it opened by default). */
  recheck?: () => Promise<CartReply>;
  verifyFace?: () => Promise<VerifyOrderReply>;
  /** The clock the face pass is read and noted by (the browser's when left out). */
  now?: () => Date;
  /** The choices this tab kept before a reload. */
  kept?: KeptChoices;
}

/** A checkout whose server calls answer at once; returns the actor and what was sent. */
function running(overrides: Overrides = {}) {
  const calls = {
    placeOrder: [] as Sent<PlaceOrderBody>[],
    reviews: [] as Sent<OrderReviewBody>[],
    shipping: [] as Sent<ShippingBody>[],
    addresses: [] as Sent<AddAddressBody>[],
    coupons: [] as Sent<ShowCartBody>[],
    goToStep: [] as string[],
    paymentFail: [] as string[],
    back: [] as string[],
    faceChecks: [] as { applicationId: string; cartId: string }[],
    /** What the cart is told on arrival (the app's snackbar). */
    told: [] as string[],
  };
  const sessionRef = session(overrides.values ?? customer);
  const machine = checkoutMachine.provide({
    actors: {
      loadCart: fromPromise(async () => overrides.cart ?? ok(baseCart)),
      recheckCart: fromPromise(async () => (overrides.recheck ? overrides.recheck() : (overrides.cart ?? ok(baseCart)))),
      verifyFace: faceVerifyMachine.provide({
        actors: {
          // The server's identity: as the session has it.
          loadIdentity: fromPromise<IdentityReply>(async () => ({
            code: 1,
            data: { verification_id: sessionRef.getSnapshot().context.verification_id ?? '' },
          })),
          uploadSelfie: fromPromise<KycUploadReply, { imageData: string; applicationId: string }>(async ({ input }) => ({
            code: 1,
            data: { applicationId: input.applicationId, side: 'selfie', status: 'verified', imageUrl: '/media/kyc/x' },
          })),
          verifyFace: fromPromise<VerifyOrderReply, { applicationId: string; cartId: string }>(async ({ input }) => {
            calls.faceChecks.push(input);
            return overrides.verifyFace ? overrides.verifyFace() : { code: 1, data: { faceMatch: true, faceMatchPercent: 93 } };
          }),
        },
      }),
      chooseAddress: checkoutAddressMachine.provide({
        actors: {
          getShippingAddresses: fromPromise(async () => (overrides.addresses ? overrides.addresses() : addressesReply)),
          addressForm: addressFormMachine.provide({ actors: { lookupZip: fromPromise(async () => zipFound) } }),
          addShippingAddress: fromPromise(async ({ input }) => {
            calls.addresses.push(input.body);
            return savedAddressReply;
          }),
        },
      }),
      chooseSpeed: checkoutSpeedMachine.provide({
        actors: {
          shippingOptions: fromPromise(async ({ input }) => {
            calls.shipping.push(input);
            return overrides.shipping ? overrides.shipping() : shippingOk;
          }),
        },
      }),
      choosePayment: checkoutCardMachine.provide({
        actors: {
          listCards: cardListMachine.provide({
            actors: {
              loadCards: fromPromise<PaymentMethodsReply, { cartId: string | undefined }>(async () =>
                overrides.cards ? overrides.cards() : savedCards,
              ),
            },
          }),
        },
      }),
      reviewOrder: checkoutSummaryMachine.provide({
        actors: {
          orderReview: fromPromise(async ({ input }) => {
            calls.reviews.push(input);
            return overrides.review ? overrides.review() : reviewOk;
          }),
          changeCoupon: fromPromise<CartReply, Sent<ShowCartBody>>(async ({ input }) => {
            calls.coupons.push(input);
            return overrides.coupon ? overrides.coupon(input) : ok(baseCart, 'Coupon applied.');
          }),
          placeOrder: fromPromise(async ({ input }) => {
            calls.placeOrder.push(input);
            return overrides.place ? overrides.place() : placedReply;
          }),
          answerTestBank: fromPromise(async ({ input }) => {
            expect(input.clientSecret).toBe('pi_1_secret_2');
            overrides.answerTestBank?.(input.complete);
            return { code: 1 as const, data: {} };
          }),
          confirmOrder: fromPromise(async ({ input }) =>
            overrides.confirmOrder ? overrides.confirmOrder(input.orderId) : { ...placedReply, order_id: input.orderId },
          ),
        },
      }),
    },
    actions: {
      goToStep: ({ context }) => calls.goToStep.push(context.step),
      goToPaymentFail: (_, params) => calls.paymentFail.push(params.orderId),
      goToCart: () => calls.back.push('/cart'),
      goBack: () => calls.back.push('previous page'),
      tellOnCart: (_, params) => calls.told.push(params.message),
    },
  });
  const actor = createActor(machine, { input: { session: sessionRef, now: overrides.now, kept: overrides.kept } }).start();
  return { actor, calls, sessionRef };
}

type Checkout = ReturnType<typeof running>['actor'];

/** A fixed moment in the past: a face pass fresh at it is stale by the browser's clock. */
const pinnedMs = Date.UTC(2026, 0, 15, 12);
const pinnedClock = () => new Date(pinnedMs);

/** The open step's actor (the views find it the same way). */
function stepOf<K extends 'chooseAddress' | 'chooseSpeed' | 'choosePayment' | 'verifyFace' | 'reviewOrder'>(actor: Checkout, id: K) {
  const step = actor.getSnapshot().children[id];
  if (!step) throw new Error(`${id} is not running`);
  return step;
}

async function choosingAddress(actor: Checkout) {
  // The cart's lines load first.
  await waitFor(actor, (s) => !s.matches({ flow: 'starting' }));
  const address = stepOf(actor, 'chooseAddress');
  await waitFor(address, (s) => s.matches('choosing'));
  return address;
}

async function toCard(actor: Checkout) {
  (await choosingAddress(actor)).send({ type: 'address.continue' });
  const speed = stepOf(actor, 'chooseSpeed');
  await waitFor(speed, (s) => s.matches('choosing'));
  return speed;
}

async function chooseSavedCard(actor: Checkout) {
  const cardList = stepOf(actor, 'choosePayment').getSnapshot().children.listCards;
  if (!cardList) throw new Error('the card step runs the card list');
  await waitFor(cardList, (s) => s.matches('list'));
  cardList.send({ type: 'card.choose', cardId: 5 });
  cardList.send({ type: 'card.continue' });
}

async function toSummary(actor: Checkout) {
  (await toCard(actor)).send({ type: 'speed.continue' });
  await chooseSavedCard(actor);
  const summary = stepOf(actor, 'reviewOrder');
  await waitFor(summary, (s) => s.matches('ready'));
  return summary;
}

describe('checkout behaviour (the tabs machine with its steps running)', () => {
  it('lists shipping addresses with the primary first and chosen', async () => {
    const { actor } = running();
    const c = (await choosingAddress(actor)).getSnapshot().context;
    expect(c.addresses.map((a) => a.id)).toEqual([11, 12, 13]);
    expect(c.chosenAddressId).toBe(11);
    expect(c.addresses[0]).toMatchObject({ address_1: '350 5th Ave', address_2: 'New York, NY 10001', isPrimary: true });
  });

  it('a direct visit to /cart/checkout goes back to the current tab', () => {
    const { actor, calls } = running();
    actor.send(select('checkout'));
    expect(actor.getSnapshot().context.step).toBe('address');
    expect(calls.goToStep.at(-1)).toBe('address');
    actor.send(select('card'));
    expect(actor.getSnapshot().context.step).toBe('address');
  });

  it('refuses an address outside the shopping zip, and preselects none there', async () => {
    const { actor } = running();
    const address = await choosingAddress(actor);
    address.send({ type: 'address.choose', id: 13 });
    expect(actor.getSnapshot().context.notice).toBe(addressRuleMessages.selectionNotAllowed);
    expect(address.getSnapshot().context.chosenAddressId).toBe(11);

    // Shopping at another zip: her primary is listed, not preselected (walk 4 #6), so there is nothing to continue with.
    const moved = running({ values: { ...customer, zipcode: '94103' } });
    const movedAddress = await choosingAddress(moved.actor);
    expect(movedAddress.getSnapshot().context.chosenAddressId).toBeUndefined();
    movedAddress.send({ type: 'address.continue' });
    expect(moved.actor.getSnapshot().context.notice).toBeUndefined();
    expect(moved.actor.getSnapshot().context.step).toBe('address');
  });

  it('goes back to the addresses with the gone words when a new card copied a shipping address deleted since (walk 4 #4)', async () => {
    const { actor, calls } = running();
    (await toCard(actor)).send({ type: 'speed.continue' });
    await waitFor(actor, (s) => s.matches({ flow: 'card' }));
    // The add-card form's report reaches the card step, which passes it on to the tabs.
    stepOf(actor, 'choosePayment').send({ type: 'card.address.gone', message: addressGoneMessage });
    expect(actor.getSnapshot().context.notice).toBe(addressGoneMessage);
    expect(actor.getSnapshot().context.flow.selectedAddress).toBeUndefined();
    expect(actor.getSnapshot().matches({ flow: 'address' })).toBe(true);
    expect(calls.goToStep.at(-1)).toBe('address');
  });

  it('goes back to the addresses, listed again without it, when the chosen one was deleted in another tab', async () => {
    const gone = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
    let shippingCalls = 0;
    let listed = 0;
    const { actor, calls } = running({
      // Her office (12) is deleted once the first list is shown: the server no longer lists it, nor prices it.
      addresses: async () => (listed++ === 0 ? addressesReply : { ...addressesReply, data: addressesReply.data?.filter((a) => a.address_id !== 12) }),
      shipping: async () => {
        if (shippingCalls++ === 0) throw gone;
        return shippingOk;
      },
    });
    const first = await choosingAddress(actor);
    first.send({ type: 'address.choose', id: 12 });
    first.send({ type: 'address.continue' });
    await waitFor(actor, (s) => s.matches({ flow: 'address' }) && s.context.notice !== undefined);
    expect(actor.getSnapshot().context.notice).toBe(addressGoneMessage);
    expect(actor.getSnapshot().context.flow.selectedAddress).toBeUndefined();
    expect(actor.getSnapshot().context.flags).toMatchObject({ isAddressTab: true, isSpeedTab: false });
    expect(calls.goToStep.at(-1)).toBe('address');
    const again = await choosingAddress(actor);
    expect(again.getSnapshot().context.addresses.map((a) => a.id)).toEqual([11, 13]);
    expect(again.getSnapshot().context.chosenAddressId).toBe(11);
    // Another address, and the checkout moves on.
    again.send({ type: 'address.continue' });
    await waitFor(stepOf(actor, 'chooseSpeed'), (s) => s.matches('choosing'));
    expect(calls.shipping.map((b) => b.delivery_address_id)).toEqual([12, 11]);
  });

  it('a reload on the summary opens it again with the address, speed, card, tip and gift kept, and the tabs reached', async () => {
    const { actor, calls } = running({ kept: keptOn('checkout') });
    await waitFor(actor, (s) => s.matches({ flow: { checkout: 'open' } }));
    const c = actor.getSnapshot().context;
    expect(c.flow).toMatchObject({
      selectedAddress: { id: 11 },
      selectedSpeedID: 1,
      payment_mode: 2,
      card_id: 5,
      card_token: '',
      tipPercent: 10,
      isGift: true,
      giftMessage: 'Happy birthday, Ada',
    });
    expect(c.flags).toEqual({ isAddressTab: true, isSpeedTab: true, isCardTab: true, isFaceTab: false, isSummaryTab: true });
    expect(calls.goToStep).toEqual(['checkout']);
    const summary = stepOf(actor, 'reviewOrder');
    await waitFor(summary, (s) => s.matches('ready'));
    expect(summary.getSnapshot().context.flow).toMatchObject({ tipPercent: 10, isGift: true, giftMessage: 'Happy birthday, Ada' });
    expect(calls.reviews.at(-1)).toMatchObject({ driver_tip: 10, delivery_address_id: 11 });
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'placed' }));
    expect(calls.placeOrder.map((b) => [b.card_id, b.driver_tip, b.gift_message])).toEqual([[5, 10, 'Happy birthday, Ada']]);
  });

  it('a reload on the speed tab opens it with the kept speed and date chosen, as coming back to the tab does', async () => {
    const courier = { ...oneHour, selectedSpeedID: 10 as const, selectedRetailerID: undefined, selectedShippingMethodID: 'courier-201-b' };
    const { actor } = running({ kept: { ...keptOn('speed'), speed: courier } });
    await waitFor(actor, (s) => s.matches({ flow: 'speed' }));
    const reloaded = stepOf(actor, 'chooseSpeed');
    await waitFor(reloaded, (s) => s.matches('choosing'));
    expect(reloaded.getSnapshot().context.speedChoice).toEqual({ speedId: 10, retailerId: undefined, methodId: 'courier-201-b' });

    // Chosen with CONTINUE, then the speed tab opened again from payment: the same choice, not 1 Hour Delivery.
    const fresh = running();
    const speed = await toCard(fresh.actor);
    speed.send({ type: 'speed.choose', speedId: 2 });
    speed.send({ type: 'retailer.choose', retailerId: retailerB.id });
    speed.send({ type: 'speed.continue' });
    await waitFor(fresh.actor, (s) => s.matches({ flow: 'card' }));
    fresh.actor.send({ type: 'tab.select', tab: 'speed' });
    const again = stepOf(fresh.actor, 'chooseSpeed');
    await waitFor(again, (s) => s.matches('choosing'));
    expect(again.getSnapshot().context.speedChoice).toEqual({ speedId: 2, retailerId: retailerB.id, methodId: undefined });
  });

  it("holds the speed tab's choice before CONTINUE: the tab opens with it again, and the tip is not dropped until CONTINUE", async () => {
    const { actor } = running();
    const summary = await toSummary(actor);
    summary.send({ type: 'tip.choose', percent: 10 });
    expect(actor.getSnapshot().context.flow.tipPercent).toBe(10);
    // Back to the speed tab: Courier and its second day picked, then the address tab, with no CONTINUE.
    actor.send(select('speed'));
    const speed = stepOf(actor, 'chooseSpeed');
    await waitFor(speed, (s) => s.matches('choosing'));
    speed.send({ type: 'speed.choose', speedId: 10 });
    speed.send({ type: 'method.choose', methodId: 'courier-201-b' });
    expect(actor.getSnapshot().context.flow).toMatchObject({ selectedSpeedID: 10, selectedShippingMethodID: 'courier-201-b', tipPercent: 10 });
    // Not CONTINUE: the later tabs stay closed.
    expect(actor.getSnapshot().context.flags).toMatchObject({ isCardTab: false, isSummaryTab: false });
    actor.send(select('address'));
    (await choosingAddress(actor)).send({ type: 'address.continue' });
    const again = stepOf(actor, 'chooseSpeed');
    await waitFor(again, (s) => s.matches('choosing'));
    expect(again.getSnapshot().context.speedChoice).toEqual({ speedId: 10, retailerId: undefined, methodId: 'courier-201-b' });
    // Back to 1 Hour Delivery and CONTINUE: her tip is still there.
    again.send({ type: 'speed.choose', speedId: 1 });
    again.send({ type: 'speed.continue' });
    await waitFor(actor, (s) => s.matches({ flow: 'card' }));
    expect(actor.getSnapshot().context.flow).toMatchObject({ selectedSpeedID: 1, tipPercent: 10 });
  });

  it('a reload lands no further than the kept choices reach, and drops a kept address that is gone with its message', async () => {
    // No payment kept (a bank account is never kept): the payment tab, with the address and speed.
    const { actor } = running({ kept: { ...keptOn('checkout'), payment: undefined } });
    await waitFor(actor, (s) => s.matches({ flow: 'card' }));
    expect(actor.getSnapshot().context.flow).toMatchObject({ selectedSpeedID: 1, payment_mode: undefined, tipPercent: 10 });
    expect(actor.getSnapshot().context.flags).toMatchObject({ isSpeedTab: true, isCardTab: true, isSummaryTab: false });
    // Her home deleted meanwhile: the summary's pricing says so and the addresses open again.
    const gone = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
    const deleted = running({
      kept: keptOn('checkout'),
      review: async () => {
        throw gone;
      },
    });
    await waitFor(deleted.actor, (s) => s.matches({ flow: 'address' }) && s.context.notice !== undefined);
    expect(deleted.actor.getSnapshot().context.notice).toBe(addressGoneMessage);
    expect(deleted.actor.getSnapshot().context.flow.selectedAddress).toBeUndefined();
  });

  it('goes back to the addresses, listed again without it, when the chosen one was deleted before PLACE ORDER', async () => {
    const gone = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
    let placed = 0;
    let listed = 0;
    const { actor, calls } = running({
      // Her home (11) is deleted once the summary is shown: the server no longer lists it, nor takes it.
      addresses: async () => (listed++ === 0 ? addressesReply : { ...addressesReply, data: addressesReply.data?.filter((a) => a.address_id !== 11) }),
      place: async () => {
        if (placed++ === 0) throw gone;
        return placedReply;
      },
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'address' }));
    const c = actor.getSnapshot().context;
    expect(c.notice).toBe(addressGoneMessage);
    expect(c.flow.selectedAddress).toBeUndefined();
    expect(c.flags).toMatchObject({ isAddressTab: true, isSpeedTab: false, isCardTab: false, isSummaryTab: false });
    expect(calls.goToStep.at(-1)).toBe('address');
    const again = await choosingAddress(actor);
    expect(again.getSnapshot().context.addresses.map((a) => a.id)).toEqual([12, 13]);
    expect(calls.placeOrder.map((b) => b.delivery_address_id)).toEqual([11]);
  });

  it('goes back to the addresses when the chosen one was deleted before the summary is priced', async () => {
    const gone = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
    const { actor, calls } = running({
      review: async () => {
        throw gone;
      },
    });
    (await toCard(actor)).send({ type: 'speed.continue' });
    await chooseSavedCard(actor);
    await waitFor(actor, (s) => s.matches({ flow: 'address' }));
    expect(actor.getSnapshot().context.notice).toBe(addressGoneMessage);
    expect(actor.getSnapshot().context.flow.selectedAddress).toBeUndefined();
    expect(calls.goToStep.at(-1)).toBe('address');
    expect(calls.placeOrder).toEqual([]);
  });

  it('goes back to the cards, listed again without it, when the chosen card was removed in another tab', async () => {
    const gone = new ApiError(cardGoneMessage, 0, 404, [{ field: 'card_id', message: cardGoneMessage }]);
    let placed = 0;
    let listed = 0;
    const { actor, calls } = running({
      // Her card 5 is removed once the first list is shown: the server no longer lists it, nor takes it.
      cards: async () => (listed++ === 0 ? savedCards : { ...savedCards, data: savedCards.data?.filter((c) => c.id !== 5) }),
      place: async () => {
        if (placed++ === 0) throw gone;
        return placedReply;
      },
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'card' }));
    const c = actor.getSnapshot().context;
    expect(c.notice).toBe(cardGoneMessage);
    expect(c.flow).toMatchObject({ card_id: undefined, payment_mode: undefined, card_info: undefined });
    expect(c.flags).toMatchObject({ isCardTab: true, isSummaryTab: false });
    expect(calls.goToStep.at(-1)).toBe('card');
    const cardList = stepOf(actor, 'choosePayment').getSnapshot().children.listCards;
    if (!cardList) throw new Error('the card step runs the card list');
    await waitFor(cardList, (s) => s.matches('list'));
    expect(cardList.getSnapshot().context.cards.map((card) => card.id)).toEqual([visa.id]);
    // Another card, and the order is placed with it.
    cardList.send({ type: 'card.choose', cardId: visa.id });
    cardList.send({ type: 'card.continue' });
    const again = stepOf(actor, 'reviewOrder');
    await waitFor(again, (s) => s.matches('ready'));
    again.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'placed' }));
    expect(calls.placeOrder.map((b) => b.card_id)).toEqual([5, visa.id]);
  });

  it('refuses a city that does not match the zip and saves nothing', async () => {
    const { actor, calls } = running();
    const address = await choosingAddress(actor);
    address.send({ type: 'address.form.toggle' });
    const form = address.getSnapshot().children.addressForm;
    if (!form) throw new Error('the form runs while ADD NEW ADDRESSES is open');
    form.send({ type: 'address.field.change', field: 'zip', value: '10001' });
    await waitFor(form, (s) => s.matches('editing') && s.context.zipLookup?.city === 'New York');
    const values = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '350 5th Ave',
      city: 'Boston',
      state: 'NY',
      addressNickname: 'Home',
      phone: '2125550123',
    };
    for (const [field, value] of Object.entries(values)) form.send({ type: 'address.field.change', field: field as keyof typeof values, value });
    form.send({ type: 'address.submit' });
    expect(actor.getSnapshot().context.notice).toBe(addressRuleMessages.zipCityMismatch);
    expect(address.getSnapshot().matches({ adding: 'editing' })).toBe(true);
    expect(calls.addresses).toEqual([]);
  });

  it('sends one order for a double PLACE ORDER and clears the session after success', async () => {
    const { actor, calls, sessionRef } = running();
    const summary = await toSummary(actor);
    summary.send({ type: 'gift.toggle' });
    summary.send({ type: 'gift.message.change', text: 'Enjoy' });
    summary.send({ type: 'order.place' });
    summary.send({ type: 'order.place' });
    // The tabs stay while the order is on its way.
    actor.send(select('address'));
    expect(actor.getSnapshot().context.step).toBe('checkout');
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(calls.placeOrder).toHaveLength(1);
    expect(actor.getSnapshot().context.orderId).toBe('100000123');
    expect(sessionRef.getSnapshot().context.cart_id).toBeUndefined();
    expect(sessionRef.getSnapshot().context.total_products_in_cart).toBe(0);
    expect(actor.getSnapshot().context.flow.giftMessage).toBe('');
    expect(calls.placeOrder[0]).toMatchObject({
      cart_id: 'cart-abc',
      delivery_address_id: 11,
      speed_id: 1,
      payment_mode: 2,
      card_id: 5,
      card_token: '',
      gift_message: 'Enjoy',
    });
  });

  it('sends no api_token in any body: the bearer token stands for it', async () => {
    const { actor, calls } = running();
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    const bodies = [...calls.shipping, ...calls.reviews, ...calls.placeOrder];
    expect(bodies).toHaveLength(3);
    for (const body of bodies) expect(body).not.toHaveProperty('api_token');
    expect(calls.shipping[0]).toEqual({
      cart_id: 'cart-abc',
      delivery_address_id: 11,
      zipcode: '10001',
      delivery: false,
      pickup: false,
      dineinpickup: false,
    });
  });

  it('a pay-on-delivery order waiting for the email is placed, and the placed screen is told to say so', async () => {
    const { actor } = running({
      place: async () => ({
        ...placedReply,
        status: 'awaiting_confirmation',
        message: 'Order Placed. Please confirm it with the link we emailed you.',
      }),
    });
    (await toSummary(actor)).send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ orderId: '100000123', awaitsEmailConfirmation: true });
  });

  it('tells the payment step when the cart is past pay on delivery’s unit limit, and not when it is within', async () => {
    const bigCart = { ...baseCart, result: baseCart.result.map((line, i) => (i === 0 ? { ...line, qty: payOnDeliveryMaxUnits + 1 } : line)) };
    const big = running({ cart: ok(bigCart) });
    (await toCard(big.actor)).send({ type: 'speed.continue' });
    expect(stepOf(big.actor, 'choosePayment').getSnapshot().context.payOnDeliveryRefusal).toBe(payOnDeliveryUnitsRefusal(payOnDeliveryMaxUnits + 1));
    const small = running();
    (await toCard(small.actor)).send({ type: 'speed.continue' });
    expect(stepOf(small.actor, 'choosePayment').getSnapshot().context.payOnDeliveryRefusal).toBeUndefined();
  });

  it('tells the payment step when the shopper already has their open pay-on-delivery orders, as the cart counted them (walk 4 #3)', async () => {
    const full = running({ cart: { ...ok(baseCart), pay_on_delivery_open_orders: payOnDeliveryMaxOpenOrders } });
    (await toCard(full.actor)).send({ type: 'speed.continue' });
    expect(stepOf(full.actor, 'choosePayment').getSnapshot().context.payOnDeliveryRefusal).toBe(
      payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders),
    );
    const room = running({ cart: { ...ok(baseCart), pay_on_delivery_open_orders: payOnDeliveryMaxOpenOrders - 1 } });
    (await toCard(room.actor)).send({ type: 'speed.continue' });
    expect(stepOf(room.actor, 'choosePayment').getSnapshot().context.payOnDeliveryRefusal).toBeUndefined();
  });

  it('tells the payment step of a Dine-In table that it is not paid on delivery, and a pick-up that it is, in its words', async () => {
    const visit = { ...customer, nextTab: 'card', retailer: 401, dineinTime: '2026-12-01 19:00' } as const;
    const dineIn = running({ values: { ...visit, shippingType: 'dine-in' } });
    await waitFor(dineIn.actor, (s) => s.matches({ flow: 'card' }));
    expect(stepOf(dineIn.actor, 'choosePayment').getSnapshot().context).toMatchObject({
      handOver: 'dine-in',
      payOnDeliveryRefusal: payOnDeliveryMessages.notForDineIn,
    });
    const pickUp = running({ values: { ...visit, shippingType: 'pick-up' } });
    await waitFor(pickUp.actor, (s) => s.matches({ flow: 'card' }));
    expect(stepOf(pickUp.actor, 'choosePayment').getSnapshot().context).toMatchObject({ handOver: 'pick-up', payOnDeliveryRefusal: undefined });
  });

  it('tells the payment step when the order is due before a bank debit clears (a visit today), and not when it is due later', async () => {
    const visit = { ...customer, nextTab: 'card', retailer: 401, shippingType: 'pick-up' } as const;
    const now = () => new Date('2026-12-01T14:00:00Z');
    const today = running({ values: { ...visit, dineinTime: '2026-12-01 19:00' }, now });
    await waitFor(today.actor, (s) => s.matches({ flow: 'card' }));
    // A pick-up's words: no 'deliveries' and no 'on delivery' (walk 3 #15).
    expect(stepOf(today.actor, 'choosePayment').getSnapshot().context.bankRefusal).toBe(bankMessages.tooSoon('12/07/2026', 'pick-up'));
    const later = running({ values: { ...visit, dineinTime: '2026-12-07 19:00' }, now });
    await waitFor(later.actor, (s) => s.matches({ flow: 'card' }));
    expect(stepOf(later.actor, 'choosePayment').getSnapshot().context.bankRefusal).toBeUndefined();
  });

  it("tells the payment step a bank debit is too late when any seller's delivery is due before it clears, not only the main seller's", async () => {
    // Walk 3 defect 2: Hudson (the primary retailer) on 12/07, Fulton today. Place order checks every group.
    const now = () => new Date('2026-11-30T14:00:00Z');
    const hudson = { ...butcherGroup, vendor_loc_id: 101, type: 'local' as const, delivery_date: '2026-12-07', timeslot: null };
    const fulton = { ...hudson, vendor_loc_id: 102, vendor_id: 2, vendor_name: 'Fulton Fish Co.', delivery_date: '2026-11-30' };
    const speedsOf = (pickupDate: string) =>
      (shippingOk.data?.speed ?? []).map((s) => ({ ...s, retailers: s.retailers.map((r) => ({ ...r, pickup_date: pickupDate })) }));
    const mixed = running({ now, shipping: async () => ({ code: 1, data: { speed: speedsOf('2026-12-07'), delivery_groups: [hudson, fulton] } }) });
    (await toCard(mixed.actor)).send({ type: 'speed.continue' });
    await waitFor(mixed.actor, (s) => s.matches({ flow: 'card' }));
    expect(stepOf(mixed.actor, 'choosePayment').getSnapshot().context.bankRefusal).toBe(bankMessages.tooSoon('12/04/2026'));
    // Both sellers on or after the clearing day: the banks are offered.
    const later = running({
      now,
      shipping: async () => ({
        code: 1,
        data: { speed: speedsOf('2026-12-07'), delivery_groups: [hudson, { ...fulton, delivery_date: '2026-12-04' }] },
      }),
    });
    (await toCard(later.actor)).send({ type: 'speed.continue' });
    await waitFor(later.actor, (s) => s.matches({ flow: 'card' }));
    expect(stepOf(later.actor, 'choosePayment').getSnapshot().context.bankRefusal).toBeUndefined();
  });

  it("reads the cart's delivery dates of now for the bank rule, never those a checkout before kept (walk 9 #4)", async () => {
    // The last checkout kept Hudson on 12/03 (before a bank debit clears, 12/04); the shopper moved it to 12/07 since.
    const now = () => new Date('2026-11-30T14:00:00Z');
    const hudson = { ...butcherGroup, vendor_loc_id: 101, type: 'local' as const, delivery_date: '2026-12-07', timeslot: null };
    const cart = ok({ ...baseCart, delivery_groups: [hudson] });
    const kept = { ...keptOn('card'), speed: { ...oneHour, selectedSpeedID: 1 as const, deliveryDays: ['2026-12-03'] } };
    const { actor } = running({ now, cart, kept });
    await waitFor(actor, (s) => s.matches({ flow: 'card' }));
    expect(actor.getSnapshot().context.flow.deliveryDays).toEqual(['2026-12-07']);
    expect(stepOf(actor, 'choosePayment').getSnapshot().context.bankRefusal).toBeUndefined();
  });

  it('a card order needs no email confirmation', async () => {
    const { actor } = running();
    (await toSummary(actor)).send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(actor.getSnapshot().context.awaitsEmailConfirmation).toBe(false);
  });

  it('goes to /payment/fail with the order id when the card is declined', async () => {
    const { actor, calls } = running({ place: async () => declinedReply });
    (await toSummary(actor)).send({ type: 'order.place' });
    await vi.waitFor(() => expect(calls.paymentFail).toEqual(['100000124']));
    expect(actor.getSnapshot().context.notice).toBe('Your card was declined.');
    expect(actor.getSnapshot().matches({ flow: 'paymentFailed' })).toBe(true);
  });

  it('the back arrow returns to /cart from the summary and to the previous page from another step', async () => {
    const { actor, calls } = running();
    await choosingAddress(actor);
    actor.send({ type: 'checkout.back' });
    expect(calls.back).toEqual(['previous page']);
    await toSummary(actor);
    actor.send({ type: 'checkout.back' });
    expect(calls.back).toEqual(['previous page', '/cart']);
  });

  it("shows 'internal server error occured' when the request fails", async () => {
    const { actor } = running({ place: async () => Promise.reject(offline) });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe(checkoutMessages.internalError));
    expect(summary.getSnapshot().matches('ready')).toBe(true);
    // The tabs move again.
    expect(actor.getSnapshot().matches({ flow: { checkout: 'open' } })).toBe(true);
  });

  it("a 401 at PLACE ORDER that ended the session: neither the snackbar nor the line by PLACE ORDER repeats 'Please sign in again.' beside the notice (seam b6 #1)", async () => {
    const refused = new ApiError(signInAgainMessage, 401, 401);
    // As http.ts and session-end.ts do it: the session has ended (the notice shows) before the call's error arrives.
    const { actor, sessionRef } = running({
      place: async () => {
        sessionRef.send({ type: 'session.update', values: { Token: undefined, cust_name: undefined, CustomerId: undefined, sessionEnded: true } });
        return Promise.reject(refused);
      },
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    // Walk 6: the ended session takes the summary (her card, her address) off the screen: the cart opens, unsaid.
    await waitFor(actor, (s) => s.matches({ flow: 'leftBehind' }));
    expect(actor.getSnapshot().children.reviewOrder).toBeUndefined();
    expect(actor.getSnapshot().context.notice).toBeUndefined();
    expect(actor.getSnapshot().matches({ notice: 'hidden' })).toBe(true);

    // No session ended here (a guest's token refused, say): no notice shows, so the snackbar says it.
    const unended = running({ place: async () => Promise.reject(refused) });
    (await toSummary(unended.actor)).send({ type: 'order.place' });
    await vi.waitFor(() => expect(unended.actor.getSnapshot().context.notice).toBe(signInAgainMessage));
  });

  it('applies a coupon on the summary through the cart call, then prices the order again', async () => {
    const { actor, calls } = running({
      coupon: async (body) =>
        body.coupon_code === 'EXPIRED20' ? { code: 2, message: 'This coupon has expired.', data: baseCart } : ok(baseCart, 'Coupon applied.'),
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'coupon.apply' });
    expect(summary.getSnapshot().context.couponMessage).toEqual({ kind: 'error', text: 'Required' });
    expect(calls.coupons).toEqual([]);

    const reviewsBefore = calls.reviews.length;
    summary.send({ type: 'coupon.change', code: ' EXPIRED20 ' });
    summary.send({ type: 'coupon.apply' });
    await waitFor(summary, (s) => s.matches('ready'));
    expect(calls.coupons).toEqual([{ cart_id: 'cart-abc', coupon_code: 'EXPIRED20' }]);
    expect(summary.getSnapshot().context.couponMessage).toEqual({ kind: 'error', text: 'This coupon has expired.' });
    // A refused code stays in the box to be corrected.
    expect(summary.getSnapshot().context.couponText).toBe(' EXPIRED20 ');
    expect(calls.reviews.length).toBe(reviewsBefore + 1);

    summary.send({ type: 'coupon.change', code: 'WELCOME10' });
    summary.send({ type: 'coupon.apply' });
    await vi.waitFor(() => expect(summary.getSnapshot().context.couponMessage).toEqual({ kind: 'success', text: 'Coupon applied.' }));
    expect(summary.getSnapshot().context.couponText).toBe('');
    await vi.waitFor(() => expect(calls.reviews.length).toBe(reviewsBefore + 2));
  });

  it("asks the shopper's bank to check the payment, then places the order the server confirms", async () => {
    const answers: boolean[] = [];
    const confirmed: string[] = [];
    const { actor, calls, sessionRef } = running({
      place: async () => checkReply('test'),
      answerTestBank: (complete) => answers.push(complete),
      confirmOrder: async (orderId) => {
        confirmed.push(orderId);
        return { ...placedReply, order_id: orderId };
      },
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await waitFor(summary, (s) => s.matches({ ordering: { authenticating: 'withTestBank' } }));
    expect(summary.getSnapshot().context.orderId).toBe('100000125');
    summary.send({ type: 'order.place' });
    summary.send({ type: 'payment.authenticate', complete: true });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(answers).toEqual([true]);
    expect(confirmed).toEqual(['100000125']);
    expect(calls.placeOrder).toHaveLength(1);
    expect(actor.getSnapshot().context.orderId).toBe('100000125');
    expect(sessionRef.getSnapshot().context.cart_id).toBeUndefined();
  });

  it('keeps the tip only with 1 Hour Delivery', async () => {
    const { actor, calls } = running();
    const summary = await toSummary(actor);
    summary.send({ type: 'tip.choose', percent: 20 });
    expect(actor.getSnapshot().context.flow.tipPercent).toBe(20);
    await waitFor(summary, (s) => s.matches('ready'));
    expect(calls.reviews.at(-1)).toMatchObject({ driver_tip: 20, speed_id: 1 });

    // Back to the speed tab: Store Pickup takes no tip, and the summary offers none.
    actor.send(select('speed'));
    const speed = stepOf(actor, 'chooseSpeed');
    await waitFor(speed, (s) => s.matches('choosing'));
    speed.send({ type: 'speed.choose', speedId: 2 });
    speed.send({ type: 'speed.continue' });
    expect(actor.getSnapshot().context.flow.tipPercent).toBe(0);
    await chooseSavedCard(actor);
    const pickup = stepOf(actor, 'reviewOrder');
    await waitFor(pickup, (s) => s.matches('ready'));
    pickup.send({ type: 'tip.choose', percent: 10 });
    expect(actor.getSnapshot().context.flow.tipPercent).toBe(0);
    expect(calls.reviews.at(-1)).toMatchObject({ driver_tip: 0, speed_id: 2 });
  });

  it("tells the header's badge what the summary's pricing counted: a line sold out since CHECKOUT is not (decision 088 left)", async () => {
    const soldOut = { ...review, result: review.result.map((line, index) => (index === 0 ? { ...line, stock: 0 } : line)), total_items_count: 1 };
    const { actor, sessionRef } = running({ review: async () => ({ code: 1, data: soldOut }) });
    expect(sessionRef.getSnapshot().context.total_products_in_cart).toBe(3);
    const summary = await toSummary(actor);
    expect(summary.getSnapshot().context.refusal?.fixAt).toBe('cart');
    await vi.waitFor(() => expect(sessionRef.getSnapshot().context.total_products_in_cart).toBe(1));
  });

  it('keeps the tip and the gift message for a later visit to the summary', async () => {
    const { actor } = running();
    const summary = await toSummary(actor);
    summary.send({ type: 'tip.choose', percent: 15 });
    summary.send({ type: 'gift.toggle' });
    summary.send({ type: 'gift.message.change', text: 'Happy birthday' });
    actor.send(select('card'));
    expect(actor.getSnapshot().context.step).toBe('card');
    await chooseSavedCard(actor);
    const again = stepOf(actor, 'reviewOrder');
    expect(again.getSnapshot().context.flow).toMatchObject({ tipPercent: 15, isGift: true, giftMessage: 'Happy birthday' });
  });

  it('asks a cart with a drink for the face check between card and summary, then opens the summary', async () => {
    const applicationId = 'a'.repeat(32);
    const { actor, calls, sessionRef } = running({ cart: ok(drinkCart), values: { ...customer, verification_id: applicationId }, now: pinnedClock });
    (await toCard(actor)).send({ type: 'speed.continue' });
    await chooseSavedCard(actor);
    expect(actor.getSnapshot().context.step).toBe('face');
    const face = stepOf(actor, 'verifyFace');
    face.send({ type: 'face.verify' });
    expect(face.getSnapshot().context.error).toBe(kycMessages.selfieMissing);
    face.send({ type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,AAAA' });
    face.send({ type: 'face.verify' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.step).toBe('checkout'));
    expect(calls.faceChecks).toEqual([{ applicationId, cartId: 'cart-abc' }]);
    expect(actor.getSnapshot().context.notice).toBe(faceCheckSuccessMessage(93));
    // The pass is noted by the checkout's clock, which the face step is given.
    expect(sessionRef.getSnapshot().context.faceCheckedUntil).toBe(facePassNoteAt('cart-abc', pinnedMs).until);
  });

  it('keeps the face step on a mismatch', async () => {
    const { actor } = running({
      cart: ok(drinkCart),
      values: { ...customer, verification_id: 'b'.repeat(32) },
      verifyFace: async () => ({ code: 2, message: kycMessages.orderFaceFailed, data: { faceMatch: false, faceMatchPercent: 40 } }),
    });
    (await toCard(actor)).send({ type: 'speed.continue' });
    await chooseSavedCard(actor);
    const face = stepOf(actor, 'verifyFace');
    face.send({ type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,AAAA' });
    face.send({ type: 'face.verify' });
    await waitFor(face, (s) => s.context.error !== undefined);
    expect(face.getSnapshot().context).toMatchObject({ error: kycMessages.orderFaceFailed, selfie: undefined });
    expect(actor.getSnapshot().context.step).toBe('face');
  });

  it('skips the face step while a face pass noted for this cart is fresh (/verifyFace), not for a stale or another cart', async () => {
    const verified = { ...customer, verification_id: 'b'.repeat(32) };
    // Freshness is read on the checkout's clock (pinned in the past here), not the browser's.
    const fresh = running({
      cart: ok(drinkCart),
      values: { ...verified, faceCheckedCart: 'cart-abc', faceCheckedUntil: pinnedMs + 600_000 },
      now: pinnedClock,
    });
    (await toCard(fresh.actor)).send({ type: 'speed.continue' });
    await chooseSavedCard(fresh.actor);
    expect(fresh.actor.getSnapshot().context.step).toBe('checkout');
    expect(fresh.calls.faceChecks).toEqual([]);

    for (const note of [
      { faceCheckedCart: 'cart-abc', faceCheckedUntil: pinnedMs - 1 },
      { faceCheckedCart: 'cart-other', faceCheckedUntil: pinnedMs + 600_000 },
    ]) {
      const stale = running({ cart: ok(drinkCart), values: { ...verified, ...note }, now: pinnedClock });
      (await toCard(stale.actor)).send({ type: 'speed.continue' });
      await chooseSavedCard(stale.actor);
      expect(stale.actor.getSnapshot().context.step).toBe('face');
    }
  });

  it('forgets the face pass note once an order is sent: placed, or declined (the pass is used and the cart reopens)', async () => {
    for (const [place, end] of [
      [undefined, 'placed'],
      [async () => declinedReply, 'paymentFailed'],
    ] as const) {
      const { actor, sessionRef } = running({
        cart: ok(drinkCart),
        place,
        values: { ...customer, verification_id: 'b'.repeat(32), faceCheckedCart: 'cart-abc', faceCheckedUntil: Date.now() + 600_000 },
      });
      const summary = await toSummary(actor);
      summary.send({ type: 'order.place' });
      await waitFor(actor, (s) => s.matches({ flow: end }));
      expect(sessionRef.getSnapshot().context).toMatchObject({ faceCheckedCart: undefined, faceCheckedUntil: undefined });
    }
  });

  it('opens the face step again when place order wants a fresh face pass (it ran out on the summary)', async () => {
    const { actor, calls } = running({
      cart: ok(drinkCart),
      values: { ...customer, verification_id: 'b'.repeat(32) },
      place: async () => ({ code: -1, message: facePassNeededRefusal }),
    });
    (await toCard(actor)).send({ type: 'speed.continue' });
    await chooseSavedCard(actor);
    const face = stepOf(actor, 'verifyFace');
    face.send({ type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,AAAA' });
    face.send({ type: 'face.verify' });
    await waitFor(actor, (s) => s.context.step === 'checkout');
    const summary = stepOf(actor, 'reviewOrder');
    await waitFor(summary, (s) => s.matches('ready'));
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.context.step === 'face');
    expect(actor.getSnapshot().context.notice).toBe(facePassNeededRefusal);
    expect(calls.placeOrder).toHaveLength(1);
    // A new selfie, and the summary again.
    const again = stepOf(actor, 'verifyFace');
    again.send({ type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,BBBB' });
    again.send({ type: 'face.verify' });
    await waitFor(actor, (s) => s.context.step === 'checkout');
    expect(calls.faceChecks).toHaveLength(2);
  });

  it('stops a guest or an unverified customer with a drink in the cart at the prompt, before any step', async () => {
    for (const [values, gap] of [
      [customer, 'verify-identity'],
      [{ Token: 'guest-tok', cart_id: 'cart-abc', zipcode: '10001' }, 'create-account'],
    ] as const) {
      const { actor, calls } = running({ cart: ok(drinkCart), values });
      await waitFor(actor, (s) => !s.matches({ flow: 'starting' }));
      expect(actor.getSnapshot().matches({ flow: 'identityNeeded' })).toBe(true);
      expect(actor.getSnapshot().context.identityGap).toBe(gap);
      expect(actor.getSnapshot().children.chooseAddress).toBeUndefined();
      // A typed /cart/checkout is refused: the URL goes back.
      actor.send({ type: 'tab.select', tab: 'checkout' });
      expect(actor.getSnapshot().matches({ flow: 'identityNeeded' })).toBe(true);
      expect(calls.goToStep).toEqual(['address']);
    }
    // Walk 4: a customer the server refused as 21 or under is told why, not asked to verify again.
    const young = running({ cart: { ...ok(drinkCart), identity_under_21: true }, values: customer });
    await waitFor(young.actor, (s) => s.matches({ flow: 'identityNeeded' }));
    expect(young.actor.getSnapshot().context.identityGap).toBe('under-21');
    // Walk 4: verified in another browser since this one signed in: the cart's identity (the database's) lets the
    // customer on to the steps, and a verification the database no longer knows stops one the session calls verified.
    const elsewhere = running({ cart: { ...ok(drinkCart), identity_verification_id: 'a'.repeat(32) }, values: customer });
    expect((await choosingAddress(elsewhere.actor)).getSnapshot().value).toBe('choosing');
    expect(elsewhere.actor.getSnapshot().context.identityGap).toBeUndefined();
    const gone = running({ cart: { ...ok(drinkCart), identity_verification_id: '' }, values: { ...customer, verification_id: 'a'.repeat(32) } });
    await waitFor(gone.actor, (s) => s.matches({ flow: 'identityNeeded' }));
    expect(gone.actor.getSnapshot().context.identityGap).toBe('verify-identity');
    // The same carts without a drink go on as usual.
    const plain = running({ values: customer });
    expect((await choosingAddress(plain.actor)).getSnapshot().value).toBe('choosing');
  });
});

describe('a checkout left behind by another tab (walk 6 #4)', () => {
  const dineIn: SessionValues = {
    shippingType: 'dine-in',
    couriertype: 'dine-in',
    retailer: 401,
    retailer_name: 'Gramercy Chop House',
    vendor_location_id: 401,
    dineinTime: '2026-12-01T19:00',
  };

  it('another tab switches to Dine-In: the summary goes, the cart opens and says the option changed; nothing is placed', async () => {
    const { actor, calls, sessionRef } = running();
    await toSummary(actor);
    // session-end.ts brings the other tab's choice into this tab's session.
    sessionRef.send({ type: 'session.update', values: dineIn });
    await waitFor(actor, (s) => s.matches({ flow: 'leftBehind' }));
    expect(actor.getSnapshot().children.reviewOrder).toBeUndefined();
    expect(calls.back).toEqual(['/cart']);
    expect(calls.told).toEqual([
      'Your delivery option changed in another tab: you are on Dine-In at Gramercy Chop House (10001) now. Check your cart, then CHECKOUT again.',
    ]);
    expect(calls.placeOrder).toEqual([]);
  });

  it('another tab placed the Pick-Up (resetting the option as it ordered the cart): the cart opens saying it was ordered, not that the option changed', async () => {
    const { actor, calls, sessionRef } = running({ values: { ...customer, ...dineIn }, recheck: async () => orderedReply });
    await toCard(actor);
    // The placing tab forgets the option with the ordered cart; session-end.ts brings that here.
    sessionRef.send({ type: 'session.update', values: Object.fromEntries(Object.keys(dineIn).map((key) => [key, undefined])) });
    await waitFor(actor, (s) => s.matches({ flow: 'cartOrdered' }));
    expect(calls.back).toEqual(['/cart']);
    expect(calls.told).toEqual([]);
    expect(calls.placeOrder).toEqual([]);
  });

  it('another tab logs out: the checkout (her addresses, her card) leaves the screen for the cart, where the notice says it', async () => {
    const { actor, calls, sessionRef } = running();
    await toCard(actor);
    sessionRef.send({ type: 'session.update', values: { Token: undefined, cust_name: undefined, CustomerId: undefined, sessionEnded: true } });
    await waitFor(actor, (s) => s.matches({ flow: 'leftBehind' }));
    expect(actor.getSnapshot().children.chooseSpeed).toBeUndefined();
    expect(calls.back).toEqual(['/cart']);
    expect(calls.told).toEqual([]);
  });

  it("this tab's own changes leave it as it is: the speed tab's choice, and the placed order forgetting the option", async () => {
    const { actor, calls } = running({ values: { ...customer, ...dineIn } });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'placed' }));
    expect(calls.back).toEqual([]);
    expect(calls.told).toEqual([]);
  });
});

describe('checkout of a cart ordered in another tab', () => {
  it('opening the checkout: straight back to the cart (which names it), no step opens', async () => {
    const { actor, calls } = running({ cart: orderedReply });
    await waitFor(actor, (s) => s.matches({ flow: 'cartOrdered' }));
    expect(calls.back).toEqual(['/cart']);
    expect(actor.getSnapshot().children.chooseAddress).toBeUndefined();
  });

  it('the tab shown again on a step: the cart is read again, and an ordered one sends the shopper back to the cart', async () => {
    let orderedElsewhere = false;
    const { actor, calls } = running({ recheck: async () => (orderedElsewhere ? orderedReply : ok(baseCart)) });
    await choosingAddress(actor);
    actor.send(refresh);
    await waitFor(actor, (s) => s.matches({ freshness: 'current' }));
    expect(actor.getSnapshot().matches({ flow: 'address' })).toBe(true);
    expect(calls.back).toEqual([]);

    orderedElsewhere = true;
    actor.send(refresh);
    await vi.waitFor(() => expect(calls.back).toEqual(['/cart']));
  });

  it('the tab shown again counts the open pay-on-delivery orders again: placed in another tab, the payment tab next refuses it (walk 4 #3)', async () => {
    const { actor } = running({
      cart: { ...ok(baseCart), pay_on_delivery_open_orders: payOnDeliveryMaxOpenOrders - 1 },
      recheck: async () => ({ ...ok(baseCart), pay_on_delivery_open_orders: payOnDeliveryMaxOpenOrders }),
    });
    await toSummary(actor);
    actor.send(refresh);
    await waitFor(actor, (s) => s.matches({ freshness: 'current' }) && s.context.payOnDeliveryOpenOrders === payOnDeliveryMaxOpenOrders);
    actor.send(select('card'));
    expect(stepOf(actor, 'choosePayment').getSnapshot().context.payOnDeliveryRefusal).toBe(
      payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders),
    );
  });

  it('the speed step told the cart was ordered (404 naming cart_id): back to the cart', async () => {
    const ordered = new ApiError(cartOrderedMessage, 0, 404, [{ field: 'cart_id', message: cartOrderedMessage }]);
    const { actor, calls } = running({ shipping: async () => Promise.reject(ordered) });
    (await choosingAddress(actor)).send({ type: 'address.continue' });
    await waitFor(actor, (s) => s.matches({ flow: 'cartOrdered' }));
    expect(calls.back).toEqual(['/cart']);
  });

  it('an order whose answer names the next cart (the lines kept aside went there): the session goes on with it', async () => {
    const { actor, sessionRef } = running({
      values: { ...customer, shippingType: 'dine-in', dineinpickup: 1, retailer: 401 },
      place: async () => ({ ...placedReply, next_cart: { cart_id: 'cart-next', total_items_count: 2 } }),
    });
    const summary = await toSummary(actor);
    summary.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'placed' }));
    const stored = sessionRef.getSnapshot().context;
    expect(stored).toMatchObject({ cart_id: 'cart-next', total_products_in_cart: 2 });
    expect([stored.shippingType, stored.dineinpickup, stored.retailer]).toEqual([undefined, undefined, undefined]);
  });
});
