import { expect, type Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartData } from '../../../src/api/contract/cart-page.contract.ts';
import type { CardStepChoice } from '../../../src/machines/checkout/checkout-flow.types.ts';
import { checkoutMachine } from '../../../src/machines/checkout/checkout.machine.ts';
import { emptyFlow, type CheckoutContext } from '../../../src/machines/checkout/checkout.setup.ts';
import { keptChoicesOf, type KeptChoices } from '../../../src/machines/checkout/checkout-kept.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { checkoutMessages, checkoutSnackbarMs, shippingAddressesOf } from '../../../src/rules/checkout-flow.ts';
import { addressGoneMessage, cardGoneMessage, facePassNeededRefusal } from '../../../src/rules/messages.ts';
import { baseCart, ok } from '../../machines/cart-fixtures.ts';
import { home } from '../../machines/checkout-fixtures.ts';
import { addCard } from '../checkout-steps.ts';
import { changedOnce, homeAndContinue, threeSpeeds } from '../faults.ts';
import { takeSelfie } from '../identity-steps.ts';
import { choose, sessionOf } from '../steps.ts';
import {
  cartOrderedOnce,
  cartOrderedShowCart,
  deleteAddressThroughApi,
  removeCardsThroughApi,
  scheduleThroughApi,
  saveHomeThroughApi,
  walletCartThroughApi,
} from './checkout-shoppers.ts';
import { verifiedCustomer } from './identity-shoppers.ts';
import type { EventMapping, MachineMap, Variant } from './journey-map.ts';
import { addToCartThroughApi, failingOnce, newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * The checkout tabs, the face step off (a ribeye) and on (a bottle of sake for a verified customer), a cart paid
 * entirely from the dine-in wallet (Nothing to Pay), with and without a drink, a ribeye whose chosen home address
 * is deleted in another tab (back to the addresses), one whose chosen card is removed in another tab before PLACE
 * ORDER (back to the cards), one whose chosen home is deleted in another tab before PLACE ORDER (back to the
 * addresses), and one who reloads the page on her summary after choosing a tip and a gift message (the summary opens
 * again with them: the tab kept her choices). Each journey's customer, cart (scheduled
 * as the cart page would, or redeemed from a paid dine-in order), home address and identity are set up through the API;
 * the graph's cart ids stand for her cart and say which start the journey has. The steps' own machines are driven only as far as
 * the tabs need their answers (SAVE & CONTINUE, CONTINUE, Payment on Delivery, a selfie and VERIFY).
 *
 * The snackbar leaves after 4 s: every journey installs Playwright's clock before the page loads, and 'after 4 s' moves
 * it on by 4 s at once; nothing waits on the wall clock. The clock keeps running otherwise: the shipped runtime
 * (preact/compat, decision 026) runs effects after a frame and a timer, so a paused clock would freeze the page.
 */

const file = 'tests/e2e/journeys/checkout.journeys.ts';
const steak = 'USDA Prime Ribeye Steak';
const sake = 'Junmai Ginjo Sake';

/** The graph's carts: which start each journey has. */
const carts = {
  delivery: 'cart-delivery',
  pickUp: 'cart-pick-up',
  unverifiedDrink: 'cart-unverified-drink',
  drink: 'cart-drink',
  usedPass: 'cart-used-pass',
  wallet: 'cart-wallet',
  walletDrink: 'cart-wallet-drink',
  homeGone: 'cart-home-gone',
  cardGone: 'cart-card-gone',
  homeGoneAtOrder: 'cart-home-gone-at-order',
  reloaded: 'cart-reloaded',
  orderedBefore: 'cart-ordered-before',
  orderedAtSpeed: 'cart-ordered-at-speed',
  tabReturn: 'cart-tab-return',
  speedReloaded: 'cart-speed-reloaded',
  optionElsewhere: 'cart-option-elsewhere',
} as const;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutContext;
const cartOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).cartId;
const isCart =
  (...ids: string[]) =>
  (snapshot: AnyMachineSnapshot) =>
    ids.includes(cartOf(snapshot));
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches({ flow: value } as never);
const both =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const starting = at('starting');
const summaryOpen = at({ checkout: 'open' });
const ordering = at({ checkout: 'ordering' });
const noticeIs = (message: string) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).notice === message;
const paysBy = (mode: CardStepChoice['payment_mode']) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).flow.payment_mode === mode;
/** The face step was taken in this checkout (its tab flag stays set while the summary is open). */
const faceChecked = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).flags.isFaceTab;
/** The carts that walk the steps from the address: hers, and the drink carts of a verified customer. */
const walking = isCart(carts.delivery, carts.drink, carts.usedPass);
/** Her home deleted in another tab before PLACE ORDER: until the checkout said so (her home is no longer listed after). */
const homeStillSaved = both(isCart(carts.homeGoneAtOrder), (s) => contextOf(s).notice === undefined);
/** Her card removed in another tab: until the checkout said so (her card is no longer listed after). */
const cardStillSaved = both(isCart(carts.cardGone), (s) => contextOf(s).notice === undefined);

const drinkCart: CartData = { ...baseCart, result: baseCart.result.map((line, i) => (i === 0 ? { ...line, age_restricted: true } : line)) };
/** Every line redeemed from the wallet (the server prices them 0 and marks them wallet). */
const fromWallet = (cart: CartData): CartData => ({ ...cart, result: cart.result.map((line) => ({ ...line, wallet: true })) });
const homeAddress = shippingAddressesOf([home])[0];

/** The snackbar with any text the journeys make it show. */
const noticeTexts = new RegExp(
  `^(Face Verification Successful Match is [\\d.]+ %|${[checkoutMessages.internalError, facePassNeededRefusal, addressGoneMessage, cardGoneMessage].map((text) => text.replace(/[.]/g, '\\.')).join('|')})$`,
);
const snackbar = (page: Page) => page.getByRole('alert').filter({ hasText: noticeTexts });
const tab = (page: Page, name: 'location' | 'payment' | 'summary') =>
  page.getByRole('tablist', { name: 'Checkout steps' }).getByRole('tab', { name });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'PLACE ORDER' });
/** The step where her home, chosen, turns out deleted: its act is the choosing step's (see there). */
const homeDeleted = 'chooseSpeed: her home deleted in another tab';
/** The step where her cart, ordered in another tab once her home is chosen, is found ordered: its act is the choosing step's. */
const cartOrderedAtSpeed = 'chooseSpeed: her cart ordered in another tab';
const freshness = (value: string) => (snapshot: AnyMachineSnapshot) => snapshot.matches({ freshness: value } as never);
/** The tab comes back (shown again or focused): Playwright keeps every page focused, so the event is sent. */
const tabReturns = async ({ page }: { page: Page }) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
const herHome = (page: Page) => page.getByRole('button', { name: /^Home: Ada Lovelace/ });
const savedCards = (page: Page) => page.getByRole('radiogroup', { name: 'Saved cards' }).getByRole('radio');
const summaryHeading = (page: Page) => page.getByRole('heading', { name: 'Order Summary' });

/**
 * Walk 6 #4: another tab of hers stores Pick-Up at Gramercy as /ship/options stores it (one session for the browser's
 * tabs): this tab's header takes it, and its checkout goes back to the cart and says so.
 */
async function pickUpChosenInAnotherTab({ page }: { page: Page }): Promise<void> {
  const other = await page.context().newPage();
  await other.goto('/store');
  await other.evaluate(() => {
    const key = 'meat-and-fish.session';
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    const choice = { shippingType: 'pick-up', couriertype: 'pickup', retailer: 401, retailer_name: 'Gramercy Chop House', vendor_location_id: 401 };
    window.localStorage.setItem(key, JSON.stringify({ ...(stored as object), ...choice }));
  });
  await other.close();
  await expect(page.getByTestId('shipping-choice')).toContainText('PICK-UP AT Gramercy Chop House');
}

/** Her cart read again after the option changed is still open: the cart opens and says the option changed. */
async function toldTheOptionChanged({ page }: { page: Page }): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Your delivery option changed in another tab' })).toBeVisible();
}

/** A request held until the journey lets it go (an order still on its way), one per page. */
const held = new WeakMap<Page, () => void>();

function holdingOnce(urlPart: string) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      async (route) => {
        await new Promise<void>((release) => held.set(page, release));
        await route.continue();
      },
      { times: 1 },
    );
}

/** A reply to an order held by holdingOnce arrives once the journey lets it go; without a hold there is nothing to do. */
async function releaseHeld({ page }: { page: Page }): Promise<void> {
  held.get(page)?.();
  held.delete(page);
}

function input(stored: SessionValues, kept?: KeptChoices) {
  return () => ({ session: createActor(sessionMachine, { input: stored }).start(), kept });
}

/** Her choices on the summary before the reload: her home, 1 Hour Delivery, Payment on Delivery, 10 %, a gift message. */
const giftText = 'Happy birthday, Ada!';
const keptOnSummary = keptChoicesOf('checkout', {
  ...emptyFlow,
  selectedAddress: homeAddress,
  selectedSpeedID: 1,
  payment_mode: 4,
  tipPercent: 10,
  isGift: true,
  giftMessage: giftText,
});

/** Her walk to the summary, a 10 % tip and a gift message chosen there, then the page reloaded. */
async function reloadedOnSummary(page: Page): Promise<void> {
  await openCheckout(page, await herSession({ product: 'steak' }), '/cart/address');
  await herHome(page).click();
  await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
  await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(placeOrderButton(page)).toBeEnabled();
  await page.getByRole('button', { name: '10%' }).click();
  await expect(page.getByRole('button', { name: '10%' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('switch', { name: 'This order is a gift' }).check();
  await page.getByLabel('Gift message').fill(giftText);
  await page.reload();
  await checkoutDrawn(page);
}

/** Her choice on the speed tab before the reload: Courier Delivery on its second day (the speeds widened by the test). */
const keptOnSpeedTab = keptChoicesOf('speed', {
  ...emptyFlow,
  selectedAddress: homeAddress,
  selectedSpeedID: 10,
  selectedShippingMethodID: 'courier-b',
  shippingAmount: '9.99',
  deliveryDate: '2030-01-03',
});
const speedBox = (page: Page) => page.getByRole('combobox', { name: 'Select Speed' });
const dateBox = (page: Page) => page.getByRole('combobox', { name: 'Select Date' });

/**
 * Her walk to the speed tab, Courier Delivery and its second day picked there, then the page reloaded before CONTINUE.
 * The seeded store offers one speed per cart: the speeds' answer is widened (faults.ts threeSpeeds) before and after.
 */
async function reloadedOnSpeedTab(page: Page): Promise<void> {
  await changedOnce(page, '/api/shipping', threeSpeeds, 2);
  await openCheckout(page, await herSession({ product: 'steak' }), '/cart/address');
  await homeAndContinue(page);
  await expect(speedBox(page)).toContainText('1 Hour Delivery');
  await choose(page, 'Select Speed', 'Courier Delivery (2 ~ 3 DAYS)');
  await dateBox(page).click();
  await page.getByRole('option', { name: /Second day/ }).click();
  await expect(dateBox(page)).toContainText('Second day');
  await page.reload();
  await checkoutDrawn(page);
}

const customer = (cartId: string, more: SessionValues = {}): SessionValues => ({
  zipcode: '10001',
  location: 101,
  cart_id: cartId,
  Token: 'token',
  CustomerId: 1,
  cust_name: 'Ada Lovelace',
  ...more,
});

/** Opens the checkout at `path` with her session, Playwright's clock installed (running) so 'after 4 s' can move it. */
async function openCheckout(page: Page, session: SessionValues, path: string): Promise<void> {
  await page.clock.install();
  await openWithSession(page, session, path);
  await checkoutDrawn(page);
}

async function checkoutDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('tablist', { name: 'Checkout steps' })).toBeVisible();
}

interface Prefix {
  product: 'steak' | 'sake';
  verified?: boolean;
  scheduled?: boolean;
}

/** A new customer with one product in her cart, scheduled, her home address saved and, when asked, her identity verified. */
async function herSession({ product, verified = false, scheduled = true }: Prefix): Promise<SessionValues> {
  const registered = (verified ? await verifiedCustomer('generated.checkout') : await newCustomer('generated.checkout')).session;
  const values = product === 'steak' ? await addToCartThroughApi(registered, 'ribeye', steak) : await addToCartThroughApi(registered, 'sake', sake);
  if (scheduled) {
    await scheduleThroughApi(values);
    await saveHomeThroughApi(values);
  }
  return values;
}

/** Her cart of one wallet redemption (a ribeye, or for a verified customer a bottle of sake): CHECKOUT opens the card tab. */
async function herWalletSession(product: 'steak' | 'sake'): Promise<SessionValues> {
  if (product === 'steak') return walletCartThroughApi((await newCustomer('generated.checkout')).session, 'ribeye', steak);
  return walletCartThroughApi((await verifiedCustomer('generated.checkout')).session, 'sake', sake);
}

function variant(name: string, cartId: string, stored: SessionValues, open: Variant['open'], kept?: KeptChoices): Variant {
  return { name, input: input(customer(cartId, stored), kept), open };
}

/** A tab click, offered for the given carts where the graph allows it. */
function clickingTab(tabValue: string, name: 'location' | 'payment' | 'summary', when: (snapshot: AnyMachineSnapshot) => boolean): EventMapping {
  return { event: { type: 'tab.select', tab: tabValue }, when, act: async ({ page }) => tab(page, name).click() };
}

const loadCartReply = (output: unknown, when: (snapshot: AnyMachineSnapshot) => boolean): EventMapping => ({
  event: { type: 'xstate.done.actor.loadCart', output },
  when: both(starting, when),
  act: nothingToDo,
});

const faceVerified: AnyEventObject = { type: 'xstate.done.actor.verifyFace', output: { faceMatchPercent: 92 } };

export const checkoutJourneys: MachineMap = {
  // Its 'after 4 s' runs on Playwright's clock (openCheckout).
  clock: true,
  machine: checkoutMachine,
  file,
  variants: [
    variant('customer delivering a ribeye', carts.delivery, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // Delivery Options chose Store Pickup: the cart's CHECKOUT opens the card tab.
    variant('customer picking up a ribeye', carts.pickUp, { nextTab: 'card', shippingType: 'pick-up' }, async ({ page }) => {
      const values = await herSession({ product: 'steak', scheduled: false });
      await openCheckout(page, { ...values, nextTab: 'card', shippingType: 'pick-up' }, '/cart/card');
    }),
    variant('customer not verified, a bottle of sake', carts.unverifiedDrink, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'sake', scheduled: false }), '/cart/address'),
    ),
    variant('verified customer, a bottle of sake', carts.drink, { verification_id: 'a'.repeat(32) }, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'sake', verified: true }), '/cart/address'),
    ),
    // The browser noted a face pass for her cart that the server no longer honours (an order from another tab used it):
    // the checkout skips the face step and place order asks for a new one.
    variant(
      'verified customer, a bottle of sake, a used face pass noted',
      carts.usedPass,
      { verification_id: 'a'.repeat(32), faceCheckedCart: carts.usedPass, faceCheckedUntil: Date.UTC(2100, 0, 1) },
      async ({ page }) => {
        const values = await herSession({ product: 'sake', verified: true });
        await openCheckout(page, { ...values, faceCheckedCart: values.cart_id, faceCheckedUntil: Date.now() + 3_600_000 }, '/cart/address');
      },
    ),
    // A ribeye bought for Dine-In at a partner restaurant and paid, then redeemed from her wallet into a new cart.
    variant('customer with a ribeye from her wallet', carts.wallet, { nextTab: 'card' }, async ({ page }) =>
      openCheckout(page, await herWalletSession('steak'), '/cart/card'),
    ),
    // Her home, listed on the address tab, is deleted in another tab (/setting/user) before she continues with it.
    variant('customer delivering a ribeye, her home deleted in another tab', carts.homeGone, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // Her card, chosen on the payment tab, is removed in another tab (/setting/user) before she presses PLACE ORDER.
    variant('customer delivering a ribeye, her card removed in another tab', carts.cardGone, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // Her home, chosen on the address tab, is deleted in another tab (/setting/user) before she presses PLACE ORDER.
    variant('customer delivering a ribeye, her home deleted in another tab before PLACE ORDER', carts.homeGoneAtOrder, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // Her tip and gift message chosen on the summary, then the page reloaded (same tab).
    variant('customer delivering a ribeye, reloading her summary', carts.reloaded, {}, async ({ page }) => reloadedOnSummary(page), keptOnSummary),
    // Courier Delivery and its second day picked on the speed tab, then the page reloaded before CONTINUE (same tab).
    variant(
      'customer delivering a ribeye, reloading her speed tab before CONTINUE',
      carts.speedReloaded,
      {},
      async ({ page }) => reloadedOnSpeedTab(page),
      keptOnSpeedTab,
    ),
    // Her cart ordered in another tab before this tab's checkout reads it: back on the cart.
    variant('customer delivering a ribeye, her cart ordered in another tab before the checkout opens', carts.orderedBefore, {}, async ({ page }) => {
      const values = await herSession({ product: 'steak' });
      await page.clock.install();
      await openWithSession(page, values, '/cart/address');
    }),
    // Her cart ordered in another tab once she chose her home, before the speeds are asked for.
    variant('customer delivering a ribeye, her cart ordered in another tab once her home is chosen', carts.orderedAtSpeed, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // She comes back to the checkout's tab (shown again or focused): the cart is read again.
    variant('customer delivering a ribeye, coming back to the tab', carts.tabReturn, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    // Walk 6 #4: another tab of hers chooses Pick-Up while this one is on the address tab.
    variant('customer delivering a ribeye, Pick-Up chosen in another tab', carts.optionElsewhere, {}, async ({ page }) =>
      openCheckout(page, await herSession({ product: 'steak' }), '/cart/address'),
    ),
    variant(
      'verified customer with sake from her wallet',
      carts.walletDrink,
      { nextTab: 'card', verification_id: 'a'.repeat(32) },
      async ({ page }) => openCheckout(page, await herWalletSession('sake'), '/cart/card'),
    ),
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.flags, c.flow.payment_mode ?? null, c.flow.tipPercent, c.notice ?? null, c.cartLines.length]);
  },
  events: {
    'loadCart: her ribeye': loadCartReply(
      ok(baseCart),
      isCart(
        carts.delivery,
        carts.pickUp,
        carts.homeGone,
        carts.cardGone,
        carts.homeGoneAtOrder,
        carts.orderedAtSpeed,
        carts.tabReturn,
        carts.optionElsewhere,
      ),
    ),
    'loadCart: her cart was ordered': {
      ...loadCartReply(cartOrderedShowCart, isCart(carts.orderedBefore)),
      prepare: cartOrderedOnce('/api/cart/showcart', { status: 200, body: cartOrderedShowCart }),
    },
    [cartOrderedAtSpeed]: {
      event: { type: 'xstate.done.actor.chooseSpeed', output: { speed: undefined, cartOrdered: true } },
      when: both(at('speed'), isCart(carts.orderedAtSpeed)),
      // The speed tab asks for its speeds at once and is answered that the cart was ordered: it is not looked for.
      reply: 'with the one before',
      act: nothingToDo,
    },
    'checkout.refresh: the tab comes back': {
      event: { type: 'checkout.refresh' },
      when: both(at('address'), freshness('current'), isCart(carts.tabReturn)),
      act: tabReturns,
    },
    'recheckCart: still open': {
      event: { type: 'xstate.done.actor.recheckCart', output: ok(baseCart) },
      when: both(freshness('reading'), isCart(carts.tabReturn)),
      act: async ({ page }) => expect(herHome(page)).toBeVisible(),
    },
    'recheckCart: connection lost': {
      event: { type: 'xstate.error.actor.recheckCart', error: new Error('offline') },
      when: both(freshness('reading'), isCart(carts.tabReturn)),
      prepare: failingOnce('/api/cart/showcart'),
      act: async ({ page }) => expect(herHome(page)).toBeVisible(),
    },
    'recheckCart: her cart was ordered': {
      event: { type: 'xstate.done.actor.recheckCart', output: cartOrderedShowCart },
      when: both(freshness('reading'), isCart(carts.tabReturn)),
      prepare: cartOrderedOnce('/api/cart/showcart', { status: 200, body: cartOrderedShowCart }),
      act: nothingToDo,
      leaves: /\/cart$/,
    },
    'session: Pick-Up chosen in another tab': {
      event: { type: 'session.leftBehind', ended: false },
      when: both(at('address'), isCart(carts.optionElsewhere)),
      act: pickUpChosenInAnotherTab,
    },
    'checkOrdered: her cart is still open': {
      event: { type: 'xstate.done.actor.checkOrdered', output: ok(baseCart) },
      when: both(at('optionChanged'), isCart(carts.optionElsewhere)),
      act: toldTheOptionChanged,
      leaves: /\/cart$/,
    },
    // The same cart as 'her ribeye' (its words, which the checkout does not read, tell the graph's two apart).
    'loadCart: her ribeye, after the reload on her summary': {
      ...loadCartReply(ok(baseCart, 'reloaded'), isCart(carts.reloaded)),
      act: async ({ page }) => {
        await expect(page).toHaveURL(/\/cart\/checkout$/);
        await expect(page.getByRole('button', { name: '10%' })).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByRole('switch', { name: 'This order is a gift' })).toBeChecked();
        await expect(page.getByLabel('Gift message')).toHaveValue(giftText);
        await expect(placeOrderButton(page)).toBeEnabled();
      },
    },
    'loadCart: her ribeye, after the reload on her speed tab': {
      ...loadCartReply(ok(baseCart, 'reloaded on the speed tab'), isCart(carts.speedReloaded)),
      act: async ({ page }) => {
        await expect(page).toHaveURL(/\/cart\/speed$/);
        await expect(speedBox(page)).toContainText('Courier Delivery');
        await expect(dateBox(page)).toContainText('Second day');
      },
    },
    'loadCart: her sake': loadCartReply(ok(drinkCart), isCart(carts.unverifiedDrink, carts.drink, carts.usedPass)),
    'loadCart: her wallet ribeye': loadCartReply(ok(fromWallet(baseCart)), isCart(carts.wallet)),
    'loadCart: her wallet sake': loadCartReply(ok(fromWallet(drinkCart)), isCart(carts.walletDrink)),
    'loadCart: connection lost': {
      event: { type: 'xstate.error.actor.loadCart', error: new Error('offline') },
      when: both(starting, isCart(carts.delivery, carts.pickUp)),
      prepare: failingOnce('/api/cart/showcart'),
      act: nothingToDo,
    },
    // Typed in the address bar: the page loads again and its checkout refuses the summary, putting the address back.
    'tab.select: /cart/checkout typed': {
      event: { type: 'tab.select', tab: 'checkout' },
      when: both(starting, isCart(carts.delivery)),
      act: async ({ page }) => {
        await page.goto('/cart/checkout');
        await expect(page).toHaveURL(/\/cart\/address$/);
        await checkoutDrawn(page);
      },
    },
    'chooseAddress: her home': {
      event: { type: 'xstate.done.actor.chooseAddress', output: { address: homeAddress } },
      // Her home deleted meanwhile: only before the checkout said so (it is no longer listed after).
      when: both(
        at('address'),
        (s) =>
          walking(s) ||
          isCart(carts.cardGone, carts.orderedAtSpeed)(s) ||
          homeStillSaved(s) ||
          (isCart(carts.homeGone)(s) && contextOf(s).notice === undefined),
      ),
      act: async ({ page, upcoming }) => {
        await herHome(page).click();
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
        // Deleted in another tab once she has chosen it, before SAVE & CONTINUE asks for its speeds. (Not the next
        // step's prepare: the replies before it chain their prepares back to before the page opens.)
        if (upcoming.includes(homeDeleted)) await deleteAddressThroughApi(await sessionOf(page), 'Home');
        // Ordered in another tab once she has chosen her home: the speeds' call finds it ordered.
        if (upcoming.includes(cartOrderedAtSpeed)) await cartOrderedOnce('/api/shipping')({ page });
        await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
      },
    },
    [homeDeleted]: {
      event: { type: 'xstate.done.actor.chooseSpeed', output: { speed: undefined, addressGone: addressGoneMessage } },
      when: both(at('speed'), isCart(carts.homeGone)),
      // The speed tab asks for its speeds at once and is answered that the address is gone: it is not looked for.
      reply: 'with the one before',
      act: async ({ page }) => {
        await expect(snackbar(page)).toHaveText(addressGoneMessage);
        await expect(page).toHaveURL(/\/cart\/address$/);
        await expect(herHome(page)).toHaveCount(0);
      },
    },
    'chooseSpeed: 1 Hour Delivery': {
      event: {
        type: 'xstate.done.actor.chooseSpeed',
        output: {
          speed: {
            selectedSpeedID: 1,
            selectedRetailerID: undefined,
            selectedShippingMethodID: undefined,
            deliveryFee: '0.00',
            shippingAmount: '0.00',
            deliveryDate: undefined,
            pickup_date: undefined,
          },
        },
      },
      when: both(at('speed'), (s) => walking(s) || isCart(carts.cardGone, carts.homeGoneAtOrder)(s)),
      act: async ({ page }) => {
        await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');
        await page.getByRole('button', { name: 'CONTINUE' }).click();
      },
    },
    // Reported by the speed tab as she picks (no CONTINUE): the checkout holds it, and a reload would open with it.
    'speed.changed: Courier on its first day': {
      event: {
        type: 'speed.changed',
        speed: { ...keptOnSpeedTab.speed, selectedShippingMethodID: 'courier-a', deliveryDate: '2030-01-02' },
      },
      when: both(at('speed'), isCart(carts.speedReloaded)),
      act: async ({ page }) => {
        await dateBox(page).click();
        await page.getByRole('option', { name: /First day/ }).click();
        await expect(dateBox(page)).toContainText('First day');
        await expect(speedBox(page)).toContainText('Courier Delivery');
      },
    },
    'card.continue: Payment on Delivery': {
      event: { type: 'card.continue', choice: { payment_mode: 4 } },
      when: both(at('card'), (s) => walking(s) || homeStillSaved(s)),
      act: async ({ page }) => {
        await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
        await page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click();
      },
    },
    // 4000 0000 0000 0341 saves, then is declined when the order is charged.
    'card.continue: a card the bank declines': {
      event: { type: 'card.continue', choice: { payment_mode: 2, card_id: 5, card_token: 'tok' } },
      when: both(at('card'), isCart(carts.delivery)),
      act: async ({ page }) => addCard(page, '4000 0000 0000 0341'),
    },
    // 4242 4242 4242 4242 saves and would be charged, but is removed before PLACE ORDER.
    'card.continue: her card, removed later': {
      event: { type: 'card.continue', choice: { payment_mode: 2, card_id: 6, card_token: '' } },
      when: both(at('card'), cardStillSaved),
      act: async ({ page }) => addCard(page, '4242 4242 4242 4242'),
    },
    // The card tab of a wallet-only cart asks for no card: 'Nothing to Pay' and its Continue.
    'payment.skip: Nothing to Pay': {
      event: { type: 'payment.skip' },
      when: both(at('card'), isCart(carts.wallet, carts.walletDrink)),
      act: async ({ page }) => {
        await expect(page.getByRole('heading', { name: 'Nothing to Pay' })).toBeVisible();
        await page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click();
      },
    },
    'verifyFace: her face matches': {
      event: faceVerified,
      when: both(at('face'), isCart(carts.drink, carts.usedPass)),
      act: async ({ page }) => {
        await takeSelfie(page);
        await page.getByRole('button', { name: 'VERIFY' }).click();
      },
    },
    'tab.select: location tab': clickingTab(
      'address',
      'location',
      both(isCart(carts.delivery), (s) => at('speed')(s) || at('card')(s) || summaryOpen(s) || at('placed')(s)),
    ),
    'tab.select: payment tab': clickingTab('card', 'payment', both(isCart(carts.delivery), summaryOpen)),
    'tab.select: summary tab': clickingTab('checkout', 'summary', both(isCart(carts.delivery), summaryOpen)),
    'tab.select: Back to the speed': {
      event: { type: 'tab.select', tab: 'speed' },
      when: both(isCart(carts.delivery), at('card')),
      act: async ({ page }) => page.getByRole('tabpanel').getByRole('button', { name: 'Back', exact: true }).click(),
    },
    // While PLACE ORDER's answer is on its way (held back until the page has been looked at), the tabs stay put. The
    // answer is let go by the reply that follows, never here: the page is checked after this act, and a placed order
    // would by then have left the summary.
    'tab.select: location tab while ordering': {
      event: { type: 'tab.select', tab: 'address' },
      when: both(isCart(carts.delivery), ordering, paysBy(4), (s) => contextOf(s).notice === undefined),
      prepare: holdingOnce('/api/placeorder/placeorder'),
      act: async ({ page }) => {
        await tab(page, 'location').click();
        await expect(page).toHaveURL(/\/cart\/checkout$/);
        await expect(summaryHeading(page)).toBeVisible();
      },
    },
    'summary.choices: a 10 % tip': {
      event: { type: 'summary.choices', choices: { tipPercent: 10, isGift: false, giftMessage: '' } },
      when: both(isCart(carts.delivery), summaryOpen, (s) => contextOf(s).flow.tipPercent === 0),
      act: async ({ page }) => {
        await page.getByRole('button', { name: '10%' }).click();
        await expect(page.getByRole('button', { name: '10%' })).toHaveAttribute('aria-pressed', 'true');
      },
    },
    'order.started: PLACE ORDER': {
      event: { type: 'order.started' },
      // After a failed order the snackbar goes first (the next answer would otherwise be the same text again).
      // A wallet cart's order is the wallet journey's (wallet.e2e.ts): it needs the visit chosen on /wallet/shipping.
      when: both(
        summaryOpen,
        (s) => !isCart(carts.wallet, carts.walletDrink, carts.reloaded)(s),
        (s) => !noticeIs(checkoutMessages.internalError)(s),
        (s) => !(isCart(carts.usedPass)(s) && faceChecked(s)),
      ),
      act: async ({ page }) => {
        await expect(placeOrderButton(page)).toBeEnabled();
        await placeOrderButton(page).click();
      },
    },
    // Her journey ends while the order is on its way: its answer is held, so the summary is still there to be looked
    // at (a quick answer had already turned it into 'Order Placed.').
    'order.started: PLACE ORDER after her reload': {
      event: { type: 'order.started' },
      when: both(summaryOpen, isCart(carts.reloaded)),
      prepare: holdingOnce('/api/placeorder/placeorder'),
      act: async ({ page }) => {
        await expect(placeOrderButton(page)).toBeEnabled();
        await placeOrderButton(page).click();
      },
    },
    'reviewOrder: placed': {
      event: { type: 'xstate.done.actor.reviewOrder', output: { outcome: { kind: 'placed', orderId: '100000123' } } },
      when: both(ordering, paysBy(4), isCart(carts.delivery, carts.drink)),
      act: releaseHeld,
    },
    'reviewOrder: declined': {
      event: {
        type: 'xstate.done.actor.reviewOrder',
        output: { outcome: { kind: 'declined', orderId: '100000124', message: 'Your card was declined.' } },
      },
      when: both(ordering, paysBy(2), (s) => !isCart(carts.cardGone)(s)),
      act: releaseHeld,
      leaves: /\/payment\/fail\?orderId=\d+$/,
    },
    'reviewOrder: her card removed in another tab': {
      event: { type: 'xstate.done.actor.reviewOrder', output: { outcome: undefined, cardGone: cardGoneMessage } },
      when: both(ordering, isCart(carts.cardGone)),
      // Once the summary shows PLACE ORDER, before she presses it.
      prepare: async ({ page }) => {
        await expect(placeOrderButton(page)).toBeVisible();
        await removeCardsThroughApi(await sessionOf(page));
      },
      act: async ({ page }) => {
        await expect(snackbar(page)).toHaveText(cardGoneMessage);
        await expect(page).toHaveURL(/\/cart\/card$/);
        // Her only card was removed: none is listed (an empty list has no radio group), ADD NEW CARD is offered.
        await expect(page.getByRole('button', { name: 'ADD NEW CARD' })).toBeVisible();
        await expect(savedCards(page)).toHaveCount(0);
      },
    },
    'reviewOrder: her home deleted in another tab': {
      event: { type: 'xstate.done.actor.reviewOrder', output: { outcome: undefined, addressGone: addressGoneMessage } },
      when: both(ordering, isCart(carts.homeGoneAtOrder)),
      // Once the summary shows PLACE ORDER, before she presses it.
      prepare: async ({ page }) => {
        await expect(placeOrderButton(page)).toBeVisible();
        await deleteAddressThroughApi(await sessionOf(page), 'Home');
      },
      act: async ({ page }) => {
        await expect(snackbar(page)).toHaveText(addressGoneMessage);
        await expect(page).toHaveURL(/\/cart\/address$/);
        // Her only address was deleted: none is listed, ADD NEW ADDRESSES is offered.
        await expect(herHome(page)).toHaveCount(0);
      },
    },
    // The browser's answer order is order.ended, then the snackbar; the graph takes them the other way round.
    'notice.show: the order could not be sent': {
      event: { type: 'notice.show', message: checkoutMessages.internalError },
      when: both(ordering, isCart(carts.delivery), paysBy(4), (s) => !noticeIs(checkoutMessages.internalError)(s)),
      prepare: failingOnce('/api/placeorder/placeorder'),
      act: nothingToDo,
      reply: 'alone',
    },
    'order.ended: the order could not be sent': {
      event: { type: 'order.ended' },
      when: both(ordering, noticeIs(checkoutMessages.internalError)),
      act: nothingToDo,
      reply: 'with the one before',
    },
    'notice.show: a new face check needed': {
      event: { type: 'notice.show', message: facePassNeededRefusal },
      when: both(ordering, isCart(carts.usedPass), (s) => !faceChecked(s) && !noticeIs(facePassNeededRefusal)(s)),
      act: nothingToDo,
      reply: 'alone',
    },
    'face.required': {
      event: { type: 'face.required' },
      when: both(ordering, noticeIs(facePassNeededRefusal)),
      act: nothingToDo,
      reply: 'with the one before',
    },
    // The title bar's back arrow, shown on a phone only (the spec's mobile title bar), on a wallet cart's summary: where
    // its journey ends (the wallet journey places that order).
    'checkout.back: the back arrow on the summary': {
      event: { type: 'checkout.back' },
      when: both(summaryOpen, isCart(carts.wallet)),
      act: async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByRole('button', { name: 'Back', exact: true }).first().click();
      },
      leaves: /\/cart$/,
    },
    'after 4 s': {
      event: { type: 'xstate.after.snackbarLifetime.checkout.notice.shown' },
      when: both((s) => s.matches({ notice: 'shown' }), isCart(carts.delivery)),
      act: async ({ page }) => page.clock.runFor(checkoutSnackbarMs),
    },
  },
  states: {
    'checkout.flow': { shows: (page) => page.getByRole('tablist', { name: 'Checkout steps' }) },
    'checkout.flow.starting': { passing: "the cart's lines load with the page" },
    'checkout.flow.identityNeeded': {
      shows: (page) => page.getByRole('alert').getByRole('link', { name: 'Verify your identity' }),
    },
    'checkout.flow.address': { shows: (page) => page.getByRole('heading', { name: 'Select a Shipping Address' }) },
    'checkout.flow.speed': { shows: (page) => page.getByRole('heading', { name: 'Choose Delivery Slots' }) },
    // A wallet-only cart's card tab asks for no card.
    'checkout.flow.card': { shows: (page) => page.getByRole('heading', { name: /^(Choose Payment Options|Nothing to Pay)$/ }) },
    'checkout.flow.face': { shows: (page) => page.getByRole('heading', { name: checkoutMessages.faceTitle }) },
    'checkout.flow.checkout': { shows: summaryHeading },
    'checkout.flow.checkout.open': { shows: placeOrderButton },
    'checkout.flow.checkout.ordering': { passing: "PLACE ORDER's spinner shows only while the order is on its way" },
    'checkout.flow.placed': { shows: (page) => page.getByRole('heading', { name: checkoutMessages.placed }) },
    'checkout.flow.paymentFailed': { leaves: /\/payment\/fail\?orderId=\d+$/ },
    'checkout.notice': { passing: 'the snackbar region shows nothing of its own' },
    'checkout.flow.cartOrdered': { leaves: /\/cart$/ },
    'checkout.flow.leftBehind': { leaves: /\/cart$/ },
    'checkout.flow.optionChanged': { passing: 'the cart is read at once, before the page goes back to the cart' },
    // Read again only when the tab is shown again or takes the focus: the step on screen stays as it is meanwhile.
    'checkout.freshness': { passing: 'the cart is read again only when the tab comes back' },
    'checkout.freshness.current': { passing: 'the cart is read again only when the tab comes back' },
    'checkout.freshness.reading': { passing: 'the step stays as it is while the cart is read again' },
    'checkout.notice.hidden': { hides: snackbar },
    'checkout.notice.shown': { shows: snackbar },
  },
  notDriven: {
    'checkout.flow.checkout --cart.count--> (self)':
      "the summary reports it on its own each time it is priced (no step of the shopper's sends it): every journey reaching the summary takes it, and summary-stock.e2e.ts checks the badge it sets; the machine's path tests take it here",
    'checkout.flow.optionChanged --xstate.done.actor.checkOrdered[isOrderedCart]--> checkout.flow.cartOrdered':
      "the option reset by a Pick-Up placed in another tab, whose cart was this one: seams.e2e.ts 'a cart ordered in another tab' takes it in the browser (its checking-out tab is told the cart was ordered); the machine's path tests take it here",
    'checkout.flow.optionChanged --xstate.error.actor.checkOrdered--> checkout.flow.leftBehind':
      "the cart unreadable just as the option changed in another tab: the machine's path tests take it",
    'checkout.flow --session.leftBehind[isEndedUnderIt]--> checkout.flow.leftBehind':
      "the session ended under the checkout: two-tabs.e2e.ts 'a logout in another tab ends the session here too…' and 'a 401 at PLACE ORDER…' take it in the browser; the machine's path tests take it here",
    'checkout.flow --card.address.gone--> checkout.flow.address':
      "the shipping address a new card copies deleted in another tab: checkout.e2e.ts 'a new card billed to a shipping address deleted in another tab…' takes it in the browser; the machine's path tests take it here",
    'checkout.flow.checkout --xstate.done.actor.reviewOrder[isStepOnOrderedCart]--> checkout.flow.cartOrdered':
      "the summary's pricing answered that the cart was ordered: the browser journey 'orderReview: her cart was ordered' of checkout-summary.journeys.ts takes it (the summary step ends with cartOrdered and the checkout goes back to /cart), as does seams.e2e.ts 'a cart ordered in another tab' (its checking-out tab); the machine's path tests take it here",
    'checkout.flow.starting --xstate.done.actor.loadCart[resumesAt]--> checkout.flow.card':
      "a reload on the payment step opens it as a reload on the summary opens the summary (one guard, resumeStep); the machine's path tests take it",
    'checkout.flow.starting --xstate.done.actor.loadCart[resumesAt]--> checkout.flow.face':
      "a reload on the face step opens it as a reload on the summary opens the summary (one guard, resumeStep); the machine's path tests take it",
    'checkout --checkout.back--> (self)':
      "the generated checkout journeys go forward only (the Back arrow on a step but the summary goes to the page before, out of the checkout); the machine's path tests take it",
    'checkout.flow --tab.select[isFaceTab]--> checkout.flow.face':
      "no tab sends 'face' (the payment tab holds the card and face steps and sends 'card'); only a typed /cart/face would, and typing reloads the page, whose new checkout has no tab open",
    'checkout.flow.paymentFailed --tab.select--> (self)':
      'a declined order leaves for /payment/fail at once (goToPaymentFail): the checkout page and its tabs are gone',
    'checkout.notice.shown --notice.dismiss--> checkout.notice.hidden':
      "the checkout snackbar has no close control, by the spec (cart-checkout-account.md: a snackbar that auto-hides after 4 s in checkout, no close) and like the store's other snackbar (notifications.tsx; only toasts have Dismiss): nothing in the page sends notice.dismiss",
  },
};
