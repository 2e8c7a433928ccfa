import type { Page } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import { paymentOptionsMachine, type PaymentOptionsContext } from '../../../src/machines/cards/payment-options.machine.ts';
import { bankMessages } from '../../../src/rules/bank-account.ts';
import { upiMessages } from '../../../src/rules/upi.ts';
import { homeAndContinue, openCheckoutAt, ribeyeCustomer, speedAndContinue } from '../faults.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { failingOnce, nothingToDo } from './shoppers.ts';

/**
 * Choose Payment Options on the checkout's payment tab: checkout's ribeye customer (her cart scheduled and her home
 * saved through the API, faults.ts ribeyeCustomer) walks the address and speed tabs to it. UPI: too short, could not be
 * verified (the connection dropped, a test fault), refused by the bank (the test gateway refuses ids ending '@fail'),
 * verified and Continue; Payment on Delivery and Continue; Payment on Delivery, a bank from the list and its routing number,
 * Cards, another bank (the routing number kept) and its account number, and Continue. Each Continue leaves for the summary, so each ends its journey.
 */

const file = 'tests/e2e/journeys/payment-options.journeys.ts';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentOptionsContext;
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const typed = (upiId: string) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).upiId === upiId;
const noBank = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).bankName === undefined;
const upiErrorShown = (shown: boolean) => (snapshot: AnyMachineSnapshot) => (contextOf(snapshot).upiError !== undefined) === shown;

/** The UPI ids the journey types: too short, one the dropped connection cannot verify, one the bank refuses, one it knows. */
const ids = { short: 'ada', lost: 'ada@bank', refused: 'ada@fail', known: 'ada@upi' } as const;

const upiForm = (page: Page) => page.getByRole('form', { name: 'UPI' });
/** The open bank's form (the graph's state says which bank it is). */
const bankForm = (page: Page, model?: AnyMachineSnapshot) => page.getByRole('form', { name: `Pay from ${model ? contextOf(model).bankName : ''}` });
const bankContinue = (page: Page, disabled: boolean) =>
  page.getByRole('form', { name: /^Pay from / }).getByRole('button', { name: 'Continue', disabled });
const chooseBank = async (page: Page, bank: string) =>
  page.getByRole('group', { name: bankMessages.title }).getByRole('radio', { name: bank }).check();
const toSummary = /\/cart\/checkout$/;

function option(label: 'Cards' | 'UPI' | 'Payment on Delivery', mode: 2 | 3 | 4, when: EventMapping['when']): EventMapping {
  return {
    event: { type: 'payment.option.choose', mode },
    when,
    act: async ({ page }) => page.getByRole('radio', { name: label, exact: true }).check(),
  };
}

function typeUpi(upiId: string, when: EventMapping['when']): EventMapping {
  return {
    event: { type: 'upi.change', upiId },
    when,
    act: async ({ page }) => upiForm(page).getByLabel('UPI ID').fill(upiId),
  };
}

const verifyReply = (valid: boolean): AnyEventObject => ({
  type: 'xstate.done.actor.verifyUpi',
  output: { code: 1, message: valid ? upiMessages.verified : upiMessages.invalid, isVPAValid: valid ? 1 : 0 },
});

export const paymentOptionsJourneys: MachineMap = {
  // The choice goes to the card step, a parent the graph walk has not got (the page's machine reports it).
  machine: paymentOptionsMachine.provide({ actions: { reportChoice: () => undefined } }),
  file,
  variants: [
    {
      name: 'customer delivering a ribeye, at the payment tab',
      input: () => undefined,
      open: async ({ page }) => {
        // Delivered a week ahead: pay by bank (chosen on this tab) is offered once a debit can clear.
        await openCheckoutAt(page, await ribeyeCustomer('generated.payment', 7));
        await homeAndContinue(page);
        await speedAndContinue(page);
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.upiId,
      c.upiError ?? null,
      c.verifiedUpiId ?? null,
      c.bankName ?? null,
      c.routingNumber,
      c.accountNumber,
    ]);
  },
  events: {
    'payment.option.choose: UPI': option('UPI', 3, all(at('cards'), noBank)),
    'payment.option.choose: Payment on Delivery': option('Payment on Delivery', 4, all(at('cards'), noBank)),
    // Cards from the bank's form, before a number is typed; the bank is then chosen again.
    'payment.option.choose: Cards': option(
      'Cards',
      2,
      all(at('bank'), (s) => contextOf(s).bankName === 'Chase' && contextOf(s).routingNumber !== ''),
    ),
    'upi.change: too short': typeUpi(ids.short, all(at({ upi: 'editing' }), typed(''))),
    'upi.change: an id the connection loses': typeUpi(ids.lost, all(at({ upi: 'editing' }), typed(ids.short), upiErrorShown(true))),
    'upi.change: an id the bank refuses': typeUpi(ids.refused, all(at({ upi: 'editing' }), typed(ids.lost), upiErrorShown(true))),
    'upi.change: an id the bank knows': typeUpi(ids.known, all(at({ upi: 'editing' }), typed(ids.refused), upiErrorShown(true))),
    'upi.verify': {
      event: { type: 'upi.verify' },
      when: all(at({ upi: 'editing' }), upiErrorShown(false), (s) => contextOf(s).upiId !== ''),
      act: async ({ page }) => upiForm(page).getByRole('button', { name: 'Verify' }).click(),
    },
    'verifyUpi: connection lost': {
      event: { type: 'xstate.error.actor.verifyUpi', error: new ApiError(offlineMessage, 500, 0) },
      when: all(at({ upi: 'verifying' }), typed(ids.lost)),
      prepare: failingOnce('/payuapi/payu/varifyUpi'),
      act: nothingToDo,
    },
    'verifyUpi: refused by the bank': { event: verifyReply(false), when: all(at({ upi: 'verifying' }), typed(ids.refused)), act: nothingToDo },
    'verifyUpi: verified': { event: verifyReply(true), when: all(at({ upi: 'verifying' }), typed(ids.known)), act: nothingToDo },
    'payment.continue: the verified UPI id': {
      event: { type: 'payment.continue' },
      when: at({ upi: 'verified' }),
      act: async ({ page }) => upiForm(page).getByRole('button', { name: 'Continue' }).click(),
      leaves: toSummary,
    },
    'payment.continue: Payment on Delivery': {
      event: { type: 'payment.continue' },
      when: at('delivery'),
      act: async ({ page }) => page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click(),
      leaves: toSummary,
    },
    'bank.choose: Chase': {
      event: { type: 'bank.choose', bank: 'Chase' },
      when: at('delivery'),
      act: async ({ page }) => chooseBank(page, 'Chase'),
    },
    'bank.routing.change: a good routing number': {
      event: { type: 'bank.routing.change', value: '110000000' },
      when: all(at('bank'), (s) => contextOf(s).routingNumber === ''),
      act: async ({ page, model }) => bankForm(page, model).getByLabel('Routing Number').fill('110000000'),
    },
    // Another bank, after Cards: the numbers typed are kept.
    'bank.choose: Wells Fargo': {
      event: { type: 'bank.choose', bank: 'Wells Fargo' },
      when: all(at('cards'), (s) => contextOf(s).bankName === 'Chase'),
      act: async ({ page }) => chooseBank(page, 'Wells Fargo'),
    },
    'bank.account.change: a good account number': {
      event: { type: 'bank.account.change', value: '000123456789' },
      when: all(at('bank'), (s) => contextOf(s).bankName === 'Wells Fargo' && contextOf(s).accountNumber === ''),
      act: async ({ page, model }) => bankForm(page, model).getByLabel('Account Number').fill('000123456789'),
    },
    'payment.continue: pay by bank': {
      event: { type: 'payment.continue' },
      when: at({ bank: 'accountReady' }),
      act: async ({ page, model }) => bankForm(page, model).getByRole('button', { name: 'Continue' }).click(),
      leaves: toSummary,
    },
  },
  states: {
    'paymentOptions.cards': { shows: (page) => page.getByRole('heading', { name: 'Choose a Card for Payment' }) },
    'paymentOptions.upi': { shows: (page) => upiForm(page).getByLabel('UPI ID') },
    'paymentOptions.upi.editing': { shows: (page) => upiForm(page).getByRole('button', { name: 'Verify' }) },
    'paymentOptions.upi.verifying': { passing: "the bank's answer comes while Verify is pressed" },
    'paymentOptions.upi.verified': { shows: (page) => upiForm(page).getByRole('status').filter({ hasText: upiMessages.verified }) },
    'paymentOptions.bank': { shows: (page) => page.getByRole('form', { name: /^Pay from / }) },
    'paymentOptions.bank.checkingAccount': { passing: 'the bank and the numbers are checked as they are typed' },
    'paymentOptions.bank.enteringAccount': { shows: (page) => bankContinue(page, true) },
    'paymentOptions.bank.accountReady': { shows: (page) => bankContinue(page, false) },
    'paymentOptions.delivery': { shows: (page) => page.getByText('Pay when your order arrives.') },
  },
  notDriven: {},
};
