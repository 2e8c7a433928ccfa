import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { AddAddressReply, ServerAddress } from '../../api/contract/address.contract.ts';
import type { GatewayKind, SaveCardReply, SavedCardData, StripeDetailsReply } from '../../api/contract/payment.contract.ts';
import { ApiError } from '../../api/http.ts';
import { addBillingAddress, saveCard, stripeDetails, tokenizeCard } from '../../api/payments.api.ts';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { addressErrors, addressRuleMessages, type AddressErrors } from '../../rules/address-validation.ts';
import { cardErrors, type CardErrors } from '../../rules/card-validation.ts';
import { addressGoneMessage } from '../../rules/messages.ts';
import type { CardStepReport } from '../checkout/checkout-flow.types.ts';
import { fillFromZip, isFiveDigits, isZipCityMismatch, lookupZipActor, zipLookupOf, type ZipLookup } from '../shared/zip-lookup.ts';

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
  /** A dine-in or pick-up checkout has no shipping address: 'Same As Shipping Address' cannot copy one. */
  noShippingAddress: 'This order has no shipping address (dine-in or pick-up): please enter the billing address of the card.',
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
  /** City and state of the last 5-digit billing zip looked up (the shipping form's zip rule). */
  zipLookup: ZipLookup | undefined;
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

export const emptyValues: AddCardValues = {
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

/** 'Same As Shipping Address' is on and there is a shipping address: the billing fields are not the shopper's own. */
function copiesShipping(context: AddCardContext): boolean {
  return context.sameAsShipping && context.shippingAddress !== undefined;
}

function billingFieldErrors(context: AddCardContext): AddressErrors {
  if (copiesShipping(context)) return {};
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
export function tokenFailure(error: unknown): { message: string; errors: AddCardErrors } {
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

export function cardRefusal(reply: SaveCardReply): string {
  const text = typeof reply.data === 'string' && reply.data.trim() !== '' ? reply.data : addCardMessages.cardFailed;
  return `${text}${addCardMessages.backendSuffix}`;
}

/** The add-card machine's types and implementations (guards, actions, actors, delays): its chart is add-card.machine.ts. */
export const addCardSetup = setup({
  types: {
    context: {} as AddCardContext,
    input: {} as AddCardInput,
    events: {} as AddCardEvent,
    output: {} as AddCardOutput,
  },
  actors: {
    loadGateway: fromPromise<StripeDetailsReply>(() => stripeDetails()),
    lookupZip: lookupZipActor,
    createCardToken: fromPromise<CardToken, CardTokenRequest>(({ input }) => createCardToken(input)),
    saveBillingAddress: fromPromise<AddAddressReply, AddCardValues>(({ input }) => addBillingAddress(billingBody(input))),
    saveCard: fromPromise<SaveCardReply, { tokens: string[]; billingAddressId: number; holder: string }>(({ input }) =>
      saveCard({ card_token: input.tokens, billing_address: { billing_address_id: input.billingAddressId }, name: input.holder }),
    ),
  },
  guards: {
    hasGateway: (_, params: { reply: StripeDetailsReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isFormValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    /** A 5-digit billing zip typed: its city and state are looked up (not while the shipping address is copied). */
    isZipToLookUp: ({ context, event }) =>
      event.type === 'card.field.change' && event.field === 'zip' && isFiveDigits(event.value) && !copiesShipping(context),
    isCityMismatch: ({ context }) => !copiesShipping(context) && isZipCityMismatch(context.values, context.zipLookup),
    canCopyShipping: ({ context }) => !context.fromSettings && context.shippingAddress !== undefined,
    canUseShipping: ({ context }) => context.sameAsShipping && !context.fromSettings && context.shippingAddress !== undefined,
    hasBillingAddressId: ({ context }) => context.billingAddressId !== undefined,
    /** The card was saved on the copied shipping address and the store no longer has it (deleted in another tab): a 404. */
    isShippingAddressGone: ({ context }, params: { error: unknown }) =>
      params.error instanceof ApiError &&
      params.error.status === 404 &&
      context.billingAddressId !== undefined &&
      context.billingAddressId === context.shippingAddress?.address_id,
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
    assignZipLookup: assign(({ context }, params: { reply: ZipLookupReply }) => {
      const zipLookup = zipLookupOf(params.reply);
      const values = fillFromZip(context.values, zipLookup);
      return { zipLookup, values, errors: context.tried ? formErrors({ ...context, values }) : context.errors };
    }),
    assignErrors: assign(({ context }) => ({ tried: true, errors: formErrors(context), formError: undefined })),
    assignZipCityRefusal: assign({ formError: addressRuleMessages.zipCityMismatch }),
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
    // Walk 4 #4: a deleted shipping address read 'Internal server error occured' (the spec's words for a lost connection).
    assignAddressGone: assign({ tokens: [], formError: addressGoneMessage, billingAddressId: undefined }),
    reportAddressGone: sendParent((): CardStepReport => ({ type: 'card.address.gone', message: addressGoneMessage })),
    assignAdded: assign((_, params: AddedCard) => ({ added: params })),
    assignStripeTokenizer: assign(({ event }) => (event.type === 'card.tokenizer.change' ? { stripeTokenizer: event.tokenizer } : {})),
    // The toast (alert) is the card step's: reported to it.
    reportError: sendParent((_, params: { message: string }): CardStepReport => ({ type: 'card.error', message: params.message })),
  },
});
