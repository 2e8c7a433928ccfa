import type { SnapshotFrom } from 'xstate';
import type { addressFormMachine } from './address-form.machine.ts';

/**
 * The door to an address form (docs/decisions/032): the checkout's address step invokes it, the Account tab's edit
 * form runs it itself. Views import this file only.
 */
export { addressFormMachine, type AddressFormActor, type AddressFormEvent } from './address-form.machine.ts';

type AddressFormSnapshot = SnapshotFrom<typeof addressFormMachine>;
export const selectAddressValues = (s: AddressFormSnapshot) => s.context.values;
export const selectAddressErrors = (s: AddressFormSnapshot) => s.context.formErrors;
export const selectMakeDefault = (s: AddressFormSnapshot) => s.context.makeDefault;
