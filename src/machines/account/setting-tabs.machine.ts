import { assign, setup } from 'xstate';
import type { SettingTab } from '../../rules/account-settings.ts';

export interface SettingTabsInput {
  /** The tab the URL names (/setting/user, /setting/order). */
  tab: SettingTab;
}

export type SettingTabsEvent =
  /** The shopper picks a tab: the page changes the URL. */
  | { type: 'tab.select'; tab: SettingTab }
  /** The URL changed by itself (back button, a link): follow it without navigating again. */
  | { type: 'tab.sync'; tab: SettingTab };

/**
 * The account settings tabs (spec section 4 "Account": "Tab change changes the URL to /setting/user, /setting/order or
 * /setting/chat"). Account and Orders are shown; chat is never rendered, so it counts as the Account tab.
 */
export const settingTabsMachine = setup({
  types: {
    context: {} as { tab: SettingTab },
    input: {} as SettingTabsInput,
    events: {} as SettingTabsEvent,
  },
  guards: {
    isAccountTab: (_, params: { tab: SettingTab }) => params.tab !== 'order',
    isOrdersTab: (_, params: { tab: SettingTab }) => params.tab === 'order',
  },
  actions: {
    assignTab: assign((_, params: { tab: SettingTab }) => ({ tab: params.tab })),
    // The view provides it: navigate to /setting/{tab}.
    goToTab: (_, _params: { tab: SettingTab }) => undefined,
  },
}).createMachine({
  description:
    "The tabs of My Account (cart-checkout-account.md, Routes: /setting/{settingParam}, and States and transitions, Account: 'Tab change changes the URL to /setting/user, /setting/order or /setting/chat'). Account (user) and Orders (order) are shown; the chat tab is never rendered, so it opens the Account tab.",
  id: 'settingTabs',
  context: ({ input }) => ({ tab: input.tab }),
  initial: 'choosing',
  states: {
    /** Reads the URL's tab once at the start. */
    choosing: {
      description: 'Opening the tab the address asked for.',
      always: [
        {
          description: 'The address is /setting/order: the Orders tab.',
          guard: { type: 'isOrdersTab', params: ({ context }) => ({ tab: context.tab }) },
          target: 'orders',
        },
        { description: 'Any other tab (user, chat): the Account tab.', target: 'account' },
      ],
    },
    account: {
      description: 'The Account tab (/setting/user): information, preferences, shipping addresses and cards.',
      on: {
        'tab.select': {
          description: 'The shopper taps the Orders tab: /setting/order opens.',
          guard: { type: 'isOrdersTab', params: ({ event }) => ({ tab: event.tab }) },
          target: 'orders',
          actions: [
            { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
            { type: 'goToTab', params: ({ event }) => ({ tab: event.tab }) },
          ],
        },
        'tab.sync': {
          description: 'The address became /setting/order (back button, a link): the Orders tab shows.',
          guard: { type: 'isOrdersTab', params: ({ event }) => ({ tab: event.tab }) },
          target: 'orders',
          actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
        },
      },
    },
    orders: {
      description: "The Orders tab (/setting/order): the customer's orders and their Dine-In wallet.",
      on: {
        'tab.select': {
          description: 'The shopper taps the Account tab: /setting/user opens.',
          guard: { type: 'isAccountTab', params: ({ event }) => ({ tab: event.tab }) },
          target: 'account',
          actions: [
            { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
            { type: 'goToTab', params: ({ event }) => ({ tab: event.tab }) },
          ],
        },
        'tab.sync': {
          description: 'The address became another /setting tab (back button, a link): the Account tab shows.',
          guard: { type: 'isAccountTab', params: ({ event }) => ({ tab: event.tab }) },
          target: 'account',
          actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
        },
      },
    },
  },
});
