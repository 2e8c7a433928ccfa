import type { ActorRefFrom } from 'xstate';
import type { SaveCardReply, SavedCardData } from '../../api/contract/payment.contract.ts';
import { addressRuleMessages } from '../../rules/address-validation.ts';
import {
  addCardSetup,
  addCardMessages,
  emptyValues,
  tokenFailure,
  cardRefusal,
  type CardTokenRequest,
  type AddCardContext,
} from './add-card.setup.ts';

/**
 * Add New Card (spec section 4 "Add card sequence"): two card tokens from the provider, then the billing address
 * (unless it is the shipping address), then the card saved with both tokens and the billing address id. With the
 * test gateway the card goes to our own tokenize call; with Stripe, its card fields hand their tokenizer over
 * ('card.tokenizer.change'). Invoked by the card step (checkout-card.machine.ts): its output is the saved card.
 */
export const addCardMachine = addCardSetup.createMachine({
  id: 'addCard',
  description: 'Add New Card: the card form, its billing address, and saving the card with the card provider.',
  context: ({ input }) => ({
    shippingAddress: input.shippingAddress,
    fromSettings: input.fromSettings ?? false,
    clock: input.now ?? (() => new Date()),
    gateway: undefined,
    gatewayError: undefined,
    values: emptyValues,
    sameAsShipping: false,
    tried: false,
    errors: {},
    formError: undefined,
    tokens: [],
    billingAddressId: undefined,
    zipLookup: undefined,
    stripeTokenizer: undefined,
    added: undefined,
  }),
  initial: 'loadingGateway',
  output: ({ context }) => ({ added: context.added }),
  on: {
    'card.tokenizer.change': {
      description: 'The card form is (re)attached to the payment provider that turns card numbers into tokens.',
      actions: 'assignStripeTokenizer',
    },
  },
  states: {
    /** Which card fields to show: our own (test gateway) or Stripe Elements with the publishable key. */
    loadingGateway: {
      description: 'Getting ready to talk to the card provider.',
      tags: ['loading'],
      invoke: {
        id: 'loadGateway',
        src: 'loadGateway',
        onDone: [
          {
            guard: { type: 'hasGateway', params: ({ event }) => ({ reply: event.output }) },
            target: 'editing',
            description: 'The card provider is known: the card form shows.',
            actions: { type: 'assignGateway', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            target: 'gatewayFailed',
            description: 'The server named no card provider: the shopper may try again or go back.',
            actions: { type: 'assignGatewayError', params: () => ({ error: undefined }) },
          },
        ],
        onError: {
          description: 'The payment provider could not be reached: the form cannot open, the reason is shown.',
          target: 'gatewayFailed',
          actions: { type: 'assignGatewayError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    gatewayFailed: {
      description: 'The card provider could not be reached: try again or go back.',
      on: {
        'card.gateway.retry': { description: 'The shopper tries again: the payment provider is loaded again.', target: 'loadingGateway' },
        'card.back': { description: 'The shopper goes back without adding a card.', target: 'closed' },
      },
    },
    editing: {
      description: 'The shopper fills in the card and its billing address.',
      initial: 'idle',
      states: {
        idle: { description: 'Waiting for the shopper.' },
        lookingUpZip: {
          description: "Looking up the billing zip's city and state (the shipping form's zip rule).",
          invoke: {
            id: 'lookupZip',
            src: 'lookupZip',
            input: ({ context }) => ({ zip: context.values.zip.trim() }),
            onDone: {
              target: 'idle',
              description: "The zip's city and state fill the billing address.",
              actions: { type: 'assignZipLookup', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: { target: 'idle', description: 'The lookup failed: the shopper fills in city and state.' },
          },
        },
      },
      on: {
        'card.field.change': [
          {
            guard: 'isZipToLookUp',
            target: '.lookingUpZip',
            reenter: true,
            actions: 'assignField',
            description: 'A 5-digit billing zip: its city and state are looked up.',
          },
          { actions: 'assignField', description: 'Any other change is kept as typed.' },
        ],
        'card.billing.same.toggle': {
          description: "The shopper ticks 'same as shipping': the billing address is copied from the shipping one.",
          guard: 'canCopyShipping',
          actions: 'assignSameAsShipping',
        },
        'card.save': [
          {
            guard: 'isCityMismatch',
            actions: ['assignErrors', 'assignZipCityRefusal', { type: 'reportError', params: { message: addressRuleMessages.zipCityMismatch } }],
            description: "The billing city is not the zip's: the card is not saved and the form says why.",
          },
          {
            guard: 'isFormValid',
            target: 'saving',
            actions: ['assignErrors', 'clearSaveAttempt'],
            description: 'Every card and billing field is filled in right: the card is saved.',
          },
          { actions: 'assignErrors', description: 'Something is missing or wrong: each field says what.' },
        ],
        'card.back': { description: 'The shopper goes back without adding a card: nothing is saved.', target: 'closed' },
      },
    },
    saving: {
      description: 'Saving the card.',
      tags: ['saving'],
      initial: 'tokenizingFirst',
      states: {
        // Two tokens per card (spec section 9): one is attached to the customer, the other accompanies it.
        tokenizingFirst: {
          description: "Waiting for the card provider's answer about the card.",
          invoke: {
            id: 'createCardToken',
            src: 'createCardToken',
            input: ({ context }) => tokenInput(context),
            onDone: {
              description: 'The card is turned into a first token: a second one is asked for.',
              target: 'tokenizingSecond',
              actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: {
              description: 'The payment provider refused the card: the form says why and keeps what was typed.',
              target: '#addCard.editing',
              actions: [
                { type: 'assignTokenFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ message: tokenFailure(event.error).message }) },
              ],
            },
          },
        },
        tokenizingSecond: {
          description: "Waiting for the card provider's second answer (the card is charged with it later).",
          invoke: {
            id: 'createCardToken',
            src: 'createCardToken',
            input: ({ context }) => tokenInput(context),
            onDone: {
              description: 'The second token came back: next, the billing address.',
              target: 'choosingBillingAddress',
              actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: {
              description: 'The payment provider refused the card: the form says why and keeps what was typed.',
              target: '#addCard.editing',
              actions: [
                { type: 'assignTokenFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ message: tokenFailure(event.error).message }) },
              ],
            },
          },
        },
        choosingBillingAddress: {
          description: 'Which billing address: the shipping one, an existing one, or a new one to save first?',
          always: [
            {
              guard: 'canUseShipping',
              target: 'savingCard',
              actions: 'assignShippingAsBilling',
              description: "'Same As Shipping Address': the shipping address is the billing address.",
            },
            {
              guard: 'hasBillingAddressId',
              target: 'savingCard',
              description: 'This billing address was already saved by an earlier try: it is used again.',
            },
            { target: 'savingBillingAddress', description: 'A new billing address: it is saved first.' },
          ],
        },
        savingBillingAddress: {
          description: 'Saving the new billing address.',
          invoke: {
            id: 'saveBillingAddress',
            src: 'saveBillingAddress',
            input: ({ context }) => context.values,
            onDone: [
              {
                guard: { type: 'isBillingSaved', params: ({ event }) => ({ reply: event.output }) },
                target: 'savingCard',
                description: 'The billing address is saved: the card is saved with it.',
                actions: { type: 'assignBillingAddressId', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                target: '#addCard.editing',
                actions: 'assignBillingRefusal',
                description: "The billing address was refused: 'something went wrong while saving billing address' and the shopper may fix it.",
              },
            ],
            onError: {
              description: 'The billing address was refused: the form says why and keeps what was typed.',
              target: '#addCard.editing',
              actions: ['assignServerError', { type: 'reportError', params: () => ({ message: addCardMessages.serverError }) }],
            },
          },
        },
        savingCard: {
          description: 'Saving the card to the account.',
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({
              tokens: context.tokens,
              billingAddressId: context.billingAddressId ?? 0,
              holder: context.values.holder.trim(),
            }),
            onDone: [
              {
                guard: { type: 'isCardSaved', params: ({ event }) => ({ reply: event.output }) },
                target: '#addCard.saved',
                description: 'The card is saved to the account: the form closes with it.',
                actions: {
                  type: 'assignAdded',
                  params: ({ context, event }) => ({ card: savedCardOf(event.output), billingAddressId: context.billingAddressId ?? 0 }),
                },
              },
              {
                target: '#addCard.editing',
                description: 'The card was refused: the form and a toast say why.',
                actions: [
                  { type: 'assignCardRefusal', params: ({ event }) => ({ reply: event.output }) },
                  { type: 'reportError', params: ({ event }) => ({ message: cardRefusal(event.output) }) },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isShippingAddressGone', params: ({ event }) => ({ error: event.error }) },
                description: 'The copied shipping address was deleted (another tab): the form says so and checkout goes back to the addresses.',
                target: '#addCard.editing',
                actions: ['assignAddressGone', 'reportAddressGone'],
              },
              {
                description: 'The card was refused by the store: the form says why and keeps what was typed.',
                target: '#addCard.editing',
                actions: ['assignServerError', { type: 'reportError', params: () => ({ message: addCardMessages.serverError }) }],
              },
            ],
          },
        },
      },
    },
    saved: { type: 'final', description: 'The card is saved.' },
    closed: { type: 'final', description: 'The shopper went back without a new card.' },
  },
});

function tokenInput(context: AddCardContext): CardTokenRequest {
  const v = context.values;
  return {
    gateway: context.gateway?.gateway ?? 'test',
    holder: v.holder.trim(),
    number: v.number,
    expiry: v.expiry,
    cvc: v.cvc,
    stripeTokenizer: context.stripeTokenizer,
  };
}

export type AddCardActor = ActorRefFrom<typeof addCardMachine>;

function savedCardOf(reply: SaveCardReply): SavedCardData {
  // isCardSaved has checked that data is a non-empty list.
  const first = Array.isArray(reply.data) ? reply.data[0] : undefined;
  if (!first) throw new Error('saveCard replied without a card');
  return first;
}
