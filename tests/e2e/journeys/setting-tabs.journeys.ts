import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { settingTabsMachine } from '../../../src/machines/account/setting-tabs.machine.ts';
import type { SettingTab } from '../../../src/rules/account-settings.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import type { EventMapping, MachineMap, Variant } from './journey-map.ts';
import { newCustomer, openWithSession } from './shoppers.ts';

/**
 * The tabs of My Account (settingTabs): Account and Orders picked by their tabs, and by the header menu's My Orders and
 * My Account links (the address changes without a tab click: tab.sync). One customer per worker: the tabs only read.
 */

const file = 'tests/e2e/journeys/setting-tabs.journeys.ts';
const tabOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { tab: SettingTab }).tab;

let customer: Promise<SessionValues> | undefined;
const herSession = () => (customer ??= newCustomer('generated.tabs').then((c) => c.session));

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Account settings' });
const labels: Record<SettingTab, string> = { user: 'Account', order: 'Orders', chat: 'Account' };
const links: Record<SettingTab, string> = { user: 'My Account', order: 'My Orders', chat: 'My Account' };

function selecting(tab: SettingTab, from: string): EventMapping {
  return {
    event: { type: 'tab.select', tab },
    when: (snapshot) => snapshot.matches(from),
    act: async ({ page }) => tabs(page).getByRole('tab', { name: labels[tab] }).click(),
  };
}

function syncing(tab: SettingTab, from: string): EventMapping {
  return {
    event: { type: 'tab.sync', tab },
    when: (snapshot) => snapshot.matches(from),
    act: async ({ page }) => {
      await page.getByRole('button', { name: /^Hey , Ada/ }).click();
      await page.getByRole('link', { name: links[tab], exact: true }).click();
    },
  };
}

function opening(tab: SettingTab, onlyOpens?: true): Variant {
  return {
    name: `her account opened at /setting/${tab}`,
    input: () => ({ tab }),
    open: async ({ page }) => openWithSession(page, await herSession(), `/setting/${tab}`),
    ...(onlyOpens ? { onlyOpens } : {}),
  };
}

const selected = (tab: SettingTab) => (page: Page) => tabs(page).getByRole('tab', { name: labels[tab], selected: true });

export const settingTabsJourneys: MachineMap = {
  machine: settingTabsMachine,
  file,
  variants: [opening('order'), opening('user', true)],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, tabOf(snapshot)]),
  events: {
    'tab.select: Account': selecting('user', 'orders'),
    'tab.select: Orders': selecting('order', 'account'),
    'tab.sync: My Account': syncing('user', 'orders'),
    'tab.sync: My Orders': syncing('order', 'account'),
  },
  states: {
    'settingTabs.choosing': { passing: 'reads the address once, before the first paint' },
    'settingTabs.account': { shows: selected('user') },
    'settingTabs.orders': { shows: selected('order') },
  },
  notDriven: {},
};
