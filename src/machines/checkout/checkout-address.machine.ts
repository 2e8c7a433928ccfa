import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { addShippingAddress, getShippingAddresses, newAddressBody } from '../../api/checkout.api.ts';
import type { AddAddressBody, AddAddressReply, GetAddressesReply } from '../../api/contract/address.contract.ts';
import type { Sent } from '../../api/http.ts';
import { addressRuleMessages, isSameZip } from '../../rules/address-validation.ts';
import { shippingAddressesOf, type ShippingAddress } from '../../rules/checkout-flow.ts';
import { addressFormMachine, blankAddress, type AddressFormReport } from '../address-form/address-form.machine.ts';
import type { CheckoutReport } from './checkout-flow.types.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface CheckoutAddressInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The address the cart flow already holds: chosen again while it is still listed. */
  chosenAddressId?: number | undefined;
}

export interface CheckoutAddressContext {
  session: ActorRefFrom<typeof sessionMachine>;
  addresses: ShippingAddress[];
  chosenAddressId: number | undefined;
  /** The address just saved: chosen once the list is reloaded, if it is in the shopping zip. */
  savedAddressId: number | undefined;
}

/** The shopper's choices, and what the address form (addressForm) reports: a valid address to save, or a refusal. */
export type CheckoutAddressEvent =
  { type: 'address.choose'; id: number } | { type: 'address.form.toggle' } | AddressFormReport | { type: 'address.continue' };

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

function isInShoppingZip(context: CheckoutAddressContext, address: ShippingAddress): boolean {
  return isSameZip(address.zipcode, sessionOf(context).zipcode ?? '');
}

/**
 * The address step, 'Select a Shipping Address' (spec section 4 "Address screen"): a customer's saved addresses are
 * loaded, the primary chosen; 'ADD NEW ADDRESSES' opens the form (addressForm: its values, the zip lookup, every
 * invalid field at once, the zip and city rule) and saves what it hands over; a saved address in the shopping zip is chosen once the list is reloaded (one in another zip is listed, not chosen, with the spec's selection refusal); SAVE & CONTINUE ends the step with the address.
 * The checkout's snackbar belongs to the tabs machine: refusals are reported to it (reportNotice).
 */
export const checkoutAddressMachine = setup({
  types: {
    context: {} as CheckoutAddressContext,
    input: {} as CheckoutAddressInput,
    events: {} as CheckoutAddressEvent,
    output: {} as CheckoutAddressOutput,
    children: {} as { addressForm: 'addressForm'; getShippingAddresses: 'getShippingAddresses'; addShippingAddress: 'addShippingAddress' },
  },
  actors: {
    addressForm: addressFormMachine,
    getShippingAddresses: fromPromise<GetAddressesReply, { customerId: number }>(({ input }) => getShippingAddresses(input.customerId)),
    addShippingAddress: fromPromise<AddAddressReply, { customerId: number | undefined; body: Sent<AddAddressBody> }>(({ input }) =>
      addShippingAddress(input.customerId, input.body),
    ),
  },
  guards: {
    hasCustomer: ({ context }) => Boolean(sessionOf(context).Token && sessionOf(context).CustomerId),
    isCodeOne: (_, params: { code: number }) => params.code === 1,
    isShoppingZipAddress: ({ context, event }) => {
      if (event.type !== 'address.choose') return false;
      const address = context.addresses.find((a) => a.id === event.id);
      return address !== undefined && isInShoppingZip(context, address);
    },
    // The address just saved is listed in another zip: it stays unselected, as choosing it would be refused.
    isSavedAddressElsewhere: ({ context }, params: { reply: GetAddressesReply }) => {
      if (params.reply.code !== 1) return false;
      const saved = shippingAddressesOf(params.reply.data ?? []).find((a) => a.id === context.savedAddressId);
      return saved !== undefined && !isInShoppingZip(context, saved);
    },
    hasChosenAddress: ({ context }) => chosenAddress(context) !== undefined,
    isDeliveryZipMismatch: ({ context }) => {
      const address = chosenAddress(context);
      return address !== undefined && !isInShoppingZip(context, address);
    },
  },
  actions: {
    assignAddresses: assign(({ context }, params: { reply: GetAddressesReply }) => {
      const addresses = shippingAddressesOf(params.reply.data ?? []);
      // Only in the shopping zip: the spec's selection rule holds for a pre-selection as for a click (walk 4 #6: a
      // reload chose the 90210 address kept from before at 10001, and SAVE & CONTINUE was then refused). One elsewhere
      // stays listed, unselected; a click on it says why ('Selection not Allowed…').
      const selectable = addresses.filter((a) => isInShoppingZip(context, a));
      const keep = (id: number | undefined) => selectable.find((a) => a.id === id)?.id;
      // The address just saved, else the one already chosen, else the primary (spec: auto-selected).
      const chosen = keep(context.savedAddressId) ?? keep(context.chosenAddressId) ?? selectable.find((a) => a.isPrimary)?.id;
      return { addresses, chosenAddressId: chosen, savedAddressId: undefined };
    }),
    assignChosenAddress: assign(({ event }) => (event.type === 'address.choose' ? { chosenAddressId: event.id } : {})),
    assignSavedAddressId: assign((_, params: { reply: AddAddressReply }) => ({
      savedAddressId: params.reply.address_id ?? params.reply.data?.address_id,
    })),
    reportNotice: sendParent((_, params: { message: string }): CheckoutReport => ({ type: 'notice.show', message: params.message })),
  },
}).createMachine({
  id: 'checkoutAddress',
  description: 'The address step: the shopper chooses (or adds) the address the order is delivered to.',
  context: ({ input }) => ({
    session: input.session,
    addresses: [],
    chosenAddressId: input.chosenAddressId,
    savedAddressId: undefined,
  }),
  initial: 'checking',
  output: ({ context }) => ({ address: chosenAddress(context) }),
  states: {
    checking: {
      description: 'Is the shopper signed in (do they have saved addresses)?',
      always: [
        { guard: 'hasCustomer', target: 'loading', description: 'Signed in: their saved addresses are loaded.' },
        { target: 'choosing', description: 'Not signed in: no saved addresses, ADD NEW ADDRESSES is offered.' },
      ],
    },
    loading: {
      description: 'Loading the saved addresses.',
      invoke: {
        id: 'getShippingAddresses',
        src: 'getShippingAddresses',
        input: ({ context }) => ({ customerId: sessionOf(context).CustomerId ?? 0 }),
        onDone: [
          {
            guard: { type: 'isSavedAddressElsewhere', params: ({ event }) => ({ reply: event.output }) },
            target: 'choosing',
            description:
              "The address just saved is in another zip: it is listed but not selected (the one already chosen or the primary is), and 'Selection not Allowed as Shipping Zipcode dosen't Match with Shopping Zipcode' says why.",
            actions: [
              { type: 'assignAddresses', params: ({ event }) => ({ reply: event.output }) },
              { type: 'reportNotice', params: { message: addressRuleMessages.selectionNotAllowed } },
            ],
          },
          {
            guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
            target: 'choosing',
            description:
              'The saved addresses show; the one just saved, the one already chosen or the primary is selected, if in the shopping zip (else none).',
            actions: { type: 'assignAddresses', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'choosing', description: 'The server refused the list: the step shows without saved addresses.' },
        ],
        // Spec: a failed fetch is logged and the loader removed, no message.
        onError: { description: 'The saved addresses could not be loaded: the shopper can still add one.', target: 'choosing' },
      },
    },
    choosing: {
      description: "'Select a Shipping Address': the saved addresses, ADD NEW ADDRESSES and SAVE & CONTINUE.",
      on: {
        'address.choose': [
          { guard: 'isShoppingZipAddress', actions: 'assignChosenAddress', description: 'The address is in the shopping zip: it is selected.' },
          {
            actions: { type: 'reportNotice', params: { message: addressRuleMessages.selectionNotAllowed } },
            description: "Another zip: 'Selection not Allowed as Shipping Zipcode dosen't Match with Shopping Zipcode'.",
          },
        ],
        'address.form.toggle': { description: 'The shopper opens the form to add a new address.', target: 'adding' },
        'address.continue': [
          {
            guard: 'isDeliveryZipMismatch',
            actions: { type: 'reportNotice', params: { message: addressRuleMessages.deliveryZipMismatch } },
            description:
              "The shopping zip changed under the open step, so the chosen address is not in it: 'Delivery zipcode Doesnot match with selected product zipcode'.",
          },
          { guard: 'hasChosenAddress', target: 'chosen', description: 'SAVE & CONTINUE with an address in the shopping zip: checkout moves on.' },
        ],
      },
    },
    adding: {
      description: 'ADD NEW ADDRESSES: the address form is open.',
      initial: 'editing',
      invoke: { id: 'addressForm', src: 'addressForm', input: { form: 'shipping', looksUpZip: true } },
      on: {
        'address.form.toggle': { target: 'choosing', description: 'Back to the saved addresses; the form is dropped.' },
      },
      states: {
        editing: {
          description: 'The shopper fills in the new address.',
          on: {
            'address.save': { description: 'The shopper saves the new address.', target: 'saving' },
            'address.refused': {
              description: 'The form refused the address (e.g. a zip outside the shopping area): a snackbar says why.',
              actions: { type: 'reportNotice', params: ({ event }) => ({ message: event.message }) },
            },
          },
        },
        saving: {
          description: 'Saving the new address to the account.',
          invoke: {
            id: 'addShippingAddress',
            src: 'addShippingAddress',
            input: ({ context, event }) => ({
              customerId: sessionOf(context).CustomerId,
              body: event.type === 'address.save' ? newAddressBody(event.values, event.makeDefault) : newAddressBody(blankAddress, false),
            }),
            onDone: [
              {
                guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
                target: '#checkoutAddress.checking',
                description: 'The address is saved: the list reloads with it, selected if it is in the shopping zip.',
                actions: { type: 'assignSavedAddressId', params: ({ event }) => ({ reply: event.output }) },
              },
              // Spec: code not 1 stops saving; the server's zip/city refusal is worth showing.
              {
                target: 'editing',
                description: 'The server refused the address (e.g. zip and city do not match): its message shows and the form stays open.',
                actions: {
                  type: 'reportNotice',
                  params: ({ event }) => ({ message: event.output.message ?? addressRuleMessages.zipCityMismatch }),
                },
              },
            ],
            onError: { target: 'editing', description: 'The save failed: the form stays as it was.' },
          },
        },
      },
    },
    /** SAVE & CONTINUE with an address in the shopping zip: the step is done. */
    chosen: { type: 'final', description: 'The address is chosen: checkout moves on.' },
  },
});

export type CheckoutAddressActor = ActorRefFrom<typeof checkoutAddressMachine>;
