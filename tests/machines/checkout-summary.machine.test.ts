import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { OrderReviewData, PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { CartFlow } from '../../src/machines/checkout/checkout-flow.types.ts';
import { checkoutSummaryMachine } from '../../src/machines/checkout/checkout-summary.machine.ts';
import type { CheckoutSummaryContext } from '../../src/machines/checkout/checkout-summary.setup.ts';
import {
  selectSummaryBooked,
  selectSummaryCouponEditable,
  selectSummaryEditable,
  selectSummaryGiftOffered,
  selectSummaryRefusal,
} from '../../src/machines/checkout/index.ts';
import { ApiError } from '../../src/api/http.ts';
import { cartStockMessage } from '../../src/rules/cart-checkout.ts';
import { addressGoneMessage, cardGoneMessage, cartNotFoundMessage, cartOrderedMessage, facePassNeededRefusal } from '../../src/rules/messages.ts';
import { baseCart, butcherGroup, courierGroup, ok } from './cart-fixtures.ts';
import { checkReply, declinedReply, flowAtSummary, placedReply, review, reviewOk } from './checkout-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, neverSettling, planPaths, replay, type PathPlan } from './path-coverage.ts';

const reviewed = label('orderReview: summary', done('orderReview', reviewOk));
const reviewRefused = label('orderReview: code -1', done('orderReview', { code: -1, message: 'Your cart is empty.' }));
const reviewFailed = label('orderReview: offline', failed('orderReview'));
const cartOrderedError = new ApiError(cartOrderedMessage, 0, 404, [{ field: 'cart_id', message: cartOrderedMessage }]);
const reviewOnOrderedCart = label('orderReview: the cart was ordered in another tab', failed('orderReview', cartOrderedError));
const reviewedWithCoupon = label(
  'orderReview: summary with WELCOME10',
  done('orderReview', { ...reviewOk, data: reviewOk.data && { ...reviewOk.data, coupon_code: 'WELCOME10' } }),
);
const couponApplied = label(
  'changeCoupon: applied',
  done('changeCoupon', ok({ ...baseCart, coupon_code: 'WELCOME10' }, 'Coupon WELCOME10 applied.')),
);
const couponRefused = label('changeCoupon: code 2', done('changeCoupon', { code: 2, message: 'This coupon has expired.', data: baseCart }));
const couponRemoved = label('changeCoupon: removed', done('changeCoupon', ok(baseCart)));
const couponFailed = label('changeCoupon: offline', failed('changeCoupon'));
const placed = label('placeOrder: placed', done('placeOrder', placedReply));
const placedAwaitingEmail = label(
  'placeOrder: placed, pay on delivery awaiting the email',
  done('placeOrder', { ...placedReply, status: 'awaiting_confirmation', message: 'Order Placed. Please confirm it with the link we emailed you.' }),
);
const declined = label('placeOrder: declined', done('placeOrder', declinedReply));
const refused = label('placeOrder: refused', done('placeOrder', { code: -1, message: 'Only 1 left in stock.' }));
const faceRefused = label('placeOrder: no fresh face pass', done('placeOrder', { code: -1, message: facePassNeededRefusal }));
const placeFailed = label('placeOrder: offline', failed('placeOrder'));
const placeRefused = label(
  'placeOrder: 400 speed not offered',
  failed('placeOrder', new ApiError('This delivery speed is not available for the items in your cart.', 0, 400)),
);
/** The saved card chosen on the payment step was removed since (another tab): the server names the field. */
const cardGoneError = new ApiError(cardGoneMessage, 0, 404, [{ field: 'card_id', message: cardGoneMessage }]);
const cardGone = label('placeOrder: the card is gone', failed('placeOrder', cardGoneError));
/** The delivery address chosen on the address step was deleted since (another tab): the server names the field. */
const addressGoneError = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
const addressGoneAtReview = label('orderReview: the address is gone', failed('orderReview', addressGoneError));
const addressGoneAtPlace = label('placeOrder: the address is gone', failed('placeOrder', addressGoneError));
/** The cart changed in another tab since the summary was shown (walk 5 #3): the server names shown_grandtotal. */
const cartChangedWords =
  'Your cart changed since this summary was shown: the order now comes to $78.17. Please check the summary and place your order again.';
const cartChangedError = new ApiError(`shown_grandtotal: ${cartChangedWords}`, 0, 400, [{ field: 'shown_grandtotal', message: cartChangedWords }]);
const cartChangedAtPlace = label('placeOrder: the cart changed since the summary', failed('placeOrder', cartChangedError));
const needsTestCheck = label('placeOrder: bank check (test)', done('placeOrder', checkReply('test')));
const needsStripeCheck = label('placeOrder: bank check (stripe)', done('placeOrder', checkReply('stripe')));
const keyLoaded = label(
  'loadStripeKey: pk_test',
  done('loadStripeKey', { code: 1, data: { publishable_key: 'pk_test_offline', gateway: 'stripe' } }),
);
const keyMissing = label('loadStripeKey: code -1', done('loadStripeKey', { code: -1, message: 'No gateway' }));
const keyFailed = label('loadStripeKey: offline', failed('loadStripeKey'));
const stripeChecked = label('handleNextAction: done', done('handleNextAction', undefined));
const stripeCheckFailed = label('handleNextAction: error', failed('handleNextAction', new Error('closed')));
const testBankAnswered = label('answerTestBank: answered', done('answerTestBank', { code: 1, data: {} }));
const testBankFailed = label('answerTestBank: offline', failed('answerTestBank'));
const confirmedPlaced = label('confirmOrder: placed', done('confirmOrder', { ...placedReply, order_id: '100000125' }));
const confirmedDeclined = label(
  'confirmOrder: check failed',
  done('confirmOrder', { code: -1, message: 'We are unable to authenticate your payment method.', order_id: '100000125' } satisfies PlaceOrderReply),
);
const confirmedWaiting = label('confirmOrder: still waiting', done('confirmOrder', checkReply('test')));
const confirmPending = label(
  'confirmOrder: still confirming',
  done('confirmOrder', { code: 2, message: 'We are still confirming your payment.', order_id: '100000125' }),
);
const confirmFailed = label('confirmOrder: offline', failed('confirmOrder'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const m = (value: unknown) => snapshot.matches(value as never);
  if (m('reviewing'))
    return [
      reviewed,
      reviewedWithCoupon,
      reviewRefused,
      reviewFailed,
      reviewOnOrderedCart,
      addressGoneAtReview,
      { type: 'tip.choose', percent: 10 },
      { type: 'gift.toggle' },
      { type: 'gift.message.change', text: 'Enjoy' },
      { type: 'substitution.choose', cartRid: 1, preference: 'refund' },
      { type: 'coupon.change', code: 'SAVE5' },
    ];
  if (m('reviewFailed')) return [{ type: 'review.retry' }];
  if (m('ready'))
    return [
      { type: 'tip.choose', percent: 15 },
      { type: 'gift.toggle' },
      { type: 'gift.message.change', text: 'Enjoy' },
      { type: 'substitution.choose', cartRid: 1, preference: 'same_brand' },
      { type: 'coupon.change', code: 'WELCOME10' },
      { type: 'coupon.apply' },
      { type: 'coupon.remove' },
      { type: 'order.place' },
    ];
  if (m('applyingCoupon')) return [couponApplied, couponRefused, couponFailed, { type: 'coupon.change', code: 'SAVE5' }];
  if (m('removingCoupon')) return [couponRemoved, couponFailed];
  if (m({ ordering: 'placing' }))
    return [
      placed,
      placedAwaitingEmail,
      declined,
      refused,
      faceRefused,
      placeFailed,
      placeRefused,
      cardGone,
      addressGoneAtPlace,
      cartChangedAtPlace,
      needsTestCheck,
      needsStripeCheck,
      { type: 'order.place' },
    ];
  if (m({ ordering: { authenticating: { withStripe: 'loadingKey' } } })) return [keyLoaded, keyMissing, keyFailed];
  if (m({ ordering: { authenticating: { withStripe: 'checking' } } })) return [stripeChecked, stripeCheckFailed];
  if (m({ ordering: { authenticating: 'withTestBank' } }))
    return [
      { type: 'payment.authenticate', complete: true },
      { type: 'payment.authenticate', complete: false },
    ];
  if (m({ ordering: { authenticating: 'answeringTestBank' } })) return [testBankAnswered, testBankFailed];
  if (m({ ordering: 'confirming' })) return [confirmedPlaced, confirmedDeclined, confirmedWaiting, confirmPending, confirmFailed];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutSummaryContext;
  // The coupon box matters only on the ready summary (its guards): elsewhere it would multiply states for nothing.
  const coupon = snapshot.matches('ready') ? [c.couponText !== '', Boolean(c.review?.coupon_code)] : [];
  return JSON.stringify([snapshot.value, ...coupon]);
};

/** The reports to the tabs machine need a parent; the graph walks the machine alone. */
const walkable = checkoutSummaryMachine.provide({
  actions: {
    reportSummaryChoices: () => undefined,
    reportCartCount: () => undefined,
    reportNotice: () => undefined,
    reportReplyMessage: () => undefined,
    reportFaceRequired: () => undefined,
    reportOrderStarted: () => undefined,
    reportOrderEnded: () => undefined,
  },
});

const variants: { name: string; flow: CartFlow }[] = [
  { name: '1 Hour Delivery (tip offered)', flow: flowAtSummary },
  { name: 'Store Pickup (no tip)', flow: { ...flowAtSummary, selectedSpeedID: 2 } },
];

describe('checkout summary paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const variant of variants) {
    const input = { cartId: 'cart-abc', flow: variant.flow };
    const plans = planPaths(walkable, { input, events: eventsFor, serializeState });
    describe(variant.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, input);
        expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
        result.states.forEach((s) => reached.add(s));
        result.transitions.forEach((t) => taken.add(t));
        // PLACE ORDER is open only on the ready summary.
        expect(result.snapshot.can({ type: 'order.place' }), plan.name).toBe(result.snapshot.matches('ready'));
      });
    });
  }
  it(coverageTitle(checkoutSummaryMachine), () => {
    expect([...allStateIds(checkoutSummaryMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutSummaryMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('checkout summary after a pay-on-delivery order', () => {
  it('ends placed, and its output says the order waits for the email; a card order does not', () => {
    for (const [reply, awaits] of [
      [placedAwaitingEmail, true],
      [placed, false],
    ] as const) {
      const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
      actor.send(reviewed);
      actor.send({ type: 'order.place' });
      actor.send(reply);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output?.outcome).toEqual({
        kind: 'placed',
        orderId: '100000123',
        ...(awaits ? { awaitsEmailConfirmation: true } : {}),
      });
      actor.stop();
    }
  });
});

describe('checkout summary: the cart ordered in another tab', () => {
  it('ends the step when the review names the cart as ordered, so the checkout goes back to the cart', () => {
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewOnOrderedCart);
    expect(actor.getSnapshot().value).toBe('cartOrdered');
    expect(actor.getSnapshot().output).toEqual({ outcome: undefined, cartOrdered: true });
    actor.stop();
  });
});

describe('checkout summary: the chosen card removed in another tab', () => {
  function placingWith(error: unknown) {
    const reports: AnyEventObject[] = [];
    const machine = neverSettling(walkable).provide({
      actions: { reportNotice: (_, params: { message: string }) => void reports.push({ type: 'notice.show', message: params.message }) },
    });
    const actor = createActor(machine, { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewed);
    actor.send({ type: 'order.place' });
    actor.send(failed('placeOrder', error));
    return { actor, reports };
  }

  it("ends the step with the server's words instead of staying on a PLACE ORDER that fails the same way", () => {
    const { actor, reports } = placingWith(cardGoneError);
    expect(actor.getSnapshot().value).toBe('cardGone');
    expect(actor.getSnapshot().output).toEqual({ outcome: undefined, cardGone: cardGoneMessage });
    // The tabs machine says it (with the cards listed again): no snackbar of the summary's own.
    expect(reports).toEqual([]);
    actor.stop();
  });

  it('still shows the summary again with the refusal for a cart the server cannot find, beside PLACE ORDER only', () => {
    const { actor, reports } = placingWith(new ApiError(cartNotFoundMessage, 0, 404));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: cartNotFoundMessage, fixAt: undefined });
    expect(reports).toEqual([]);
    actor.stop();
  });
});

describe('checkout summary: the chosen address deleted in another tab', () => {
  function summaryWith(reportsTo: AnyEventObject[]) {
    const machine = neverSettling(walkable).provide({
      actions: { reportNotice: (_, params: { message: string }) => void reportsTo.push({ type: 'notice.show', message: params.message }) },
    });
    return createActor(machine, { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
  }

  it("ends the step with the server's words when the order is priced, instead of a summary that cannot be priced", () => {
    const reports: AnyEventObject[] = [];
    const actor = summaryWith(reports);
    actor.send(failed('orderReview', addressGoneError));
    expect(actor.getSnapshot().value).toBe('addressGone');
    expect(actor.getSnapshot().output).toEqual({ outcome: undefined, addressGone: addressGoneMessage });
    expect(reports).toEqual([]);
    actor.stop();
  });

  it("ends the step with the server's words at PLACE ORDER, instead of staying on a PLACE ORDER that fails the same way", () => {
    const reports: AnyEventObject[] = [];
    const actor = summaryWith(reports);
    actor.send(reviewed);
    actor.send({ type: 'order.place' });
    actor.send(failed('placeOrder', addressGoneError));
    expect(actor.getSnapshot().value).toBe('addressGone');
    expect(actor.getSnapshot().output).toEqual({ outcome: undefined, addressGone: addressGoneMessage });
    expect(reports).toEqual([]);
    actor.stop();
  });

  it('still shows why a summary could not be priced when the cart is not found (no field)', () => {
    const actor = summaryWith([]);
    actor.send(failed('orderReview', new ApiError(cartNotFoundMessage, 0, 404)));
    expect(actor.getSnapshot().value).toBe('reviewFailed');
    expect(actor.getSnapshot().context.reviewMessage).toBe(cartNotFoundMessage);
    actor.stop();
  });
});

describe('checkout summary coupon box', () => {
  it('keeps what the shopper types while the order is priced again after a coupon reply', () => {
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewed);
    actor.send({ type: 'coupon.change', code: 'EXPIRED20' });
    actor.send({ type: 'coupon.apply' });
    actor.send(couponRefused);
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    actor.send({ type: 'coupon.change', code: 'WELCOME10' });
    actor.send(reviewed);
    expect(actor.getSnapshot().context.couponText).toBe('WELCOME10');
    actor.stop();
  });
});

describe('checkout summary choices', () => {
  it('enables the line, tip and gift choices and the coupon box exactly where the machine takes them (elsewhere they would be dropped)', () => {
    const editable = new Map<string, boolean>();
    const couponEditable = new Map<string, boolean>();
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } });
    actor.subscribe((s) => {
      const where = JSON.stringify(s.value);
      editable.set(where, selectSummaryEditable(s));
      couponEditable.set(where, selectSummaryCouponEditable(s));
      for (const event of [
        { type: 'tip.choose', percent: 10 },
        { type: 'gift.toggle' },
        { type: 'gift.message.change', text: 'Enjoy' },
        { type: 'substitution.choose', cartRid: 1, preference: 'refund' },
      ] as const)
        expect(selectSummaryEditable(s), `${event.type} in ${where}`).toBe(s.can(event));
      expect(selectSummaryCouponEditable(s), `coupon.change in ${where}`).toBe(s.can({ type: 'coupon.change', code: 'SAVE5' }));
    });
    actor.start();
    actor.send(reviewed);
    // APPLY, and the order priced again with it; then REMOVE, which fails.
    actor.send({ type: 'coupon.change', code: 'WELCOME10' });
    actor.send({ type: 'coupon.apply' });
    actor.send(couponApplied);
    actor.send(reviewedWithCoupon);
    actor.send({ type: 'coupon.remove' });
    actor.send(couponFailed);
    // A pricing that fails, then Try again.
    actor.send({ type: 'tip.choose', percent: 15 });
    actor.send(reviewFailed);
    actor.send({ type: 'review.retry' });
    actor.send(reviewed);
    // PLACE ORDER: the bank's check (Stripe, then the test bank), each asked back from the server.
    actor.send({ type: 'order.place' });
    actor.send(needsStripeCheck);
    actor.send(keyLoaded);
    actor.send(stripeCheckFailed);
    actor.send(confirmFailed);
    actor.send({ type: 'order.place' });
    actor.send(needsTestCheck);
    actor.send({ type: 'payment.authenticate', complete: true });
    actor.send(testBankAnswered);
    expect(actor.getSnapshot().matches({ ordering: 'confirming' })).toBe(true);
    actor.stop();
    const taken = ['"reviewing"', '"ready"'];
    const states = [
      ...taken,
      '"applyingCoupon"',
      '"removingCoupon"',
      '"reviewFailed"',
      '{"ordering":"placing"}',
      '{"ordering":{"authenticating":{"withStripe":"loadingKey"}}}',
      '{"ordering":{"authenticating":{"withStripe":"checking"}}}',
      '{"ordering":{"authenticating":"withTestBank"}}',
      '{"ordering":{"authenticating":"answeringTestBank"}}',
      '{"ordering":"confirming"}',
    ];
    expect(Object.fromEntries(editable)).toEqual(Object.fromEntries(states.map((s) => [s, taken.includes(s)])));
    // The coupon box also takes typing while a coupon is applied (what is typed is kept).
    const typed = [...taken, '"applyingCoupon"'];
    expect(Object.fromEntries(couponEditable)).toEqual(Object.fromEntries(states.map((s) => [s, typed.includes(s)])));
  });
});

describe('checkout summary: a gift message over its limit', () => {
  it('keeps PLACE ORDER shut until the message is at most 500 characters (it is never cut)', () => {
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewed);
    actor.send({ type: 'gift.toggle' });
    actor.send({ type: 'gift.message.change', text: 'x'.repeat(1200) });
    expect((actor.getSnapshot().context as CheckoutSummaryContext).flow.giftMessage).toHaveLength(1200);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    actor.send({ type: 'order.place' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'gift.message.change', text: 'x'.repeat(500) });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    // Not a gift: the message is not sent, so its length does not matter.
    actor.send({ type: 'gift.message.change', text: 'x'.repeat(501) });
    actor.send({ type: 'gift.toggle' });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    actor.stop();
  });
});

describe('checkout summary: a wallet redemption only (walk 7 #10: "This order is a gift" with nothing sent to anyone)', () => {
  it('offers no gift, and a gift kept from an earlier checkout is neither checked nor sent', () => {
    const sent: unknown[] = [];
    const machine = neverSettling(walkable).provide({
      actors: { placeOrder: fromPromise(({ input }) => (sent.push(input), new Promise<never>(() => undefined))) },
    });
    const kept = { ...flowAtSummary, isGift: true, giftMessage: 'x'.repeat(501) };
    const actor = createActor(machine, { input: { cartId: 'cart-abc', flow: kept } }).start();
    const walletOnly = reviewOk.data && {
      ...reviewOk.data,
      result: reviewOk.data.result.slice(0, 1).map((line) => ({ ...line, wallet: true, product_price: '0.00', row_total: '0.00' })),
    };
    actor.send(label('orderReview: wallet only', done('orderReview', { ...reviewOk, data: walletOnly })));
    expect(selectSummaryGiftOffered(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    actor.send({ type: 'order.place' });
    expect(sent).toEqual([expect.objectContaining({ gift_message: null })]);
    actor.stop();
    // A paid order still offers it.
    const paid = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    paid.send(reviewed);
    expect(selectSummaryGiftOffered(paid.getSnapshot())).toBe(true);
    paid.stop();
  });
});

describe('checkout summary: a place-order refusal stays next to PLACE ORDER (walk 3 #1, #2)', () => {
  function refusedWith(answer: AnyEventObject) {
    const reports: string[] = [];
    const machine = neverSettling(walkable).provide({
      actions: {
        reportNotice: (_, params: { message: string }) => void reports.push(params.message),
        reportReplyMessage: ({ context }) => void reports.push(context.orderReply?.message ?? ''),
      },
    });
    const actor = createActor(machine, { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewed);
    actor.send({ type: 'order.place' });
    actor.send(answer);
    return { actor, reports };
  }
  const speedWords = 'This delivery speed is not available for the items in your cart.';
  const speedRefusal = new ApiError(`speed_id: ${speedWords}`, 0, 400, [{ field: 'speed_id', message: speedWords }]);

  it('keeps a refusal naming a field in words, without the field name, with the tab that fixes it; PLACE ORDER waits', () => {
    const { actor, reports } = refusedWith(failed('placeOrder', speedRefusal));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: speedWords, fixAt: 'speed' });
    // Said once, beside PLACE ORDER: no snackbar repeats it over the button (decision 087 left).
    expect(reports).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    actor.stop();
  });

  it('keeps a refusal without a field until the shopper changes something (a tip prices it again)', () => {
    const { actor, reports } = refusedWith(refused);
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: 'Only 1 left in stock.', fixAt: undefined });
    expect(reports).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    actor.send({ type: 'tip.choose', percent: 15 });
    expect(selectSummaryRefusal(actor.getSnapshot())).toBeUndefined();
    actor.stop();
  });

  it('sends the total the summary shows; a cart changed since is priced again, the refusal with the new total kept (walk 5 #3)', () => {
    const sent: unknown[] = [];
    const machine = neverSettling(walkable).provide({
      actors: { placeOrder: fromPromise(({ input }) => (sent.push(input), new Promise<never>(() => undefined))) },
    });
    const actor = createActor(machine, { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    actor.send(reviewed);
    actor.send({ type: 'order.place' });
    expect(sent).toEqual([expect.objectContaining({ shown_grandtotal: reviewOk.data?.grandtotal })]);
    actor.send(cartChangedAtPlace);
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: cartChangedWords, fixAt: undefined });
    actor.send(reviewed);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: cartChangedWords, fixAt: undefined });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    actor.stop();
  });

  it('leads a stock refusal naming cart lines back to the cart, PLACE ORDER waiting (walk 9 #2)', () => {
    const words = 'Filet Mignon, Center Cut is out of stock.';
    const { actor } = refusedWith(done('placeOrder', { code: -1, message: words, problems: [{ cart_rid: 7, message: words }] }));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: words, fixAt: 'cart' });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    actor.stop();
  });

  it("leads a refusal naming a seller's slot (just taken) to Choose Delivery Slots, said once (decision 088 left)", () => {
    const words = 'That delivery slot was just taken. Please choose another one.';
    const { actor, reports } = refusedWith(done('placeOrder', { code: -1, message: words, problems: [{ vendor_loc_id: 101, message: words }] }));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: words, fixAt: 'slot' });
    expect(reports).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    actor.stop();
  });

  it('marks a line sold out since CHECKOUT at once: PLACE ORDER off, the way back to the cart; in stock again, it goes on', () => {
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow: flowAtSummary } }).start();
    const soldOut = review.result.map((line, index) => (index === 0 ? { ...line, stock: 0 } : line));
    actor.send(label('orderReview: a line sold out', done('orderReview', { ...reviewOk, data: { ...review, result: soldOut } })));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSummaryRefusal(actor.getSnapshot())).toEqual({ message: cartStockMessage, fixAt: 'cart' });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    // A tip prices it again: the line is back in stock, so the refusal goes and PLACE ORDER is on.
    actor.send({ type: 'tip.choose', percent: 15 });
    actor.send(reviewed);
    expect(selectSummaryRefusal(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
    actor.stop();
  });

  it('keeps nothing for a lost connection: the snackbar says it', () => {
    const { actor, reports } = refusedWith(placeFailed);
    expect(selectSummaryRefusal(actor.getSnapshot())).toBeUndefined();
    expect(reports).toHaveLength(1);
    actor.stop();
  });
});

describe('checkout summary: what is booked, from what PLACE ORDER sends (walk 7 #6)', () => {
  const gramercy = { ...butcherGroup, vendor_loc_id: 401, vendor_id: 12, vendor_name: 'Gramercy Chop House', type: 'dine-in' as const };
  function bookedAfterReview(flow: CartFlow, groups: OrderReviewData['delivery_groups']) {
    const actor = createActor(neverSettling(walkable), { input: { cartId: 'cart-abc', flow } }).start();
    actor.send(done('orderReview', { ...reviewOk, data: { ...review, delivery_groups: groups } }));
    const booked = selectSummaryBooked(actor.getSnapshot());
    actor.stop();
    return booked;
  }

  it("names a Dine-In's table and a Pick-Up's restaurant and time in the change panel's words", () => {
    const table = { ...flowAtSummary, selectedSpeedID: 3 as const, selectedRetailerID: 401, pickup_date: '2026-12-03 19:00' };
    expect(bookedAfterReview(table, [gramercy])).toEqual(['Table at Gramercy Chop House on 12/03/2026, 7:00 PM']);
    const pickUp = { ...table, selectedSpeedID: 2 as const, pickup_date: '2026-12-02 12:30' };
    expect(bookedAfterReview(pickUp, [{ ...gramercy, type: 'pickup' }])).toEqual(['Pick-up at Gramercy Chop House on 12/02/2026, 12:30 PM']);
  });

  it("names a wallet redemption's table, the cart's restaurant and kept time (QA walk 9 S3)", () => {
    const oysterRoom = { ...gramercy, vendor_loc_id: 403, vendor_name: 'The Oyster Room', wallet: true, dinein_time: '2026-12-05 13:00' };
    const walletFlow = { ...flowAtSummary, selectedSpeedID: 3 as const, selectedRetailerID: undefined, pickup_date: undefined };
    expect(bookedAfterReview(walletFlow, [oysterRoom])).toEqual(['Table at The Oyster Room on 12/05/2026, 1:00 PM']);
    // The visit the wallet list chose, kept in the flow, is the one place order sends.
    expect(bookedAfterReview({ ...walletFlow, pickup_date: '2026-12-05 13:30' }, [oysterRoom])).toEqual([
      'Table at The Oyster Room on 12/05/2026, 1:30 PM',
    ]);
  });

  it("names each seller's delivery date and slot", () => {
    const butcher = { ...butcherGroup, delivery_date: '2026-12-01', timeslot: { slot_id: 7, start: '12:00', end: '14:00' } };
    expect(bookedAfterReview(flowAtSummary, [butcher])).toEqual(['Delivery on 12/01/2026, 12:00 PM–2:00 PM']);
    expect(bookedAfterReview(flowAtSummary, [butcher, { ...courierGroup, delivery_date: '2026-12-02' }])).toEqual([
      'Delivery from Hudson Street Butchers on 12/01/2026, 12:00 PM–2:00 PM',
      'Delivery from ColdChain Express on 12/02/2026',
    ]);
  });
});
