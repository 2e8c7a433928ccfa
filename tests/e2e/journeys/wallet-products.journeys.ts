import type { Page } from '@playwright/test';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { WalletProduct, WalletRetailer } from '../../../src/api/contract/wallet.contract.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { walletProductsMachine, walletProductsMessages, type WalletProductsContext } from '../../../src/machines/wallet/wallet-products.machine.ts';
import type { WalletVisit } from '../../../src/machines/wallet/wallet-retailers.machine.ts';
import { walletTexts, type WalletSortKey } from '../../../src/rules/wallet.ts';
import { answeredOnce, lostThenRefused, refusedByFault } from '../faults.ts';
import { choose } from '../steps.ts';
import type { EventMapping, MachineMap, Variant } from './journey-map.ts';
import { failingOnce, nothingToDo } from './shoppers.ts';
import {
  gramercy,
  hudsonPrime,
  openWithNavigationState,
  oysterRoom,
  oysters,
  ribeye,
  visitDays,
  walletCustomer,
  walletUrls,
} from './wallet-shoppers.ts';

/**
 * The wallet's product list at /wallet/product/{restaurant} (walletProducts), opened with the visit CONTINUE hands over
 * (wallet-shoppers.ts: her wallet holds a ribeye from Gramercy and oysters from The Oyster Room). The main journey is one
 * long walk, each step offered at one point only (the `when`s), so the planner makes one plan of it: the restaurants
 * lost and refused, then her list; sort, time and date; the phone's filter panel cancelled, applied with the other
 * restaurant and with the same one; ADD TO CART refused, lost, then into the cart. The list's own faults branch off
 * the first load; a restaurant that does not redeem her wallet, and the page opened directly, are variants.
 */

const file = 'tests/e2e/journeys/wallet-products.journeys.ts';
const { tomorrow, dayAfter } = visitDays();

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as WalletProductsContext;
const at = (state: string) => (snapshot: AnyMachineSnapshot) => snapshot.matches(state);
/** The graph state's context passes `test`, in the state named. */
const when =
  (state: string, test: (c: WalletProductsContext) => boolean = () => true) =>
  (snapshot: AnyMachineSnapshot) =>
    at(state)(snapshot) && test(contextOf(snapshot));

function retailerOf(place: typeof gramercy | typeof oysterRoom, stars: number, opens: string, closes: string): WalletRetailer {
  return {
    location_id: place.location,
    vendor_id: place.vendor,
    vendor_name: place.name,
    price_category: stars,
    address: '',
    opens_at: opens,
    closes_at: closes,
  };
}
/** The graph's stand-ins for what the server answers (the browser gets the real ones). */
const restaurants = [retailerOf(gramercy, 4, '12:00', '22:30'), retailerOf(oysterRoom, 3, '11:30', '23:00')];
function productOf(prodId: number, name: string): WalletProduct {
  return {
    prod_id: prodId,
    prod_name: name,
    image: '',
    size_unit: 'g',
    unit: 'portion',
    child: [{ id: prodId * 10, bottle_size: 0, price: '1.00', pastorderid: '1' }],
    available_wallet: 1,
    redeamable_here: 1,
    wallet_worth: '1.00',
  };
}
const ribeyeProduct = productOf(1, ribeye);
const oysterProduct = productOf(2, oysters);

const pendingIs = (product: WalletProduct | undefined) => (c: WalletProductsContext) => c.pending?.productId === product?.prod_id;
/** The first load of the list (nothing done yet): where its faults branch off. */
const firstLoad = (c: WalletProductsContext) =>
  c.retailerId === gramercy.location && c.sort === 'name_asc' && c.date === tomorrow && c.pending === undefined;

function visitAt(retailerId: number): WalletVisit {
  return { customerId: 1, state: 'NY', category: 0, retailerId, date: tomorrow, time: '13:00' };
}

function opening(name: string, retailerId: number | undefined): Variant {
  return {
    name,
    input: () => ({
      session: createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start(),
      visit: retailerId === undefined ? undefined : visitAt(retailerId),
    }),
    open: async ({ page }) => {
      const { CustomerId: customerId } = await walletCustomer();
      const path = `/wallet/product/${retailerId ?? gramercy.location}`;
      await openWithNavigationState(page, path, retailerId === undefined ? null : { ...visitAt(retailerId), customerId });
    },
  };
}

const filterPanel = (page: Page) => page.getByRole('region', { name: 'Filter' });
const card = (page: Page, product: WalletProduct) => page.getByRole('article', { name: product.prod_name });

/** The phone's filter panel (the inline filters show only on wider screens). */
async function openFilters(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
}
async function closeFilters(page: Page, button: 'Apply' | 'Cancel'): Promise<void> {
  await filterPanel(page).getByRole('button', { name: button }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
}

function adding(product: WalletProduct, only: (c: WalletProductsContext) => boolean): EventMapping {
  const size = product.child[0];
  return {
    event: { type: 'cart.add', productId: product.prod_id, sizeId: size?.id ?? 0 },
    when: when('ready', (c) => c.products.includes(product) && only(c)),
    act: async ({ page }) => card(page, product).getByRole('button', { name: walletTexts.addToCart }).click(),
  };
}

const sorting = (sort: WalletSortKey, only: (c: WalletProductsContext) => boolean): EventMapping => ({
  event: { type: 'filters.sort.select', sort },
  when: when('filtering', only),
  act: async ({ page }) => filterPanel(page).getByLabel('Sort by').selectOption(sort),
});

export const walletProductsJourneys: MachineMap = {
  // The same graph without the console line of a logged redemption failure.
  machine: walletProductsMachine.provide({ actions: { logRedeemFailure: () => undefined } }),
  file,
  variants: [
    opening('her visit at Gramercy tomorrow at 1 pm', gramercy.location),
    opening('opened for Hudson Prime, where her wallet redeems nothing', hudsonPrime.location),
    { ...opening('opened directly', undefined), onlyOpens: true },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.loadError ?? null,
      c.retailers.length,
      c.products.map((p) => p.prod_id),
      c.retailerId,
      c.sort,
      c.draft,
      c.date,
      c.time,
      c.pending ?? null,
    ]);
  },
  events: {
    ...lostThenRefused('loadRetailers', walletUrls.retailers, {
      lost: when('loadingRetailers', (c) => c.retailers.length === 0 && c.loadError === undefined && c.retailerId === gramercy.location),
      refused: when('loadingRetailers', (c) => c.retailers.length === 0 && c.loadError === walletProductsMessages.loadFailed),
    }),
    'loadRetailers: her restaurants': {
      event: { type: 'xstate.done.actor.loadRetailers', output: { code: 1, message: 'success', data: restaurants } },
      when: when('loadingRetailers', (c) => c.retailers.length > 0 || c.loadError === refusedByFault || c.retailerId === hudsonPrime.location),
      act: nothingToDo,
    },
    'products.retry': {
      event: { type: 'products.retry' },
      when: when('failed', (c) => c.retailerId !== hudsonPrime.location),
      act: async ({ page }) => page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    },
    ...lostThenRefused('loadProducts', walletUrls.products, {
      lost: when('loadingProducts', firstLoad),
      refused: when('loadingProducts', firstLoad),
    }),
    'loadProducts: at Gramercy': {
      event: { type: 'xstate.done.actor.loadProducts', output: { code: 1, message: 'success', data: [ribeyeProduct] } },
      when: when('loadingProducts', (c) => c.retailerId === gramercy.location),
      act: nothingToDo,
    },
    'loadProducts: at the Oyster Room': {
      event: { type: 'xstate.done.actor.loadProducts', output: { code: 1, message: 'success', data: [oysterProduct] } },
      when: when('loadingProducts', (c) => c.retailerId === oysterRoom.location),
      act: nothingToDo,
    },
    'sort.select: price low to high': {
      event: { type: 'sort.select', sort: 'price_asc' },
      when: when('ready', (c) => firstLoad(c) && c.time === '13:00'),
      act: async ({ page }) => page.getByLabel('Sort by').selectOption('price_asc'),
    },
    'time.change: 2 pm': {
      event: { type: 'time.change', time: '14:00' },
      when: when('ready', (c) => c.sort === 'price_asc' && c.time === '13:00'),
      act: async ({ page }) => choose(page, 'Time', '2:00 PM'),
    },
    'date.change: the day after tomorrow': {
      event: { type: 'date.change', date: dayAfter },
      when: when('ready', (c) => c.time === '14:00' && c.date === tomorrow),
      act: async ({ page }) => page.getByLabel('Date').fill(dayAfter),
    },
    'filters.open': {
      event: { type: 'filters.open' },
      when: when(
        'ready',
        (c) =>
          c.date === dayAfter &&
          ((c.retailerId === gramercy.location && c.pending === undefined && c.draft.sort === 'name_asc') ||
            (c.retailerId === oysterRoom.location && pendingIs(oysterProduct)(c)) ||
            (pendingIs(ribeyeProduct)(c) && c.sort === 'price_asc')),
      ),
      act: async ({ page }) => openFilters(page),
    },
    'filters.sort.select: price high to low': sorting('price_desc', (c) => c.pending === undefined && c.draft.sort === 'price_asc'),
    'filters.sort.select: name A to Z': sorting('name_asc', (c) => pendingIs(ribeyeProduct)(c) && c.draft.sort === 'price_asc'),
    'filters.cancel': {
      event: { type: 'filters.cancel' },
      when: when('filtering', (c) => c.pending === undefined && c.draft.sort === 'price_desc'),
      act: async ({ page }) => closeFilters(page, 'Cancel'),
    },
    'filters.retailer.select: Gramercy': {
      event: { type: 'filters.retailer.select', locationId: gramercy.location },
      when: when('filtering', (c) => c.retailerId === oysterRoom.location && c.draft.retailerId === oysterRoom.location),
      act: async ({ page }) => filterPanel(page).getByLabel('Retailer').selectOption(String(gramercy.location)),
    },
    'filters.apply': {
      event: { type: 'filters.apply' },
      when: when(
        'filtering',
        (c) =>
          (c.retailerId === oysterRoom.location && c.draft.retailerId === gramercy.location) ||
          (pendingIs(ribeyeProduct)(c) && c.draft.sort === 'name_asc'),
      ),
      act: async ({ page }) => closeFilters(page, 'Apply'),
    },
    'retailer.select: the Oyster Room': {
      event: { type: 'retailer.select', locationId: oysterRoom.location },
      when: when('ready', (c) => c.retailerId === gramercy.location && c.pending === undefined && c.draft.sort === 'price_desc'),
      act: async ({ page }) => page.getByLabel('Retailer').selectOption(String(oysterRoom.location)),
    },
    'cart.add: oysters': adding(oysterProduct, (c) => c.pending === undefined),
    'cart.add: the ribeye': adding(ribeyeProduct, (c) => pendingIs(oysterProduct)(c) || (pendingIs(ribeyeProduct)(c) && c.sort === 'name_asc')),
    'redeem: refused': {
      event: { type: 'xstate.done.actor.redeem', output: { code: -1, message: refusedByFault } },
      when: when('adding', pendingIs(oysterProduct)),
      prepare: async ({ page }) => answeredOnce(page, walletUrls.redeem, [{ code: -1, message: refusedByFault }]),
      act: nothingToDo,
    },
    'redeem: connection lost': {
      event: { type: 'xstate.error.actor.redeem', error: new Error('offline') },
      when: when('adding', (c) => pendingIs(ribeyeProduct)(c) && c.sort === 'price_asc'),
      prepare: failingOnce(walletUrls.redeem),
      act: nothingToDo,
    },
    'redeem: in the cart': {
      event: { type: 'xstate.done.actor.redeem', output: { code: 1, message: 'success', cart_id: 'cart', total_products_in_cart: 1 } },
      when: when('adding', (c) => pendingIs(ribeyeProduct)(c) && c.sort === 'name_asc'),
      act: nothingToDo,
    },
  },
  states: {
    'walletProducts.starting': { passing: 'checks the navigation state before the first paint' },
    'walletProducts.noVisit': { shows: (page) => page.getByText(walletTexts.chooseRestaurant) },
    'walletProducts.loadingRetailers': { passing: "'Loading your wallet…' shows only while the server answers" },
    'walletProducts.loadingProducts': { passing: "'Loading your wallet…' shows only while the server answers" },
    'walletProducts.failed': { shows: (page) => page.getByRole('alert').getByRole('button', { name: 'Try again' }) },
    'walletProducts.ready': {
      shows: (page) => page.getByRole('list', { name: 'Wallet products' }).getByRole('article'),
      hides: (page) => filterPanel(page),
    },
    'walletProducts.filtering': { shows: (page) => filterPanel(page).getByRole('button', { name: 'Apply' }) },
    'walletProducts.adding': { passing: 'ADD TO CART is disabled only while the server answers' },
    'walletProducts.sentToCart': { leaves: /\/cart$/ },
  },
  notDriven: {},
};
