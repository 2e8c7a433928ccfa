import { expect, type Page } from '@playwright/test';
import { assign, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { offlineMessage } from '../../../src/api/http.ts';
import { checkoutCardMachine, type CheckoutCardContext } from '../../../src/machines/checkout/checkout-card.machine.ts';
import { bankMessages } from '../../../src/rules/bank-account.ts';
import { openNewCard, saveNewCard } from '../checkout-steps.ts';
import { connectionLostOnce, homeAndContinue, openCheckoutAt, ribeyeCustomer, speedAndContinue } from '../faults.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { nothingToDo } from './shoppers.ts';

/**
 * The checkout's payment tab as the card step (checkoutCard) runs it: checkout's ribeye customer (her cart scheduled and
 * her home saved through the API) walks the address and speed tabs to it. The options UPI, Payment on Delivery, a bank
 * and Cards; ADD NEW CARD and Back, ADD NEW CARD again, the card provider unreachable (a test fault: the toast), then
 * the card saved (billing Same As Shipping Address), which the card list chooses: checkout moves on. Payment on
 * Delivery's Continue moves on too, in the other journey.
 *
 * The card step keeps nothing of its own in its context, so the graph would see every visit of a panel as the same
 * state and plan a journey per transition. The journey's model (never the page's) counts the steps in its cartId
 * instead (`counted`), so the planner walks the panels in one long journey and one short one.
 */

const file = 'tests/e2e/journeys/checkout-card.journeys.ts';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutCardContext;
/** How many steps the journey's model has counted (see `counted`). */
const stepsOf = (snapshot: AnyMachineSnapshot) => (contextOf(snapshot).cartId ?? '').split('+').length - 1;
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const after =
  (steps: number, value: unknown) =>
  (snapshot: AnyMachineSnapshot): boolean =>
    stepsOf(snapshot) === steps && at(value)(snapshot);

/** The model's step counter: each of the step's actions adds a '+' to its cartId. */
const counted = ({ context }: { context: CheckoutCardContext }) => ({ cartId: `${context.cartId ?? ''}+` });
const model = checkoutCardMachine.provide({
  actions: {
    forwardToPaymentOptions: assign(counted),
    sendAddedCard: assign(counted),
    sendAddBack: assign(counted),
    reportChoice: assign(counted),
    notifyError: assign(counted),
  },
});

const toSummary = /\/cart\/checkout$/;
const optionsHeading = (page: Page) => page.getByRole('heading', { name: 'Choose Payment Options' });
const cardsHeading = (page: Page) => page.getByRole('heading', { name: 'Choose a Card for Payment' });
const cardHolder = (page: Page) => page.getByLabel('Card Holder');

function option(label: 'Cards' | 'UPI' | 'Payment on Delivery', mode: 2 | 3 | 4, when: EventMapping['when']): EventMapping {
  return {
    event: { type: 'payment.option.choose', mode },
    when,
    act: async ({ page }) => page.getByRole('radio', { name: label, exact: true }).check(),
  };
}

const addCardDone = (added: unknown): AnyEventObject => ({ type: 'xstate.done.actor.addCard', output: { added } });
const savedCard = {
  card: { id: 1, customer: 'cus_1', metadata: { address_id: 11 }, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  billingAddressId: 11,
};

export const checkoutCardJourneys: MachineMap = {
  machine: model,
  file,
  variants: [
    {
      name: 'customer delivering a ribeye, at the payment tab',
      input: () => ({ cartId: 'cart' }),
      open: async ({ page }) => {
        // Delivered a week ahead: pay by bank (chosen on this tab) is offered once a debit can clear.
        await openCheckoutAt(page, await ribeyeCustomer('generated.card', 7));
        await homeAndContinue(page);
        await speedAndContinue(page);
      },
    },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, stepsOf(snapshot)]),
  events: {
    'payment.option.choose: UPI': option('UPI', 3, after(0, { choosing: 'cards' })),
    'payment.option.choose: Payment on Delivery': option('Payment on Delivery', 4, after(1, { choosing: 'upi' })),
    'payment.continue: Payment on Delivery': {
      event: { type: 'payment.continue' },
      when: after(2, { choosing: 'delivery' }),
      act: async ({ page }) => page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click(),
      leaves: toSummary,
    },
    'bank.choose: Chase': {
      event: { type: 'bank.choose', bank: 'Chase' },
      when: after(2, { choosing: 'delivery' }),
      act: async ({ page }) => page.getByRole('group', { name: bankMessages.title }).getByRole('radio', { name: 'Chase' }).check(),
    },
    'payment.option.choose: Cards': option('Cards', 2, after(3, { choosing: 'bank' })),
    // ADD NEW CARD: the card list tells the step, which opens the form.
    'card.add.open: ADD NEW CARD': {
      event: { type: 'card.add.open' },
      when: (s) => after(4, { choosing: 'cards' })(s) || after(5, { choosing: 'cards' })(s),
      act: async ({ page }) => openNewCard(page),
    },
    'addCard: Back to cards': {
      event: addCardDone(undefined),
      when: after(4, 'addingCard'),
      act: async ({ page }) => page.getByRole('button', { name: 'Back to cards' }).click(),
    },
    // The form's report: the card provider could not be reached (the connection dropped, a test fault).
    'card.error: the card provider could not be reached': {
      event: { type: 'card.error', message: offlineMessage },
      when: after(5, 'addingCard'),
      prepare: async ({ page }) => connectionLostOnce(page, '/api/payments/tokenize'),
      act: async ({ page }) => {
        await saveNewCard(page, '4242 4242 4242 4242');
        await expect(page.getByRole('alert').filter({ hasText: offlineMessage }).first()).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeEnabled();
      },
    },
    'addCard: the card saved': {
      event: addCardDone(savedCard),
      when: after(6, 'addingCard'),
      act: async ({ page }) => page.getByRole('button', { name: 'Save and Continue' }).click(),
      // The card list chooses it at once and reports it: checkout moves on to the summary.
      leaves: toSummary,
    },
    // The card list chooses the card just added and reports it (so does payment options for Payment on Delivery).
    'payment.chosen: checkout moves on': {
      event: { type: 'payment.chosen', choice: { payment_mode: 4 } },
      when: (s) => after(3, { choosing: 'delivery' })(s) || after(7, { choosing: 'cards' })(s),
      act: nothingToDo,
      leaves: toSummary,
      reply: 'with the one before',
    },
  },
  states: {
    'checkoutCard.choosing': { shows: optionsHeading },
    'checkoutCard.choosing.cards': { shows: cardsHeading },
    'checkoutCard.choosing.upi': { shows: (page) => page.getByRole('form', { name: 'UPI' }) },
    'checkoutCard.choosing.delivery': { shows: (page) => page.getByText('Pay when your order arrives.') },
    'checkoutCard.choosing.bank': { shows: (page) => page.getByRole('form', { name: 'Pay from Chase' }) },
    'checkoutCard.addingCard': { shows: cardHolder, hides: optionsHeading },
  },
  notDriven: {
    'checkoutCard.addingCard --xstate.error.actor.addCard--> checkoutCard.choosing':
      'the new-card machine has no failing path of its own (every call it makes has an error transition); only a bug in it would stop it',
    'checkoutCard --card.address.gone--> (self)':
      "the shipping address a new card copies deleted in another tab: checkout.e2e.ts 'a new card billed to a shipping address deleted in another tab…' takes it in the browser (a journey here would need her home deleted mid-way through the long one); the machine tests take it",
  },
};
