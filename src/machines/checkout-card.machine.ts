import { sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ShippingAddress } from '../rules/checkout-flow.ts';
import { addCardMachine, type AddedCard, type ShippingAddressForCard } from './add-card.machine.ts';
import { cardListMachine } from './card-list.machine.ts';
import type { CardStepReport, CheckoutReport, PaymentChoice } from './checkout-flow.types.ts';
import { paymentOptionsMachine } from './payment-options.machine.ts';

export interface CheckoutCardInput {
  /** The cart being checked out (paymentmethods checks it is the caller's); none in account settings. */
  cartId?: string | undefined;
  /** The checkout's shipping address: 'Same As Shipping Address' copies it and reuses its id as the billing address. */
  shippingAddress?: ShippingAddressForCard | undefined;
  /** Account settings: saved cards with Remove and ADD CARD; no payment options, no 'Same As Shipping Address'. */
  fromSettings?: boolean | undefined;
}

export interface CheckoutCardContext {
  cartId: string | undefined;
  shippingAddress: ShippingAddressForCard | undefined;
  fromSettings: boolean;
}

export type CheckoutCardEvent = CardStepReport;

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
 * back) goes to the card list.
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
    reportChoice: sendParent((_, params: { choice: PaymentChoice }): CheckoutReport => ({ type: 'card.continue', choice: params.choice })),
    // The toast: provided by the page (the app's notifications).
    notifyError: (_, _params: { message: string }) => undefined,
  },
}).createMachine({
  id: 'checkoutCard',
  context: ({ input }) => ({
    cartId: input.cartId,
    shippingAddress: input.shippingAddress,
    fromSettings: input.fromSettings ?? false,
  }),
  invoke: [
    { id: 'choosePaymentOption', src: 'choosePaymentOption', input: {} },
    { id: 'listCards', src: 'listCards', input: ({ context }) => ({ cartId: context.cartId, fromSettings: context.fromSettings }) },
  ],
  on: {
    'payment.chosen': { actions: { type: 'reportChoice', params: ({ event }) => ({ choice: event.choice }) } },
    'card.error': { actions: { type: 'notifyError', params: ({ event }) => ({ message: event.message }) } },
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'card.add.open': { target: 'addingCard' } },
    },
    /** Add New Card: the form's output is the saved card, or nothing when the shopper went back. */
    addingCard: {
      invoke: {
        id: 'addCard',
        src: 'addCard',
        input: ({ context }) => ({ shippingAddress: context.shippingAddress, fromSettings: context.fromSettings }),
        onDone: [
          {
            guard: { type: 'isCardAdded', params: ({ event }) => ({ added: event.output.added }) },
            target: 'choosing',
            actions: { type: 'sendAddedCard', params: ({ event }) => ({ added: event.output.added }) },
          },
          { target: 'choosing', actions: 'sendAddBack' },
        ],
        onError: { target: 'choosing', actions: 'sendAddBack' },
      },
    },
  },
});

export type CheckoutCardActor = ActorRefFrom<typeof checkoutCardMachine>;
