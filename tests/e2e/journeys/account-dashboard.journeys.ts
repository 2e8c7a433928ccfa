import { expect, type Page } from '@playwright/test';
import { assign, type AnyMachineSnapshot } from 'xstate';
import type { DashboardData } from '../../../src/api/contract/account.contract.ts';
import { offlineMessage } from '../../../src/api/http.ts';
import { accountDashboardMachine } from '../../../src/machines/account/account-dashboard.machine.ts';
import { accountMessages, type AccountDashboardContext } from '../../../src/machines/account/account-dashboard.setup.ts';
import { address } from '../../machines/checkout-fixtures.ts';
import { answeredOnce, connectionLostOnce, refusedByFault } from '../faults.ts';
import { saveAddressThroughApi } from '../steps.ts';
import type { EventMapping, Journey, MachineMap } from './journey-map.ts';
import { newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * The Account tab at /setting/user (accountDashboard), her Home (the default) and Work addresses saved through the
 * API. One long walk through both parts of the page: YOUR INFORMATION and MY SHIPPING ADDRESS lost, then refused,
 * then loaded; Edit toggling the form between her addresses while a NEWSLETTER switch is lost, and CANCEL after one is
 * refused; her Home edited three times (lost, refused, saved) and the page reloading; the switch saved; Work made the
 * default (lost, refused, done); Home deleted (lost, refused, done), then the default Work, which reloads the empty
 * table. Every failure is a red toast the shopper dismisses: the graph counts them, so a failure that puts the page
 * back as it was is still a new point of the walk (decision 058: each event offered at one point of it).
 */

const file = 'tests/e2e/journeys/account-dashboard.journeys.ts';
const urls = {
  dashboard: '/api/account/mydashboard',
  addresses: '/connect/customer/getaddresses',
  preferences: '/api/account/preferences',
  setDefault: '/api/customer/setdefaultshippingaddress',
  remove: '/connect/customer/deleteAddress',
  update: '/connect/customer/updateAddress',
};

/** The graph's stand-ins: her account, and her addresses as the server lists them (ids 1 and 2). */
const account = (newsletter: 0 | 1): DashboardData => ({
  name: 'Ada Lovelace',
  address: '350 5th Ave, New York, NY 10001',
  email: 'ada@example.com',
  newsletter_subscription: newsletter,
  notification: 1,
  list_cards: [],
  identity: { status: 'not-started', reason: '' },
});
const home = address({ address_id: 1, default_address: '1' });
const work = address({ address_id: 2, address_nickname: 'Work', street1: '1 Main St' });
const homeEdited = { ...home, firstname: 'Hedy', name: 'Hedy Lovelace' };
const homeId = 1;
const workId = 2;

interface Counted {
  toasts?: number;
}
type CountedContext = AccountDashboardContext & Counted;
/** The graph's machine: each red toast counted (the page shows one per failure; the chart is the store's own). */
const counting = accountDashboardMachine.provide({
  actions: {
    notifyFailure: assign(({ context }) => {
      const counted: Partial<AccountDashboardContext> & Counted = { toasts: ((context as CountedContext).toasts ?? 0) + 1 };
      return counted;
    }),
  },
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CountedContext;
const toasts = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).toasts ?? 0;
const newsletter = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).dashboard?.newsletter_subscription;
const infoIdle = (snapshot: AnyMachineSnapshot) => snapshot.matches({ info: { ready: 'idle' } });
const infoReady = (snapshot: AnyMachineSnapshot) => snapshot.matches({ info: 'ready' });
const listIdle = (snapshot: AnyMachineSnapshot) => snapshot.matches({ addresses: { list: 'idle' } });
const formOf = (snapshot: AnyMachineSnapshot, id: number) =>
  snapshot.matches({ addresses: { list: { editing: 'form' } } }) && contextOf(snapshot).editingId === id;
const closed = (snapshot: AnyMachineSnapshot) => listIdle(snapshot) && contextOf(snapshot).editingId === undefined;
const homeWasEdited = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).addresses.some((a) => a.firstname === homeEdited.firstname);
const workIsDefault = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).addresses.some((a) => a.id === workId && a.isPrimary);
const hasHome = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).addresses.some((a) => a.id === homeId);
const typedName = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).editValues?.firstName;

const infoRegion = (page: Page) => page.getByRole('region', { name: 'YOUR INFORMATION' });
const addressRegion = (page: Page) => page.getByRole('region', { name: 'MY SHIPPING ADDRESS' });
/** The row's confirm step after Delete. */
const confirmDelete = (page: Page) => page.getByRole('group', { name: 'Delete this address?' });
const row = (page: Page, nickname: 'Home' | 'Work') =>
  page.getByRole('table', { name: 'MY SHIPPING ADDRESS' }).getByRole('row', { name: new RegExp(`^${nickname}:`) });
const form = (page: Page) => page.getByRole('form', { name: 'EDIT SHIPPING ADDRESS' });
const newsletterSwitch = (page: Page) => page.getByRole('switch', { name: 'NEWSLETTER' });

/** The red toast saying `message`, looked at and dismissed (so the next one is the only one). */
async function dismissToast(page: Page, message: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
}

/** A reply that fails with a red toast: lost (the connection dropped) or refused by the server (test faults). */
function failing(
  event: EventMapping['event'],
  when: EventMapping['when'],
  url: string,
  how: 'lost' | 'refused',
  refusal: unknown = { code: -1, message: refusedByFault },
): EventMapping {
  return {
    event,
    when,
    prepare: async ({ page }) => (how === 'lost' ? connectionLostOnce(page, url) : answeredOnce(page, url, refusal)),
    act: async ({ page }) => dismissToast(page, how === 'lost' ? offlineMessage : refusedByFault),
  };
}
const lost = (actor: string) => ({ type: `xstate.error.actor.${actor}`, error: new Error('offline') });
const refused = (actor: string, output: unknown = { code: -1, message: refusedByFault }) => ({ type: `xstate.done.actor.${actor}`, output });

/** Edit on one of her rows: the form opens with it, moves to it, or closes (as the row's Edit button then says). */
function editing(nickname: 'Home' | 'Work', addressId: number, when: EventMapping['when']): EventMapping {
  return {
    event: { type: 'address.edit', addressId },
    when,
    act: async ({ page, model }) => {
      const open = model.matches({ addresses: { list: 'editing' } }) && contextOf(model).editingId === addressId;
      await row(page, nickname).getByRole('button', { name: 'Edit' }).click();
      await expect(row(page, nickname).getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-pressed', String(!open));
    },
  };
}

/** SAVE on Home's form with another first name each time (each try its own value, decision 058). */
function saving(name: string, before: string, count: number): EventMapping {
  return {
    event: { type: 'address.save', values: { ...editValuesOfHome, firstName: name } },
    when: (snapshot) => formOf(snapshot, homeId) && toasts(snapshot) === count && typedName(snapshot) === before,
    act: async ({ page }) => {
      await form(page).getByLabel('First Name').fill(name);
      await form(page).getByRole('button', { name: 'SAVE' }).click();
    },
  };
}
const editValuesOfHome = {
  firstName: home.firstname,
  lastName: home.lastname,
  address: home.street1,
  address2: home.street2,
  city: home.city,
  state: home.state,
  zip: home.zipcode,
  addressNickname: home.address_nickname,
  phone: home.telephone,
};

const toggleNewsletter = async ({ page }: Journey) => newsletterSwitch(page).click();

export const accountDashboardJourneys: MachineMap = {
  machine: counting,
  file,
  variants: [
    {
      name: 'her Home and Work addresses',
      input: () => ({ customerId: 1 }),
      open: async ({ page }) => {
        const { session } = await newCustomer('generated.account');
        const caller = { token: session.Token ?? '', customerId: session.CustomerId ?? 0 };
        await saveAddressThroughApi(caller, { nickname: 'Home', default_address: '1' });
        await saveAddressThroughApi(caller, { nickname: 'Work', street1: '1 Main St' });
        await page.setViewportSize({ width: 1280, height: 900 });
        await openWithSession(page, session, '/setting/user');
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.dashboardError ?? null,
      c.addressesError ?? null,
      c.dashboard?.newsletter_subscription ?? null,
      c.addresses.map((a) => `${a.id}:${a.defaultAddress}:${a.firstname}`),
      c.editingId ?? null,
      c.editValues?.firstName ?? null,
      c.toasts ?? 0,
    ]);
  },
  events: {
    // Both parts lost as the page opens, then each refused once, then loaded.
    'loadDashboard: connection lost': {
      event: lost('loadDashboard'),
      when: (s) => s.matches({ info: 'loading' }) && contextOf(s).dashboard === undefined && contextOf(s).dashboardError === undefined,
      prepare: async ({ page }) => connectionLostOnce(page, urls.dashboard),
      act: nothingToDo,
    },
    'loadAddresses: connection lost': {
      event: lost('loadAddresses'),
      when: (s) => s.matches({ addresses: 'loading' }) && s.matches({ info: 'failed' }) && contextOf(s).addressesError === undefined,
      prepare: async ({ page }) => connectionLostOnce(page, urls.addresses),
      act: nothingToDo,
    },
    'dashboard.retry': {
      event: { type: 'dashboard.retry' },
      when: (s) => {
        const c = contextOf(s);
        if (!s.matches({ info: 'failed' }) || !s.matches({ addresses: 'failed' })) return false;
        return c.dashboardError === accountMessages.dashboardFailed
          ? c.addressesError === accountMessages.addressesFailed
          : c.addressesError === refusedByFault;
      },
      act: async ({ page }) => infoRegion(page).getByRole('button', { name: 'Try again' }).click(),
    },
    'loadDashboard: refused': {
      event: refused('loadDashboard'),
      when: (s) => s.matches({ info: 'loading' }) && contextOf(s).dashboardError === accountMessages.dashboardFailed,
      prepare: async ({ page }) => answeredOnce(page, urls.dashboard),
      act: nothingToDo,
    },
    'addresses.retry': {
      event: { type: 'addresses.retry' },
      when: (s) => {
        const c = contextOf(s);
        if (!s.matches({ addresses: 'failed' })) return false;
        return c.addressesError === accountMessages.addressesFailed
          ? s.matches({ info: 'failed' }) && c.dashboardError === refusedByFault
          : infoReady(s);
      },
      act: async ({ page }) => addressRegion(page).getByRole('button', { name: 'Try again' }).click(),
    },
    'loadAddresses: refused': {
      event: refused('loadAddresses'),
      when: (s) => s.matches({ addresses: 'loading' }) && contextOf(s).addressesError === accountMessages.addressesFailed,
      prepare: async ({ page }) => answeredOnce(page, urls.addresses),
      act: nothingToDo,
    },
    'loadDashboard: her account': {
      event: refused('loadDashboard', { code: 1, data: account(0) }),
      when: (s) => s.matches({ info: 'loading' }) && contextOf(s).dashboardError === refusedByFault,
      act: nothingToDo,
    },
    'loadAddresses: Home and Work': {
      event: refused('loadAddresses', { code: 1, data: [work, home] }),
      when: (s) => s.matches({ addresses: 'loading' }) && contextOf(s).addressesError === refusedByFault,
      act: nothingToDo,
    },
    // Edit moves the form between her addresses and closes it, while the switch fails in the other part of the page.
    'address.edit: Work': editing('Work', workId, (s) => infoIdle(s) && closed(s) && !homeWasEdited(s) && [0, 1].includes(toasts(s))),
    'address.edit: Home': editing(
      'Home',
      homeId,
      (s) => infoIdle(s) && ((formOf(s, workId) && toasts(s) === 0) || (formOf(s, homeId) && toasts(s) === 1) || (closed(s) && toasts(s) === 2)),
    ),
    'preference.toggle: NEWSLETTER on': {
      event: { type: 'preference.toggle', preference: 'newsletter_subscription', on: true },
      when: (s) =>
        infoIdle(s) &&
        newsletter(s) === 0 &&
        ((formOf(s, homeId) && toasts(s) === 0) || (formOf(s, workId) && toasts(s) === 1) || (closed(s) && homeWasEdited(s) && toasts(s) === 4)),
      act: toggleNewsletter,
    },
    'savePreferences: connection lost': failing(
      lost('savePreferences'),
      (s) => s.matches({ info: { ready: 'saving' } }) && toasts(s) === 0,
      urls.preferences,
      'lost',
    ),
    'savePreferences: refused': failing(
      refused('savePreferences'),
      (s) => s.matches({ info: { ready: 'saving' } }) && toasts(s) === 1,
      urls.preferences,
      'refused',
    ),
    'savePreferences: saved': {
      event: refused('savePreferences', { code: 1, data: { newsletter_subscription: 1, notification: 1 } }),
      when: (s) => s.matches({ info: { ready: 'saving' } }) && toasts(s) === 4,
      act: async ({ page }) => expect(newsletterSwitch(page)).toBeChecked(),
    },
    'address.edit.cancel': {
      event: { type: 'address.edit.cancel' },
      when: (s) => infoIdle(s) && formOf(s, workId) && toasts(s) === 2,
      act: async ({ page }) => form(page).getByRole('button', { name: 'CANCEL' }).click(),
    },
    // Her Home edited: lost, refused (the form keeps what she typed), then saved; both parts load again.
    'address.save: Grace': saving('Grace', home.firstname, 2),
    'address.save: Emmy': saving('Emmy', 'Grace', 3),
    'address.save: Hedy': saving(homeEdited.firstname, 'Emmy', 4),
    'updateAddress: connection lost': failing(
      lost('updateAddress'),
      (s) => s.matches({ addresses: { list: { editing: 'saving' } } }) && toasts(s) === 2,
      urls.update,
      'lost',
    ),
    'updateAddress: refused': failing(
      refused('updateAddress'),
      (s) => s.matches({ addresses: { list: { editing: 'saving' } } }) && toasts(s) === 3,
      urls.update,
      'refused',
    ),
    'updateAddress: saved': {
      event: refused('updateAddress', { code: 1, message: 'Address updated.' }),
      when: (s) => s.matches({ addresses: { list: { editing: 'saving' } } }) && toasts(s) === 4,
      act: async ({ page }) => expect(form(page)).toHaveCount(0),
    },
    'loadDashboard: reloaded, NEWSLETTER off': {
      event: refused('loadDashboard', { code: 1, data: account(0) }),
      when: (s) => s.matches({ info: 'loading' }) && contextOf(s).dashboard !== undefined && newsletter(s) === 0,
      act: nothingToDo,
    },
    'loadDashboard: reloaded, NEWSLETTER on': {
      event: refused('loadDashboard', { code: 1, data: account(1) }),
      when: (s) => s.matches({ info: 'loading' }) && contextOf(s).dashboard !== undefined && newsletter(s) === 1,
      act: nothingToDo,
    },
    'loadAddresses: Home edited': {
      event: refused('loadAddresses', { code: 1, data: [work, homeEdited] }),
      when: (s) => s.matches({ addresses: 'loading' }) && infoReady(s) && toasts(s) === 4 && contextOf(s).addresses.length > 0,
      act: async ({ page }) => expect(row(page, 'Home')).toContainText(homeEdited.firstname),
    },
    // Work made the default: lost, refused, then done (YOUR INFORMATION reloads with it).
    'address.default: Work': {
      event: { type: 'address.default', addressId: workId },
      when: (s) => infoIdle(s) && closed(s) && newsletter(s) === 1 && !workIsDefault(s) && [4, 5, 6].includes(toasts(s)),
      act: async ({ page }) => row(page, 'Work').getByRole('button', { name: 'Make default' }).click(),
    },
    'setDefaultAddress: connection lost': failing(
      lost('setDefaultAddress'),
      (s) => s.matches({ addresses: { list: 'settingDefault' } }) && toasts(s) === 4,
      urls.setDefault,
      'lost',
    ),
    'setDefaultAddress: refused': failing(
      refused('setDefaultAddress', [{ code: -1, message: refusedByFault }]),
      (s) => s.matches({ addresses: { list: 'settingDefault' } }) && toasts(s) === 5,
      urls.setDefault,
      'refused',
      [{ code: -1, message: refusedByFault }],
    ),
    'setDefaultAddress: done': {
      event: refused('setDefaultAddress', [{ code: 1, message: 'Default shipping address updated.' }]),
      when: (s) => s.matches({ addresses: { list: 'settingDefault' } }) && toasts(s) === 6,
      act: async ({ page }) => expect(row(page, 'Work').getByText('Default', { exact: true })).toBeVisible(),
    },
    // Home deleted: lost, refused, then done; then the default Work, and the table is read again (empty).
    'address.delete: Home': {
      event: { type: 'address.delete', addressId: homeId },
      when: (s) => infoIdle(s) && closed(s) && workIsDefault(s) && hasHome(s) && [6, 7, 8].includes(toasts(s)),
      act: async ({ page }) => row(page, 'Home').getByRole('button', { name: 'Delete' }).click(),
    },
    'address.delete: Work': {
      event: { type: 'address.delete', addressId: workId },
      when: (s) => infoIdle(s) && closed(s) && workIsDefault(s) && !hasHome(s) && toasts(s) === 8,
      act: async ({ page }) => row(page, 'Work').getByRole('button', { name: 'Delete' }).click(),
    },
    // Delete asks first: Keep once (nothing changes), then each delete is confirmed.
    'address.delete.cancel': {
      event: { type: 'address.delete.cancel' },
      when: (s) => s.matches({ addresses: { list: 'confirmingDelete' } }) && hasHome(s) && toasts(s) === 6,
      act: async ({ page }) => {
        await confirmDelete(page).getByRole('button', { name: 'Keep' }).click();
        await expect(row(page, 'Home')).toBeVisible();
      },
    },
    'address.delete.confirm': {
      event: { type: 'address.delete.confirm' },
      when: (s) => s.matches({ addresses: { list: 'confirmingDelete' } }),
      act: async ({ page }) => confirmDelete(page).getByRole('button', { name: 'Yes, delete' }).click(),
    },
    'deleteAddress: connection lost': failing(
      lost('deleteAddress'),
      (s) => s.matches({ addresses: { list: 'deleting' } }) && toasts(s) === 6,
      urls.remove,
      'lost',
    ),
    'deleteAddress: refused': failing(
      refused('deleteAddress'),
      (s) => s.matches({ addresses: { list: 'deleting' } }) && toasts(s) === 7,
      urls.remove,
      'refused',
    ),
    'deleteAddress: deleted': {
      event: refused('deleteAddress', { code: 1, message: 'Address deleted.' }),
      when: (s) => s.matches({ addresses: { list: 'deleting' } }) && toasts(s) === 8,
      act: nothingToDo,
    },
    'loadAddresses: none left': {
      event: refused('loadAddresses', { code: 1, data: [] }),
      when: (s) => s.matches({ addresses: 'loading' }) && infoReady(s) && contextOf(s).addresses.length === 0,
      act: async ({ page }) => expect(addressRegion(page).getByText('You have no saved shipping addresses yet.')).toBeVisible(),
    },
  },
  states: {
    'accountDashboard.info': { shows: (page) => page.getByRole('heading', { name: 'YOUR INFORMATION' }) },
    'accountDashboard.info.loading': { passing: "'Loading your information…' shows only while the server answers" },
    'accountDashboard.info.failed': { shows: (page) => infoRegion(page).getByRole('button', { name: 'Try again' }) },
    'accountDashboard.info.ready': { shows: (page) => infoRegion(page).getByText('Ada Lovelace') },
    'accountDashboard.info.ready.idle': { shows: (page) => newsletterSwitch(page).and(page.getByRole('switch', { disabled: false })) },
    'accountDashboard.info.ready.saving': { passing: 'the switches are disabled only while the server answers' },
    'accountDashboard.addresses': { shows: (page) => page.getByRole('heading', { name: 'MY SHIPPING ADDRESS' }) },
    'accountDashboard.addresses.loading': { passing: "'Loading your addresses…' shows only while the server answers" },
    'accountDashboard.addresses.failed': { shows: (page) => addressRegion(page).getByRole('button', { name: 'Try again' }) },
    'accountDashboard.addresses.list': { hides: (page) => addressRegion(page).getByRole('button', { name: 'Try again' }) },
    'accountDashboard.addresses.list.idle': { hides: (page) => page.getByRole('button', { name: /^(Saving|Deleting)…$/ }) },
    'accountDashboard.addresses.list.confirmingDelete': { shows: (page) => confirmDelete(page) },
    'accountDashboard.addresses.list.settingDefault': { passing: "'Saving…' shows only while the server answers" },
    'accountDashboard.addresses.list.deleting': { passing: "'Deleting…' shows only while the server answers" },
    'accountDashboard.addresses.list.editing': { shows: form },
    'accountDashboard.addresses.list.editing.form': { shows: (page) => form(page).getByRole('button', { name: 'SAVE' }) },
    'accountDashboard.addresses.list.editing.saving': { passing: 'the form waits only while the server answers' },
  },
  notDriven: {},
};
