import type { AnyMachineSnapshot } from 'xstate';
import type { WalletRetailer } from '../../../src/api/contract/wallet.contract.ts';
import {
  walletRetailersMachine,
  walletRetailersMessages,
  type WalletRetailersContext,
} from '../../../src/machines/wallet/wallet-retailers.machine.ts';
import { walletTexts } from '../../../src/rules/wallet.ts';
import { lostThenRefused, refusedByFault } from '../faults.ts';
import { choose } from '../steps.ts';
import type { MachineMap, Variant } from './journey-map.ts';
import { nothingToDo } from './shoppers.ts';
import { gramercy, openWithNavigationState, oysterRoom, visitDays, walletCustomer, walletUrls } from './wallet-shoppers.ts';

/**
 * The dine-in retailer selection at /wallet/shipping (walletRetailers), opened with what REDEEM NOW hands over (New
 * York, All categories: her wallet's two restaurants, wallet-shoppers.ts). One walk: the restaurants lost and refused,
 * then shown; CONTINUE with nothing chosen; Gramercy, tomorrow, 1 pm; CONTINUE. And the page opened directly.
 */

const file = 'tests/e2e/journeys/wallet-retailers.journeys.ts';
const { tomorrow } = visitDays();
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as WalletRetailersContext;
const when =
  (state: string, test: (c: WalletRetailersContext) => boolean = () => true) =>
  (snapshot: AnyMachineSnapshot) =>
    snapshot.matches(state) && test(contextOf(snapshot));

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
const start = { customerId: 1, state: 'NY', category: 0 };

function opening(name: string, redeemed: boolean): Variant {
  return {
    name,
    input: () => ({ start: redeemed ? start : undefined }),
    open: async ({ page }) => {
      const { CustomerId: customerId } = await walletCustomer();
      await openWithNavigationState(page, '/wallet/shipping', redeemed ? { ...start, customerId } : null);
    },
    ...(redeemed ? {} : { onlyOpens: true as const }),
  };
}

export const walletRetailersJourneys: MachineMap = {
  machine: walletRetailersMachine,
  file,
  variants: [opening('REDEEM NOW in New York, All categories', true), opening('opened directly', false)],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.loadError ?? null, c.retailers.length, c.retailerId ?? null, c.date, c.time, c.problems]);
  },
  events: {
    ...lostThenRefused('loadRetailers', walletUrls.retailers, {
      lost: when('loading', (c) => c.loadError === undefined),
      refused: when('loading', (c) => c.loadError === walletRetailersMessages.loadFailed),
    }),
    'loadRetailers: her restaurants': {
      event: { type: 'xstate.done.actor.loadRetailers', output: { code: 1, message: 'success', data: restaurants } },
      when: when('loading', (c) => c.loadError === refusedByFault),
      act: nothingToDo,
    },
    'retailers.retry': {
      event: { type: 'retailers.retry' },
      when: when('failed'),
      act: async ({ page }) => page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    },
    'visit.submit: nothing chosen': {
      event: { type: 'visit.submit' },
      when: when('choosing', (c) => c.retailerId === undefined && c.problems.retailer === undefined),
      act: async ({ page }) => page.getByRole('button', { name: 'CONTINUE' }).click(),
    },
    'retailer.select: Gramercy': {
      event: { type: 'retailer.select', locationId: gramercy.location },
      when: when('choosing', (c) => c.retailerId === undefined && c.problems.retailer !== undefined),
      act: async ({ page }) => page.getByRole('radio', { name: new RegExp(gramercy.name) }).check(),
    },
    'date.change: tomorrow': {
      event: { type: 'date.change', date: tomorrow },
      when: when('choosing', (c) => c.retailerId === gramercy.location && c.date !== tomorrow),
      act: async ({ page }) => page.getByLabel('Date').fill(tomorrow),
    },
    'time.change: 1 pm': {
      event: { type: 'time.change', time: '13:00' },
      when: when('choosing', (c) => c.date === tomorrow && c.time === ''),
      act: async ({ page }) => choose(page, 'Time', '1:00 PM'),
    },
    'visit.submit: the visit': {
      event: { type: 'visit.submit' },
      when: when('choosing', (c) => c.time === '13:00'),
      act: async ({ page }) => page.getByRole('button', { name: 'CONTINUE' }).click(),
    },
  },
  states: {
    'walletRetailers.starting': { passing: 'checks the navigation state before the first paint' },
    'walletRetailers.noStart': { shows: (page) => page.getByText(walletTexts.chooseRestaurant) },
    'walletRetailers.loading': { passing: "'Loading the restaurants…' shows only while the server answers" },
    'walletRetailers.failed': { shows: (page) => page.getByRole('alert').getByRole('button', { name: 'Try again' }) },
    'walletRetailers.choosing': { shows: (page) => page.getByRole('radio', { name: new RegExp(oysterRoom.name) }) },
    'walletRetailers.chosen': { leaves: new RegExp(`/wallet/product/${gramercy.location}$`) },
  },
  notDriven: {},
};
