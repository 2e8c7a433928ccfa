import { expect, type Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { deliveryAddressField } from '../../../src/api/contract/shipping.contract.ts';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { checkoutSpeedMachine, noSpeedMessage, type CheckoutSpeedContext } from '../../../src/machines/checkout/checkout-speed.machine.ts';
import { addressGoneMessage, cartOrderedMessage } from '../../../src/rules/messages.ts';
import { orderedCartField } from '../../../src/api/contract/checkout.contract.ts';
import { baseCart, ok } from '../../machines/cart-fixtures.ts';
import { retailerB, shippingOk, speeds } from '../../machines/checkout-fixtures.ts';
import { answeredOnce, changedOnce, connectionLostOnce, openCheckoutAt, ribeyeCustomer, threeSpeeds } from '../faults.ts';
import { choose, sessionOf } from '../steps.ts';
import { cartOrderedOnce, deleteAddressThroughApi } from './checkout-shoppers.ts';
import type { MachineMap } from './journey-map.ts';
import { failingOnce, nothingToDo } from './shoppers.ts';

/**
 * The checkout's speed step, 'Choose Delivery Slots', opened at the step: checkout's shopper (a ribeye scheduled, her
 * home saved, as checkout.journeys.ts sets her up through the API) on the location tab, her home and SAVE & CONTINUE.
 * The seeded store offers one speed per cart, so the journey that picks another speed, shop and date has the server's
 * answer widened by the test (faults.ts threeSpeeds, decision 048); the other loads the speeds after two failures and
 * has a seller's slot refused, then saved, in the block below. A third shopper deletes her home in another tab after
 * choosing it: the server says it is gone, and the checkout is back at her addresses.
 */

const file = 'tests/e2e/journeys/checkout-speed.journeys.ts';

/** The step reports each choice to the tabs, a parent the graph walk has not got: the model drops the reports. */
const model = checkoutSpeedMachine.provide({ actions: { reportSpeedChoice: () => undefined } });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutSpeedContext;
const messageIs = (message: string | undefined) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).speedMessage === message;
const at = (value: string) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value);
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const offered = (count: number) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).speeds.length === count;
const chose = (speedId: number) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).speedChoice?.speedId === speedId;
/** The graph's address ids: her home as listed, and her home deleted in another tab (the third variant). */
const addressIds = { home: 11, deleted: 12, cartOrdered: 13 } as const;
const deliversTo = (id: number) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).deliveryAddressId === id;
const loadingForHome = all(at('loading'), deliversTo(addressIds.home));

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.shippingOptions', output });
const slotRefusedMessage = offlineMessage;

const speedBox = (page: Page) => page.getByRole('combobox', { name: 'Select Speed' });
const blocks = (page: Page) => page.getByRole('region', { name: 'Select Date and Select Time' });
const slots = (page: Page) => blocks(page).getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M$/ });
const tryAgain = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Try again' });
/** A refusal (no speed fits the cart) leads back to the cart instead: trying again would be refused again (walk 6 #3). */
const backToCart = (page: Page) => page.getByRole('alert').getByRole('link', { name: 'Back to cart' });
const herHome = (page: Page) => page.getByRole('button', { name: /^Home: Ada Lovelace/ });

function atSpeedStep(deliveryAddressId: number) {
  return () => ({
    session: createActor(sessionMachine, {
      input: { zipcode: '10001', location: 101, cart_id: 'cart-abc', Token: 'token', CustomerId: 1 },
    }).start(),
    cartId: 'cart-abc',
    deliveryAddressId,
  });
}

export const checkoutSpeedJourneys: MachineMap = {
  machine: model,
  file,
  variants: [
    {
      name: 'customer delivering a ribeye, at the speed step',
      input: atSpeedStep(addressIds.home),
      open: async ({ page }) => {
        await openCheckoutAt(page, await ribeyeCustomer('generated.speed'));
        await herHome(page).click();
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
        await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
      },
    },
    {
      name: 'customer delivering a ribeye, her home deleted in another tab once chosen',
      input: atSpeedStep(addressIds.deleted),
      open: async ({ page }) => {
        await openCheckoutAt(page, await ribeyeCustomer('generated.speed'));
        await herHome(page).click();
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
        await deleteAddressThroughApi(await sessionOf(page), 'Home');
        await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
      },
    },
    {
      // Her cart ordered in another tab once she chose her home: the speeds' call is answered that it was ordered.
      name: 'customer delivering a ribeye, her cart ordered in another tab once her home is chosen',
      input: atSpeedStep(addressIds.cartOrdered),
      open: async ({ page }) => {
        await openCheckoutAt(page, await ribeyeCustomer('generated.speed'));
        await herHome(page).click();
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
        await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.speeds.length, c.speedChoice ?? null, c.speedMessage ?? null, c.groupMessage ?? null]);
  },
  events: {
    'shippingOptions: connection lost': {
      event: { type: 'xstate.error.actor.shippingOptions', error: new ApiError(offlineMessage, 500, 0) },
      when: all(loadingForHome, messageIs(undefined)),
      prepare: failingOnce('/api/shipping'),
      act: nothingToDo,
    },
    'shippingOptions: none offered': {
      event: done({ code: -1, message: noSpeedMessage }),
      when: all(loadingForHome, messageIs(offlineMessage)),
      prepare: async ({ page }) => answeredOnce(page, '/api/shipping', { code: -1, message: noSpeedMessage }),
      act: nothingToDo,
    },
    'shippingOptions: 1 Hour Delivery': {
      event: done({ code: 1, data: { speed: speeds.filter((s) => s.id === 1) } }),
      when: all(loadingForHome, messageIs(offlineMessage)),
      act: nothingToDo,
    },
    'shippingOptions: three speeds (widened by the test)': {
      event: done(shippingOk),
      when: all(loadingForHome, messageIs(undefined)),
      prepare: async ({ page }) => changedOnce(page, '/api/shipping', threeSpeeds),
      act: nothingToDo,
    },
    'shippingOptions: her home is gone': {
      event: {
        type: 'xstate.error.actor.shippingOptions',
        error: new ApiError(addressGoneMessage, 0, 404, [{ field: deliveryAddressField, message: addressGoneMessage }]),
      },
      when: all(at('loading'), deliversTo(addressIds.deleted)),
      act: nothingToDo,
    },
    'shippingOptions: her cart was ordered': {
      event: {
        type: 'xstate.error.actor.shippingOptions',
        error: new ApiError(cartOrderedMessage, 0, 404, [{ field: orderedCartField, message: cartOrderedMessage }]),
      },
      when: all(at('loading'), deliversTo(addressIds.cartOrdered)),
      prepare: cartOrderedOnce('/api/shipping'),
      act: nothingToDo,
    },
    'speed.retry': {
      event: { type: 'speed.retry' },
      when: all(at('failed'), messageIs(offlineMessage)),
      act: async ({ page }) => tryAgain(page).click(),
    },
    // A seller's slot in the block below: refused (the connection dropped), then saved.
    "group.failed: a seller's slot refused": {
      event: { type: 'group.failed', message: slotRefusedMessage },
      when: all(at('choosing'), offered(1), (s) => contextOf(s).groupMessage === undefined),
      prepare: async ({ page }) => connectionLostOnce(page, '/api/cart/deliveryschedule'),
      act: async ({ page }) => {
        await slots(page).last().click();
        await expect(blocks(page).getByRole('alert')).toBeVisible();
      },
    },
    "group.saved: a seller's slot saved": {
      event: { type: 'group.saved', reply: ok(baseCart) },
      when: all(at('choosing'), offered(1), (s) => contextOf(s).groupMessage !== undefined),
      act: async ({ page }) => {
        await slots(page).last().click();
        await expect(blocks(page).getByRole('alert')).toHaveCount(0);
      },
    },
    'speed.choose: Store Pickup': {
      event: { type: 'speed.choose', speedId: 2 },
      when: all(at('choosing'), offered(3), chose(1)),
      act: async ({ page }) => choose(page, 'Select Speed', 'Store Pickup (READY IN 1 HOUR)'),
    },
    'retailer.choose: the second shop': {
      event: { type: 'retailer.choose', retailerId: retailerB.id },
      when: all(at('choosing'), chose(2), (s) => contextOf(s).speedChoice?.retailerId !== retailerB.id),
      act: async ({ page }) => {
        await choose(page, 'Select Retailer', 'Second shop (1 mi)');
        await expect(page.getByRole('combobox', { name: 'Select Retailer' })).toContainText('Second shop');
      },
    },
    'speed.choose: Courier Delivery': {
      event: { type: 'speed.choose', speedId: 10 },
      when: all(at('choosing'), chose(2), (s) => contextOf(s).speedChoice?.retailerId === retailerB.id),
      act: async ({ page }) => choose(page, 'Select Speed', 'Courier Delivery (2 ~ 3 DAYS)'),
    },
    'method.choose: the second day': {
      event: { type: 'method.choose', methodId: 'courier-201-b' },
      when: all(at('choosing'), chose(10), (s) => contextOf(s).speedChoice?.methodId !== 'courier-201-b'),
      act: async ({ page }) => {
        await page.getByRole('combobox', { name: 'Select Date' }).click();
        await page.getByRole('option').last().click();
        await expect(page.getByRole('combobox', { name: 'Select Date' })).toContainText('Second day');
      },
    },
    'speed.continue': {
      event: { type: 'speed.continue' },
      when: all(at('choosing'), chose(10), (s) => contextOf(s).speedChoice?.methodId === 'courier-201-b'),
      act: async ({ page }) => page.getByRole('button', { name: 'CONTINUE' }).click(),
    },
  },
  states: {
    'checkoutSpeed.loading': { passing: 'the speeds load as the step opens (and after Try again)' },
    'checkoutSpeed.choosing': { shows: speedBox },
    'checkoutSpeed.failed': { shows: (page) => tryAgain(page).or(backToCart(page)) },
    'checkoutSpeed.chosen': { shows: (page) => page.getByRole('heading', { name: 'Choose Payment Options' }) },
    // The checkout is back at her addresses, without the deleted one, and says why.
    'checkoutSpeed.addressGone': { shows: (page) => page.getByRole('alert').filter({ hasText: addressGoneMessage }) },
    // The checkout is back on the cart, which the other tab ordered.
    'checkoutSpeed.cartOrdered': { leaves: /\/cart$/ },
  },
  notDriven: {},
};
