import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { getAddressByZipcode } from '../../api/location.api.ts';
import {
  addressErrors,
  addressRuleMessages,
  cityMatchesZip,
  hasAddressErrors,
  type AddressErrors,
  type AddressField,
  type AddressForm,
  type AddressValues,
} from '../../rules/address-validation.ts';

export interface AddressFormInput {
  /** Which of the spec's forms: its rules differ (address-validation.ts). */
  form: Extract<AddressForm, 'shipping' | 'account-edit'>;
  /** The values to start from (the account edit's saved address); empty otherwise. */
  values?: AddressValues | undefined;
  /** The checkout form fills city and state from a 5-digit zip (spec section 5); the account edit does not. */
  looksUpZip?: boolean | undefined;
}

export interface AddressFormContext {
  form: AddressFormInput['form'];
  looksUpZip: boolean;
  values: AddressValues;
  makeDefault: boolean;
  formErrors: AddressErrors;
  /** City and state of the last 5-digit zip looked up, for the zip and city rule. */
  zipLookup: { zip: string; city: string | undefined; state: string | undefined } | undefined;
}

export type AddressFormEvent =
  | { type: 'address.field.change'; field: AddressField; value: string }
  | { type: 'address.default.toggle'; makeDefault: boolean }
  | { type: 'address.submit' };

/** What the form tells whoever opened it (the checkout's address step; the account page provides its own). */
export type AddressFormReport = { type: 'address.save'; values: AddressValues; makeDefault: boolean } | { type: 'address.refused'; message: string };

export const blankAddress: AddressValues = {
  firstName: '',
  lastName: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  addressNickname: '',
  phone: '',
};

function isFiveDigits(zip: string): boolean {
  return /^\d{5}$/.test(zip.trim());
}

/**
 * An address form's values, its checks and its submit (the checkout's ADD NEW ADDRESSES, the account's EDIT SHIPPING
 * ADDRESS): every invalid field is reported at once; a valid form is handed over (reportSubmit) for saving. With
 * looksUpZip, a 5-digit zip fills city and state, and a city that is not the zip's is refused (reportRefusal).
 */
export const addressFormMachine = setup({
  types: {
    context: {} as AddressFormContext,
    input: {} as AddressFormInput,
    events: {} as AddressFormEvent,
  },
  actors: {
    lookupZip: fromPromise<ZipLookupReply, { zip: string }>(({ input }) => getAddressByZipcode(input.zip)),
  },
  guards: {
    isZipToLookUp: ({ context, event }) =>
      context.looksUpZip && event.type === 'address.field.change' && event.field === 'zip' && isFiveDigits(event.value),
    hasFormErrors: ({ context }) => hasAddressErrors(addressErrors(context.values, context.form)),
    isCityMismatch: ({ context }) =>
      context.zipLookup !== undefined &&
      context.zipLookup.zip === context.values.zip.trim() &&
      !cityMatchesZip(context.values.city, context.zipLookup.city),
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'address.field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    assignMakeDefault: assign(({ event }) => (event.type === 'address.default.toggle' ? { makeDefault: event.makeDefault } : {})),
    assignFormErrors: assign(({ context }) => ({ formErrors: addressErrors(context.values, context.form) })),
    clearFormErrors: assign({ formErrors: {} }),
    // Only an answer for the zip still on screen fills the fields; the shopper may correct them afterwards.
    assignZipLookup: assign(({ context }, params: { reply: ZipLookupReply }) => {
      const entry = params.reply.data?.[0];
      const zipLookup = { zip: entry?.zipcode ?? '', city: entry?.city, state: entry?.state };
      if (zipLookup.zip !== context.values.zip.trim()) return { zipLookup };
      return {
        zipLookup,
        values: { ...context.values, city: zipLookup.city ?? context.values.city, state: zipLookup.state ?? context.values.state },
      };
    }),
    reportSubmit: sendParent(({ context }): AddressFormReport => ({
      type: 'address.save',
      values: context.values,
      makeDefault: context.makeDefault,
    })),
    reportRefusal: sendParent((_, params: { message: string }): AddressFormReport => ({ type: 'address.refused', message: params.message })),
  },
}).createMachine({
  id: 'addressForm',
  description: 'An address form: the shopper fills it in, it says what is wrong, and a valid address is handed over to be saved.',
  context: ({ input }) => ({
    form: input.form,
    looksUpZip: input.looksUpZip ?? false,
    values: input.values ?? blankAddress,
    makeDefault: false,
    formErrors: {},
    zipLookup: undefined,
  }),
  on: {
    'address.field.change': [
      {
        guard: 'isZipToLookUp',
        target: '.lookingUp',
        reenter: true,
        actions: 'assignField',
        description: 'A 5-digit zip: its city and state are looked up.',
      },
      { actions: 'assignField', description: 'Any other change is kept as typed.' },
    ],
    'address.default.toggle': { description: "The shopper ticks or unticks 'make this my default address'.", actions: 'assignMakeDefault' },
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The shopper fills in the address.',
      on: {
        'address.submit': [
          { guard: 'hasFormErrors', actions: 'assignFormErrors', description: 'Every invalid field says what is wrong, all at once.' },
          {
            guard: 'isCityMismatch',
            actions: ['clearFormErrors', { type: 'reportRefusal', params: { message: addressRuleMessages.zipCityMismatch } }],
            description: "The city is not the zip's: the address is refused.",
          },
          { actions: ['clearFormErrors', 'reportSubmit'], description: 'A valid address is handed over to be saved.' },
        ],
      },
    },
    lookingUp: {
      description: 'Looking up the city and state of the zip (SAVE waits for it).',
      invoke: {
        id: 'lookupZip',
        src: 'lookupZip',
        input: ({ context }) => ({ zip: context.values.zip.trim() }),
        onDone: {
          description: 'The zip code was looked up: city and state are filled in and the shopper goes on typing.',
          target: 'editing',
          actions: { type: 'assignZipLookup', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'editing', description: 'The lookup failed: the shopper fills in city and state.' },
      },
    },
  },
});

export type AddressFormActor = ActorRefFrom<typeof addressFormMachine>;
