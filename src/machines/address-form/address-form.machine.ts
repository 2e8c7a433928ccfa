import { assign, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import {
  addressErrors,
  addressRuleMessages,
  hasAddressErrors,
  type AddressErrors,
  type AddressField,
  type AddressForm,
  type AddressValues,
} from '../../rules/address-validation.ts';
import { fillFromZip, isFiveDigits, isZipCityMismatch, lookupZipActor, zipLookupOf, type ZipLookup } from '../shared/zip-lookup.ts';

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
  zipLookup: ZipLookup | undefined;
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
    lookupZip: lookupZipActor,
  },
  guards: {
    isZipToLookUp: ({ context, event }) =>
      context.looksUpZip && event.type === 'address.field.change' && event.field === 'zip' && isFiveDigits(event.value),
    hasFormErrors: ({ context }) => hasAddressErrors(addressErrors(context.values, context.form)),
    isCityMismatch: ({ context }) => isZipCityMismatch(context.values, context.zipLookup),
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'address.field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    assignMakeDefault: assign(({ event }) => (event.type === 'address.default.toggle' ? { makeDefault: event.makeDefault } : {})),
    assignFormErrors: assign(({ context }) => ({ formErrors: addressErrors(context.values, context.form) })),
    clearFormErrors: assign({ formErrors: {} }),
    assignZipLookup: assign(({ context }, params: { reply: ZipLookupReply }) => {
      const zipLookup = zipLookupOf(params.reply);
      return { zipLookup, values: fillFromZip(context.values, zipLookup) };
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
