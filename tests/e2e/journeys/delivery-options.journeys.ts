import { expect, type Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MoveAreaReply } from '../../../src/api/contract/cart-area.contract.ts';
import type { GetSlotReply, NextDeliveryDateReply } from '../../../src/api/contract/cart-page.contract.ts';
import type { DineinRetailerReply, VisitRetailer } from '../../../src/api/contract/dine-in.contract.ts';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import { isSignedIn, type SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import type { DeliveryOptionsContext } from '../../../src/machines/store/delivery-options.context.ts';
import { deliveryOptionsMachine } from '../../../src/machines/store/delivery-options.machine.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { comingSoonMessage, deliveryOptionMessages } from '../../../src/rules/messages.ts';
import { deliverySlot, pickDeliveryDay, tomorrow } from '../dine-in-steps.ts';
import { refusedByFault } from '../faults.ts';
import { choose } from '../steps.ts';
import type { EventMapping, MachineMap, Variant } from './journey-map.ts';
import { addToCartThroughApi, areaOf, failingOnce, newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * Delivery Options (/ship/options): a shopper in New York (its partner restaurants, Gramercy Chop House among them)
 * choosing Dine-In or Delivery, one without a pincode, and a customer whose cart was filled for Delivery choosing Dine-In,
 * whom the page asks first (issue 23). The server's failures and refusals are test faults (page.route): the restaurants
 * or a day's slots unreadable (the connection dropped), the cart's check and move refused, or the cart gone (404).
 *
 * The cart's question loops back on itself (Keep returns to the choices as they were), so the customer's journeys tell
 * their rounds apart by what the page last said: each refusal of the test fault says something else, and the graph
 * offers one answer per round, so a few long journeys take every answer.
 */

const file = 'tests/e2e/journeys/delivery-options.journeys.ts';
/** A butcher's product no restaurant sells: Dine-In cannot sell it from any restaurant (steaks it can, decision 014). */
const chicken = 'Whole Free-Range Chicken';
const gramercy = 401;
const refusedAgain = 'Refused again by the test fault.';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DeliveryOptionsContext;
const hasCart = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).session.getSnapshot().context.cart_id !== undefined;
/** Signed in: with no cart in this tab, CONTINUE reads the account's cart first (walk 8 #3). */
const signedIn = (snapshot: AnyMachineSnapshot) => isSignedIn(contextOf(snapshot).session.getSnapshot().context);
const options = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches({ options: value } as never);
const editing = options({ choosing: 'editing' });
const calendarLoading = (snapshot: AnyMachineSnapshot) => snapshot.matches({ closedDays: 'loading' });
const sampleClosed = (snapshot: AnyMachineSnapshot) => snapshot.matches({ sample: 'closed' });
/** The choices are open to the shopper: nothing on its way, no dialog. */
const free = (snapshot: AnyMachineSnapshot) => editing(snapshot) && !calendarLoading(snapshot) && sampleClosed(snapshot);
const withRestaurants = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).retailers.length > 0;
const dineIn = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).selected === 'dine-in';
const delivering = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).selected === 'delivery';
/** Nothing chosen yet on the Dine-In card, and CONTINUE not pressed. */
const untouched = (snapshot: AnyMachineSnapshot) => {
  const context = contextOf(snapshot);
  return dineIn(snapshot) && !context.submitted && context.stars === 0 && context.retailerId === undefined && context.date === undefined;
};
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));

/** The customer's rounds: what the page last said (undefined at first) and her answer so far. */
type Said = 'nothing' | 'offline' | 'refused' | 'refusedAgain';
const saidOf = (snapshot: AnyMachineSnapshot): Said => {
  const message = contextOf(snapshot).message;
  if (message === offlineMessage) return 'offline';
  if (message === refusedByFault) return 'refused';
  if (message === refusedAgain) return 'refusedAgain';
  return 'nothing';
};
const round =
  (said: Said, answer: DeliveryOptionsContext['answer']) =>
  (snapshot: AnyMachineSnapshot): boolean =>
    saidOf(snapshot) === said && contextOf(snapshot).answer === answer;
const anyOf =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.some((test) => test(snapshot));

const today = () => storeToday(new Date());
const dayAfterTomorrow = () => addDays(today(), 2);

function restaurant(locId: number, name: string, stars: number): VisitRetailer {
  return {
    loc_id: locId,
    vendor_id: locId - 389,
    name,
    street1: '118 E 22nd St',
    street2: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10010',
    telephone: '2125550411',
    price_category: stars,
    opens_at: '12:00',
    closes_at: '22:30',
    description: 'Steakhouse',
    speeds: ['dine-in', 'pickup'],
  };
}
const newYork: DineinRetailerReply = { code: 1, data: { vendordata: [restaurant(gramercy, 'Gramercy Chop House', 4)] } };
const shopCalendar = (): NextDeliveryDateReply => ({
  status: 1,
  response: [{ vendor_id: 1, vendor_loc_id: 101, delivery_type: 'local', delivery_date: today(), holidays: [], closed: [], cutoff: null }],
});
const freeSlots: GetSlotReply = { code: 1, data: [{ slot_id: 1, start: '12:00', end: '14:00', available: 2 }] };
const line = (cart_rid: number, name: string) => ({ cart_rid, name, size: '1 lb', qty: 1 });
const moveData = (extra: Partial<NonNullable<MoveAreaReply['data']>> = {}) => ({ zipcode: '10001', loc_id: 101, keep: [], drop: [], ...extra });
/** Dine-In cannot sell the butcher's delivered chicken: it would leave the cart (or wait for Delivery). */
const chickenLeaves: MoveAreaReply = { code: 1, data: moveData({ drop: [line(1, chicken)] }) };

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

/** Test fault: the next request to `urlPart` is refused with an HTTP status and the message given. */
function refusedOnce(urlPart: string, status: number, message: string) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      (route) => route.fulfill({ status, json: { code: -1, message } }),
      { times: 1 },
    );
}

/** Test fault: the next cart check answers that the cart holds nothing (it follows the option at once). */
function emptyCartOnce({ page }: { page: Page }) {
  return page.route(
    (url) => url.pathname.includes('/api/cart/movearea'),
    async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as MoveAreaReply;
      await route.fulfill({ response, json: { ...json, data: { ...moveData(), ...json.data, keep: [], drop: [] } } });
    },
    { times: 1 },
  );
}

const question = (page: Page) => page.getByRole('dialog', { name: 'Change to Dine-In?' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'CONTINUE' });
const checkingCart = (page: Page) => page.getByRole('status').filter({ hasText: 'Checking your cart…' });

function input(stored: SessionValues) {
  return () => ({ session: createActor(sessionMachine, { input: stored }).start() });
}

function variant(name: string, stored: SessionValues, open: Variant['open'], onlyOpens?: true): Variant {
  return { name, input: input(stored), open, ...(onlyOpens ? { onlyOpens } : {}) };
}

async function openOptions(page: Page, session: SessionValues): Promise<void> {
  await openWithSession(page, session, '/ship/options');
  await expect(page.getByRole('heading', { name: 'Choose a Delivery Options' })).toBeVisible();
}

const newYorkArea: SessionValues = { zipcode: '10001', location: 101, ageGateVerified: true };

const restaurantsReply = (when: (snapshot: AnyMachineSnapshot) => boolean): EventMapping => ({
  event: done('loadRetailers', newYork),
  when: all(options('loading'), when),
  act: nothingToDo,
});

/** CONTINUE: with a cart filled for Delivery the page asks first; without one the choice is stored. */
const pressContinue = async ({ page }: { page: Page }) => continueButton(page).click();

export const deliveryOptionsJourneys: MachineMap = {
  machine: deliveryOptionsMachine,
  file,
  variants: [
    variant('shopper in New York', newYorkArea, async ({ page }) => openOptions(page, await areaOf('10001'))),
    variant('shopper without a pincode', { ageGateVerified: true }, async ({ page }) => openOptions(page, { ageGateVerified: true }), true),
    variant('customer whose account has no cart', { ...newYorkArea, Token: 'token', CustomerId: 1, cust_name: 'Ada Lovelace' }, async ({ page }) =>
      openOptions(page, (await newCustomer('generated.options')).session),
    ),
    variant(
      'customer with a chicken in her cart for Delivery',
      { ...newYorkArea, cart_id: 'cart-delivery', Token: 'token', CustomerId: 1, total_products_in_cart: 1 },
      async ({ page }) => openOptions(page, await addToCartThroughApi((await newCustomer('generated.options')).session, chicken, chicken)),
    ),
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.retailers.length,
      c.selected ?? null,
      c.stars,
      c.retailerId ?? null,
      c.date ?? null,
      c.time ?? null,
      c.slots.length,
      c.slotId ?? null,
      c.shopCalendar ? 1 : 0,
      c.message ?? null,
      c.cartCheck ? 1 : 0,
      c.answer,
      signedIn(snapshot) ? 1 : 0,
    ]);
  },
  events: {
    'loadRetailers: New York has restaurants': restaurantsReply(() => true),
    'loadRetailers: not served': {
      event: done('loadRetailers', { code: -1, message: comingSoonMessage }),
      when: all(options('loading'), (s) => !hasCart(s)),
      prepare: refusedOnce('/api/product/dineinRetailerList', 200, comingSoonMessage),
      act: nothingToDo,
    },
    'loadRetailers: connection lost': {
      event: failed('loadRetailers', new ApiError(offlineMessage, 500, 0)),
      when: all(options('loading'), (s) => !hasCart(s)),
      prepare: failingOnce('/api/product/dineinRetailerList'),
      act: nothingToDo,
    },
    'sample.open': {
      event: { type: 'sample.open' },
      when: all(free, untouched, (s) => !hasCart(s)),
      act: async ({ page }) => page.getByRole('button', { name: 'What do the stars cost?' }).click(),
    },
    'sample.close': {
      event: { type: 'sample.close' },
      when: (s) => s.matches({ sample: 'open' }),
      act: async ({ page }) => page.getByRole('dialog', { name: 'Sample star-rating prices' }).getByRole('button', { name: 'Close' }).click(),
    },
    'option.select: Delivery': {
      event: { type: 'option.select', kind: 'delivery' },
      when: all(free, untouched, (s) => !hasCart(s)),
      act: async ({ page }) => page.getByRole('radio', { name: /Delivery/ }).click(),
    },
    'loadShopCalendar: its closed days': {
      event: done('loadShopCalendar', shopCalendar()),
      // Read on the page whose restaurants could not be read (Delivery chosen by itself).
      when: all(calendarLoading, (s) => !withRestaurants(s)),
      act: nothingToDo,
    },
    'loadShopCalendar: connection lost': {
      event: failed('loadShopCalendar', new ApiError(offlineMessage, 500, 0)),
      when: all(calendarLoading, withRestaurants),
      prepare: failingOnce('/connect/delivery/nextDeliveryDate'),
      act: nothingToDo,
    },
    'stars.select: 4 star': {
      event: { type: 'stars.select', stars: 4 },
      when: all(free, untouched, withRestaurants),
      act: async ({ page }) => page.getByRole('button', { name: '4 star', exact: true }).click(),
    },
    'retailer.select: Gramercy Chop House': {
      event: { type: 'retailer.select', locId: gramercy },
      when: all(free, dineIn, (s) => contextOf(s).stars === 4 && contextOf(s).retailerId === undefined),
      act: async ({ page }) => choose(page, 'Retailer', 'Gramercy Chop House (4 star)'),
    },
    'date.select: tomorrow': {
      event: { type: 'date.select', date: addDays(today(), 1) },
      when: all(free, dineIn, (s) => contextOf(s).retailerId === gramercy && contextOf(s).date === undefined),
      act: async ({ page }) => {
        const day = page.getByRole('grid').getByRole('button', { name: tomorrow().name });
        if (!(await day.isVisible())) await page.getByRole('button', { name: /next month/i }).click();
        await day.click();
      },
    },
    'time.select: 7:00 PM': {
      event: { type: 'time.select', time: '19:00' },
      when: all(free, dineIn, (s) => contextOf(s).date !== undefined && contextOf(s).time === undefined),
      act: async ({ page }) => choose(page, 'Time', '7:00 PM'),
    },
    // Delivery: the first day the slots fail to load (the connection drops), then a day with a free slot.
    'date.select: a day whose slots fail': {
      event: { type: 'date.select', date: addDays(today(), 1) },
      when: all(free, delivering, (s) => !withRestaurants(s) && contextOf(s).date === undefined),
      act: async ({ page }) => {
        // The first open day, on next month's page when this month has none left (the last day after its cutoff).
        const open = page.getByRole('grid').getByRole('button', { disabled: false });
        await expect(page.getByText('Struck-out days cannot be chosen:')).toBeVisible();
        if ((await open.count()) === 0) await page.getByRole('button', { name: /next month/i }).click();
        await open.first().click();
      },
    },
    'loadSlots: connection lost': {
      event: failed('loadSlots', new ApiError(offlineMessage, 500, 0)),
      when: all(options({ choosing: 'loadingSlots' }), (s) => contextOf(s).date === addDays(today(), 1)),
      prepare: failingOnce('/connect/driverslot/getslot'),
      act: nothingToDo,
    },
    'date.select: a day with a free slot': {
      event: { type: 'date.select', date: dayAfterTomorrow() },
      when: all(free, delivering, (s) => contextOf(s).date === addDays(today(), 1)),
      act: async ({ page }) => pickDeliveryDay(page),
    },
    'loadSlots: free slots': {
      event: done('loadSlots', freeSlots),
      when: all(options({ choosing: 'loadingSlots' }), (s) => contextOf(s).date === dayAfterTomorrow()),
      act: nothingToDo,
    },
    'slot.select: the first slot': {
      event: { type: 'slot.select', slotId: 1 },
      when: all(free, delivering, (s) => contextOf(s).slots.length > 0 && contextOf(s).slotId === undefined),
      act: async ({ page }) => {
        await deliverySlot(page).click();
        await expect(continueButton(page)).toBeEnabled();
      },
    },
    'options.continue: what is missing is named': {
      event: { type: 'options.continue' },
      when: all(free, untouched, (s) => !hasCart(s)),
      act: async ({ page }) => {
        await expect(page.getByRole('alert').filter({ hasText: deliveryOptionMessages.retailerRequired })).toBeHidden();
        await pressContinue({ page });
        await expect(page.getByRole('alert').filter({ hasText: deliveryOptionMessages.retailerRequired })).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: deliveryOptionMessages.visitTimeRequired })).toBeVisible();
      },
    },
    'options.continue: to the store': {
      event: { type: 'options.continue' },
      when: all(free, dineIn, (s) => !hasCart(s) && !signedIn(s) && contextOf(s).time !== undefined),
      act: pressContinue,
      leaves: /\/store$/,
    },
    // Signed in with no cart in this tab: her account's cart is read first (another browser may hold one).
    'options.continue: her account is asked for its cart': {
      event: { type: 'options.continue' },
      when: all(free, dineIn, (s) => !hasCart(s) && signedIn(s) && contextOf(s).time !== undefined),
      act: pressContinue,
    },
    'readAccountCart: her account has none': {
      event: done('readAccountCart', { code: -1, message: 'Cart not found' }),
      when: options('readingAccountCart'),
      act: nothingToDo,
      leaves: /\/store$/,
    },
    // The customer's rounds (see the file's comment): each CONTINUE asks the cart again.
    'options.continue: the cart is checked': {
      event: { type: 'options.continue' },
      when: all(free, hasCart, (s) => contextOf(s).time !== undefined),
      act: pressContinue,
    },
    'checkCart: the cart is gone': {
      event: failed('checkCart', new ApiError('Cart not found', 404, 404)),
      when: all(options('checkingCart'), round('nothing', 'remove')),
      prepare: refusedOnce('/api/cart/movearea', 404, 'Cart not found'),
      act: nothingToDo,
    },
    'checkCart: connection lost': {
      event: failed('checkCart', new ApiError(offlineMessage, 500, 0)),
      when: all(options('checkingCart'), round('nothing', 'remove')),
      prepare: failingOnce('/api/cart/movearea'),
      act: nothingToDo,
    },
    'checkCart: the cart holds nothing': {
      event: done('checkCart', { code: 1, data: moveData() }),
      when: all(options('checkingCart'), round('offline', 'remove')),
      prepare: emptyCartOnce,
      act: nothingToDo,
    },
    'checkCart: the chicken would leave': {
      event: done('checkCart', chickenLeaves),
      when: all(options('checkingCart'), anyOf(round('offline', 'remove'), round('refused', 'keepOld'), round('refusedAgain', 'remove'))),
      act: nothingToDo,
    },
    'checkCart: refused again': {
      event: failed('checkCart', new ApiError(refusedAgain, -1, 409)),
      when: all(options('checkingCart'), round('refused', 'remove')),
      prepare: refusedOnce('/api/cart/movearea', 409, refusedAgain),
      act: nothingToDo,
    },
    'option.keepOld': {
      event: { type: 'option.keepOld' },
      when: all(options('confirming'), round('offline', 'remove')),
      act: async ({ page }) => question(page).getByRole('button', { name: 'Change to Dine-In and keep 1 item for Delivery' }).click(),
    },
    'option.keep': {
      event: { type: 'option.keep' },
      when: all(options('confirming'), round('refused', 'remove')),
      act: async ({ page }) => {
        await question(page).getByRole('button', { name: 'Keep Delivery and my whole cart' }).click();
        await expect(question(page)).toBeHidden();
      },
    },
    'option.confirm': {
      event: { type: 'option.confirm' },
      when: all(options('confirming'), round('refusedAgain', 'remove')),
      act: async ({ page }) => question(page).getByRole('button', { name: 'Change to Dine-In and remove 1 item' }).click(),
    },
    'moveCart: refused': {
      event: failed('moveCart', new ApiError(refusedByFault, -1, 409)),
      when: all(options('movingCart'), round('offline', 'keepOld')),
      prepare: refusedOnce('/api/cart/movearea', 409, refusedByFault),
      act: nothingToDo,
    },
    'moveCart: moved': {
      event: done('moveCart', { code: 1, data: moveData({ total_products_in_cart: 0 }) }),
      when: all(options('movingCart'), round('offline', 'remove')),
      act: nothingToDo,
    },
    'moveCart: the cart is gone': {
      event: failed('moveCart', new ApiError('Cart not found', 404, 404)),
      when: all(options('movingCart'), round('refusedAgain', 'remove')),
      prepare: refusedOnce('/api/cart/movearea', 404, 'Cart not found'),
      act: nothingToDo,
    },
  },
  states: {
    'deliveryOptions.options': { shows: (page) => page.getByRole('heading', { name: 'Choose a Delivery Options' }) },
    'deliveryOptions.options.starting': { passing: 'the pincode is looked at as the page opens' },
    'deliveryOptions.options.loading': { passing: "'Loading…' shows only while the restaurants are on their way" },
    'deliveryOptions.options.notServed': {
      shows: (page) => page.getByRole('alert').filter({ hasText: comingSoonMessage }),
    },
    'deliveryOptions.options.choosing': { shows: (page) => page.getByRole('radiogroup', { name: 'Delivery option' }) },
    // CONTINUE shows (disabled) while the cart is checked too: editing is when neither the check nor its question is
    // on the page. Looking only at the button once let the next fault be set up before the check's own fault was
    // used, so the check took the next one's answer (a whole run's flake, 2026-11-29).
    'deliveryOptions.options.choosing.editing': { shows: continueButton, hides: (page) => question(page).or(checkingCart(page)) },
    'deliveryOptions.options.choosing.checkingSlots': { passing: 'a new date is looked at as it is picked' },
    'deliveryOptions.options.choosing.loadingSlots': { passing: "'Loading slots…' shows only while the slots are on their way" },
    'deliveryOptions.options.checkingCart': { passing: "'Checking your cart…' shows only while the check is on its way" },
    'deliveryOptions.options.readingAccountCart': { passing: "the account's cart is read at once, before the check" },
    'deliveryOptions.options.confirming': { shows: question },
    'deliveryOptions.options.movingCart': { passing: "'Checking your cart…' shows only while the move is on its way" },
    'deliveryOptions.options.chosen': { leaves: /\/store$/ },
    'deliveryOptions.closedDays': { passing: 'the shop calendar has no region of its own' },
    'deliveryOptions.closedDays.waiting': { passing: 'no calendar is asked before Delivery is chosen' },
    'deliveryOptions.closedDays.loading': { passing: 'the calendar loads behind the date picker' },
    'deliveryOptions.closedDays.loaded': { passing: "the closed days' notes show only where the shop closes ahead" },
    'deliveryOptions.sample': { passing: 'the sample prices are a dialog, closed at first' },
    'deliveryOptions.sample.closed': { hides: (page) => page.getByRole('dialog', { name: 'Sample star-rating prices' }) },
    'deliveryOptions.sample.open': { shows: (page) => page.getByRole('dialog', { name: 'Sample star-rating prices' }) },
  },
  notDriven: {
    'deliveryOptions.options.readingAccountCart --xstate.done.actor.readAccountCart[hasAccountCart]--> deliveryOptions.options.checkingCart':
      "the account's cart found in another browser: tests/e2e/wallet.e2e.ts 'Walk 8 #3'",
    'deliveryOptions.options.readingAccountCart --xstate.error.actor.readAccountCart--> deliveryOptions.options.choosing':
      "the account's cart could not be read: tests/machines/delivery-options.machine.test.ts takes it",
    'deliveryOptions.options.checkingCart --xstate.done.actor.checkCart[isCartAsChosen]--> deliveryOptions.options.chosen':
      'a signed-in cart already on the chosen option, every line staying: tests/machines/delivery-options.machine.test.ts; the generated carts are asked on another option',
  },
};
