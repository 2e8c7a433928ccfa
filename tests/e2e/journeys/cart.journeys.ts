import { expect, type Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../../src/api/http.ts';
import { cartMachine } from '../../../src/machines/cart/cart.machine.ts';
import type { CartContext } from '../../../src/machines/cart/cart.setup.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { chosenOptionOf, offOptionGroups } from '../../../src/rules/cart-checkout.ts';
import { cartIsEmptyRefusal, cartOrderedMessage, emptyCartMessage } from '../../../src/rules/messages.ts';
import { addToCartMessages } from '../../../server/services/cart/add-to-cart.ts';
import { baseCart, calendarReply, cart, chicken, line, ok, ribeye, scheduledCart } from '../../machines/cart-fixtures.ts';
import { answeredOnce } from '../faults.ts';
import { lowStock, moreInStockOnce } from '../low-stock.ts';
import { newYorkOnly } from '../new-york-only.ts';
import type { EventMapping, Journey, MachineMap } from './journey-map.ts';
import {
  addCourierLine,
  addToCartThroughApi,
  areaOf,
  clearThroughApi,
  failingOnce,
  newCustomer,
  nothingToDo,
  openWithSession,
  postJson,
} from './shoppers.ts';
import { clickOpenDay } from '../steps.ts';

/**
 * The cart page. Her cart (added through the API) holds a USDA Prime Ribeye at Same Day and a Chicken; the graph's
 * carts (tests/machines/cart-fixtures.ts) stand for it. The children's reports (lines.*, coupon.*, group.*) are the
 * server's answers to what the shopper clicks: each report's act is that click, unless the step before made it.
 * Another customer holds every one the seller has of the store's one short product (low-stock.ts): one more is refused.
 */

const file = 'tests/e2e/journeys/cart.journeys.ts';
const steak = 'USDA Prime Ribeye Steak';
const poultry = 'Boneless Skinless Chicken Thighs';
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CartContext;
const cartIdOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).session.getSnapshot().context.cart_id;
const region = (snapshot: AnyMachineSnapshot, value: Record<string, string>) => snapshot.matches({ ready: value });
const isScheduled = (snapshot: AnyMachineSnapshot) => (contextOf(snapshot).cart?.delivery_groups ?? []).every((g) => g.delivery_date !== null);
/** The shopper's events, one region at a time as in the unit path test: once the dates are in, before CHECKOUT leaves. */
const shopping = (snapshot: AnyMachineSnapshot) =>
  region(snapshot, { calendar: 'loaded' }) && region(snapshot, { checkout: 'idle' }) && !isScheduled(snapshot) && isCurrent(snapshot);
/** No read again on its way (the tab came back): the page stays as it is until it is answered. */
const isCurrent = (snapshot: AnyMachineSnapshot) => !region(snapshot, { freshness: 'reading' });
const withCart = (snapshot: AnyMachineSnapshot) => cartIdOf(snapshot) === 'cart-1';
const holdsTheLastFew = (snapshot: AnyMachineSnapshot) => cartIdOf(snapshot) === 'cart-last-few';
/** The carts that reach CHECKOUT: hers, a guest's, and one she picks up; only hers takes every other event. */
const checkingOut = (snapshot: AnyMachineSnapshot) => ['cart-1', 'cart-guest', 'cart-pick-up'].includes(cartIdOf(snapshot) ?? '');
const loading = (snapshot: AnyMachineSnapshot) => snapshot.matches('loading');
/** Where CHECKOUT takes a scheduled cart: a guest registers, a pick-up pays, a delivery gives its address. */
/** Whether the cart's lines are for the option the session chose (walk 8 #3: CHECKOUT refuses them otherwise). */
function onItsOption(snapshot: AnyMachineSnapshot): boolean {
  const session = contextOf(snapshot).session.getSnapshot().context;
  const chosen = chosenOptionOf(session.shippingType, session.walletOrder);
  return offOptionGroups(contextOf(snapshot).cart?.delivery_groups ?? [], chosen).length === 0;
}
function nextPageOf(snapshot: AnyMachineSnapshot): RegExp {
  const session = contextOf(snapshot).session.getSnapshot().context;
  if (!session.Token) return /\/guest\/register$/;
  return session.shippingType === 'pick-up' ? /\/cart\/card$/ : /\/cart\/address$/;
}
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const reading = (snapshot: AnyMachineSnapshot) => region(snapshot, { freshness: 'reading' });
/** The tab comes back (shown again or focused): Playwright keeps every page focused, so the event is sent. */
const tabReturns = async ({ page }: Journey) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
/** What showcart answers for a cart of hers ordered (in another tab) when she has no open cart now (cart-page.routes.ts). */
const orderedReply = { code: -1, message: cartOrderedMessage, current_cart: { cart_id: '', total_items_count: 0 } };
/**
 * Her cart ordered in another tab: cleared through the API (the server then has no open cart of hers, as after an
 * order), and the next showcart answered as the server answers for an ordered cart (clearing is not ordering).
 */
async function orderedElsewhere(journey: Journey): Promise<void> {
  const { notes, page } = journey;
  await clearThroughApi({ Token: notes.get('token'), CustomerId: Number(notes.get('customer')), cart_id: notes.get('cart') });
  await answeredOnce(page, '/api/cart/showcart', orderedReply);
}
/** The graph's shoppers whose browser holds no cart (signed in): none in her account, or one filled in another browser. */
const noCartHere = (snapshot: AnyMachineSnapshot) => cartIdOf(snapshot) === undefined;
const customerIdOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).session.getSnapshot().context.CustomerId;
const accountCartCustomer = 2;

/** The graph's carts: hers after each answer. */
const couponed = { ...baseCart, coupon_code: 'WELCOME10', discount: '7.85', grandtotal: '86.15' };
/** The other customer's: every one the seller has of the short product. */
const lastFew = cart([line({ cart_rid: 4, name: lowStock.name, qty: lowStock.stock, stock: lowStock.stock })]);
const stockRefusal = addToCartMessages.onlyLeft(lowStock.stock);
/** Her Chicago cart: the courier's line came along, the marrow bones wait for 10001 (decision 047). */
const keptBones = { kept_id: 7, zipcode: '10001', name: newYorkOnly.name, size: '1 kg', qty: 1, expires_at: '2030-06-10T14:00:00Z' };
const withKept = cart([chicken], { kept_lines: [keptBones] });
const keepsTheBones = (snapshot: AnyMachineSnapshot) => cartIdOf(snapshot) === 'cart-kept';
/** Her Chicago cart when the marrow bones were all she had: empty, with them kept for 10001 (decision 052). */
const keptOnly = { ...cart([]), total_items_count: 0, kept_lines: [keptBones] };
const keptAll = (snapshot: AnyMachineSnapshot) => cartIdOf(snapshot) === 'cart-kept-all';
const removeKeptBones = async ({ page }: Journey) => page.getByRole('button', { name: `Remove ${newYorkOnly.name} kept for 10001` }).click();

/** The graph's clock: each reading a minute after the one before (read as the cart opens, then at each minute tick). */
function input(stored: SessionValues) {
  return () => {
    let minutes = 0;
    return {
      session: createActor(sessionMachine, { input: stored }).start(),
      now: () => new Date(Date.UTC(2030, 5, 3, 14, minutes++)),
    };
  };
}
const opened = new Date(Date.UTC(2030, 5, 3, 14, 0)).getTime();
const ticked = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).now.getTime() > opened;
const offline = 'You are not connected to internet';
const noDates = 'Delivery dates are not available right now.';
/** A kept line's removal already failed once (the kept carts' walks: lost, then removed; they fail nothing else). */
const keptRemovalFailed = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).message !== undefined;
/** The dates' first load was lost (then retried): the walk's next load is the one with no dates. */
const datesLost = (snapshot: AnyMachineSnapshot) => ![undefined, noDates].includes(contextOf(snapshot).calendarMessage);
const minuteTick = 'a minute passes (the page clock moved on)';

/** A customer's cart with the steak and the chicken, opened at /cart. */
async function openHerCart(journey: Journey, session?: (values: SessionValues) => SessionValues): Promise<void> {
  const customer = await newCustomer('generated.cart');
  const withSteak = await addToCartThroughApi(customer.session, 'ribeye', steak);
  const values = await addToCartThroughApi(withSteak, 'chicken thighs', poultry);
  journey.notes.set('token', values.Token ?? '');
  journey.notes.set('cart', values.cart_id ?? '');
  journey.notes.set('customer', String(values.CustomerId));
  await openWithSession(journey.page, session ? session(values) : values, '/cart');
}

/** A click the next step's report answers: made once, by whichever of the two steps comes first. */
function clicking(key: string, click: (page: Page) => Promise<unknown>) {
  return async (journey: Journey) => {
    if (journey.notes.get('clicked') === key) {
      journey.notes.delete('clicked');
      return;
    }
    if (journey.upcoming[0]?.startsWith(key)) journey.notes.set('clicked', key);
    await click(journey.page);
  };
}

const increase = (page: Page) => page.getByRole('button', { name: `Increase quantity of ${steak}` }).click();
const removeChicken = (page: Page) => page.getByRole('button', { name: `Remove ${poultry}` }).click();

/** Her first day with a free Same Day slot, and its first slot (dates depend on today, so none is hard-coded). */
async function scheduleSteak(page: Page): Promise<void> {
  const group = page.getByRole('list', { name: 'Items by seller' }).getByRole('region').filter({ hasText: steak });
  const slots = group.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
  for (let skip = 0; skip < 5; skip += 1) {
    await group.getByRole('button', { name: /^Choose delivery date for / }).click();
    await clickOpenDay(group, skip);
    await expect(slots.first().or(group.getByText('All Slots are booked. Please try another date.'))).toBeVisible();
    if (await slots.count()) break;
  }
  await slots.first().click();
  await expect(group.getByText(/^Arrives \w{3} \d{2}\/\d{2} between \d{1,2}:\d{2} [AP]M and \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
}

function shopper(event: AnyEventObject, act: EventMapping['act']): EventMapping {
  return { event, when: (snapshot) => shopping(snapshot) && withCart(snapshot), act };
}

function report(event: AnyEventObject, act: EventMapping['act'], prepare?: EventMapping['prepare']): EventMapping {
  return { event, when: (snapshot) => shopping(snapshot) && withCart(snapshot), act, ...(prepare ? { prepare } : {}) };
}

export const cartJourneys: MachineMap = {
  // Its minute tick runs on Playwright's clock.
  clock: true,
  machine: cartMachine,
  file,
  variants: [
    {
      name: 'customer with a cart',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-1', Token: 'token', CustomerId: 1 }),
      open: async (journey) => {
        // Playwright's clock, for the walk where a minute passes: time still flows, and the journey moves it on.
        if (journey.upcoming.includes(minuteTick)) await journey.page.clock.install();
        await openHerCart(journey);
      },
    },
    {
      name: 'guest with a cart',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-guest' }),
      open: async ({ page }) => {
        const guest = await addToCartThroughApi(await areaOf('10001'), 'ribeye', steak);
        await openWithSession(page, guest, '/cart');
      },
    },
    {
      name: 'customer picking up her cart',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-pick-up', Token: 'token', CustomerId: 1, shippingType: 'pick-up' }),
      open: (journey) => openHerCart(journey, (values) => ({ ...values, shippingType: 'pick-up' })),
    },
    {
      name: 'customer whose cart was ordered elsewhere',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-closed', Token: 'token', CustomerId: 1 }),
      open: async (journey) => {
        const customer = await newCustomer('generated.cart');
        const values = await addToCartThroughApi(customer.session, 'ribeye', steak);
        await clearThroughApi(values);
        await openWithSession(journey.page, values, '/cart');
      },
    },
    {
      name: 'customer with no cart',
      input: input({ zipcode: '10001', location: 101, Token: 'token', CustomerId: 1, cust_name: 'Ada Lovelace' }),
      open: async ({ page }) => openWithSession(page, (await newCustomer('generated.cart')).session, '/cart'),
    },
    {
      name: 'guest with no cart',
      input: input({ zipcode: '10001', location: 101 }),
      open: async ({ page }) => openWithSession(page, await areaOf('10001'), '/cart'),
    },
    {
      // Another browser of hers filled her account's cart; this one holds none: its cart page opens the account's.
      name: 'customer whose other browser filled her cart',
      input: input({ zipcode: '10001', location: 101, Token: 'token', CustomerId: accountCartCustomer, cust_name: 'Ada Lovelace' }),
      open: async ({ page }) => {
        const customer = await newCustomer('generated.cart');
        await addToCartThroughApi(customer.session, 'ribeye', steak);
        await openWithSession(page, customer.session, '/cart');
      },
    },
    {
      name: 'customer whose cart was ordered in another tab before it opened',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-ordered', Token: 'token', CustomerId: 1, cust_name: 'Ada Lovelace' }),
      // Cleared through the API (no open cart of hers is left, as after an order) and showcart answered as the server
      // answers for an ordered cart (clearing is not ordering).
      open: async ({ page }) => {
        const values = await addToCartThroughApi((await newCustomer('generated.cart')).session, 'ribeye', steak);
        await clearThroughApi(values);
        await answeredOnce(page, '/api/cart/showcart', orderedReply);
        await openWithSession(page, values, '/cart');
      },
    },
    {
      name: 'customer holding the last of a product',
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-last-few', Token: 'token', CustomerId: 1 }),
      open: async ({ page }) => {
        // One at a time, as the product page adds them, until she holds all the seller has.
        let values = (await newCustomer('generated.cart')).session;
        for (let n = 0; n < lowStock.stock; n++) values = await addToCartThroughApi(values, lowStock.query, lowStock.name);
        // Loaded before another shopper took some: the page shows more in stock than there is, so + is not yet stopped.
        await moreInStockOnce(page);
        await openWithSession(page, values, '/cart');
      },
    },
    {
      name: 'customer who kept a line for 10001 and shops in Chicago',
      input: input({ zipcode: '60601', location: 102, cart_id: 'cart-kept', Token: 'token', CustomerId: 1 }),
      open: async ({ page }) => {
        // The marrow bones (Chicago does not sell them) are kept for 10001; the courier's line comes along to 60601.
        const withBones = await addToCartThroughApi((await newCustomer('generated.cart')).session, newYorkOnly.query, newYorkOnly.name);
        const { session } = await addCourierLine(withBones);
        const chicago = await areaOf('60601');
        await postJson('/api/cart/movearea', { cart_id: session.cart_id, zipcode: '60601', apply: 1, keep_old: 1 }, session.Token);
        await openWithSession(page, { ...session, zipcode: chicago.zipcode, zipState: chicago.zipState, location: chicago.location }, '/cart');
      },
    },
    {
      name: 'customer who kept her only line for 10001 and shops in Chicago',
      input: input({ zipcode: '60601', location: 102, cart_id: 'cart-kept-all', Token: 'token', CustomerId: 1 }),
      open: async ({ page }) => {
        const session = await addToCartThroughApi((await newCustomer('generated.cart')).session, newYorkOnly.query, newYorkOnly.name);
        const chicago = await areaOf('60601');
        await postJson('/api/cart/movearea', { cart_id: session.cart_id, zipcode: '60601', apply: 1, keep_old: 1 }, session.Token);
        await openWithSession(page, { ...session, zipcode: chicago.zipcode, zipState: chicago.zipState, location: chicago.location }, '/cart');
      },
    },
    {
      name: "customer with someone else's cart",
      input: input({ zipcode: '10001', location: 101, cart_id: 'cart-not-hers', Token: 'token', CustomerId: 1 }),
      open: async ({ page }) => {
        const other = await addToCartThroughApi((await newCustomer('generated.cart')).session, 'ribeye', steak);
        const her = (await newCustomer('generated.cart')).session;
        await openWithSession(page, { ...her, cart_id: other.cart_id }, '/cart');
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    const cartKey = c.cart ? [c.cart.result.map((l) => `${l.cart_rid}x${l.qty}`).join(','), c.cart.coupon_code, isScheduled(snapshot)] : null;
    const kept = keepsTheBones(snapshot) || keptAll(snapshot) ? keptRemovalFailed(snapshot) : null;
    return JSON.stringify([snapshot.value, cartKey, Object.keys(c.problems), c.calendarMessage ?? null, c.now.getTime(), kept]);
  },
  events: {
    'showCart: her cart': {
      event: { type: 'xstate.done.actor.showCart', output: ok(baseCart) },
      when: (snapshot) => loading(snapshot) && checkingOut(snapshot),
      act: nothingToDo,
    },
    'showCart: no open cart': {
      event: { type: 'xstate.done.actor.showCart', output: { code: -1, message: 'Your cart is empty.' } },
      when: (snapshot) => loading(snapshot) && cartIdOf(snapshot) === 'cart-closed',
      act: nothingToDo,
    },
    'showCart: a line kept for 10001': {
      event: { type: 'xstate.done.actor.showCart', output: ok(withKept) },
      when: (snapshot) => loading(snapshot) && keepsTheBones(snapshot),
      act: nothingToDo,
    },
    'showCart: only a line kept for 10001': {
      event: { type: 'xstate.done.actor.showCart', output: ok(keptOnly) },
      when: (snapshot) => loading(snapshot) && keptAll(snapshot),
      act: nothingToDo,
    },
    'showCart: no cart in her account': {
      event: { type: 'xstate.done.actor.showCart', output: { code: -1, current_cart: { cart_id: '', total_items_count: 0 } } },
      when: (snapshot) => loading(snapshot) && noCartHere(snapshot) && customerIdOf(snapshot) !== accountCartCustomer,
      act: nothingToDo,
    },
    'showCart: the cart her other browser filled': {
      event: { type: 'xstate.done.actor.showCart', output: { code: -1, current_cart: { cart_id: 'cart-account', total_items_count: 1 } } },
      when: (snapshot) => loading(snapshot) && noCartHere(snapshot) && customerIdOf(snapshot) === accountCartCustomer,
      // The page opens the account's cart (its id now in the session): her ribeye.
      act: async ({ page }) => expect(page.getByRole('button', { name: `Remove ${steak}` })).toBeVisible(),
    },
    'showCart: ordered in another tab': {
      event: { type: 'xstate.done.actor.showCart', output: orderedReply },
      when: (snapshot) => loading(snapshot) && cartIdOf(snapshot) === 'cart-ordered',
      // The toast says so and the page opens her cart of now: none, the empty cart.
      act: async ({ page }) => {
        await expect(toast(page, cartOrderedMessage)).toBeVisible();
        await expect(page.getByRole('heading', { name: emptyCartMessage })).toBeVisible();
      },
    },
    'cart.refresh: the tab comes back (empty cart)': {
      event: { type: 'cart.refresh' },
      when: (snapshot) => snapshot.matches({ empty: 'idle' }) && noCartHere(snapshot) && customerIdOf(snapshot) !== accountCartCustomer,
      act: tabReturns,
    },
    'cart.refresh: the tab comes back': {
      event: { type: 'cart.refresh' },
      when: (snapshot) => shopping(snapshot) && withCart(snapshot) && region(snapshot, { freshness: 'current' }) && !ticked(snapshot),
      act: tabReturns,
    },
    'showCart again: still her cart': {
      event: { type: 'xstate.done.actor.showCart', output: ok(baseCart) },
      when: (snapshot) => reading(snapshot) && withCart(snapshot),
      act: async ({ page }) => expect(page.getByRole('button', { name: `Remove ${steak}` })).toBeVisible(),
    },
    'showCart again: connection lost': {
      event: { type: 'xstate.error.actor.showCart', error: new Error('offline') },
      when: (snapshot) => reading(snapshot) && withCart(snapshot),
      prepare: failingOnce('/api/cart/showcart'),
      // The page stays as it was.
      act: async ({ page }) => expect(page.getByRole('button', { name: `Remove ${steak}` })).toBeVisible(),
    },
    'showCart again: emptied in another tab': {
      event: { type: 'xstate.done.actor.showCart', output: { code: -1, message: cartIsEmptyRefusal } },
      when: (snapshot) => reading(snapshot) && withCart(snapshot),
      prepare: async ({ notes }) =>
        clearThroughApi({ Token: notes.get('token'), CustomerId: Number(notes.get('customer')), cart_id: notes.get('cart') }),
      act: nothingToDo,
    },
    'showCart again: ordered in another tab': {
      event: { type: 'xstate.done.actor.showCart', output: orderedReply },
      when: (snapshot) => reading(snapshot) && withCart(snapshot),
      prepare: orderedElsewhere,
      act: async ({ page }) => {
        await expect(toast(page, cartOrderedMessage)).toBeVisible();
        await expect(page.getByRole('heading', { name: emptyCartMessage })).toBeVisible();
      },
    },
    'cart.kept.remove': {
      event: { type: 'cart.kept.remove', keptId: keptBones.kept_id },
      when: (snapshot) => keepsTheBones(snapshot) && region(snapshot, { kept: 'idle' }) && (contextOf(snapshot).cart?.kept_lines ?? []).length > 0,
      act: removeKeptBones,
    },
    'removeKept: connection lost': {
      event: { type: 'xstate.error.actor.removeKept', error: new Error('offline') },
      when: (snapshot) => (region(snapshot, { kept: 'removing' }) || snapshot.matches({ empty: 'removing' })) && !keptRemovalFailed(snapshot),
      prepare: failingOnce('/api/cart/removekept'),
      act: async ({ page }) => {
        await expect(toast(page, offline).first()).toBeVisible();
        await expect(page.getByRole('button', { name: `Remove ${newYorkOnly.name} kept for 10001` })).toBeEnabled();
      },
    },
    'cart.kept.remove (empty cart)': {
      event: { type: 'cart.kept.remove', keptId: keptBones.kept_id },
      when: (snapshot) => keptAll(snapshot) && snapshot.matches({ empty: 'idle' }) && (contextOf(snapshot).cart?.kept_lines ?? []).length > 0,
      act: removeKeptBones,
    },
    'removeKept: none left': {
      event: { type: 'xstate.done.actor.removeKept', output: ok({ ...keptOnly, kept_lines: [] }) },
      when: (snapshot) => snapshot.matches({ empty: 'removing' }) && keptRemovalFailed(snapshot),
      act: async ({ page }) => expect(page.getByRole('region', { name: /^Kept for / })).toHaveCount(0),
    },
    'removeKept: removed': {
      event: { type: 'xstate.done.actor.removeKept', output: ok(cart([chicken], { kept_lines: [] })) },
      when: (snapshot) => region(snapshot, { kept: 'removing' }) && keptRemovalFailed(snapshot),
      act: async ({ page }) => expect(page.getByRole('region', { name: /^Kept for / })).toHaveCount(0),
    },
    'showCart: the last of a product': {
      event: { type: 'xstate.done.actor.showCart', output: ok(lastFew) },
      when: (snapshot) => loading(snapshot) && holdsTheLastFew(snapshot),
      act: nothingToDo,
    },
    "showCart: someone else's cart (404)": {
      event: { type: 'xstate.error.actor.showCart', error: new ApiError('Cart not found', 404, 404) },
      when: (snapshot) => loading(snapshot) && cartIdOf(snapshot) === 'cart-not-hers',
      act: nothingToDo,
    },
    'showCart: connection lost': {
      event: { type: 'xstate.error.actor.showCart', error: new Error('offline') },
      when: (snapshot) => loading(snapshot) && withCart(snapshot),
      prepare: failingOnce('/api/cart/showcart'),
      act: nothingToDo,
    },
    'cart.retry': {
      event: { type: 'cart.retry' },
      act: async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    },
    'cart.shop': {
      event: { type: 'cart.shop' },
      act: async ({ page }) => page.getByRole('button', { name: 'Start Shopping' }).click(),
      leaves: /\/store$/,
    },
    'nextDeliveryDates: dates': {
      event: { type: 'xstate.done.actor.nextDeliveryDates', output: calendarReply },
      when: (snapshot) => region(snapshot, { calendar: 'loading' }),
      act: nothingToDo,
    },
    'nextDeliveryDates: connection lost': {
      event: { type: 'xstate.error.actor.nextDeliveryDates', error: new Error('offline') },
      when: (snapshot) => region(snapshot, { calendar: 'loading' }) && withCart(snapshot) && contextOf(snapshot).calendarMessage === undefined,
      prepare: failingOnce('/connect/delivery/nextDeliveryDate'),
      act: nothingToDo,
    },
    'nextDeliveryDates: no dates (test fault)': {
      event: { type: 'xstate.done.actor.nextDeliveryDates', output: { status: 0, response: [] } },
      when: (snapshot) => region(snapshot, { calendar: 'loading' }) && withCart(snapshot) && datesLost(snapshot),
      prepare: async ({ page }) => answeredOnce(page, '/connect/delivery/nextDeliveryDate', { status: 0, response: [] }),
      act: async ({ page }) => expect(page.getByRole('alert').filter({ hasText: noDates })).toBeVisible(),
    },
    [minuteTick]: {
      event: { type: 'xstate.after.minuteTick.cart.ready.clock.ticking' },
      when: (snapshot) =>
        withCart(snapshot) &&
        region(snapshot, { calendar: 'loaded' }) &&
        region(snapshot, { checkout: 'idle' }) &&
        isCurrent(snapshot) &&
        !ticked(snapshot) &&
        !isScheduled(snapshot),
      act: async ({ page }) => page.clock.fastForward('01:00'),
    },
    'cart.calendar.retry': {
      event: { type: 'cart.calendar.retry' },
      act: async ({ page }) => page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    },
    'cart.quantity.change': shopper(
      { type: 'cart.quantity.change', cartRid: 1, qty: 3 },
      clicking('lines.saved', async (page) => {
        await increase(page);
        await expect(page.getByRole('status', { name: `Quantity of ${steak}` })).toHaveText('2');
      }),
    ),
    'lines.saved: quantity saved': report(
      { type: 'lines.saved', reply: ok(cart([{ ...ribeye, qty: 3 }, chicken])) },
      clicking('lines.saved', async (page) => {
        await increase(page);
        await expect(page.getByTestId('cart-count')).toHaveText('3');
      }),
    ),
    'cart.line.remove': shopper({ type: 'cart.line.remove', cartRid: 2 }, async ({ page }) => {
      await removeChicken(page);
      await expect(page.getByRole('button', { name: `Remove ${poultry}` })).toHaveCount(0);
    }),
    'lines.failed: connection lost': report(
      { type: 'lines.failed', message: 'You are not connected to internet' },
      async ({ page }) => {
        await increase(page);
        await expect(toast(page, 'You are not connected to internet')).toBeVisible();
      },
      failingOnce('/api/cart/updateitem'),
    ),
    'lines.refused: more than in stock': {
      event: { type: 'lines.refused', reply: { code: -1, message: stockRefusal, data: lastFew } },
      when: (snapshot) => shopping(snapshot) && holdsTheLastFew(snapshot),
      act: async ({ page }) => {
        await page.getByRole('button', { name: `Increase quantity of ${lowStock.name}` }).click();
        // The server's words, exactly, and the line back to the quantity the server holds.
        await expect(page.getByRole('alert').getByText(stockRefusal, { exact: true })).toBeVisible();
        await expect(page.getByRole('status', { name: `Quantity of ${lowStock.name}` })).toHaveText(String(lowStock.stock));
      },
    },
    'lines.emptied': report({ type: 'lines.emptied' }, async ({ page }) => {
      await removeChicken(page);
      await page.getByRole('button', { name: `Remove ${steak}` }).click();
    }),
    'cart.coupon.change': shopper(
      { type: 'cart.coupon.change', code: 'WELCOME10' },
      clicking('coupon.saved', async (page) => page.getByLabel('Coupon code').fill('WELCOME10')),
    ),
    'cart.coupon.apply': shopper(
      { type: 'cart.coupon.apply' },
      clicking('coupon.saved', async (page) => page.getByRole('button', { name: 'APPLY' }).click()),
    ),
    'coupon.saved: WELCOME10 on': report(
      { type: 'coupon.saved', reply: ok(couponed, 'Coupon WELCOME10 applied.') },
      clicking('coupon.saved', async (page) => {
        await page.getByLabel('Coupon code').fill('WELCOME10');
        await page.getByRole('button', { name: 'APPLY' }).click();
        await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
      }),
    ),
    'cart.coupon.remove': {
      event: { type: 'cart.coupon.remove' },
      when: (snapshot) => shopping(snapshot) && contextOf(snapshot).cart?.coupon_code === 'WELCOME10',
      act: async ({ page }) => {
        await page.getByRole('button', { name: 'REMOVE', exact: true }).click();
        await expect(page.getByRole('button', { name: 'APPLY' })).toBeVisible();
      },
    },
    'coupon.failed: connection lost': report(
      { type: 'coupon.failed', message: 'You are not connected to internet' },
      async ({ page }) => {
        await page.getByLabel('Coupon code').fill('WELCOME10');
        await page.getByRole('button', { name: 'APPLY' }).click();
        await expect(toast(page, 'You are not connected to internet')).toBeVisible();
      },
      failingOnce('/api/cart/showcart'),
    ),
    'group.saved: scheduled': {
      event: { type: 'group.saved', reply: ok(scheduledCart) },
      when: (snapshot) => shopping(snapshot) && checkingOut(snapshot),
      act: async ({ page }) => scheduleSteak(page),
    },
    'group.failed: connection lost': report(
      { type: 'group.failed', message: 'You are not connected to internet' },
      async ({ page }) => {
        const group = page.getByRole('list', { name: 'Items by seller' }).getByRole('region').filter({ hasText: steak });
        await group.getByRole('button', { name: /^Choose delivery date for / }).click();
        await group.getByRole('grid').getByRole('button', { disabled: false }).first().click();
        await expect(toast(page, 'You are not connected to internet')).toBeVisible();
      },
      failingOnce('/api/cart/deliveryschedule'),
    ),
    'coupon.emptied: ordered elsewhere': report({ type: 'coupon.emptied' }, async ({ page, notes }) => {
      // Her cart ordered in another tab: the coupon's answer is the first to say the cart is gone.
      await clearThroughApi({ Token: notes.get('token'), CustomerId: Number(notes.get('customer')), cart_id: notes.get('cart') });
      await page.getByLabel('Coupon code').fill('WELCOME10');
      await page.getByRole('button', { name: 'APPLY' }).click();
    }),
    'cart.checkout': {
      event: { type: 'cart.checkout' },
      when: (snapshot) =>
        region(snapshot, { calendar: 'loaded' }) &&
        region(snapshot, { checkout: 'idle' }) &&
        isCurrent(snapshot) &&
        ((withCart(snapshot) && (ticked(snapshot) || isScheduled(snapshot))) || (checkingOut(snapshot) && isScheduled(snapshot))),
      act: async ({ page, model }) => {
        await page.getByRole('button', { name: 'CHECKOUT' }).click();
        // A scheduled cart on its option leaves: which page follows is the session's (the state's mapping accepts all
        // three). One on Pick-Up holding delivered lines stays (walk 8 #3).
        if (isScheduled(model) && onItsOption(model)) await expect(page).toHaveURL(nextPageOf(model));
      },
    },
  },
  states: {
    'cart.checkingCart': { passing: 'decided before the page draws: a cart id or not' },
    'cart.loading': { passing: "'Loading your cart…' shows only while the server answers" },
    'cart.failed': { shows: (page) => page.getByRole('alert').filter({ hasText: 'Your cart could not be loaded.' }) },
    'cart.empty': { shows: (page) => page.getByRole('heading', { name: emptyCartMessage }) },
    'cart.ready': { shows: (page) => page.getByRole('heading', { name: 'Cart', exact: true }) },
    'cart.ready.calendar': { shows: (page) => page.getByRole('list', { name: 'Items by seller' }) },
    'cart.ready.calendar.loading': { passing: 'the dates load with the page' },
    'cart.ready.calendar.loaded': { hides: (page) => page.getByText('Delivery dates could not be loaded.') },
    'cart.ready.calendar.failed': { shows: (page) => page.getByRole('alert').filter({ hasText: 'Delivery dates could not be loaded.' }) },
    'cart.ready.checkout': { shows: (page) => page.getByRole('region', { name: 'Price summary' }) },
    'cart.ready.checkout.idle': { shows: (page) => page.getByRole('button', { name: 'CHECKOUT' }) },
    'cart.ready.checkout.waiting': { passing: "'PLEASE WAIT…' shows only while changes on their way are answered" },
    'cart.ready.checkout.deciding': { passing: 'decided at once' },
    // Guest registration for a guest, payment for a pick-up, the shipping address for her delivery.
    'cart.ready.checkout.leaving': { leaves: /\/(cart\/address|cart\/card|guest\/register)$/ },
    'cart.ready.clock': { passing: 'the clock shows nothing of its own' },
    'cart.ready.clock.ticking': { passing: 'the clock shows nothing of its own' },
    // The kept section shows only for a cart that keeps lines (the Chicago variant); the others have none to show.
    'cart.ready.kept': { shows: (page) => page.getByRole('heading', { name: 'Cart', exact: true }) },
    'cart.ready.kept.idle': { shows: (page) => page.getByRole('heading', { name: 'Cart', exact: true }) },
    'cart.ready.kept.removing': { passing: 'shows only while the server answers a removal' },
    'cart.ready.freshness': { passing: 'whether the cart is still the open one shows nothing of its own' },
    'cart.ready.freshness.current': { passing: 'whether the cart is still the open one shows nothing of its own' },
    'cart.ready.freshness.reading': { passing: 'shows only while the server answers the read again' },
    'cart.ordered': { passing: "the page opens the shopper's cart of now at once" },
    'cart.empty.idle': { shows: (page) => page.getByRole('heading', { name: emptyCartMessage }) },
    'cart.empty.removing': { passing: 'shows only while the server answers a removal' },
  },
  notDriven: {
    'cart.loading --xstate.error.actor.showCart[isToldBySessionEnded]--> cart.empty':
      "a 401 that ended the session on the cart's read: tests/e2e/two-tabs.e2e.ts 'a 401 on the cart…' takes it with a junk token (the generated journeys' sessions are valid)",
    'cart.ready.checkout.deciding --[isCardFirst]--> cart.ready.checkout.leaving':
      "a Pick-Up cart's CHECKOUT to /cart/card: the generated pick-up session holds delivered lines, which CHECKOUT refuses since walk 8 #3 (decision 088); tests/e2e/journeys/checkout.journeys.ts's 'customer picking up a ribeye' pays a real Pick-Up cart",
    'cart.ready.freshness.reading --group.saved--> cart.ready.freshness.reading':
      "a save answered while the tab's read is on its way (decision 088): the browser cannot order the two answers; tests/machines/cart.machine.test.ts 'a read of the tab coming back that answers after a date was saved' takes it",
    'cart.ready.freshness.reading --lines.saved--> cart.ready.freshness.reading':
      "a quantity saved while the tab's read is on its way (decision 088): as group.saved, taken in tests/machines/cart.machine.test.ts",
    'cart.ready.freshness.reading --lines.refused--> cart.ready.freshness.reading':
      "a quantity refused while the tab's read is on its way (decision 088): as group.saved, taken in tests/machines/cart.machine.test.ts",
    'cart.ready.freshness.reading --coupon.saved--> cart.ready.freshness.reading':
      "a coupon saved while the tab's read is on its way (decision 088): as group.saved, taken in tests/machines/cart.machine.test.ts",
  },
};
