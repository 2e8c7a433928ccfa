import type { ActorRefFrom } from 'xstate';
import type { AddressValues } from '../../rules/address-validation.ts';
import { accountDashboardSetup, accountMessages, messageOf, updateBodyOf, flagOf } from './account-dashboard.setup.ts';

/**
 * The Account tab (spec section 4 "Account"): the dashboard with its two preference switches, and the shipping
 * address table with make default, edit and delete. The saved cards are the card list's own machine (settings mode).
 */
export const accountDashboardMachine = accountDashboardSetup.createMachine({
  description:
    "The Account tab of My Account, /setting/user (cart-checkout-account.md, Account tab and States and transitions, Account). Two parts run side by side: YOUR INFORMATION with the NOTIFICATIONS and NEWSLETTER switches, and MY SHIPPING ADDRESS, where the customer makes an address the default, edits it (EDIT SHIPPING ADDRESS, every field required) or deletes it. A switch shows its new position at once and goes back if the server refuses; a failure is a red toast with the server's message or 'something went wrong'. The saved cards have their own flow.",
  id: 'accountDashboard',
  context: ({ input }) => ({
    customerId: input.customerId,
    dashboard: undefined,
    dashboardError: undefined,
    savedPreferences: undefined,
    addresses: [],
    addressesError: undefined,
    pendingAddressId: undefined,
    editingId: undefined,
    editValues: undefined,
  }),
  type: 'parallel',
  states: {
    /** YOUR INFORMATION and YOUR PREFRENCES. */
    info: {
      description: 'YOUR INFORMATION and YOUR PREFRENCES: name, primary address, email and the two switches.',
      initial: 'loading',
      on: { 'dashboard.reload': { description: 'The account page is opened again: the dashboard is loaded afresh.', target: '.loading' } },
      states: {
        loading: {
          description: "Loading the customer's information and preferences.",
          tags: ['loadingDashboard'],
          invoke: {
            id: 'loadDashboard',
            src: 'loadDashboard',
            onDone: [
              {
                description: 'Code 1: the information is shown.',
                guard: { type: 'isDone', params: ({ event }) => ({ code: event.output.code }) },
                target: 'ready',
                actions: { type: 'assignDashboard', params: ({ event }) => ({ data: event.output.data }) },
              },
              {
                description: "Refused: the server's message (or that the information could not be loaded).",
                target: 'failed',
                actions: {
                  type: 'assignDashboardError',
                  params: ({ event }) => ({ message: event.output.message ?? accountMessages.dashboardFailed }),
                },
              },
            ],
            onError: {
              description: 'The dashboard could not be loaded: the reason is shown with a way to try again.',
              target: 'failed',
              actions: {
                type: 'assignDashboardError',
                params: ({ event }) => ({ message: messageOf(event.error, accountMessages.dashboardFailed) }),
              },
            },
          },
        },
        failed: {
          description: 'The information could not be loaded: the reason is shown and the customer may try again.',
          on: { 'dashboard.retry': { description: 'The shopper tries again: the dashboard is loaded again.', target: 'loading' } },
        },
        ready: {
          description: 'The information is shown and the switches can be flipped.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The customer may switch NOTIFICATIONS or NEWSLETTER on or off.',
              on: {
                'preference.toggle': {
                  description: 'The shopper switches a notification preference: it shows at once and is saved.',
                  target: 'saving',
                  actions: { type: 'assignPreference', params: ({ event }) => ({ preference: event.preference, on: event.on }) },
                },
              },
            },
            saving: {
              description: 'Saving the switch the customer flipped (it already shows its new position).',
              tags: ['savingPreferences'],
              invoke: {
                id: 'savePreferences',
                src: 'savePreferences',
                input: ({ event }) => (event.type === 'preference.toggle' ? { [event.preference]: flagOf(event.on) } : {}),
                onDone: [
                  {
                    description: 'Saved: the switches show what the server holds.',
                    guard: { type: 'isDone', params: ({ event }) => ({ code: event.output.code }) },
                    target: 'idle',
                    actions: [{ type: 'assignSavedPreferences', params: ({ event }) => ({ data: event.output.data }) }, 'notifyUpdated'],
                  },
                  {
                    description: 'Refused: the switch goes back and a red toast says why.',
                    target: 'idle',
                    actions: [
                      'rollBackPreference',
                      { type: 'notifyFailure', params: ({ event }) => ({ message: event.output.message ?? accountMessages.preferencesFailed }) },
                    ],
                  },
                ],
                onError: {
                  description: 'The preference could not be saved: the switch goes back and a toast says why.',
                  target: 'idle',
                  actions: [
                    'rollBackPreference',
                    { type: 'notifyFailure', params: ({ event }) => ({ message: messageOf(event.error, accountMessages.preferencesFailed) }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
    /** MY SHIPPING ADDRESS and EDIT SHIPPING ADDRESS. */
    addresses: {
      description: 'MY SHIPPING ADDRESS and EDIT SHIPPING ADDRESS.',
      initial: 'loading',
      states: {
        loading: {
          description: "Loading the customer's shipping addresses.",
          tags: ['loadingAddresses'],
          invoke: {
            id: 'loadAddresses',
            src: 'loadAddresses',
            input: ({ context }) => ({ customerId: context.customerId }),
            onDone: [
              {
                description: 'Code 1: the shipping addresses, the default one first.',
                guard: { type: 'isDone', params: ({ event }) => ({ code: event.output.code }) },
                target: 'list',
                actions: { type: 'assignAddresses', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                description: "Refused: the server's message (or that the addresses could not be loaded).",
                target: 'failed',
                actions: {
                  type: 'assignAddressesError',
                  params: ({ event }) => ({ message: event.output.message ?? accountMessages.addressesFailed }),
                },
              },
            ],
            onError: {
              description: 'The saved addresses could not be loaded: the reason is shown with a way to try again.',
              target: 'failed',
              actions: {
                type: 'assignAddressesError',
                params: ({ event }) => ({ message: messageOf(event.error, accountMessages.addressesFailed) }),
              },
            },
          },
        },
        failed: {
          description: 'The addresses could not be loaded: the reason is shown and the customer may try again.',
          on: { 'addresses.retry': { description: 'The shopper tries again: the addresses are loaded again.', target: 'loading' } },
        },
        list: {
          description: 'The shipping address table with make default, edit and delete on each row.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The customer may make an address the default, edit it or delete it.',
              on: {
                'address.default': {
                  description: 'The shopper makes another address the default: it is saved.',
                  guard: { type: 'isOtherThanDefault', params: ({ event }) => ({ addressId: event.addressId }) },
                  target: 'settingDefault',
                  actions: { type: 'assignPending', params: ({ event }) => ({ addressId: event.addressId }) },
                },
                'address.delete': {
                  description: 'The shopper asks to delete a saved address: the row asks to confirm first.',
                  guard: { type: 'isListedAddress', params: ({ event }) => ({ addressId: event.addressId }) },
                  target: 'confirmingDelete',
                  actions: { type: 'assignPending', params: ({ event }) => ({ addressId: event.addressId }) },
                },
                'address.edit': {
                  description: 'The shopper edits a saved address: its form opens.',
                  guard: { type: 'isListedAddress', params: ({ event }) => ({ addressId: event.addressId }) },
                  target: 'editing',
                  actions: { type: 'assignEditing', params: ({ event }) => ({ addressId: event.addressId }) },
                },
              },
            },
            settingDefault: {
              description: 'Making the chosen address the default one.',
              tags: ['busyAddress'],
              invoke: {
                id: 'setDefaultAddress',
                src: 'setDefaultAddress',
                input: ({ context }) => ({ customerId: context.customerId, addressId: context.pendingAddressId ?? 0 }),
                onDone: [
                  {
                    description: "Code 1: the chosen address is marked default ('1') and the previous one not ('0'); the information reloads.",
                    guard: { type: 'isDefaultSet', params: ({ event }) => ({ reply: event.output }) },
                    target: 'idle',
                    // The primary address of YOUR INFORMATION changes with it.
                    actions: ['assignDefaultAddress', 'reloadDashboard', 'notifyUpdated'],
                  },
                  {
                    description: "Refused: a red toast with the server's message.",
                    target: 'idle',
                    actions: [
                      'clearPending',
                      { type: 'notifyFailure', params: ({ event }) => ({ message: event.output[0]?.message ?? accountMessages.somethingWentWrong }) },
                    ],
                  },
                ],
                onError: {
                  description: 'The default could not be changed: the list stays as it was and a toast says why.',
                  target: 'idle',
                  actions: [
                    'clearPending',
                    { type: 'notifyFailure', params: ({ event }) => ({ message: messageOf(event.error, accountMessages.somethingWentWrong) }) },
                  ],
                },
              },
            },
            confirmingDelete: {
              description: "The row asks 'Delete this address?': nothing is deleted until the shopper confirms, and Keep leaves it as it was.",
              on: {
                'address.delete.confirm': { description: 'The shopper confirms: the address is deleted.', target: 'deleting' },
                'address.delete.cancel': { description: 'The shopper keeps the address: nothing changes.', target: 'idle', actions: 'clearPending' },
              },
            },
            deleting: {
              description: 'Deleting the chosen address.',
              tags: ['busyAddress'],
              invoke: {
                id: 'deleteAddress',
                src: 'deleteAddress',
                input: ({ context }) => ({ addressId: context.pendingAddressId ?? 0 }),
                onDone: [
                  {
                    // The server makes the newest other address the default: read the list again.
                    description: 'The default address was deleted: the addresses and information reload to show the new primary.',
                    guard: { type: 'isDeletedDefault', params: ({ event }) => ({ code: event.output.code }) },
                    target: '#accountDashboard.addresses.loading',
                    actions: ['removeAddress', 'reloadDashboard'],
                  },
                  {
                    description: 'Code 1: the address leaves the table.',
                    guard: { type: 'isDone', params: ({ event }) => ({ code: event.output.code }) },
                    target: 'idle',
                    actions: 'removeAddress',
                  },
                  {
                    description: "Refused: a red toast with the server's message.",
                    target: 'idle',
                    actions: [
                      'clearPending',
                      { type: 'notifyFailure', params: ({ event }) => ({ message: event.output.message ?? accountMessages.somethingWentWrong }) },
                    ],
                  },
                ],
                onError: {
                  description: 'The address could not be deleted: it stays in the list and a toast says why.',
                  target: 'idle',
                  actions: [
                    'clearPending',
                    { type: 'notifyFailure', params: ({ event }) => ({ message: messageOf(event.error, accountMessages.somethingWentWrong) }) },
                  ],
                },
              },
            },
            /** EDIT SHIPPING ADDRESS is open, prefilled. */
            editing: {
              description: 'EDIT SHIPPING ADDRESS is open, prefilled with the chosen address.',
              initial: 'form',
              on: {
                'address.edit.cancel': {
                  description: 'The shopper closes the form without saving: the address stays as it was.',
                  target: 'idle',
                  actions: 'clearEditing',
                },
              },
              states: {
                form: {
                  description: 'The customer edits the address fields and saves, or cancels (the form shows every wrong field itself).',
                  on: {
                    // Edit toggles the form: the same address closes it, another one is loaded into it.
                    'address.edit': [
                      {
                        description: 'Edit on the address already open closes the form.',
                        guard: { type: 'isEditingThis', params: ({ event }) => ({ addressId: event.addressId }) },
                        target: '#accountDashboard.addresses.list.idle',
                        actions: 'clearEditing',
                      },
                      {
                        description: 'Edit on another address opens the form prefilled with it.',
                        guard: { type: 'isListedAddress', params: ({ event }) => ({ addressId: event.addressId }) },
                        target: 'form',
                        reenter: true,
                        actions: { type: 'assignEditing', params: ({ event }) => ({ addressId: event.addressId }) },
                      },
                    ],
                    // The form's own machine (address-form.machine) reports every wrong field and hands over only a valid address.
                    'address.save': {
                      description: 'SAVE on a valid form: the address is saved.',
                      target: 'saving',
                      actions: { type: 'assignSubmitted', params: ({ event }) => ({ values: event.values }) },
                    },
                  },
                },
                saving: {
                  description: 'Saving the edited address.',
                  tags: ['savingAddress'],
                  invoke: {
                    id: 'updateAddress',
                    src: 'updateAddress',
                    input: ({ context }) => updateBodyOf(context.editingId ?? 0, context.editValues ?? editValuesOfNothing),
                    onDone: [
                      {
                        description: 'Code 1: the form closes and the addresses and information reload.',
                        guard: { type: 'isDone', params: ({ event }) => ({ code: event.output.code }) },
                        target: '#accountDashboard.addresses.loading',
                        actions: ['clearEditing', 'reloadDashboard', 'notifyUpdated'],
                      },
                      {
                        description: "Refused: a red toast with the server's message (or 'something went wrong'), the form stays open.",
                        target: 'form',
                        actions: {
                          type: 'notifyFailure',
                          params: ({ event }) => ({ message: event.output.message ?? accountMessages.somethingWentWrong }),
                        },
                      },
                    ],
                    onError: {
                      description: 'The changed address could not be saved: the form stays open with what was typed, and a toast says why.',
                      target: 'form',
                      actions: {
                        type: 'notifyFailure',
                        params: ({ event }) => ({ message: messageOf(event.error, accountMessages.somethingWentWrong) }),
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

const editValuesOfNothing: AddressValues = { firstName: '', lastName: '', address: '', city: '', state: '', zip: '', phone: '' };

/** The running dashboard, as the account tab and its address form hold it. */
export type AccountDashboardActor = ActorRefFrom<typeof accountDashboardMachine>;
