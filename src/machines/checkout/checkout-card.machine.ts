import { sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ShippingAddress } from '../../rules/checkout-flow.ts';
import { addCardMachine } from '../cards/add-card.machine.ts';
import type { AddedCard, ShippingAddressForCard } from '../cards/add-card.setup.ts';
import { cardListMachine } from '../cards/card-list.machine.ts';
import type { CardStepReport, CheckoutReport, CardStepChoice } from './checkout-flow.types.ts';
import { paymentOptionsMachine, type PaymentOptionsEvent } from '../cards/payment-options.machine.ts';
import { isPayOnDeliveryOffered, type HandOver } from '../../rules/pay-on-delivery.ts';

export interface CheckoutCardInput {
  /** The cart being checked out (paymentmethods checks it is the caller's); none in account settings. */
  cartId?: string | undefined;
  /** The checkout's shipping address: 'Same As Shipping Address' copies it and reuses its id as the billing address. */
  shippingAddress?: ShippingAddressForCard | undefined;
  /** Account settings: saved cards with Remove and ADD CARD; no payment options, no 'Same As Shipping Address'. */
  fromSettings?: boolean | undefined;
  /** Why this cart cannot be paid on delivery (payOnDeliveryRefusal): the panel says it and has no Continue. */
  payOnDeliveryRefusal?: string | undefined;
  /** How the order reaches the shopper (handOverOf its speed): a Dine-In table is not offered Payment on Delivery. */
  handOver?: HandOver | undefined;
  /** Why this order cannot be paid by bank (bankDebitRefusal: due before a debit clears): the bank list says it, disabled. */
  bankRefusal?: string | undefined;
}

export interface CheckoutCardContext {
  cartId: string | undefined;
  shippingAddress: ShippingAddressForCard | undefined;
  fromSettings: boolean;
  payOnDeliveryRefusal: string | undefined;
  handOver: HandOver;
  bankRefusal: string | undefined;
}

/** The shopper's option choice and Payment on Delivery's Continue reach the card step, which passes them to payment options. */
export type CheckoutCardEvent = CardStepReport | Extract<PaymentOptionsEvent, { type: 'payment.option.choose' | 'payment.continue' | 'bank.choose' }>;

/** The checkout's chosen address as the add-card form's 'Same As Shipping Address' reads it. */
export function shippingAddressForCard(address: ShippingAddress | undefined): ShippingAddressForCard | undefined {
  return (
    address && {
      address_id: address.id,
      firstname: address.firstname,
      lastname: address.lastname,
      street1: address.street_1,
      street2: address.street_2,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
      telephone: address.phone,
    }
  );
}

/**
 * The card step, 'Choose Payment Options' and 'Choose a Card for Payment' (spec section 2 screens 3-5), also the
 * account settings' PAYMENT METHOD. It runs payment options (choosePaymentOption) and the card list (listCards) side
 * by side and, while the card list's ADD NEW CARD is open, the add-card form (addCard); the form's saved card (or its
 * back) goes to the card list. Its states say which panel the card tab shows (cards, UPI, Payment on Delivery, the
 * add-card form); the option chosen is passed on to payment options, which owns the UPI check and the choice.
 *
 * What the children choose (a saved card, a card just added, a verified UPI id, Payment on Delivery) goes to checkout
 * as 'card.continue' (reportChoice). Their refusals become a toast (notifyError, provided by the page).
 */
export const checkoutCardMachine = setup({
  types: {
    context: {} as CheckoutCardContext,
    input: {} as CheckoutCardInput,
    events: {} as CheckoutCardEvent,
    children: {} as { choosePaymentOption: 'choosePaymentOption'; listCards: 'listCards'; addCard: 'addCard' },
  },
  actors: {
    choosePaymentOption: paymentOptionsMachine,
    listCards: cardListMachine,
    addCard: addCardMachine,
  },
  guards: {
    isCardsChosen: ({ event }) => event.type === 'payment.option.choose' && event.mode === 2,
    isUpiChosen: ({ event }) => event.type === 'payment.option.choose' && event.mode === 3,
    isDeliveryChosen: ({ context, event }) => event.type === 'payment.option.choose' && event.mode === 4 && isPayOnDeliveryOffered(context.handOver),
    isPayOnDeliveryOpen: ({ context }) => context.payOnDeliveryRefusal === undefined,
    isBankOffered: ({ context }) => context.bankRefusal === undefined,
    isCardAdded: (_, params: { added: AddedCard | undefined }) => params.added !== undefined,
  },
  actions: {
    // The card list chooses the card just added (checkout) or reloads (settings); isCardAdded has checked there is one.
    sendAddedCard: sendTo('listCards', (_, params: { added: AddedCard | undefined }) =>
      params.added
        ? { type: 'card.added' as const, card: params.added.card, billingAddressId: params.added.billingAddressId }
        : { type: 'card.add.back' as const },
    ),
    sendAddBack: sendTo('listCards', { type: 'card.add.back' }),
    forwardToPaymentOptions: sendTo('choosePaymentOption', ({ event }) => event),
    reportChoice: sendParent((_, params: { choice: CardStepChoice }): CheckoutReport => ({ type: 'card.continue', choice: params.choice })),
    reportAddressGone: sendParent((_, params: { message: string }): CheckoutReport => ({ type: 'card.address.gone', message: params.message })),
    // The toast: provided by the page (the app's notifications).
    notifyError: (_, _params: { message: string }) => undefined,
  },
}).createMachine({
  id: 'checkoutCard',
  description: 'The payment step: how the shopper pays (a saved or new card, UPI, on delivery, or by bank).',
  context: ({ input }) => ({
    cartId: input.cartId,
    shippingAddress: input.shippingAddress,
    fromSettings: input.fromSettings ?? false,
    payOnDeliveryRefusal: input.payOnDeliveryRefusal,
    handOver: input.handOver ?? 'delivery',
    bankRefusal: input.bankRefusal,
  }),
  invoke: [
    { id: 'choosePaymentOption', src: 'choosePaymentOption', input: {} },
    { id: 'listCards', src: 'listCards', input: ({ context }) => ({ cartId: context.cartId, fromSettings: context.fromSettings }) },
  ],
  on: {
    'payment.chosen': {
      actions: { type: 'reportChoice', params: ({ event }) => ({ choice: event.choice }) },
      description: 'A card, a verified UPI id or Payment on Delivery was chosen: checkout moves on.',
    },
    'card.error': {
      actions: { type: 'notifyError', params: ({ event }) => ({ message: event.message }) },
      description: 'A card could not be removed, saved or read: a toast says why.',
    },
    'card.address.gone': {
      actions: { type: 'reportAddressGone', params: ({ event }) => ({ message: event.message }) },
      description: 'The shipping address a new card copied is gone (another tab): checkout goes back to the addresses.',
    },
  },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Choose Payment Options: the shopper picks how to pay.',
      initial: 'cards',
      on: {
        'payment.option.choose': [
          {
            guard: 'isCardsChosen',
            target: '.cards',
            actions: 'forwardToPaymentOptions',
            description: 'Cards: the saved cards show, with ADD NEW CARD.',
          },
          { guard: 'isUpiChosen', target: '.upi', actions: 'forwardToPaymentOptions', description: 'UPI: the UPI id field shows.' },
          {
            guard: 'isDeliveryChosen',
            target: '.delivery',
            actions: 'forwardToPaymentOptions',
            description:
              'Payment on Delivery (for a pick-up too, paid at the counter; never for a Dine-In table): nothing to fill in, Continue shows.',
          },
        ],
        // A bank picked from the list pays by bank from it, whichever option showed; not for an order due before a debit clears.
        'bank.choose': {
          guard: 'isBankOffered',
          target: '.bank',
          actions: 'forwardToPaymentOptions',
          description: 'A bank from the seven, for an order due once a debit has cleared: its account fields show.',
        },
      },
      states: {
        cards: {
          description: "Choose a Card for Payment: the saved cards, 'ADD NEW CARD' and Continue (the card list).",
          on: { 'card.add.open': { description: 'The shopper chooses to add a new card.', target: '#checkoutCard.addingCard' } },
        },
        upi: { description: 'UPI: the shopper types their UPI id and has it verified before Continue (payment options).' },
        delivery: {
          description:
            "Payment on Delivery: nothing to fill in, Continue at once; for a cart it cannot take (more than 12 units), why ('Payment on Delivery is available for up to 12 items per order…') and no Continue.",
          on: {
            'payment.continue': {
              description: 'The shopper continues with a pay-on-delivery option.',
              guard: 'isPayOnDeliveryOpen',
              actions: 'forwardToPaymentOptions',
            },
          },
        },
        bank: { description: 'Pay by bank: the bank chosen, its routing and account numbers, then Continue (payment options).' },
      },
    },
    addingCard: {
      description: 'Add New Card: the card form is open; saving it (or Back) returns to the saved cards.',
      invoke: {
        id: 'addCard',
        src: 'addCard',
        input: ({ context }) => ({ shippingAddress: context.shippingAddress, fromSettings: context.fromSettings }),
        onDone: [
          {
            guard: { type: 'isCardAdded', params: ({ event }) => ({ added: event.output.added }) },
            target: 'choosing',
            description: 'The card was saved: the card list chooses it (checkout) or shows it (settings).',
            actions: { type: 'sendAddedCard', params: ({ event }) => ({ added: event.output.added }) },
          },
          { target: 'choosing', actions: 'sendAddBack', description: 'Back without saving: the saved cards show again.' },
        ],
        onError: { description: 'The new-card form stopped unexpectedly: back to the saved cards.', target: 'choosing', actions: 'sendAddBack' },
      },
    },
  },
});

export type CheckoutCardActor = ActorRefFrom<typeof checkoutCardMachine>;
