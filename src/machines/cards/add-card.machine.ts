import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { AddAddressReply, ServerAddress } from '../../api/contract/address.contract.ts';
import type { GatewayKind, SaveCardReply, SavedCardData, StripeDetailsReply } from '../../api/contract/payment.contract.ts';
import { ApiError } from '../../api/http.ts';
import { addBillingAddress, saveCard, stripeDetails, tokenizeCard } from '../../api/payments.api.ts';
import { addressErrors, type AddressErrors } from '../../rules/address-validation.ts';
import { cardErrors, type CardErrors } from '../../rules/card-validation.ts';
import type { CardStepReport } from '../checkout/checkout-flow.types.ts';

/** The shipping address the 'Same As Shipping Address' toggle copies (a saved address: its id is reused). */
export type ShippingAddressForCard = Pick<
  ServerAddress,
  'address_id' | 'firstname' | 'lastname' | 'street1' | 'street2' | 'city' | 'state' | 'zipcode' | 'telephone'
>;

export type CardField = 'holder' | 'number' | 'expiry' | 'cvc';
export type BillingField = 'firstName' | 'lastName' | 'address' | 'address2' | 'city' | 'state' | 'zip' | 'phone';
export type AddCardField = CardField | BillingField;
export type AddCardValues = Record<AddCardField, string>;
export type AddCardErrors = Partial<Record<AddCardField, string>>;

/** What the tokenizer gets: the test gateway reads number/expiry/cvc; Stripe reads its own Elements instead. */
export interface CardTokenInput {
  gateway: GatewayKind;
  holder: string;
  number: string;
  expiry: string;
  cvc: string;
}
export interface CardToken {
  token: string;
}
export type CardTokenizer = (input: CardTokenInput) => Promise<CardToken>;
/** The tokenizer's input as the machine sends it: the card, and Stripe's tokenizer once its fields have loaded. */
export interface CardTokenRequest extends CardTokenInput {
  stripeTokenizer: CardTokenizer | undefined;
}

/** The spec's messages (section 8), word for word. */
export const addCardMessages = {
  cardFailed: 'something went wrong while processing card',
  backendSuffix: ' :BackendError',
  billingFailed: 'something went wrong while saving billing address',
  serverError: 'Internal server error occured',
  tokenFailed: 'Your card could not be checked. Please try again.',
  cardFormLoading: 'The card form is still loading. Please try again in a moment.',
} as const;

export interface AddCardInput {
  shippingAddress?: ShippingAddressForCard | undefined;
  /** Opened from account settings: no 'Same As Shipping Address' toggle. */
  fromSettings?: boolean | undefined;
  now?: (() => Date) | undefined;
}

export interface AddCardContext {
  shippingAddress: ShippingAddressForCard | undefined;
  fromSettings: boolean;
  clock: () => Date;
  gateway: StripeDetailsReply['data'];
  gatewayError: string | undefined;
  values: AddCardValues;
  sameAsShipping: boolean;
  /** Shown once Save was pressed, then kept current as the shopper types. */
  tried: boolean;
  errors: AddCardErrors;
  /** The inline message under the form (and, where the spec says so, the toast's text). */
  formError: string | undefined;
  tokens: string[];
  /** The billing address saved by an earlier attempt: a retry reuses it instead of saving a copy. */
  billingAddressId: number | undefined;
  /** Stripe Elements' tokenizer, handed over by the card fields once Stripe has loaded (undefined until then). */
  stripeTokenizer: CardTokenizer | undefined;
  /** The card saved: the output. */
  added: AddedCard | undefined;
}

export type AddCardEvent =
  | { type: 'card.field.change'; field: AddCardField; value: string }
  | { type: 'card.billing.same.toggle'; same: boolean }
  | { type: 'card.save' }
  | { type: 'card.back' }
  | { type: 'card.gateway.retry' }
  | { type: 'card.tokenizer.change'; tokenizer: CardTokenizer | undefined };

/** The saved card as the tab needs it: the server's reply plus the billing address the card was saved with. */
export interface AddedCard {
  card: SavedCardData;
  billingAddressId: number;
}

/** The saved card, or none when the shopper went back. */
export interface AddCardOutput {
  added: AddedCard | undefined;
}

const emptyValues: AddCardValues = {
  holder: '',
  number: '',
  expiry: '',
  cvc: '',
  firstName: '',
  lastName: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
};

const billingFields: readonly BillingField[] = ['firstName', 'lastName', 'address', 'address2', 'city', 'state', 'zip', 'phone'];

/** 'MM/YY' (or 'MM/YYYY', 'M/YY'); NaN parts when it is not that shape, which the expiry rule reports as incomplete. */
export function parseExpiry(text: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { month: Number.NaN, year: Number.NaN };
  return { month: Number(match[1]), year: Number(match[2]) };
}

function cardFieldErrors(context: AddCardContext): CardErrors {
  const { holder, number, expiry, cvc } = context.values;
  const { month, year } = parseExpiry(expiry);
  const errors = cardErrors({ holder, number, expMonth: month, expYear: year, cvc }, context.clock());
  // With Stripe the number, expiry and CVC live in Stripe's fields, which check themselves (spec section 5 "Card").
  return context.gateway?.gateway === 'stripe' ? (errors.holder ? { holder: errors.holder } : {}) : errors;
}

function billingFieldErrors(context: AddCardContext): AddressErrors {
  if (context.sameAsShipping && context.shippingAddress) return {};
  const v = context.values;
  return addressErrors(
    {
      firstName: v.firstName,
      lastName: v.lastName,
      address: v.address,
      address2: v.address2,
      city: v.city,
      state: v.state,
      zip: v.zip,
      phone: v.phone,
    },
    'billing',
  );
}

/** Every invalid field at once (DESIGN.md "Views"). */
export function formErrors(context: AddCardContext): AddCardErrors {
  const errors: AddCardErrors = { ...cardFieldErrors(context) };
  const billing = billingFieldErrors(context);
  for (const field of billingFields) {
    const message = billing[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

function isCardField(field: string): field is CardField {
  return field === 'holder' || field === 'number' || field === 'expiry' || field === 'cvc';
}

/** The provider's own words: the test gateway answers a 400 naming each card field; Stripe an Error with its message. */
function tokenFailure(error: unknown): { message: string; errors: AddCardErrors } {
  if (error instanceof ApiError && error.errors.length > 0) {
    const errors: AddCardErrors = {};
    for (const e of error.errors) if (isCardField(e.field)) errors[e.field] = e.message;
    return { message: error.errors[0]?.message ?? error.message, errors };
  }
  if (error instanceof Error && error.message !== '') return { message: error.message, errors: {} };
  return { message: addCardMessages.tokenFailed, errors: {} };
}

/** The test gateway: our own card form posts the card to POST /api/payments/tokenize. */
export const testGatewayTokenizer: CardTokenizer = async (input) => {
  const { month, year } = parseExpiry(input.expiry);
  const reply = await tokenizeCard({ holder: input.holder, number: input.number, exp_month: month, exp_year: year, cvc: input.cvc });
  if (reply.code !== 1 || !reply.data) throw new Error(reply.message ?? addCardMessages.tokenFailed);
  return { token: reply.data.token };
};

/** The test gateway's own form, or Stripe Elements once its fields have handed their tokenizer over. */
function createCardToken(request: CardTokenRequest): Promise<CardToken> {
  const { stripeTokenizer, ...card } = request;
  if (card.gateway === 'test') return testGatewayTokenizer(card);
  return stripeTokenizer ? stripeTokenizer(card) : Promise.reject(new Error(addCardMessages.cardFormLoading));
}

/** The billing payload of the spec ("New address payload"); the street lines joined into billing_address. */
function billingBody(values: AddCardValues) {
  const street = [values.address.trim(), values.address2.trim()].filter((s) => s !== '').join(' ');
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    street1: values.address.trim(),
    street2: values.address2.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipcode: values.zip.trim(),
    telephone: values.phone.trim(),
    nickname: 'Billing',
    default_address: '0' as const,
    country: 'US' as const,
    billing_address: street,
  };
}

function cardRefusal(reply: SaveCardReply): string {
  const text = typeof reply.data === 'string' && reply.data.trim() !== '' ? reply.data : addCardMessages.cardFailed;
  return `${text}${addCardMessages.backendSuffix}`;
}

/**
 * Add New Card (spec section 4 "Add card sequence"): two card tokens from the provider, then the billing address
 * (unless it is the shipping address), then the card saved with both tokens and the billing address id. With the
 * test gateway the card goes to our own tokenize call; with Stripe, its card fields hand their tokenizer over
 * ('card.tokenizer.change'). Invoked by the card step (checkout-card.machine.ts): its output is the saved card.
 */
export const addCardMachine = setup({
  types: {
    context: {} as AddCardContext,
    input: {} as AddCardInput,
    events: {} as AddCardEvent,
    output: {} as AddCardOutput,
  },
  actors: {
    loadGateway: fromPromise<StripeDetailsReply>(() => stripeDetails()),
    createCardToken: fromPromise<CardToken, CardTokenRequest>(({ input }) => createCardToken(input)),
    saveBillingAddress: fromPromise<AddAddressReply, AddCardValues>(({ input }) => addBillingAddress(billingBody(input))),
    saveCard: fromPromise<SaveCardReply, { tokens: string[]; billingAddressId: number; holder: string }>(({ input }) =>
      saveCard({ card_token: input.tokens, billing_address: { billing_address_id: input.billingAddressId }, name: input.holder }),
    ),
  },
  guards: {
    hasGateway: (_, params: { reply: StripeDetailsReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isFormValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    canCopyShipping: ({ context }) => !context.fromSettings && context.shippingAddress !== undefined,
    canUseShipping: ({ context }) => context.sameAsShipping && !context.fromSettings && context.shippingAddress !== undefined,
    hasBillingAddressId: ({ context }) => context.billingAddressId !== undefined,
    isBillingSaved: (_, params: { reply: AddAddressReply }) => params.reply.code === 1 && params.reply.address_id !== undefined,
    isCardSaved: (_, params: { reply: SaveCardReply }) => params.reply.code === 1 && Array.isArray(params.reply.data) && params.reply.data.length > 0,
  },
  actions: {
    assignGateway: assign((_, params: { reply: StripeDetailsReply }) => ({ gateway: params.reply.data, gatewayError: undefined })),
    assignGatewayError: assign((_, params: { error: unknown }) => ({
      gatewayError: params.error instanceof ApiError ? params.error.message : addCardMessages.serverError,
    })),
    assignField: assign(({ context, event }) => {
      if (event.type !== 'card.field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      // A changed billing field means the address saved by a failed attempt is no longer this one.
      const billingAddressId = isCardField(event.field) ? context.billingAddressId : undefined;
      const next = { ...context, values, billingAddressId };
      return { values, billingAddressId, errors: context.tried ? formErrors(next) : context.errors };
    }),
    assignSameAsShipping: assign(({ context, event }) => {
      if (event.type !== 'card.billing.same.toggle') return {};
      const shipping = context.shippingAddress;
      const values: AddCardValues =
        event.same && shipping
          ? {
              ...context.values,
              firstName: shipping.firstname,
              lastName: shipping.lastname,
              address: shipping.street1,
              address2: shipping.street2,
              city: shipping.city,
              state: shipping.state,
              zip: shipping.zipcode,
              phone: shipping.telephone,
            }
          : context.values;
      const next = { ...context, values, sameAsShipping: event.same, billingAddressId: undefined };
      return { values, sameAsShipping: event.same, billingAddressId: undefined, errors: context.tried ? formErrors(next) : context.errors };
    }),
    assignErrors: assign(({ context }) => ({ tried: true, errors: formErrors(context), formError: undefined })),
    clearSaveAttempt: assign({ tokens: [], formError: undefined }),
    assignToken: assign(({ context }, params: { token: CardToken }) => ({ tokens: [...context.tokens, params.token.token] })),
    assignTokenFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = tokenFailure(params.error);
      return { tokens: [], formError: failure.message, errors: { ...context.errors, ...failure.errors } };
    }),
    assignShippingAsBilling: assign(({ context }) => ({ billingAddressId: context.shippingAddress?.address_id })),
    assignBillingAddressId: assign((_, params: { reply: AddAddressReply }) => ({ billingAddressId: params.reply.address_id })),
    assignBillingRefusal: assign({ tokens: [], formError: addCardMessages.billingFailed }),
    assignCardRefusal: assign((_, params: { reply: SaveCardReply }) => ({ tokens: [], formError: cardRefusal(params.reply) })),
    assignServerError: assign({ tokens: [], formError: addCardMessages.serverError }),
    assignAdded: assign((_, params: AddedCard) => ({ added: params })),
    assignStripeTokenizer: assign(({ event }) => (event.type === 'card.tokenizer.change' ? { stripeTokenizer: event.tokenizer } : {})),
    // The toast (alert) is the card step's: reported to it.
    reportError: sendParent((_, params: { message: string }): CardStepReport => ({ type: 'card.error', message: params.message })),
  },
}).createMachine({
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
    stripeTokenizer: undefined,
    added: undefined,
  }),
  initial: 'loadingGateway',
  output: ({ context }) => ({ added: context.added }),
  on: {
    'card.tokenizer.change': { actions: 'assignStripeTokenizer' },
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
        onError: { target: 'gatewayFailed', actions: { type: 'assignGatewayError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    gatewayFailed: {
      description: 'The card provider could not be reached: try again or go back.',
      on: {
        'card.gateway.retry': { target: 'loadingGateway' },
        'card.back': { target: 'closed' },
      },
    },
    editing: {
      description: 'The shopper fills in the card and its billing address.',
      on: {
        'card.field.change': { actions: 'assignField' },
        'card.billing.same.toggle': { guard: 'canCopyShipping', actions: 'assignSameAsShipping' },
        'card.save': [
          {
            guard: 'isFormValid',
            target: 'saving',
            actions: ['assignErrors', 'clearSaveAttempt'],
            description: 'Every card and billing field is filled in right: the card is saved.',
          },
          { actions: 'assignErrors', description: 'Something is missing or wrong: each field says what.' },
        ],
        'card.back': { target: 'closed' },
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
            onDone: { target: 'tokenizingSecond', actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) } },
            onError: {
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
            onDone: { target: 'choosingBillingAddress', actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) } },
            onError: {
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
            onError: {
              target: '#addCard.editing',
              actions: ['assignServerError', { type: 'reportError', params: () => ({ message: addCardMessages.serverError }) }],
            },
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
