import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { WalletEntry } from '../../../src/api/contract/wallet.contract.ts';
import { walletPanelMachine, walletPanelMessages, type WalletPanelContext } from '../../../src/machines/wallet/wallet-panel.machine.ts';
import { walletTexts } from '../../../src/rules/wallet.ts';
import { lostThenRefused, refusedByFault } from '../faults.ts';
import type { MachineMap } from './journey-map.ts';
import { nothingToDo, openWithSession } from './shoppers.ts';
import { gramercy, oysterRoom, oysters, ribeye, walletCustomer, walletUrls } from './wallet-shoppers.ts';

/**
 * The Dine-In panel's wallet on /setting/order (walletPanel), one walk (each step offered at one point only): her
 * wallet lost and refused, then shown; New York and 4 stars chosen; REDEEM NOW. Her wallet: wallet-shoppers.ts.
 */

const file = 'tests/e2e/journeys/wallet-panel.journeys.ts';
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as WalletPanelContext;
const when =
  (state: string, test: (c: WalletPanelContext) => boolean = () => true) =>
  (snapshot: AnyMachineSnapshot) =>
    snapshot.matches(state) && test(contextOf(snapshot));

const dineIn = (page: Page) => page.getByRole('region', { name: 'Dine-In' });

function rowOf(id: number, itemName: string, stars: number, retailer: string): WalletEntry {
  return { id, itemName, orderNo: String(id), ordered: 1, consumed: 0, remaining: 1, unit: 'portion', price_category: stars, state: 'NY', retailer };
}
/** The graph's stand-ins for her rows (the browser gets the real ones). */
const rows = [rowOf(1, ribeye, 4, gramercy.name), rowOf(2, oysters, 3, oysterRoom.name)];

export const walletPanelJourneys: MachineMap = {
  machine: walletPanelMachine,
  file,
  variants: [
    {
      name: 'her wallet on Your Orders',
      input: () => ({ customerId: 1 }),
      open: async ({ page }) => openWithSession(page, await walletCustomer(), '/setting/order'),
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.loadError ?? null, c.rows.length, c.filter]);
  },
  events: {
    ...lostThenRefused('loadWallet', walletUrls.wallet, {
      lost: when('loading', (c) => c.loadError === undefined),
      refused: when('loading', (c) => c.loadError === walletPanelMessages.loadFailed),
    }),
    'loadWallet: her wallet': {
      event: { type: 'xstate.done.actor.loadWallet', output: { code: 1, message: 'success', data: rows } },
      when: when('loading', (c) => c.loadError === refusedByFault),
      act: nothingToDo,
    },
    'wallet.retry': {
      event: { type: 'wallet.retry' },
      when: when('failed'),
      act: async ({ page }) => dineIn(page).getByRole('button', { name: 'Try again' }).click(),
    },
    'wallet.state.select: New York': {
      event: { type: 'wallet.state.select', state: 'NY' },
      when: when('ready', (c) => c.filter.state !== 'NY'),
      act: async ({ page }) => dineIn(page).getByLabel('State').selectOption('NY'),
    },
    'wallet.category.select: 4 stars': {
      event: { type: 'wallet.category.select', category: 4 },
      when: when('ready', (c) => c.filter.state === 'NY' && c.filter.category === 0),
      act: async ({ page }) => dineIn(page).getByLabel('Price category').selectOption('4'),
    },
    'wallet.redeem': {
      event: { type: 'wallet.redeem' },
      when: when('ready', (c) => c.filter.category === 4),
      act: async ({ page }) => dineIn(page).getByRole('button', { name: walletTexts.redeemNow }).click(),
    },
  },
  states: {
    'walletPanel.loading': { passing: "'Loading your wallet…' shows only while the server answers" },
    'walletPanel.failed': { shows: (page) => dineIn(page).getByRole('button', { name: 'Try again' }) },
    'walletPanel.ready': { shows: (page) => dineIn(page).getByRole('table', { name: 'Wallet products' }) },
    'walletPanel.redeeming': { leaves: /\/wallet\/shipping$/ },
  },
  notDriven: {},
};
