import { expect, type Page } from '@playwright/test';
import { assign, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { cardIdField, orderedCartField, shownTotalField } from '../../../src/api/contract/checkout.contract.ts';
import { deliveryAddressField } from '../../../src/api/contract/shipping.contract.ts';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import { checkoutSummaryMachine } from '../../../src/machines/checkout/checkout-summary.machine.ts';
import type { CheckoutSummaryContext } from '../../../src/machines/checkout/checkout-summary.setup.ts';
import { requiredMessage } from '../../../src/rules/cart-checkout.ts';
import { checkoutMessages } from '../../../src/rules/checkout-flow.ts';
import { addressGoneMessage, cardGoneMessage, cartOrderedMessage } from '../../../src/rules/messages.ts';
import { baseCart, ok } from '../../machines/cart-fixtures.ts';
import { flowAtSummary, reviewOk } from '../../machines/checkout-fixtures.ts';
import { addCard } from '../checkout-steps.ts';
import { sessionOf } from '../steps.ts';
import { cartOrderedOnce, deleteAddressThroughApi, moreOfFirstLineThroughApi, removeCardsThroughApi } from './checkout-shoppers.ts';
import {
  answeredOnce,
  changedOnce,
  connectionLostOnce,
  heldOnce,
  homeAndContinue,
  openCheckoutAt,
  requestsTo,
  ribeyeCustomer,
  speedAndContinue,
  type Held,
} from '../faults.ts';
import type { EventMapping, Journey, MachineMap } from './journey-map.ts';
import { failingOnce, nothingToDo } from './shoppers.ts';

/**
 * The Order Summary (checkoutSummary): checkout's ribeye customer (her cart scheduled and her home saved through the
 * API) walks the tabs with Stripe's test card that always asks for 3-D Secure (4000 0027 6000 3184). Two short journeys
 * place the order through the test bank's check: COMPLETE (placed) and FAIL (declined, Payment failed); a third has her
 * card removed through the API (as in another tab) before PLACE ORDER, which ends the step (the tabs open the cards
 * again: checkout.journeys.ts checks what the shopper sees then); two more have her home deleted through the API (as
 * in another tab), once as the summary is first priced and once before PLACE ORDER, which ends the step too (the tabs
 * open the addresses again). The long one
 * takes the rest with test faults (faults.ts, decision 048): the order priced, refused and lost, while it is priced
 * (the answer held) a coupon typed, a gift, a message, a substitution and another tip; the gift, message, substitution
 * again; an empty coupon Required, WELCOME10 applied while typing on, its removal lost, another coupon lost, the coupon
 * removed; PLACE ORDER lost and refused; then the bank check, its answers marked as a live card provider's ('stripe')
 * by the test: the key lost, the test bank unreachable, no key, a key and the provider's script blocked, a key and a
 * stood-in script whose check finishes; the server's last answer lost.
 *
 * Many steps only report to the tabs machine (a tip, the gift, a notice, the order started and ended), so the graph
 * would see the summary unchanged after them; the journey's model (never the page's) counts those reports in its
 * cartId (`counted`) and its bank checks by their client secrets, so the planner walks one long journey.
 */

const file = 'tests/e2e/journeys/checkout-summary.journeys.ts';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutSummaryContext;
/** How many reports the model has counted (see `counted`). */
const reportsOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).cartId.split('+').length - 1;
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const reports =
  (...counts: number[]) =>
  (snapshot: AnyMachineSnapshot) =>
    counts.includes(reportsOf(snapshot));
const typed = (text: string) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).couponText === text;
const secretIs = (secret: string | undefined) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).authentication?.clientSecret === secret;
const reviewing = at('reviewing');
/** The substitution chosen on the summary shown (the coupons and PLACE ORDER come after it). */
const sameBrand = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).substitutions[1] === 'same_brand';
const reviewRefusal = 'The order cannot be priced right now.';
const cartChangedWords = 'Your cart changed since this summary was shown.';
const slotTakenWords = 'That delivery slot was just taken.';
/** The coupon box's message: the server's success, 'Required', or a failure (the connection lost). */
const messageIs = (kind: 'success' | 'required' | 'failure') => (snapshot: AnyMachineSnapshot) => {
  const message = contextOf(snapshot).couponMessage;
  if (kind === 'success') return message?.kind === 'success';
  if (kind === 'required') return message?.kind === 'error' && message.text === requiredMessage;
  return message?.kind === 'error' && message.text !== requiredMessage;
};
const ready = at('ready');

/** The reports to the tabs machine need a parent the graph walk has not got: the model counts them instead. */
const counted = ({ context }: { context: CheckoutSummaryContext }) => ({ cartId: `${context.cartId}+` });
const model = checkoutSummaryMachine.provide({
  actions: {
    reportSummaryChoices: assign(counted),
    // Not counted: it comes with every pricing, and the journeys' report counts are of the shopper's moves.
    reportCartCount: () => undefined,
    reportNotice: assign(counted),
    reportReplyMessage: assign(counted),
    reportFaceRequired: assign(counted),
    reportOrderStarted: assign(counted),
    reportOrderEnded: assign(counted),
  },
});

const paths = {
  review: '/api/checkout/orderreview',
  coupon: '/api/cart/showcart',
  place: '/api/placeorder/placeorder',
  confirm: '/api/placeorder/confirm',
  stripeKey: '/api/api/account/stripeDetails',
  testBank: '/api/payments/test-authenticate',
} as const;

const apply = (page: Page) => page.getByRole('button', { name: 'APPLY' });
const couponBox = (page: Page) => page.getByLabel('Coupon code');
/** A tip button, named by its whole text: the percentage, then its amount ('10% ($3.66)'). */
const tipButton = (page: Page, percent: number) => page.getByRole('button', { name: new RegExp(`^${percent}% \\(\\$\\d+\\.\\d{2}\\)$`) });
const gift = (page: Page) => page.getByRole('switch', { name: 'This order is a gift' });
const giftMessage = (page: Page) => page.getByLabel('Gift message');
const substitution = (page: Page) => page.getByRole('combobox', { name: /^If .* is out of stock$/ }).first();
const retry = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Try again' });
const placeOrder = (page: Page) => page.getByRole('button', { name: 'PLACE ORDER' });
const bank = (page: Page) => page.getByRole('dialog', { name: 'Confirm this payment' });
const placingOrder = (page: Page) => placeOrder(page).and(page.locator('[aria-busy="true"]'));
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Her home deleted in another tab on her way to the summary: just before its first pricing reaches the server. */
async function homeDeletedBeforePricing({ page }: Journey): Promise<void> {
  await page.route(
    (url) => url.pathname.includes(paths.review),
    async (route) => {
      await deleteAddressThroughApi(await sessionOf(page), 'Home');
      await route.continue();
    },
    { times: 1 },
  );
}

const addressGone = (id: 'orderReview' | 'placeOrder'): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(addressGoneMessage, 0, 404, [{ field: deliveryAddressField, message: addressGoneMessage }]),
});

/** Requests held by the journey (the order's price, a coupon) until a later step lets them go; and the confirms counted. */
const heldRequests = new WeakMap<Page, Held>();
const confirms = new WeakMap<Page, { readonly count: number }>();

function holding(path: string) {
  return async ({ page }: Journey) => heldRequests.set(page, await heldOnce(page, path));
}
async function whileHeld({ page }: Journey): Promise<void> {
  await heldRequests.get(page)?.arrived;
}
async function letGo({ page }: Journey): Promise<void> {
  heldRequests.get(page)?.release();
  heldRequests.delete(page);
}

/** The server's answers marked as a live card provider's bank check (the test gateway answers 'test'). */
function asStripe(body: Record<string, unknown>): Record<string, unknown> {
  const authentication = body.authentication as Record<string, unknown> | undefined;
  return authentication ? { ...body, authentication: { ...authentication, gateway: 'stripe' } } : body;
}

const priced = (withCoupon = false): AnyEventObject => ({
  type: 'xstate.done.actor.orderReview',
  output: withCoupon ? { ...reviewOk, data: reviewOk.data && { ...reviewOk.data, coupon_code: 'WELCOME10' } } : reviewOk,
});
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: new ApiError(offlineMessage, 500, 0) });
/** A bank check the server asks for; each has its own client secret in the graph, so the model tells them apart. */
const bankCheck = (id: 'placeOrder' | 'confirmOrder', gateway: 'test' | 'stripe', secret: string): AnyEventObject => ({
  type: `xstate.done.actor.${id}`,
  output: {
    code: 2,
    message: 'Please confirm this payment with your bank.',
    order_id: '100000125',
    authentication: { client_secret: secret, gateway },
  },
});

/** The long journey's bank checks in order: the placed order's (stripe), then each confirm's, test and stripe in turn. */
const secrets = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;
/** The short journeys' one check. */
const shortSecret = 'short';

/** Waits until the page has asked the server `count` times how the payment ended (the check's dialog looks alike). */
function confirmed(count: number) {
  return async ({ page }: Journey) => expect.poll(() => confirms.get(page)?.count ?? 0).toBeGreaterThanOrEqual(count);
}

function tip(percent: 10 | 15 | 20, when: EventMapping['when'], act?: EventMapping['act']): EventMapping {
  return {
    event: { type: 'tip.choose', percent },
    when,
    act:
      act ??
      (async ({ page }) => {
        await tipButton(page, percent).click();
        await expect(tipButton(page, percent)).toHaveAttribute('aria-pressed', 'true');
      }),
  };
}

/** Each confirm of the long journey after the first bank check: it asks again, marked 'stripe' every other time. */
const confirmsAskingAgain: Record<string, EventMapping> = Object.fromEntries(
  secrets.slice(1).map((secret, index) => {
    const before = secrets[index];
    const gateway = index % 2 === 0 ? 'test' : 'stripe';
    const mapping: EventMapping = {
      event: bankCheck('confirmOrder', gateway, secret),
      when: all(at({ ordering: 'confirming' }), secretIs(before)),
      act: confirmed(index + 1),
      ...(gateway === 'stripe' ? { prepare: async ({ page }: Journey) => changedOnce(page, paths.confirm, asStripe) } : {}),
    };
    return [`confirmOrder: the bank check again (${gateway}, ${secret})`, mapping];
  }),
);

export const checkoutSummaryJourneys: MachineMap = {
  machine: model,
  file,
  variants: [
    {
      name: "customer delivering a ribeye, paying with a card that asks for the bank's check",
      input: () => ({ cartId: 'cart', flow: flowAtSummary }),
      open: async ({ page }) => {
        confirms.set(page, requestsTo(page, paths.confirm));
        await openCheckoutAt(page, await ribeyeCustomer('generated.summary'));
        await homeAndContinue(page);
        await speedAndContinue(page);
        // Stripe's test card that always asks for 3-D Secure.
        await addCard(page, '4000 0027 6000 3184');
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      reportsOf(snapshot),
      c.flow.tipPercent,
      c.flow.isGift,
      c.flow.giftMessage,
      c.substitutions,
      c.couponText,
      c.couponMessage?.text ?? null,
      c.review?.coupon_code ?? null,
      c.reviewMessage ?? null,
      c.authentication?.clientSecret ?? null,
      c.publishableKey ?? null,
    ]);
  },
  events: {
    // ---- priced, refused, lost
    'orderReview: priced': {
      event: priced(),
      when: all(
        reviewing,
        (s) =>
          reportsOf(s) === 0 ||
          (reportsOf(s) === 1 && contextOf(s).reviewMessage === reviewRefusal) ||
          (reportsOf(s) === 8 && sameBrand(s) && !messageIs('success')(s)),
      ),
      act: nothingToDo,
    },
    'orderReview: priced with WELCOME10': {
      event: priced(true),
      when: all(reviewing, messageIs('success')),
      act: async ({ page }) => expect(page.getByText('Applied:')).toBeVisible(),
    },
    // Her home deleted in another tab before the summary is first priced: the server names the address field.
    'orderReview: her home is gone': {
      event: addressGone('orderReview'),
      when: all(reviewing, reports(0)),
      prepare: homeDeletedBeforePricing,
      act: async ({ page }) => expect(snackbar(page, addressGoneMessage)).toBeVisible(),
      leaves: /\/cart\/address$/,
    },
    // Her cart ordered in another tab before the summary is first priced: the server names the cart field.
    'orderReview: her cart was ordered': {
      event: {
        type: 'xstate.error.actor.orderReview',
        error: new ApiError(cartOrderedMessage, 0, 404, [{ field: orderedCartField, message: cartOrderedMessage }]),
      },
      when: all(reviewing, reports(0)),
      prepare: cartOrderedOnce(paths.review),
      act: nothingToDo,
      leaves: /\/cart$/,
    },
    'orderReview: connection lost': {
      event: lost('orderReview'),
      when: all(reviewing, reports(1), (s) => contextOf(s).reviewMessage === undefined),
      prepare: failingOnce(paths.review),
      act: async ({ page }) => expect(retry(page)).toBeVisible(),
    },
    'orderReview: refused': {
      event: { type: 'xstate.done.actor.orderReview', output: { code: -1, message: reviewRefusal } },
      when: all(reviewing, reports(1), (s) => contextOf(s).reviewMessage === offlineMessage),
      prepare: async ({ page }) => answeredOnce(page, paths.review, { code: -1, message: reviewRefusal }),
      act: async ({ page }) => expect(snackbar(page, reviewRefusal)).toBeVisible(),
    },
    'review.retry': {
      event: { type: 'review.retry' },
      when: at('reviewFailed'),
      act: async ({ page }) => retry(page).click(),
    },
    'tip.choose: 10 %': tip(10, all(ready, reports(0), typed(''))),
    // ---- while the order is priced again (its answer held by the journey)
    'tip.choose: 15 %': tip(15, all(ready, reports(1))),
    'coupon.change: SPRING while priced': {
      event: { type: 'coupon.change', code: 'SPRING' },
      // Not after PLACE ORDER found the cart changed (its short journey ends on the summary priced again).
      when: all(reviewing, reports(2), typed(''), (s) => contextOf(s).refusal === undefined),
      prepare: holding(paths.review),
      act: async (journey) => {
        await whileHeld(journey);
        await expect(apply(journey.page)).toBeDisabled();
        await couponBox(journey.page).fill('SPRING');
      },
    },
    'gift.toggle: a gift while priced': {
      event: { type: 'gift.toggle' },
      when: all(reviewing, reports(2), typed('SPRING')),
      act: async ({ page }) => gift(page).check(),
    },
    'gift.message.change: while priced': {
      event: { type: 'gift.message.change', text: 'Happy birthday' },
      when: all(reviewing, reports(3)),
      act: async ({ page }) => giftMessage(page).fill('Happy birthday'),
    },
    'substitution.choose: a refund, while priced': {
      event: { type: 'substitution.choose', cartRid: 1, preference: 'refund' },
      when: all(reviewing, reports(4), (s) => Object.keys(contextOf(s).substitutions).length === 0),
      act: async ({ page }) => substitution(page).selectOption({ label: 'Refund if out of stock' }),
    },
    'tip.choose: 20 % while priced': tip(
      20,
      all(reviewing, reports(4), (s) => Object.keys(contextOf(s).substitutions).length === 1),
      async ({ page }) => tipButton(page, 20).click(),
    ),
    // The price asked again after 20 % is answered; the held one is let go.
    'orderReview: priced after 20 %': {
      event: priced(),
      when: all(reviewing, reports(5)),
      act: async (journey) => {
        await letGo(journey);
        await expect(tipButton(journey.page, 20)).toHaveAttribute('aria-pressed', 'true');
      },
    },
    // ---- the summary shown: gift, message, substitution again; coupons
    'gift.toggle': {
      event: { type: 'gift.toggle' },
      when: all(ready, reports(5, 6)),
      act: async ({ page, model: snapshot }) => (contextOf(snapshot).flow.isGift ? gift(page).uncheck() : gift(page).check()),
    },
    'gift.message.change': {
      event: { type: 'gift.message.change', text: 'Happy birthday, Ada' },
      when: all(ready, reports(7)),
      act: async ({ page }) => giftMessage(page).fill('Happy birthday, Ada'),
    },
    'substitution.choose: same brand and cut only': {
      event: { type: 'substitution.choose', cartRid: 1, preference: 'same_brand' },
      when: all(ready, reports(8), (s) => contextOf(s).substitutions[1] === 'refund'),
      act: async ({ page }) => substitution(page).selectOption({ label: 'Same brand and cut only' }),
    },
    'coupon.change: WELCOME10': {
      event: { type: 'coupon.change', code: 'WELCOME10' },
      when: all(ready, reports(8), typed('SPRING'), sameBrand),
      act: async ({ page }) => couponBox(page).fill('WELCOME10'),
    },
    'coupon.apply': {
      event: { type: 'coupon.apply' },
      when: all(ready, reports(8), (s) => typed('WELCOME10')(s) || (typed('EXPIRED20')(s) && messageIs('required')(s))),
      act: async ({ page }) => apply(page).click(),
    },
    'coupon.change: typing on while it is applied': {
      event: { type: 'coupon.change', code: 'WELCOME10 ' },
      when: all(at('applyingCoupon'), typed('WELCOME10')),
      prepare: holding(paths.coupon),
      act: async (journey) => {
        await whileHeld(journey);
        await couponBox(journey.page).fill('WELCOME10 ');
      },
    },
    'changeCoupon: applied': {
      event: { type: 'xstate.done.actor.changeCoupon', output: ok({ ...baseCart, coupon_code: 'WELCOME10' }, 'Coupon WELCOME10 applied.') },
      when: all(at('applyingCoupon'), typed('WELCOME10 ')),
      act: letGo,
    },
    'coupon.remove': {
      event: { type: 'coupon.remove' },
      when: all(
        ready,
        (s) => Boolean(contextOf(s).review?.coupon_code),
        (s) => messageIs('success')(s) || (typed('EXPIRED20')(s) && messageIs('failure')(s)),
      ),
      act: async ({ page }) => page.getByRole('button', { name: 'REMOVE' }).click(),
    },
    'changeCoupon: connection lost': {
      event: lost('changeCoupon'),
      when: (s) => (at('removingCoupon')(s) && messageIs('success')(s)) || (at('applyingCoupon')(s) && typed('EXPIRED20')(s)),
      prepare: failingOnce(paths.coupon),
      act: async ({ page }) => expect(apply(page)).toBeEnabled(),
    },
    'coupon.apply: the box empty': {
      event: { type: 'coupon.apply' },
      when: all(ready, typed(''), messageIs('failure')),
      act: async ({ page }) => {
        await apply(page).click();
        await expect(page.getByRole('alert').filter({ hasText: requiredMessage })).toBeVisible();
      },
    },
    'coupon.change: EXPIRED20': {
      event: { type: 'coupon.change', code: 'EXPIRED20' },
      when: all(ready, typed(''), messageIs('required')),
      act: async ({ page }) => couponBox(page).fill('EXPIRED20'),
    },
    'changeCoupon: removed': {
      event: { type: 'xstate.done.actor.changeCoupon', output: ok(baseCart) },
      when: all(at('removingCoupon'), typed('EXPIRED20')),
      act: async ({ page }) => expect(page.getByText('Applied:')).toHaveCount(0),
    },
    // ---- PLACE ORDER: lost, refused, then the bank's check
    'order.place: PLACE ORDER': {
      event: { type: 'order.place' },
      when: (s) =>
        ready(s) && (reportsOf(s) === 0 || ([8, 11, 13].includes(reportsOf(s)) && sameBrand(s) && typed('')(s) && !contextOf(s).review?.coupon_code)),
      act: async ({ page }) => {
        await expect(placeOrder(page)).toBeEnabled();
        await placeOrder(page).click();
      },
    },
    'placeOrder: connection lost': {
      event: lost('placeOrder'),
      when: all(at({ ordering: 'placing' }), reports(9)),
      prepare: failingOnce(paths.place),
      act: nothingToDo,
    },
    'placeOrder: refused': {
      event: { type: 'xstate.done.actor.placeOrder', output: { code: -1, message: 'The store is closing for the night.' } },
      when: all(at({ ordering: 'placing' }), reports(12)),
      prepare: async ({ page }) => answeredOnce(page, paths.place, { code: -1, message: 'The store is closing for the night.' }),
      // The refusal stays next to PLACE ORDER (walk 3 #1), besides the snackbar.
      act: async ({ page }) =>
        expect(
          page.getByRole('complementary', { name: 'Order totals' }).getByRole('alert').filter({ hasText: 'The store is closing for the night.' }),
        ).toBeVisible(),
    },
    // Refused in words with a 4xx (here a 409): said once, beside PLACE ORDER; no snackbar covers the button.
    'placeOrder: refused in words (409)': {
      event: { type: 'xstate.error.actor.placeOrder', error: new ApiError(slotTakenWords, -1, 409) },
      when: all(at({ ordering: 'placing' }), reports(12)),
      prepare: async ({ page }) =>
        page.route(
          (url) => url.pathname.includes(paths.place),
          (route) => route.fulfill({ status: 409, json: { code: -1, message: slotTakenWords } }),
          {
            times: 1,
          },
        ),
      act: async ({ page }) => {
        await expect(page.getByRole('complementary', { name: 'Order totals' }).getByRole('alert').filter({ hasText: slotTakenWords })).toBeVisible();
        expect(await page.getByRole('alert').filter({ hasText: slotTakenWords }).count()).toBe(1);
      },
    },
    'placeOrder: the bank check (stripe)': {
      event: bankCheck('placeOrder', 'stripe', secrets[0]),
      when: all(at({ ordering: 'placing' }), reports(14)),
      prepare: async ({ page }) => changedOnce(page, paths.place, asStripe),
      act: nothingToDo,
    },
    // Her card removed in another tab before PLACE ORDER: the server names the card field.
    'placeOrder: the card is gone': {
      event: {
        type: 'xstate.error.actor.placeOrder',
        error: new ApiError(cardGoneMessage, 0, 404, [{ field: cardIdField, message: cardGoneMessage }]),
      },
      when: all(at({ ordering: 'placing' }), reports(1)),
      prepare: async ({ page }) => removeCardsThroughApi(await sessionOf(page)),
      act: async ({ page }) => expect(snackbar(page, cardGoneMessage)).toBeVisible(),
      leaves: /\/cart\/card$/,
    },
    // Her home deleted in another tab before PLACE ORDER: the server names the address field.
    'placeOrder: her home is gone': {
      event: addressGone('placeOrder'),
      when: all(at({ ordering: 'placing' }), reports(1)),
      prepare: async ({ page }) => deleteAddressThroughApi(await sessionOf(page), 'Home'),
      act: async ({ page }) => expect(snackbar(page, addressGoneMessage)).toBeVisible(),
      leaves: /\/cart\/address$/,
    },
    // Her cart changed in another tab (one more ribeye) after the summary was shown: the server names shown_grandtotal,
    // the refusal with the new total stays beside PLACE ORDER and the summary is priced again (walk 5 #3).
    'placeOrder: the cart changed since the summary': {
      event: {
        type: 'xstate.error.actor.placeOrder',
        error: new ApiError(cartChangedWords, 0, 400, [{ field: shownTotalField, message: cartChangedWords }]),
      },
      when: all(at({ ordering: 'placing' }), reports(1)),
      prepare: async ({ page }) => moreOfFirstLineThroughApi(page),
      act: async ({ page }) =>
        expect(
          page
            .getByRole('complementary', { name: 'Order totals' })
            .getByRole('alert')
            .filter({ hasText: 'Your cart changed since this summary was shown' }),
        ).toBeVisible(),
    },
    'placeOrder: the bank check (test)': {
      event: bankCheck('placeOrder', 'test', shortSecret),
      when: all(at({ ordering: 'placing' }), reports(1)),
      act: nothingToDo,
    },
    'loadStripeKey: connection lost': {
      event: lost('loadStripeKey'),
      when: all(at({ ordering: { authenticating: { withStripe: 'loadingKey' } } }), secretIs(secrets[0])),
      prepare: failingOnce(paths.stripeKey),
      act: nothingToDo,
    },
    'loadStripeKey: no key': {
      event: { type: 'xstate.done.actor.loadStripeKey', output: { code: -1, message: 'No card provider key.' } },
      when: all(at({ ordering: { authenticating: { withStripe: 'loadingKey' } } }), secretIs(secrets[2])),
      prepare: async ({ page }) => answeredOnce(page, paths.stripeKey, { code: -1, message: 'No card provider key.' }),
      act: nothingToDo,
    },
    'loadStripeKey: a key': {
      event: { type: 'xstate.done.actor.loadStripeKey', output: { code: 1, data: { gateway: 'stripe', publishable_key: 'pk_test_reach' } } },
      when: all(at({ ordering: { authenticating: { withStripe: 'loadingKey' } } }), (s) => secretIs(secrets[4])(s) || secretIs(secrets[6])(s)),
      prepare: async ({ page }) => answeredOnce(page, paths.stripeKey, { code: 1, data: { gateway: 'stripe', publishable_key: 'pk_test_reach' } }),
      act: nothingToDo,
    },
    // The card provider's script could not be loaded (the test blocks its host).
    'handleNextAction: the check could not start': {
      event: { type: 'xstate.error.actor.handleNextAction', error: new Error('Stripe.js could not be loaded') },
      when: all(at({ ordering: { authenticating: { withStripe: 'checking' } } }), secretIs(secrets[4])),
      prepare: async ({ page }) =>
        page.route(
          (url) => url.hostname.endsWith('stripe.com'),
          (route) => route.abort('internetdisconnected'),
          { times: 1 },
        ),
      act: nothingToDo,
    },
    // The card provider's script is stood in for by one whose check always ends.
    'handleNextAction: the check finished': {
      event: { type: 'xstate.done.actor.handleNextAction', output: undefined },
      when: all(at({ ordering: { authenticating: { withStripe: 'checking' } } }), secretIs(secrets[6])),
      prepare: async ({ page }) =>
        page.route(
          (url) => url.hostname.endsWith('stripe.com'),
          (route) =>
            route.fulfill({
              contentType: 'application/javascript',
              body: 'window.Stripe = function () { return { _registerWrapper() {}, registerAppInfo() {}, handleNextAction: async () => ({}) }; };',
            }),
        ),
      act: nothingToDo,
    },
    // COMPLETE, but FAIL where the journey ends with the server saying the payment was declined or with its answer lost.
    'payment.authenticate': {
      event: { type: 'payment.authenticate', complete: true },
      when: at({ ordering: { authenticating: 'withTestBank' } }),
      act: async ({ page, upcoming }) => {
        const fails = upcoming.includes('confirmOrder: declined') || upcoming.includes('confirmOrder: connection lost');
        await bank(page)
          .getByRole('button', { name: fails ? 'FAIL' : 'COMPLETE' })
          .click();
      },
    },
    'answerTestBank: connection lost': {
      event: lost('answerTestBank'),
      when: all(at({ ordering: { authenticating: 'answeringTestBank' } }), (s) => [secrets[1], secrets[3], secrets[5]].some((x) => secretIs(x)(s))),
      prepare: async ({ page }) => connectionLostOnce(page, paths.testBank),
      act: nothingToDo,
    },
    'answerTestBank: answered': {
      event: { type: 'xstate.done.actor.answerTestBank', output: { code: 1, data: {} } },
      when: all(at({ ordering: { authenticating: 'answeringTestBank' } }), (s) => secretIs(secrets[7])(s) || secretIs(shortSecret)(s)),
      act: nothingToDo,
    },
    ...confirmsAskingAgain,
    'confirmOrder: placed': {
      event: { type: 'xstate.done.actor.confirmOrder', output: { code: 1, message: 'Order Placed.', order_id: '100000125' } },
      when: all(at({ ordering: 'confirming' }), secretIs(shortSecret)),
      act: confirmed(1),
    },
    'confirmOrder: declined': {
      event: { type: 'xstate.done.actor.confirmOrder', output: { code: -1, message: 'Your card was declined.', order_id: '100000125' } },
      when: all(at({ ordering: 'confirming' }), secretIs(shortSecret)),
      act: confirmed(1),
      leaves: /\/payment\/fail\?orderId=\d+$/,
    },
    'confirmOrder: connection lost': {
      event: lost('confirmOrder'),
      when: all(at({ ordering: 'confirming' }), secretIs(secrets[7])),
      prepare: failingOnce(paths.confirm),
      act: async ({ page }) => {
        await expect(bank(page)).toHaveCount(0);
        await expect(placeOrder(page)).toBeEnabled();
      },
    },
  },
  states: {
    'checkoutSummary.reviewing': {
      passing: 'the server prices the order as the summary opens and after each change (seen while the journey holds its answer)',
    },
    'checkoutSummary.reviewFailed': { shows: retry },
    // PLACE ORDER stays on the page, busy, while the order is on its way: ready is when it is not busy, so the next
    // step's fault is set up only after this request took its own (the deliveryOptions race of 2026-11-29, here too).
    'checkoutSummary.ready': { shows: placeOrder, hides: (page) => bank(page).or(placingOrder(page)) },
    'checkoutSummary.applyingCoupon': { passing: 'the coupon is applied while APPLY is pressed (seen while the journey holds its answer)' },
    'checkoutSummary.removingCoupon': { passing: 'the coupon is removed while REMOVE is pressed' },
    'checkoutSummary.ordering': { passing: "PLACE ORDER's answer and the bank's check: each part says what shows" },
    'checkoutSummary.ordering.placing': { passing: "PLACE ORDER's spinner shows only while the order is on its way" },
    'checkoutSummary.ordering.settling': { passing: "the server's answer is read at once" },
    'checkoutSummary.ordering.authenticating': { passing: "the bank's check: each way says what shows" },
    'checkoutSummary.ordering.authenticating.choosing': { passing: 'the way of the check is chosen at once' },
    'checkoutSummary.ordering.authenticating.withStripe': { passing: "the card provider's check runs in its own frame" },
    'checkoutSummary.ordering.authenticating.withStripe.loadingKey': { passing: "the card provider's key loads at once" },
    'checkoutSummary.ordering.authenticating.withStripe.checking': { passing: "the card provider's check (stood in for by the test) ends at once" },
    'checkoutSummary.ordering.authenticating.withTestBank': { shows: bank },
    'checkoutSummary.ordering.authenticating.answeringTestBank': { passing: "the test bank's answer comes while COMPLETE or FAIL is pressed" },
    'checkoutSummary.ordering.confirming': { passing: 'the server says at once how the payment ended' },
    'checkoutSummary.placed': { shows: (page) => page.getByRole('heading', { name: checkoutMessages.placed }) },
    'checkoutSummary.paymentFailed': { leaves: /\/payment\/fail\?orderId=\d+$/ },
    // The tabs open the payment step again with the snackbar (the summary is gone from the page).
    'checkoutSummary.cardGone': { leaves: /\/cart\/card$/ },
    // The tabs open the address step again with the snackbar.
    'checkoutSummary.addressGone': { leaves: /\/cart\/address$/ },
    'checkoutSummary.cartOrdered': { leaves: /\/cart$/ },
  },
  notDriven: {
    'checkoutSummary.ordering.settling --[isFacePassMissing]--> checkoutSummary.ready':
      "place order refuses a used face pass only for a drink (a ribeye's cart has no face step to go back to): checkout.journeys.ts's 'a used face pass noted' takes it with the server's real refusal",
  },
};
