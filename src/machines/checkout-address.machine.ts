import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { addShippingAddress, getShippingAddresses, newAddressBody } from '../api/checkout.api.ts';
import type { AddAddressBody, AddAddressReply, GetAddressesReply } from '../api/contract/address.contract.ts';
import type { ZipLookupReply } from '../api/contract/location.contract.ts';
import type { Sent } from '../api/http.ts';
import { getAddressByZipcode } from '../api/location.api.ts';
import {
  addressErrors,
  addressRuleMessages,
  cityMatchesZip,
  hasAddressErrors,
  isSameZip,
  type AddressErrors,
  type AddressValues,
} from '../rules/address-validation.ts';
import { shippingAddressesOf, type ShippingAddress } from '../rules/checkout-flow.ts';
import type { CheckoutReport } from './checkout-flow.types.ts';
import type { sessionMachine } from './session.machine.ts';

export interface CheckoutAddressInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The address the cart flow already holds: chosen again while it is still listed. */
  chosenAddressId?: number | undefined;
}

export interface CheckoutAddressContext {
  session: ActorRefFrom<typeof sessionMachine>;
  addresses: ShippingAddress[];
  chosenAddressId: number | undefined;
  /** The address just saved: chosen once the list is reloaded. */
  savedAddressId: number | undefined;
  formErrors: AddressErrors;
  /** City and state of the last 5-digit zip typed in the address form. */
  zipLookup: { zip: string; city: string | undefined; state: string | undefined } | undefined;
}

export type CheckoutAddressEvent =
  | { type: 'address.choose'; id: number }
  | { type: 'address.form.toggle' }
  | { type: 'address.zip.lookup'; zip: string }
  | { type: 'address.save'; values: AddressValues; makeDefault: boolean }
  | { type: 'address.continue' };

/** SAVE & CONTINUE's result: the chosen address, for the cart flow's selectedAddress. */
export interface CheckoutAddressOutput {
  address: ShippingAddress | undefined;
}

function sessionOf(context: CheckoutAddressContext) {
  return context.session.getSnapshot().context;
}

function chosenAddress(context: CheckoutAddressContext): ShippingAddress | undefined {
  return context.addresses.find((a) => a.id === context.chosenAddressId);
}

/**
 * The address step, 'Select a Shipping Address' (spec section 4 "Address screen"): a customer's saved addresses are
 * loaded, the primary chosen; 'ADD NEW ADDRESSES' opens the form (zip lookup, every invalid field at once, the zip and
 * city rule), a saved address is chosen once the list is reloaded; SAVE & CONTINUE ends the step with the address.
 * The checkout's snackbar belongs to the tabs machine: refusals are reported to it (reportNotice).
 */
export const checkoutAddressMachine = setup({
  types: {
    context: {} as CheckoutAddressContext,
    input: {} as CheckoutAddressInput,
    events: {} as CheckoutAddressEvent,
    output: {} as CheckoutAddressOutput,
  },
  actors: {
    getShippingAddresses: fromPromise<GetAddressesReply, { customerId: number }>(({ input }) => getShippingAddresses(input.customerId)),
    addShippingAddress: fromPromise<AddAddressReply, { customerId: number | undefined; body: Sent<AddAddressBody> }>(({ input }) =>
      addShippingAddress(input.customerId, input.body),
    ),
    lookupZip: fromPromise<ZipLookupReply, { zip: string }>(({ input }) => getAddressByZipcode(input.zip)),
  },
  guards: {
    hasCustomer: ({ context }) => Boolean(sessionOf(context).Token && sessionOf(context).CustomerId),
    isCodeOne: (_, params: { code: number }) => params.code === 1,
    isShoppingZipAddress: ({ context, event }) => {
      if (event.type !== 'address.choose') return false;
      const address = context.addresses.find((a) => a.id === event.id);
      return address !== undefined && isSameZip(address.zipcode, sessionOf(context).zipcode ?? '');
    },
    hasChosenAddress: ({ context }) => chosenAddress(context) !== undefined,
    isDeliveryZipMismatch: ({ context }) => {
      const address = chosenAddress(context);
      return address !== undefined && !isSameZip(address.zipcode, sessionOf(context).zipcode ?? '');
    },
    isFiveDigitZip: ({ event }) => event.type === 'address.zip.lookup' && /^\d{5}$/.test(event.zip.trim()),
    hasFormErrors: ({ event }) => event.type === 'address.save' && hasAddressErrors(addressErrors(event.values, 'shipping')),
    isCityMismatch: ({ context, event }) => {
      if (event.type !== 'address.save' || !context.zipLookup || context.zipLookup.zip !== event.values.zip.trim()) return false;
      return !cityMatchesZip(event.values.city, context.zipLookup.city);
    },
  },
  actions: {
    assignAddresses: assign(({ context }, params: { reply: GetAddressesReply }) => {
      const addresses = shippingAddressesOf(params.reply.data ?? []);
      const keep = (id: number | undefined) => (addresses.some((a) => a.id === id) ? id : undefined);
      // The address just saved, else the one already chosen, else the primary (spec: auto-selected).
      const chosen = keep(context.savedAddressId) ?? keep(context.chosenAddressId) ?? addresses.find((a) => a.isPrimary)?.id;
      return { addresses, chosenAddressId: chosen, savedAddressId: undefined };
    }),
    assignChosenAddress: assign(({ event }) => (event.type === 'address.choose' ? { chosenAddressId: event.id } : {})),
    assignFormErrors: assign(({ event }) => (event.type === 'address.save' ? { formErrors: addressErrors(event.values, 'shipping') } : {})),
    clearFormErrors: assign({ formErrors: {} }),
    assignZipLookup: assign((_, params: { zip: string; reply: ZipLookupReply }) => {
      const entry = params.reply.data?.[0];
      return { zipLookup: { zip: params.zip, city: entry?.city, state: entry?.state } };
    }),
    assignSavedAddressId: assign((_, params: { reply: AddAddressReply }) => ({
      savedAddressId: params.reply.address_id ?? params.reply.data?.address_id,
    })),
    reportNotice: sendParent((_, params: { message: string }): CheckoutReport => ({ type: 'notice.show', message: params.message })),
  },
}).createMachine({
  id: 'checkoutAddress',
  context: ({ input }) => ({
    session: input.session,
    addresses: [],
    chosenAddressId: input.chosenAddressId,
    savedAddressId: undefined,
    formErrors: {},
    zipLookup: undefined,
  }),
  initial: 'checking',
  output: ({ context }) => ({ address: chosenAddress(context) }),
  states: {
    checking: {
      always: [{ guard: 'hasCustomer', target: 'loading' }, { target: 'choosing' }],
    },
    loading: {
      invoke: {
        id: 'getShippingAddresses',
        src: 'getShippingAddresses',
        input: ({ context }) => ({ customerId: sessionOf(context).CustomerId ?? 0 }),
        onDone: [
          {
            guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
            target: 'choosing',
            actions: { type: 'assignAddresses', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'choosing' },
        ],
        // Spec: a failed fetch is logged and the loader removed, no message.
        onError: { target: 'choosing' },
      },
    },
    choosing: {
      on: {
        'address.choose': [
          { guard: 'isShoppingZipAddress', actions: 'assignChosenAddress' },
          { actions: { type: 'reportNotice', params: { message: addressRuleMessages.selectionNotAllowed } } },
        ],
        'address.form.toggle': { target: 'adding' },
        'address.continue': [
          { guard: 'isDeliveryZipMismatch', actions: { type: 'reportNotice', params: { message: addressRuleMessages.deliveryZipMismatch } } },
          { guard: 'hasChosenAddress', target: 'chosen' },
        ],
      },
    },
    adding: {
      initial: 'editing',
      exit: 'clearFormErrors',
      on: {
        'address.form.toggle': { target: 'choosing' },
      },
      states: {
        editing: {
          on: {
            'address.zip.lookup': { guard: 'isFiveDigitZip', target: 'lookingUp' },
            'address.save': [
              { guard: 'hasFormErrors', actions: 'assignFormErrors' },
              {
                guard: 'isCityMismatch',
                actions: ['clearFormErrors', { type: 'reportNotice', params: { message: addressRuleMessages.zipCityMismatch } }],
              },
              { target: 'saving', actions: 'clearFormErrors' },
            ],
          },
        },
        lookingUp: {
          on: {
            'address.zip.lookup': { guard: 'isFiveDigitZip', target: 'lookingUp', reenter: true },
          },
          invoke: {
            id: 'lookupZip',
            src: 'lookupZip',
            input: ({ event }) => ({ zip: event.type === 'address.zip.lookup' ? event.zip.trim() : '' }),
            onDone: {
              target: 'editing',
              actions: {
                type: 'assignZipLookup',
                params: ({ event }) => ({ zip: event.output.data?.[0]?.zipcode ?? '', reply: event.output }),
              },
            },
            onError: { target: 'editing' },
          },
        },
        saving: {
          invoke: {
            id: 'addShippingAddress',
            src: 'addShippingAddress',
            input: ({ context, event }) => ({
              customerId: sessionOf(context).CustomerId,
              body:
                event.type === 'address.save'
                  ? newAddressBody(event.values, event.makeDefault)
                  : newAddressBody({ firstName: '', lastName: '', address: '', city: '', state: '', zip: '', phone: '' }, false),
            }),
            onDone: [
              {
                guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
                target: '#checkoutAddress.checking',
                actions: { type: 'assignSavedAddressId', params: ({ event }) => ({ reply: event.output }) },
              },
              // Spec: code not 1 stops saving; the server's zip/city refusal is worth showing.
              {
                target: 'editing',
                actions: {
                  type: 'reportNotice',
                  params: ({ event }) => ({ message: event.output.message ?? addressRuleMessages.zipCityMismatch }),
                },
              },
            ],
            onError: { target: 'editing' },
          },
        },
      },
    },
    /** SAVE & CONTINUE with an address in the shopping zip: the step is done. */
    chosen: { type: 'final' },
  },
});

export type CheckoutAddressActor = ActorRefFrom<typeof checkoutAddressMachine>;
