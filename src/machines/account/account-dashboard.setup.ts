import { assign, fromPromise, raise, setup } from 'xstate';
import { deleteAddress, myDashboard, savePreferences, setDefaultShippingAddress, updateAddress } from '../../api/account.api.ts';
import { getShippingAddresses } from '../../api/checkout.api.ts';
import type {
  DashboardData,
  DashboardReply,
  OnOff,
  PreferencesBody,
  PreferencesData,
  PreferencesReply,
} from '../../api/contract/account.contract.ts';
import type {
  AddressMessageReply,
  GetAddressesReply,
  SetDefaultAddressReply,
  UpdateAddressBody,
  UpdateAddressReply,
} from '../../api/contract/address.contract.ts';
import { ApiError, type Sent } from '../../api/http.ts';
import { editValuesOf, withDefaultAddress } from '../../rules/account-settings.ts';
import type { AddressValues } from '../../rules/address-validation.ts';
import { shippingAddressesOf, type ShippingAddress } from '../../rules/checkout-flow.ts';

export type Preference = keyof PreferencesData;

export interface AccountDashboardInput {
  /**
   * The session's CustomerId: getaddresses and setdefaultshippingaddress name it. Always there: /setting/user lets only
   * a shopper with a token in, and signing in (auth, guest register) stores her CustomerId with it.
   */
  customerId: number;
}

export interface AccountDashboardContext {
  customerId: number;
  dashboard: DashboardData | undefined;
  dashboardError: string | undefined;
  /** The switches as saved before the one being saved now, to roll back to. */
  savedPreferences: PreferencesData | undefined;
  addresses: ShippingAddress[];
  addressesError: string | undefined;
  /** The address a make-default or delete is working on. */
  pendingAddressId: number | undefined;
  editingId: number | undefined;
  /** The address being edited as the form opens with it, then as saved (the address-form machine checks it first). */
  editValues: AddressValues | undefined;
}

export type AccountDashboardEvent =
  | { type: 'dashboard.retry' }
  | { type: 'dashboard.reload' }
  | { type: 'preference.toggle'; preference: Preference; on: boolean }
  | { type: 'addresses.retry' }
  | { type: 'address.default'; addressId: number }
  | { type: 'address.delete'; addressId: number }
  /** The row's confirm step after Delete: delete it, or keep it. */
  | { type: 'address.delete.confirm' }
  | { type: 'address.delete.cancel' }
  | { type: 'address.edit'; addressId: number }
  | { type: 'address.edit.cancel' }
  | { type: 'address.save'; values: AddressValues };

export const accountMessages = {
  dashboardFailed: 'Your account could not be loaded.',
  addressesFailed: 'Your addresses could not be loaded.',
  somethingWentWrong: 'something went wrong',
  preferencesFailed: 'Your preference could not be saved. Please try again.',
} as const;

export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The edit form's values as the update call names them; the form has no second street line or nickname: both are kept. */
export function updateBodyOf(addressId: number, values: AddressValues): Sent<UpdateAddressBody> {
  return {
    address_id: addressId,
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    street: values.address.trim(),
    street2: (values.address2 ?? '').trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postcode: values.zip.trim(),
    telephone: values.phone.trim(),
    nickname: (values.addressNickname ?? '').trim(),
  };
}

export const flagOf = (on: boolean): OnOff => (on ? 1 : 0);

/** The account-dashboard machine's types and implementations (guards, actions, actors, delays): its chart is account-dashboard.machine.ts. */
export const accountDashboardSetup = setup({
  types: {
    context: {} as AccountDashboardContext,
    input: {} as AccountDashboardInput,
    events: {} as AccountDashboardEvent,
  },
  actors: {
    loadDashboard: fromPromise<DashboardReply>(() => myDashboard()),
    savePreferences: fromPromise<PreferencesReply, Sent<PreferencesBody>>(({ input }) => savePreferences(input)),
    loadAddresses: fromPromise<GetAddressesReply, { customerId: number }>(({ input }) => getShippingAddresses(input.customerId)),
    setDefaultAddress: fromPromise<SetDefaultAddressReply, { customerId: number; addressId: number }>(({ input }) =>
      setDefaultShippingAddress(input.customerId, input.addressId),
    ),
    deleteAddress: fromPromise<AddressMessageReply, { addressId: number }>(({ input }) => deleteAddress(input.addressId)),
    updateAddress: fromPromise<UpdateAddressReply, Sent<UpdateAddressBody>>(({ input }) => updateAddress(input)),
  },
  guards: {
    isDone: (_, params: { code: number }) => params.code === 1,
    isDefaultSet: (_, params: { reply: SetDefaultAddressReply }) => params.reply[0]?.code === 1,
    isListedAddress: ({ context }, params: { addressId: number }) => context.addresses.some((a) => a.id === params.addressId),
    isOtherThanDefault: ({ context }, params: { addressId: number }) =>
      context.addresses.some((a) => a.id === params.addressId && a.defaultAddress !== '1'),
    isEditingThis: ({ context }, params: { addressId: number }) => context.editingId === params.addressId,
    isDeletedDefault: ({ context }, params: { code: number }) =>
      params.code === 1 && context.addresses.some((a) => a.id === context.pendingAddressId && a.isPrimary),
  },
  actions: {
    assignDashboard: assign((_, params: { data: DashboardData | undefined }) => ({ dashboard: params.data, dashboardError: undefined })),
    assignDashboardError: assign((_, params: { message: string }) => ({ dashboardError: params.message })),
    // The switch moves at once; the saved values are kept to roll back to.
    assignPreference: assign(({ context }, params: { preference: Preference; on: boolean }) => {
      if (!context.dashboard) return {};
      const saved = { newsletter_subscription: context.dashboard.newsletter_subscription, notification: context.dashboard.notification };
      return { savedPreferences: saved, dashboard: { ...context.dashboard, [params.preference]: flagOf(params.on) } };
    }),
    assignSavedPreferences: assign(({ context }, params: { data: PreferencesData | undefined }) => ({
      dashboard: context.dashboard && params.data ? { ...context.dashboard, ...params.data } : context.dashboard,
      savedPreferences: undefined,
    })),
    rollBackPreference: assign(({ context }) => ({
      dashboard: context.dashboard && context.savedPreferences ? { ...context.dashboard, ...context.savedPreferences } : context.dashboard,
      savedPreferences: undefined,
    })),
    assignAddresses: assign((_, params: { reply: GetAddressesReply }) => ({
      addresses: shippingAddressesOf(params.reply.data ?? []),
      addressesError: undefined,
    })),
    assignAddressesError: assign((_, params: { message: string }) => ({ addressesError: params.message })),
    assignPending: assign((_, params: { addressId: number }) => ({ pendingAddressId: params.addressId })),
    clearPending: assign({ pendingAddressId: undefined }),
    assignDefaultAddress: assign(({ context }) =>
      context.pendingAddressId === undefined
        ? {}
        : { addresses: withDefaultAddress(context.addresses, context.pendingAddressId), pendingAddressId: undefined },
    ),
    removeAddress: assign(({ context }) => ({
      addresses: context.addresses.filter((a) => a.id !== context.pendingAddressId),
      pendingAddressId: undefined,
      ...(context.editingId === context.pendingAddressId ? { editingId: undefined, editValues: undefined } : {}),
    })),
    assignEditing: assign(({ context }, params: { addressId: number }) => {
      const address = context.addresses.find((a) => a.id === params.addressId);
      return { editingId: address?.id, editValues: address ? editValuesOf(address) : undefined };
    }),
    assignSubmitted: assign((_, params: { values: AddressValues }) => ({ editValues: params.values })),
    clearEditing: assign({ editingId: undefined, editValues: undefined }),
    reloadDashboard: raise({ type: 'dashboard.reload' }),
    // The view provides it: the app's alert (a red toast).
    notifyFailure: (_, _params: { message: string }) => undefined,
    // The view provides it: a green toast, 'Updated SuccessFully' (the spec's default for an update).
    notifyUpdated: () => undefined,
  },
});
