import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AddAddressReply, GetAddressesReply } from '../../src/api/contract/address.contract.ts';
import type { CartReply, ShowCartBody } from '../../src/api/contract/cart-page.contract.ts';
import type { PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { checkoutMachine, type CheckoutContext } from '../../src/machines/checkout.machine.ts';
import type { SessionValues } from '../../src/machines/session-values.ts';
import { sessionMachine } from '../../src/machines/session.machine.ts';
import { addressRuleMessages } from '../../src/rules/address-validation.ts';
import { checkoutMessages } from '../../src/rules/checkout-flow.ts';
import { baseCart, ok } from './cart-fixtures.ts';
import { away, billing, home, office, reviewOk, shippingOk } from './checkout-fixtures.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

type Sent<T> = Omit<T, 'store_id'>;
const offline = new ApiError('You are not connected to internet', 500, 0);
const customer: SessionValues = { Token: 'tok', CustomerId: 7, cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001', total_products_in_cart: 3 };

function session(values: SessionValues = customer) {
  return createActor(sessionMachine, { input: values }).start();
}

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown = offline) => ({ type: `xstate.error.actor.${id}`, error });

const named = new Map<AnyEventObject, string>();
function label<E extends AnyEventObject>(name: string, event: E): E {
  named.set(event, name);
  return event;
}

const addressesReply: GetAddressesReply = { code: 1, data: [office, home, away, billing] };
const addressesLoaded = label('getShippingAddresses: list', done('getShippingAddresses', addressesReply));
const addressesRefused = label('getShippingAddresses: code -1', done('getShippingAddresses', { code: -1, message: 'no' }));
const addressesFailed = label('getShippingAddresses: offline', failed('getShippingAddresses'));
const zipFound: ZipLookupReply = { code: 1, data: [{ zipcode: '10001', city: 'New York', state: 'NY', loc_id: 1 }] };
const zipLooked = label('lookupZip: New York', done('lookupZip', zipFound));
const zipFailed = label('lookupZip: offline', failed('lookupZip'));
const savedReply: AddAddressReply = { code: 1, address_id: 12 };
const saved = label('addShippingAddress: saved', done('addShippingAddress', savedReply));
const saveRefused = label('addShippingAddress: code -1', done('addShippingAddress', { code: -1, message: addressRuleMessages.zipCityMismatch }));
const saveFailed = label('addShippingAddress: offline', failed('addShippingAddress'));
const speedsLoaded = label('shippingOptions: speeds', done('shippingOptions', shippingOk));
const speedsRefused = label('shippingOptions: code -1', done('shippingOptions', { code: -1, message: 'Zip mismatch' }));
const speedsFailed = label('shippingOptions: offline', failed('shippingOptions'));
const reviewed = label('orderReview: summary', done('orderReview', reviewOk));
const reviewRefused = label('orderReview: code -1', done('orderReview', { code: -1, message: 'Your cart is empty.' }));
const reviewFailed = label('orderReview: offline', failed('orderReview'));
const reviewedWithCoupon = label('orderReview: summary with WELCOME10', done('orderReview', { ...reviewOk, data: reviewOk.data && { ...reviewOk.data, coupon_code: 'WELCOME10' } }));
const couponApplied = label('changeCoupon: applied', done('changeCoupon', ok({ ...baseCart, coupon_code: 'WELCOME10' }, 'Coupon WELCOME10 applied.')));
const couponRefused = label('changeCoupon: code 2', done('changeCoupon', { code: 2, message: 'This coupon has expired.', data: baseCart }));
const couponRemoved = label('changeCoupon: removed', done('changeCoupon', ok(baseCart)));
const couponFailed = label('changeCoupon: offline', failed('changeCoupon'));
const placedReply: PlaceOrderReply = { code: 1, message: 'Order Placed.', order_id: '100000123' };
const declinedReply: PlaceOrderReply = { code: -1, message: 'Your card was declined.', order_id: '100000124' };
const placed = label('placeOrder: placed', done('placeOrder', placedReply));
const declined = label('placeOrder: declined', done('placeOrder', declinedReply));
const refused = label('placeOrder: refused', done('placeOrder', { code: -1, message: 'Only 1 left in stock.' }));
const placeFailed = label('placeOrder: offline', failed('placeOrder'));
const checkReply = (gateway: 'test' | 'stripe'): PlaceOrderReply => ({
  code: 2,
  message: 'Please confirm this payment with your bank.',
  order_id: '100000125',
  status: 'pending_payment',
  authentication: { client_secret: 'pi_1_secret_2', gateway },
});
const needsTestCheck = label('placeOrder: bank check (test)', done('placeOrder', checkReply('test')));
const needsStripeCheck = label('placeOrder: bank check (stripe)', done('placeOrder', checkReply('stripe')));
const testBankAnswered = label('answerTestBank: answered', done('answerTestBank', { code: 1, data: {} }));
const testBankFailed = label('answerTestBank: offline', failed('answerTestBank'));
const stripeChecked = label('handleNextAction: done', done('handleNextAction', undefined));
const stripeCheckFailed = label('handleNextAction: error', failed('handleNextAction', new Error('closed')));
const confirmedPlaced = label('confirmOrder: placed', done('confirmOrder', { ...placedReply, order_id: '100000125' }));
const confirmedDeclined = label('confirmOrder: check failed', done('confirmOrder', { code: -1, message: 'We are unable to authenticate your payment method.', order_id: '100000125' }));
const confirmedWaiting = label('confirmOrder: still waiting', done('confirmOrder', checkReply('test')));
const confirmPending = label('confirmOrder: still confirming', done('confirmOrder', { code: 2, message: 'We are still confirming your payment.', order_id: '100000125' }));
const confirmFailed = label('confirmOrder: offline', failed('confirmOrder'));
const snackbarTimeout = label('after 4 s', { type: 'xstate.after.snackbarLifetime.checkout.notice.shown' });

const validValues = { firstName: 'Ada', lastName: 'Lovelace', address: '350 5th Ave', address2: '', city: 'New York', state: 'NY', zip: '10001', addressNickname: 'Home', phone: '2125550123' };
const wrongCity = { ...validValues, city: 'Boston' };
const emptyValues = { firstName: '', lastName: '', address: '', address2: '', city: '', state: '', zip: '', addressNickname: '', phone: '' };
const select = (tab: string) => ({ type: 'tab.select' as const, tab });
const card = { type: 'card.continue' as const, choice: { payment_mode: 2 as const, card_id: 5, customer_stripe_id: 'cus_1', card_info: 'Visa ending in 4242' } };

function eventName(event: AnyEventObject): string {
  const known = named.get(event);
  if (known) return known;
  const { type, ...rest } = event;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}

function flowEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const m = (value: unknown) => snapshot.matches({ flow: value } as never);
  if (m({ address: 'loading' })) return [addressesLoaded, addressesRefused, addressesFailed];
  if (m({ address: 'choosing' }))
    return [{ type: 'address.choose', id: 11 }, { type: 'address.choose', id: 13 }, { type: 'address.form.toggle' }, { type: 'address.continue' }, select('checkout')];
  if (m({ address: { adding: 'editing' } }))
    return [
      { type: 'address.zip.lookup', zip: '10001' },
      { type: 'address.save', values: emptyValues, makeDefault: false },
      { type: 'address.save', values: wrongCity, makeDefault: false },
      { type: 'address.save', values: validValues, makeDefault: true },
      { type: 'address.form.toggle' },
    ];
  if (m({ address: { adding: 'lookingUp' } })) return [zipLooked, zipFailed, { type: 'address.zip.lookup', zip: '10002' }];
  if (m({ address: { adding: 'saving' } })) return [saved, saveRefused, saveFailed];
  if (m({ speed: 'loading' })) return [speedsLoaded, speedsRefused, speedsFailed];
  if (m({ speed: 'choosing' }))
    return [
      { type: 'speed.choose', speedId: 2 },
      { type: 'speed.choose', speedId: 10 },
      { type: 'retailer.choose', retailerId: 102 },
      { type: 'method.choose', methodId: 'courier-201-b' },
      { type: 'speed.continue' },
      select('address'),
      select('card'),
    ];
  if (m({ speed: 'failed' })) return [{ type: 'speed.retry' }];
  if (m('card')) return [card, select('speed'), select('checkout')];
  if (m('face')) return [{ type: 'face.verified' }, select('card')];
  if (m({ checkout: 'reviewing' })) return [reviewed, reviewedWithCoupon, reviewRefused, reviewFailed, { type: 'tip.choose', percent: 10 }, { type: 'gift.toggle' }, { type: 'gift.message.change', text: 'Enjoy' }];
  if (m({ checkout: 'reviewFailed' })) return [{ type: 'review.retry' }];
  if (m({ checkout: 'ready' }))
    return [
      { type: 'tip.choose', percent: 15 },
      { type: 'gift.toggle' },
      { type: 'gift.message.change', text: 'Enjoy' },
      { type: 'coupon.change', code: 'WELCOME10' },
      { type: 'coupon.apply' },
      { type: 'coupon.remove' },
      { type: 'order.place' },
      select('card'),
      select('face'),
      select('checkout'),
    ];
  if (m({ checkout: 'applyingCoupon' })) return [couponApplied, couponRefused, couponFailed, { type: 'coupon.change', code: 'SAVE5' }];
  if (m({ checkout: 'removingCoupon' })) return [couponRemoved, couponFailed];
  if (m({ checkout: 'placing' })) return [placed, declined, refused, placeFailed, needsTestCheck, needsStripeCheck, select('address'), { type: 'order.place' }];
  if (m({ checkout: { authenticating: 'withTestBank' } }))
    return [{ type: 'payment.authenticate', complete: true }, { type: 'payment.authenticate', complete: false }, select('address')];
  if (m({ checkout: { authenticating: 'answeringTestBank' } })) return [testBankAnswered, testBankFailed];
  if (m({ checkout: { authenticating: 'withStripe' } })) return [stripeChecked, stripeCheckFailed];
  if (m({ checkout: 'confirming' })) return [confirmedPlaced, confirmedDeclined, confirmedWaiting, confirmPending, confirmFailed, select('address')];
  if (m('placed') || m('paymentFailed')) return [select('address')];
  return [];
}

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const notice = snapshot.matches({ notice: 'shown' }) ? [snackbarTimeout, { type: 'notice.dismiss' }] : [];
  return [...flowEvents(snapshot), ...notice];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutContext;
  // The coupon box matters only on the ready summary (its guards): elsewhere it would multiply states for nothing.
  const coupon = snapshot.matches({ flow: { checkout: 'ready' } }) ? [c.couponText !== '', Boolean(c.review?.coupon_code)] : [];
  return JSON.stringify([snapshot.value, c.flags, c.chosenAddressId, c.speedChoice, c.flow.selectedSpeedID, Boolean(c.zipLookup), ...coupon]);
};

const variants = [
  { name: 'customer, face step off', machine: checkoutMachine, values: customer },
  // The identity issue turns the face step on; pickup and dine-in carts start at the card tab.
  { name: 'card first, face step on', machine: checkoutMachine.provide({ guards: { isFaceRequired: () => true } }), values: { ...customer, nextTab: 'card' } },
  // The primary address is preselected even when the shopping zip has changed since: continue refuses it.
  { name: 'shopping zip changed', machine: checkoutMachine, values: { ...customer, zipcode: '94103' } },
  { name: 'guest without a customer id', machine: checkoutMachine, values: { cart_id: 'cart-abc', zipcode: '10001' } },
];

describe('checkout paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const variant of variants) {
    const plans: PathPlan[] = planPaths(variant.machine, { input: { session: session(variant.values) }, events: eventsFor, serializeState });
    describe(variant.name, () => {
      it(`replays ${plans.length} paths`, () => {
        for (const plan of plans) {
          const result = replay(variant.machine, plan, { session: session(variant.values) });
          expect(result.snapshot.value, plan.events.map(eventName).join(' → ')).toEqual(plan.expected.value);
          result.states.forEach((s) => reached.add(s));
          result.transitions.forEach((t) => taken.add(t));
        }
      });
    });
  }
  it(coverageTitle(checkoutMachine), () => {
    expect([...allStateIds(checkoutMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

/** A checkout whose server calls answer at once; returns the actor and what was sent. */
function running(overrides: { place?: () => Promise<PlaceOrderReply>; values?: SessionValues; coupon?: (body: Sent<ShowCartBody>) => Promise<CartReply> } = {}) {
  const calls = { placeOrder: 0, reviews: 0, coupons: [] as Sent<ShowCartBody>[], showStep: [] as string[], paymentFail: [] as string[] };
  const sessionRef = session(overrides.values ?? customer);
  const machine = checkoutMachine.provide({
    actors: {
      getShippingAddresses: fromPromise(async () => addressesReply),
      lookupZip: fromPromise(async () => zipFound),
      addShippingAddress: fromPromise(async () => savedReply),
      shippingOptions: fromPromise(async () => shippingOk),
      orderReview: fromPromise(async () => {
        calls.reviews += 1;
        return reviewOk;
      }),
      changeCoupon: fromPromise<CartReply, Sent<ShowCartBody>>(async ({ input }) => {
        calls.coupons.push(input);
        return overrides.coupon ? overrides.coupon(input) : ok(baseCart, 'Coupon applied.');
      }),
      placeOrder: fromPromise(async () => {
        calls.placeOrder += 1;
        return overrides.place ? overrides.place() : placedReply;
      }),
    },
    actions: {
      showStep: ({ context }) => calls.showStep.push(context.step),
      goToPaymentFail: (_, params) => calls.paymentFail.push(params.orderId),
    },
  });
  const actor = createActor(machine, { input: { session: sessionRef } }).start();
  return { actor, calls, sessionRef };
}

async function toSummary(actor: ReturnType<typeof running>['actor']) {
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { address: 'choosing' } })).toBe(true));
  actor.send({ type: 'address.continue' });
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { speed: 'choosing' } })).toBe(true));
  actor.send({ type: 'speed.continue' });
  actor.send(card);
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { checkout: 'ready' } })).toBe(true));
}

describe('checkout behaviour', () => {
  it('lists shipping addresses with the primary first and chosen', async () => {
    const { actor } = running();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { address: 'choosing' } })).toBe(true));
    const c = actor.getSnapshot().context;
    expect(c.addresses.map((a) => a.id)).toEqual([11, 12, 13]);
    expect(c.chosenAddressId).toBe(11);
    expect(c.addresses[0]).toMatchObject({ address_1: '350 5th Ave', address_2: 'New York, NY 10001', isPrimary: true });
  });

  it('a direct visit to /cart/checkout goes back to the current tab', async () => {
    const { actor, calls } = running();
    actor.send(select('checkout'));
    expect(actor.getSnapshot().context.step).toBe('address');
    expect(calls.showStep.at(-1)).toBe('address');
    actor.send(select('card'));
    expect(actor.getSnapshot().context.step).toBe('address');
  });

  it('refuses an address outside the shopping zip, and continue with one', async () => {
    const { actor } = running();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { address: 'choosing' } })).toBe(true));
    actor.send({ type: 'address.choose', id: 13 });
    expect(actor.getSnapshot().context.notice).toBe(addressRuleMessages.selectionNotAllowed);
    expect(actor.getSnapshot().context.chosenAddressId).toBe(11);
  });

  it("refuses a city that does not match the zip and saves nothing", async () => {
    const { actor } = running();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { address: 'choosing' } })).toBe(true));
    actor.send({ type: 'address.form.toggle' });
    actor.send({ type: 'address.zip.lookup', zip: '10001' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.zipLookup?.city).toBe('New York'));
    actor.send({ type: 'address.save', values: wrongCity, makeDefault: false });
    expect(actor.getSnapshot().context.notice).toBe(addressRuleMessages.zipCityMismatch);
    expect(actor.getSnapshot().matches({ flow: { address: { adding: 'editing' } } })).toBe(true);
  });

  it('sends one order for a double PLACE ORDER and clears the session after success', async () => {
    const { actor, calls, sessionRef } = running();
    await toSummary(actor);
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(calls.placeOrder).toBe(1);
    expect(actor.getSnapshot().context.orderId).toBe('100000123');
    expect(sessionRef.getSnapshot().context.cart_id).toBeUndefined();
    expect(sessionRef.getSnapshot().context.total_products_in_cart).toBe(0);
    expect(actor.getSnapshot().context.flow.giftMessage).toBe('');
  });

  it('goes to /payment/fail with the order id when the card is declined', async () => {
    const { actor, calls } = running({ place: async () => declinedReply });
    await toSummary(actor);
    actor.send({ type: 'order.place' });
    await vi.waitFor(() => expect(calls.paymentFail).toEqual(['100000124']));
    expect(actor.getSnapshot().context.notice).toBe('Your card was declined.');
  });

  it("shows 'internal server error occured' when the request fails", async () => {
    const { actor } = running({ place: async () => Promise.reject(offline) });
    await toSummary(actor);
    actor.send({ type: 'order.place' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe(checkoutMessages.internalError));
    expect(actor.getSnapshot().matches({ flow: { checkout: 'ready' } })).toBe(true);
  });

  it('applies a coupon on the summary through the cart call, then prices the order again', async () => {
    const { actor, calls } = running({ coupon: async (body) => (body.coupon_code === 'EXPIRED20' ? { code: 2, message: 'This coupon has expired.', data: baseCart } : ok(baseCart, 'Coupon applied.')) });
    await toSummary(actor);
    actor.send({ type: 'coupon.apply' });
    expect(actor.getSnapshot().context.couponMessage).toEqual({ kind: 'error', text: 'Required' });
    expect(calls.coupons).toEqual([]);

    const reviewsBefore = calls.reviews;
    actor.send({ type: 'coupon.change', code: ' EXPIRED20 ' });
    actor.send({ type: 'coupon.apply' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ flow: { checkout: 'ready' } })).toBe(true));
    expect(calls.coupons).toEqual([{ cart_id: 'cart-abc', coupon_code: 'EXPIRED20' }]);
    expect(actor.getSnapshot().context.couponMessage).toEqual({ kind: 'error', text: 'This coupon has expired.' });
    // A refused code stays in the box to be corrected.
    expect(actor.getSnapshot().context.couponText).toBe(' EXPIRED20 ');
    expect(calls.reviews).toBe(reviewsBefore + 1);

    actor.send({ type: 'coupon.change', code: 'WELCOME10' });
    actor.send({ type: 'coupon.apply' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.couponMessage).toEqual({ kind: 'success', text: 'Coupon applied.' }));
    expect(actor.getSnapshot().context.couponText).toBe('');
    await vi.waitFor(() => expect(calls.reviews).toBe(reviewsBefore + 2));
  });

  it("asks the shopper's bank to check the payment, then places the order the server confirms", async () => {
    const answers: boolean[] = [];
    const confirmed: string[] = [];
    const { actor, calls, sessionRef } = running({ place: async () => checkReply('test') });
    const machine = actor.getSnapshot().machine.provide({
      actors: {
        answerTestBank: fromPromise<{ code: 1; data: Record<string, never> }, { clientSecret: string; complete: boolean }>(async ({ input }) => {
          answers.push(input.complete);
          expect(input.clientSecret).toBe('pi_1_secret_2');
          return { code: 1, data: {} };
        }),
        confirmOrder: fromPromise<PlaceOrderReply, { orderId: string }>(async ({ input }) => {
          confirmed.push(input.orderId);
          return { ...placedReply, order_id: input.orderId };
        }),
      },
    });
    actor.stop();
    const checking = createActor(machine, { input: { session: sessionRef } }).start();
    await toSummary(checking);
    checking.send({ type: 'order.place' });
    await vi.waitFor(() => expect(checking.getSnapshot().matches({ flow: { checkout: { authenticating: 'withTestBank' } } })).toBe(true));
    expect(checking.getSnapshot().context.orderId).toBe('100000125');
    checking.send({ type: 'order.place' });
    checking.send({ type: 'payment.authenticate', complete: true });
    await vi.waitFor(() => expect(checking.getSnapshot().matches({ flow: 'placed' })).toBe(true));
    expect(answers).toEqual([true]);
    expect(confirmed).toEqual(['100000125']);
    expect(calls.placeOrder).toBe(1);
    expect(sessionRef.getSnapshot().context.cart_id).toBeUndefined();
  });

  it('keeps the tip only with 1 Hour Delivery', async () => {
    const { actor } = running();
    await toSummary(actor);
    actor.send({ type: 'tip.choose', percent: 20 });
    expect(actor.getSnapshot().context.flow.tipPercent).toBe(20);
  });
});
