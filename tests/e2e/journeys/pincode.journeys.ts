import type { Page } from '@playwright/test';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { pincodeMachine, type PincodeContext } from '../../../src/machines/entry/pincode.machine.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { comingSoonMessage } from '../../../src/rules/messages.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { newYorkOnly } from '../new-york-only.ts';
import { addToCartThroughApi, failingOnce, newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/** The pincode dialog ('Please enter your pincode to start shopping'): first choice at the age gate, and Change. */

const file = 'tests/e2e/journeys/pincode.journeys.ts';
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PincodeContext;
const editable = (snapshot: AnyMachineSnapshot) => snapshot.matches('editing') || snapshot.matches('notServed');
const lookingUp = (snapshot: AnyMachineSnapshot) => snapshot.matches('lookingUp');
/** The served zips the journeys type: the area already chosen, and Chicago. */
const servedZips = ['10001', '60601'];

function typing(value: string): EventMapping {
  return {
    event: { type: 'pincode.change', value },
    when: (snapshot) => editable(snapshot) && contextOf(snapshot).value !== value,
    act: async ({ page }) => dialog(page).getByLabel('Pincode', { exact: true }).fill(value),
  };
}

export const pincodeJourneys: MachineMap = {
  machine: pincodeMachine,
  file,
  variants: [
    {
      name: 'first choice',
      input: () => ({ session: createActor(sessionMachine, { input: {} }).start(), dismissible: false }),
      open: async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Yes, I am 21 or older' }).click();
      },
    },
    {
      name: 'change from the header with a cart',
      input: () => {
        const stored: SessionValues = { zipcode: '10001', location: 101, cart_id: 'cart-1', CustomerId: 1, total_products_in_cart: 1 };
        return { session: createActor(sessionMachine, { input: stored }).start(), dismissible: true };
      },
      open: async ({ page }) => {
        const customer = await newCustomer('pincode');
        // A line Chicago cannot sell (a delivered line Chicago sells would move there, decision 082): the question lists it.
        await openWithSession(page, await addToCartThroughApi(customer.session, newYorkOnly.query, newYorkOnly.name), '/store');
        await page.getByRole('button', { name: 'Change' }).click();
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.value, c.error ?? null, c.notServed ? 1 : 0, c.area ? 1 : 0, c.cartCheck ? 1 : 0]);
  },
  events: {
    'pincode.change: empty': typing(''),
    'pincode.change: not a number': typing('6060a'),
    'pincode.change: too short': typing('606'),
    'pincode.change: Chicago (served)': typing('60601'),
    'pincode.change: Beverly Hills (not served)': typing('90210'),
    'pincode.submit': {
      event: { type: 'pincode.submit' },
      when: (snapshot) => snapshot.matches('editing'),
      act: async ({ page }) => dialog(page).getByRole('button', { name: 'Start Shopping' }).click(),
    },
    'pincode.cancel': {
      event: { type: 'pincode.cancel' },
      when: editable,
      act: async ({ page }) => dialog(page).getByRole('button', { name: 'Close' }).click(),
    },
    'lookupZip: served': {
      event: { type: 'xstate.done.actor.lookupZip', output: { code: 1, data: [{ zipcode: '60601', city: 'Chicago', state: 'IL', loc_id: 103 }] } },
      when: (snapshot) => lookingUp(snapshot) && servedZips.includes(contextOf(snapshot).value),
      act: nothingToDo,
    },
    'lookupZip: not served': {
      event: {
        type: 'xstate.done.actor.lookupZip',
        output: { code: -1, message: comingSoonMessage, data: [{ zipcode: '90210', city: 'Beverly Hills', state: 'CA' }] },
      },
      when: (snapshot) => lookingUp(snapshot) && contextOf(snapshot).value === '90210',
      act: nothingToDo,
    },
    'lookupZip: connection lost': {
      event: { type: 'xstate.error.actor.lookupZip', error: new Error('offline') },
      when: lookingUp,
      prepare: failingOnce('/connect/index/getaddressbyzipcode'),
      act: nothingToDo,
    },
    'checkCart: a line Chicago cannot sell': {
      event: {
        type: 'xstate.done.actor.checkCart',
        output: {
          code: 1,
          data: { zipcode: '60601', loc_id: 103, keep: [], drop: [{ cart_rid: 1, name: newYorkOnly.name, size: '1 kg', qty: 1 }] },
        },
      },
      when: (snapshot) => snapshot.matches('checkingCart'),
      act: nothingToDo,
    },
    'checkCart: connection lost': {
      event: { type: 'xstate.error.actor.checkCart', error: new Error('offline') },
      when: (snapshot) => snapshot.matches('checkingCart'),
      prepare: failingOnce('/api/cart/movearea'),
      act: nothingToDo,
    },
    'pincode.confirm': {
      event: { type: 'pincode.confirm' },
      when: (snapshot) => snapshot.matches('confirming'),
      act: async ({ page }) =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: /^Change to 60601( and remove \d+ items?)?$/ })
          .click(),
    },
    'pincode.keepOld': {
      event: { type: 'pincode.keepOld' },
      when: (snapshot) => snapshot.matches('confirming') && (contextOf(snapshot).cartCheck?.drop.length ?? 0) > 0,
      act: async ({ page }) =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: /^Change to 60601 and keep \d+ items? for 10001$/ })
          .click(),
    },
    'pincode.keep': {
      event: { type: 'pincode.keep' },
      when: (snapshot) => snapshot.matches('confirming'),
      act: async ({ page }) => page.getByRole('dialog').getByRole('button', { name: 'Keep 10001 and my whole cart' }).click(),
    },
    'moveCart: moved': {
      event: {
        type: 'xstate.done.actor.moveCart',
        output: { code: 1, data: { zipcode: '60601', loc_id: 103, keep: [], drop: [], total_products_in_cart: 0 } },
      },
      when: (snapshot) => snapshot.matches('movingCart'),
      act: nothingToDo,
    },
    'moveCart: connection lost': {
      event: { type: 'xstate.error.actor.moveCart', error: new Error('offline') },
      when: (snapshot) => snapshot.matches('movingCart'),
      prepare: failingOnce('/api/cart/movearea'),
      act: nothingToDo,
    },
  },
  states: {
    'pincode.editing': { shows: (page) => dialog(page).getByRole('button', { name: 'Start Shopping' }) },
    'pincode.lookingUp': { passing: "'Checking…' shows only while the server answers" },
    'pincode.checkingCart': { passing: "'Checking…' shows only while the server says what the new pincode can sell" },
    'pincode.confirming': { shows: (page) => page.getByRole('dialog', { name: 'Change to 60601?' }) },
    'pincode.movingCart': { passing: 'lasts only while the server moves the cart' },
    'pincode.keepingArea': { passing: "lasts one step: the area is saved ('Pin Code Changed' when it replaced another) and the store opens" },
    'pincode.notServed': { shows: (page) => dialog(page).getByText(comingSoonMessage) },
    'pincode.served': { shows: (page) => page.getByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' }), hides: dialog },
    'pincode.cancelled': { shows: (page) => page.getByText('SHOPPING AT - 10001'), hides: dialog },
  },
  notDriven: {
    'pincode.checkingCart --xstate.done.actor.checkCart[isEmptyCart]--> pincode.movingCart':
      'the journeys open with an item in the cart; an empty cart is moved without a question (pincode.machine.test.ts)',
    'pincode.checkingCart --xstate.error.actor.checkCart[isCartGone]--> pincode.keepingArea':
      "a cart the server no longer has (404) needs another tab's order; pincode.machine.test.ts takes it",
    'pincode.movingCart --xstate.error.actor.moveCart[isCartGone]--> pincode.keepingArea':
      'a cart gone between the question and the answer needs another tab; pincode.machine.test.ts takes it',
    'pincode.confirming --pincode.keep--> pincode.editing':
      "a cart's question opens from the header's Change, which can always be closed; the entry dialog's case is in pincode.machine.test.ts",
  },
};
