import { expect, type Page } from '@playwright/test';
import { assign, createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { checkoutAddressMachine, type CheckoutAddressContext } from '../../../src/machines/checkout/checkout-address.machine.ts';
import { addressRuleMessages } from '../../../src/rules/address-validation.ts';
import { away, home, newYorkValues } from '../../machines/checkout-fixtures.ts';
import { answeredOnce, connectionLostOnce, openCheckoutAt, ribeyeCustomer } from '../faults.ts';
import { saveAddressThroughApi } from '../steps.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { failingOnce, nothingToDo } from './shoppers.ts';

/**
 * 'Select a Shipping Address', the checkout's address tab: checkout's ribeye customer (her cart scheduled and her
 * home saved through the API) with her office, in another zip of the city, as her default address: nothing is
 * preselected (walk 4 #6), the office chosen and refused, then her home; ADD NEW ADDRESSES: the zip lookup lost (a test fault) and typed
 * again, the default ticked and unticked, a city not the zip's, Back to addresses, the
 * office again; a new address refused by the server (a test fault), then saved, the list refused (a test fault); one
 * more saved, the list lost (the connection dropped); one more whose save is lost. Another saves her loft in her
 * office's zip instead: listed, not selected, and the snackbar says why (her home stays selected). The other journey
 * continues with her home. The graph's addresses are the machine tests' fixtures: its default 'away' stands for her
 * office.
 *
 * A refusal only shows the snackbar (the tabs machine's), so the graph would see the step unchanged after one; the
 * journey's model (never the page's) counts them (`notices`) so the planner walks on in one journey.
 */

const file = 'tests/e2e/journeys/checkout-address.journeys.ts';

type ModelContext = CheckoutAddressContext & { notices?: number };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ModelContext;
const noticesOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).notices ?? 0;
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const notices =
  (...counts: number[]) =>
  (snapshot: AnyMachineSnapshot) =>
    counts.includes(noticesOf(snapshot));
const chose = (id: number | undefined) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).chosenAddressId === id;
const savedIs = (id: number | undefined) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).savedAddressId === id;

/** The graph's ids of the addresses the server saves in these journeys: the first, the second, and her loft in another zip. */
const savedIds = { first: 901, second: 902, elsewhere: 903 } as const;
const savedElsewhere = 'addShippingAddress: her loft saved, in another zip';
/** Her office's zip in the browser (the graph's 'away' has its own): in New York, not the shopping zip. */
const officeZip = '10002';

/** The snackbar goes to the tabs machine, a parent the graph walk has not got: the model counts the notices instead. */
const model = checkoutAddressMachine.provide({
  actions: {
    reportNotice: assign(({ context }) => {
      // Not an object literal, so the count rides along in the model's context (the machine's type has no place for it).
      const counted = { savedAddressId: context.savedAddressId, notices: ((context as ModelContext).notices ?? 0) + 1 };
      return counted;
    }),
  },
});

const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const heading = (page: Page) => page.getByRole('heading', { name: 'Select a Shipping Address' });
const form = (page: Page) => page.getByRole('tabpanel');
const office = (page: Page) => page.getByRole('button', { name: /^Office: / });
const herHome = (page: Page) => page.getByRole('button', { name: /^Home: Ada Lovelace/ });
const herLoft = (page: Page) => page.getByRole('button', { name: /^Loft: / });
const saveAddress = (page: Page) => page.getByRole('button', { name: 'SAVE ADDRESS' });
const serverRefusal = 'This address cannot be saved right now.';

/**
 * The open form filled with a New York address (the zip fills the city), `city` typed over it when given; her studio in
 * the shopping zip unless told otherwise.
 */
async function fillNewAddress(
  page: Page,
  { city, zip = '10001', nickname = 'Studio' }: { city?: string; zip?: string; nickname?: string } = {},
): Promise<void> {
  await form(page).getByLabel('First Name').fill('Ada');
  await form(page).getByLabel('Last Name').fill('Lovelace');
  await form(page)
    .getByLabel('Address', { exact: true })
    .fill(`${1 + Math.floor(Math.random() * 99_999)} Madison Ave`);
  await form(page).getByLabel('Zipcode').fill(zip);
  await expect(form(page).getByLabel('City')).toHaveValue('New York');
  if (city) await form(page).getByLabel('City').fill(city);
  await form(page).getByLabel('Address Nickname').fill(nickname);
  await form(page).getByLabel('Phone').fill('2125550123');
}

const loaded = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.getShippingAddresses', output });
const saveReply = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.addShippingAddress', output });

function saved(id: number, when: EventMapping['when']): EventMapping {
  return { event: saveReply({ code: 1, address_id: id }), when, act: nothingToDo };
}

export const checkoutAddressJourneys: MachineMap = {
  machine: model,
  file,
  variants: [
    {
      name: 'customer delivering a ribeye, her office (another zip) her default',
      input: () => ({
        session: createActor(sessionMachine, {
          input: { zipcode: '10001', location: 101, cart_id: 'cart-abc', Token: 'token', CustomerId: 1 },
        }).start(),
      }),
      open: async ({ page }) => {
        const session = await ribeyeCustomer('generated.address');
        if (!session.Token || session.CustomerId === undefined) throw new Error('no customer');
        await saveAddressThroughApi(
          { token: session.Token, customerId: session.CustomerId },
          { nickname: 'Office', street1: '100 Delancey St', zipcode: officeZip, default_address: '1' },
        );
        await openCheckoutAt(page, session);
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.addresses.length, c.chosenAddressId ?? null, c.savedAddressId ?? null, noticesOf(snapshot)]);
  },
  events: {
    'getShippingAddresses: her addresses': {
      event: loaded({
        code: 1,
        data: [
          { ...away, default_address: '1' },
          { ...home, default_address: '0' },
        ],
      }),
      when: all(at('loading'), savedIs(undefined)),
      // Her default is in another zip: listed, not preselected (walk 4 #6), so SAVE & CONTINUE waits for a choice.
      act: async ({ page }) => {
        await expect(office(page)).toHaveAttribute('aria-pressed', 'false');
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'false');
        await expect(page.getByRole('button', { name: 'SAVE & CONTINUE' })).toBeDisabled();
      },
    },
    'address.choose: the office': {
      event: { type: 'address.choose', id: away.address_id },
      when: all(at('choosing'), notices(0, 2)),
      act: async ({ page }) => {
        await office(page).click();
        await expect(snackbar(page, addressRuleMessages.selectionNotAllowed)).toBeVisible();
      },
    },
    'address.choose: her home': {
      event: { type: 'address.choose', id: home.address_id },
      when: all(at('choosing'), chose(undefined), notices(1)),
      act: async ({ page }) => {
        await herHome(page).click();
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
      },
    },
    'address.continue: her home': {
      event: { type: 'address.continue' },
      when: all(at('choosing'), chose(home.address_id), notices(1), savedIs(undefined)),
      act: async ({ page }) => page.getByRole('button', { name: 'SAVE & CONTINUE' }).click(),
      leaves: /\/cart\/speed$/,
    },
    'address.form.toggle: ADD NEW ADDRESSES': {
      event: { type: 'address.form.toggle' },
      when: all(at('choosing'), chose(home.address_id), notices(1, 3, 4)),
      act: async ({ page }) => page.getByRole('button', { name: 'ADD NEW ADDRESSES' }).click(),
    },
    'address.refused: a city not the zip': {
      event: { type: 'address.refused', message: addressRuleMessages.zipCityMismatch },
      when: all(at({ adding: 'editing' }), notices(1)),
      // The form's own steps on the way (addressForm): the zip lookup lost once (the connection dropped, a test fault),
      // the zip typed again; 'Make this my default address' ticked and unticked.
      act: async ({ page }) => {
        await connectionLostOnce(page, '/connect/index/getaddressbyzipcode');
        await form(page).getByLabel('Zipcode').fill('10001');
        await form(page).getByLabel('Zipcode').fill('1000');
        await fillNewAddress(page, { city: 'Boston' });
        const makeDefault = page.getByRole('checkbox', { name: 'Make this my default address' });
        await makeDefault.check();
        await makeDefault.uncheck();
        await saveAddress(page).click();
        await expect(snackbar(page, addressRuleMessages.zipCityMismatch)).toBeVisible();
      },
    },
    'address.form.toggle: Back to addresses': {
      event: { type: 'address.form.toggle' },
      when: all(at({ adding: 'editing' }), notices(2)),
      act: async ({ page }) => page.getByRole('button', { name: 'Back to addresses' }).click(),
    },
    'address.save: a New York address': {
      event: { type: 'address.save', values: newYorkValues, makeDefault: false },
      when: all(at({ adding: 'editing' }), notices(3, 4)),
      // The graph's model keeps no typed values: the reply to come says which address was typed.
      act: async ({ page, upcoming }) => {
        await fillNewAddress(page, upcoming[0] === savedElsewhere ? { zip: officeZip, nickname: 'Loft' } : {});
        await saveAddress(page).click();
      },
    },
    'addShippingAddress: refused': {
      event: saveReply({ code: -1, message: serverRefusal }),
      when: all(at({ adding: 'saving' }), notices(3)),
      prepare: async ({ page }) => answeredOnce(page, '/connect/customer/addaddress', { code: -1, message: serverRefusal }),
      act: async ({ page }) => expect(snackbar(page, serverRefusal)).toBeVisible(),
    },
    'addShippingAddress: saved': saved(savedIds.first, all(at({ adding: 'saving' }), notices(4), savedIs(undefined))),
    'addShippingAddress: saved again': saved(savedIds.second, all(at({ adding: 'saving' }), savedIs(savedIds.first))),
    [savedElsewhere]: saved(savedIds.elsewhere, all(at({ adding: 'saving' }), notices(4), savedIs(undefined))),
    'getShippingAddresses: her addresses and her loft, in another zip': {
      event: loaded({
        code: 1,
        data: [
          { ...away, default_address: '1' },
          { ...home, default_address: '0' },
          { ...away, address_id: savedIds.elsewhere, address_nickname: 'Loft', default_address: '0' },
        ],
      }),
      when: all(at('loading'), savedIs(savedIds.elsewhere)),
      act: async ({ page }) => {
        await expect(snackbar(page, addressRuleMessages.selectionNotAllowed)).toBeVisible();
        await expect(herLoft(page)).toHaveAttribute('aria-pressed', 'false');
        await expect(herHome(page)).toHaveAttribute('aria-pressed', 'true');
      },
    },
    'addShippingAddress: connection lost': {
      event: { type: 'xstate.error.actor.addShippingAddress', error: new ApiError(offlineMessage, 500, 0) },
      when: all(at({ adding: 'saving' }), savedIs(savedIds.second)),
      prepare: failingOnce('/connect/customer/addaddress'),
      act: async ({ page }) => expect(saveAddress(page)).toBeEnabled(),
    },
    'getShippingAddresses: refused': {
      event: loaded({ code: -1, message: 'Not now.' }),
      when: all(at('loading'), savedIs(savedIds.first)),
      prepare: async ({ page }) => answeredOnce(page, '/connect/customer/getaddresses', { code: -1, message: 'Not now.' }),
      act: nothingToDo,
    },
    'getShippingAddresses: connection lost': {
      event: { type: 'xstate.error.actor.getShippingAddresses', error: new ApiError(offlineMessage, 500, 0) },
      when: all(at('loading'), savedIs(savedIds.second)),
      prepare: failingOnce('/connect/customer/getaddresses'),
      act: nothingToDo,
    },
  },
  states: {
    'checkoutAddress.checking': { passing: 'the step checks the session as it opens (and after a save)' },
    'checkoutAddress.loading': { passing: 'the saved addresses load with the step (and after a save)' },
    'checkoutAddress.choosing': { shows: heading },
    'checkoutAddress.adding': { shows: (page) => page.getByRole('heading', { name: 'ADD NEW ADDRESSES' }) },
    'checkoutAddress.adding.editing': { shows: saveAddress },
    'checkoutAddress.adding.saving': { passing: "the server's answer comes while SAVE ADDRESS is pressed" },
    'checkoutAddress.chosen': { leaves: /\/cart\/speed$/ },
  },
  notDriven: {
    'checkoutAddress.checking ----> checkoutAddress.choosing':
      'every checkout shopper has a token: a guest registers (guestRegister) before the address tab opens, and the cart sends a visitor without one there',
    'checkoutAddress.choosing --address.continue[isDeliveryZipMismatch]--> (self)':
      'an address outside the shopping zip is never selected, preselected or clicked (walk 4 #6); only a zip changed under the open step could leave one chosen, and no page changes it there (the machine test drives it)',
  },
};
