import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import {
  stripePaymentsMethod,
  type PaymentMessageReply,
  type PaymentMethodsReply,
  type SavedCardData,
  type SavedPaymentMethod,
} from '../../api/contract/payment.contract.ts';
import { ApiError } from '../../api/http.ts';
import { paymentMethods, removeCard } from '../../api/payments.api.ts';
import { cardBrandNames } from '../../rules/card-validation.ts';
import type { CardStepReport, CardStepChoice } from '../checkout/checkout-flow.types.ts';

export interface CardListInput {
  cartId?: string | undefined;
  /** Account settings: cards can be removed, and a new card reloads the list instead of continuing. */
  fromSettings?: boolean | undefined;
}

export interface CardListContext {
  cartId: string | undefined;
  fromSettings: boolean;
  cards: SavedPaymentMethod[];
  chosenId: number | undefined;
  loadError: string | undefined;
  removingId: number | undefined;
}

export type CardListEvent =
  | { type: 'card.choose'; cardId: number }
  | { type: 'card.continue' }
  | { type: 'card.add' }
  | { type: 'card.add.back' }
  | { type: 'card.added'; card: SavedCardData; billingAddressId: number }
  | { type: 'card.remove'; cardId: number }
  /** The card's confirm step after Remove (settings): remove it, or keep it (as an address's delete asks first). */
  | { type: 'card.remove.confirm' }
  | { type: 'card.remove.cancel' }
  | { type: 'cards.retry' };

export const cardListMessages = {
  loadFailed: 'Your saved cards could not be loaded.',
  removeFailed: 'something went wrong',
} as const;

/** 'visa' → 'Visa'; a brand we do not know is shown capitalised. */
export function brandLabel(brand: string): string {
  const key = brand.toLowerCase();
  const known = Object.entries(cardBrandNames).find(([k]) => k === key);
  return known ? known[1] : brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A saved card chosen for this order: the spec stores it in the cart flow with an empty token. */
export function choiceOfSavedCard(card: SavedPaymentMethod): CardStepChoice {
  return {
    payment_mode: 2,
    card_id: card.id,
    card_token: '',
    customer_stripe_id: card.customer_stripe_id,
    card_info: card.card_info,
    billing_address_id: card.address.billing_address_id ?? undefined,
    payment_method: stripePaymentsMethod,
  };
}

/**
 * A card just added. Its first token is attached to the customer by the save (so it cannot be charged again), and the
 * second is left to expire (payment.contract.ts): the order is paid with the saved card's id, like any saved card.
 */
export function choiceOfAddedCard(card: SavedCardData, billingAddressId: number): CardStepChoice {
  return {
    payment_mode: 2,
    card_id: card.id,
    card_token: '',
    customer_stripe_id: card.customer,
    card_info: `${brandLabel(card.brand)} ending in ${card.last4}`,
    billing_address_id: card.metadata.address_id ?? billingAddressId,
    payment_method: stripePaymentsMethod,
  };
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The card screen (spec section 4 "Card screen"): loads the saved cards, one is chosen, Continue hands it on;
 * ADD NEW CARD opens the add-card form and back returns here. Settings also remove cards. Invoked by the card step
 * (checkout-card.machine.ts), which it reports to.
 */
export const cardListMachine = setup({
  types: {
    context: {} as CardListContext,
    input: {} as CardListInput,
    events: {} as CardListEvent,
  },
  actors: {
    loadCards: fromPromise<PaymentMethodsReply, { cartId: string | undefined }>(({ input }) => paymentMethods(input.cartId)),
    removeCard: fromPromise<PaymentMessageReply, { cardId: number }>(({ input }) => removeCard(input.cardId)),
  },
  guards: {
    isLoaded: (_, params: { reply: PaymentMethodsReply }) => params.reply.code === 1,
    isListedCard: ({ context, event }) =>
      (event.type === 'card.choose' || event.type === 'card.remove') && context.cards.some((c) => c.id === event.cardId),
    hasChosenCard: ({ context }) => context.cards.some((c) => c.id === context.chosenId),
    isFromSettings: ({ context }) => context.fromSettings,
    isRemoved: (_, params: { reply: PaymentMessageReply }) => params.reply.code === 1,
  },
  actions: {
    assignCards: assign(({ context }, params: { reply: PaymentMethodsReply }) => ({
      cards: params.reply.data,
      // A card chosen before a reload stays chosen while it still exists.
      chosenId: params.reply.data.some((c) => c.id === context.chosenId) ? context.chosenId : undefined,
      loadError: undefined,
    })),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    assignChosen: assign(({ event }) => (event.type === 'card.choose' ? { chosenId: event.cardId } : {})),
    assignAddedChosen: assign(({ event }) => (event.type === 'card.added' ? { chosenId: event.card.id } : {})),
    assignRemoving: assign(({ event }) => (event.type === 'card.remove' ? { removingId: event.cardId } : {})),
    removeRemovedCard: assign(({ context }) => ({
      cards: context.cards.filter((c) => c.id !== context.removingId),
      chosenId: context.chosenId === context.removingId ? undefined : context.chosenId,
      removingId: undefined,
    })),
    clearRemoving: assign({ removingId: undefined }),
    // Reports to the card step: the choice for checkout, ADD NEW CARD opened, and the alert.
    reportChoice: sendParent((_, params: { choice: CardStepChoice }): CardStepReport => ({ type: 'payment.chosen', choice: params.choice })),
    reportAddingCard: sendParent((): CardStepReport => ({ type: 'card.add.open' })),
    reportRemoveRefusal: sendParent((_, params: { message: string }): CardStepReport => ({ type: 'card.error', message: params.message })),
  },
}).createMachine({
  id: 'cardList',
  description: "The shopper's saved cards: choose one, remove one (settings) or add a new one.",
  context: ({ input }) => ({
    cartId: input.cartId,
    fromSettings: input.fromSettings ?? false,
    cards: [],
    chosenId: undefined,
    loadError: undefined,
    removingId: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the saved cards (ADD NEW CARD is already offered).',
      tags: ['loading'],
      // The ADD NEW CARD tile shows while the saved cards load: a new card does not need them.
      on: { 'card.add': { description: 'The shopper chooses to add a card while the list loads.', target: 'adding' } },
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        input: ({ context }) => ({ cartId: context.cartId }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'list',
            description: 'The saved cards are shown; a card chosen before stays chosen while it still exists.',
            actions: { type: 'assignCards', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            target: 'failed',
            description: 'The server refused the list: its reason shows, with Retry.',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? cardListMessages.loadFailed }) },
          },
        ],
        onError: {
          description: 'The saved cards could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ message: messageOf(event.error, cardListMessages.loadFailed) }) },
        },
      },
    },
    failed: {
      description: 'The saved cards could not be loaded: Retry, or add a new card.',
      on: {
        'cards.retry': { description: 'The shopper tries again: the cards are loaded again.', target: 'loading' },
        'card.add': { description: 'The shopper chooses to add a new card instead.', target: 'adding' },
      },
    },
    list: {
      description: 'The saved cards: choose one and Continue, or remove one (settings).',
      on: {
        'card.choose': { description: 'The shopper picks one of their saved cards.', guard: 'isListedCard', actions: 'assignChosen' },
        'card.continue': {
          description: 'The shopper continues with the chosen card.',
          guard: 'hasChosenCard',
          actions: {
            type: 'reportChoice',
            params: ({ context }) => {
              const card = context.cards.find((c) => c.id === context.chosenId);
              if (!card) throw new Error('hasChosenCard let an unlisted card through');
              return { choice: choiceOfSavedCard(card) };
            },
          },
        },
        'card.add': { description: 'The shopper chooses to add a new card.', target: 'adding' },
        'card.remove': {
          description: 'The shopper asks to remove a saved card: it asks to confirm first.',
          guard: 'isListedCard',
          target: 'confirmingRemove',
          actions: 'assignRemoving',
        },
      },
    },
    confirmingRemove: {
      description: "The card asks 'Remove this card?': nothing is removed until the shopper confirms, and Keep leaves it as it was.",
      on: {
        'card.remove.confirm': { description: 'The shopper confirms: the card is removed.', target: 'removing' },
        'card.remove.cancel': { description: 'The shopper keeps the card: nothing changes.', target: 'list', actions: 'clearRemoving' },
      },
    },
    /** The add-card form is open (the card step runs it); the card step reports back with card.added or card.add.back. */
    adding: {
      description: 'The add-card form is open; the list waits for the new card or Back.',
      entry: 'reportAddingCard',
      on: {
        'card.add.back': {
          description: 'The shopper leaves the new-card form: the list is loaded again (with the new card if one was saved).',
          target: 'loading',
        },
        'card.added': [
          // Settings: "on completion returns and reloads".
          { guard: 'isFromSettings', target: 'loading', description: 'In account settings: the list reloads with the new card.' },
          {
            target: 'loading',
            description: 'At checkout: the new card is chosen for this order and the list reloads.',
            actions: [
              'assignAddedChosen',
              { type: 'reportChoice', params: ({ event }) => ({ choice: choiceOfAddedCard(event.card, event.billingAddressId) }) },
            ],
          },
        ],
      },
    },
    removing: {
      description: 'Removing the card from the card provider.',
      tags: ['removing'],
      invoke: {
        id: 'removeCard',
        src: 'removeCard',
        input: ({ context }) => ({ cardId: context.removingId ?? 0 }),
        onDone: [
          {
            guard: { type: 'isRemoved', params: ({ event }) => ({ reply: event.output }) },
            target: 'list',
            actions: 'removeRemovedCard',
            description: 'The card is removed: it leaves the list (and is no longer chosen).',
          },
          {
            target: 'list',
            description: 'The card could not be removed: it stays and a toast says why.',
            actions: [
              'clearRemoving',
              { type: 'reportRemoveRefusal', params: ({ event }) => ({ message: event.output.message ?? cardListMessages.removeFailed }) },
            ],
          },
        ],
        onError: {
          description: 'The card could not be removed: it stays in the list and the reason is shown.',
          target: 'list',
          actions: [
            'clearRemoving',
            { type: 'reportRemoveRefusal', params: ({ event }) => ({ message: messageOf(event.error, cardListMessages.removeFailed) }) },
          ],
        },
      },
    },
  },
});

export type CardListActor = ActorRefFrom<typeof cardListMachine>;
