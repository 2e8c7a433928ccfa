import { stateCodeOf } from './us-states.ts';

/**
 * The spec's address forms (section 5), shared by the forms and the server: every invalid field is reported at once,
 * with the spec's words. Three forms differ only in wording:
 * - shipping (checkout 'ADD NEW ADDRESSES'): capitalised names, 'Zipcode must be a number.', 'Phone  must be a number.'
 *   (two spaces, as the spec writes it), a required nickname;
 * - billing (the add-card screen): lower-case 'first name is required.' / 'last name is required.' and the spec's
 *   other zip wording 'Must be a number.'; the nickname is optional (the client sends 'Billing');
 * - account edit (/setting/user 'EDIT SHIPPING ADDRESS'): the shipping words, but 'Phone must be a number.' (one space)
 *   and no nickname field.
 */
export type AddressForm = 'shipping' | 'billing' | 'account-edit';

/** The form fields, by the spec's form names. */
export interface AddressValues {
  firstName: string;
  lastName: string;
  address: string;
  address2?: string | undefined;
  city: string;
  state: string;
  zip: string;
  addressNickname?: string | undefined;
  phone: string;
}

export type AddressField = keyof AddressValues;

/** The fields in the order the forms show them (and report their errors). */
export const addressFields: readonly AddressField[] = [
  'firstName',
  'lastName',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'addressNickname',
  'phone',
];
export type AddressErrors = Partial<Record<AddressField, string>>;

export const addressMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  billingFirstNameRequired: 'first name is required.',
  billingLastNameRequired: 'last name is required.',
  addressRequired: 'Address is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  zipRequired: 'Zipcode is required.',
  zipNumber: 'Zipcode must be a number.',
  billingZipNumber: 'Must be a number.',
  zipLength: 'Must be exactly 5 digit',
  nicknameRequired: 'Address nickname is required.',
  phoneRequired: 'Phone is required.',
  phoneNumber: 'Phone  must be a number.',
  accountPhoneNumber: 'Phone must be a number.',
  phoneLength: 'Must be exactly 10 digit',
} as const;

/** Our own additions: limits the spec does not state. */
export const extraAddressMessages = {
  stateUnknown: 'Please choose a US state or territory.',
  tooLong: (max: number) => `Must be at most ${max} characters.`,
} as const;

/** The spec's address rules outside the form (section 5 "Address rules"). */
export const addressRuleMessages = {
  zipCityMismatch: "Your Zipcode and City Value Doesn't match.Please Fix and Try Again",
  selectionNotAllowed: "Selection not Allowed as Shipping Zipcode dosen't Match with Shopping Zipcode",
  deliveryZipMismatch: 'Delivery zipcode Doesnot match with selected product zipcode',
} as const;

export const addressLimits = { name: 50, street: 100, city: 60, nickname: 40 } as const;

function lengthOf(value: string): number {
  return [...value].length;
}

function required(value: string | undefined, message: string, max: number): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return message;
  if (lengthOf(text) > max) return extraAddressMessages.tooLong(max);
  return undefined;
}

/** Digits only, exactly `digits` long: required, then number, then length (the order the forms check them). */
function digitsRule(value: string, digits: number, messages: { required: string; number: string; length: string }): string | undefined {
  const text = value.trim();
  if (text === '') return messages.required;
  if (!/^\d+$/.test(text)) return messages.number;
  if (text.length !== digits) return messages.length;
  return undefined;
}

export function zipcodeFieldError(value: string, form: AddressForm = 'shipping'): string | undefined {
  return digitsRule(value, 5, {
    required: addressMessages.zipRequired,
    number: form === 'billing' ? addressMessages.billingZipNumber : addressMessages.zipNumber,
    length: addressMessages.zipLength,
  });
}

export function phoneFieldError(value: string, form: AddressForm = 'shipping'): string | undefined {
  return digitsRule(value, 10, {
    required: addressMessages.phoneRequired,
    number: form === 'account-edit' ? addressMessages.accountPhoneNumber : addressMessages.phoneNumber,
    length: addressMessages.phoneLength,
  });
}

export function stateFieldError(value: string): string | undefined {
  if (value.trim() === '') return addressMessages.stateRequired;
  return stateCodeOf(value) === undefined ? extraAddressMessages.stateUnknown : undefined;
}

/** Every invalid field of one address form, keyed by the form's field names; {} when the address is fine. */
export function addressErrors(values: AddressValues, form: AddressForm): AddressErrors {
  const billing = form === 'billing';
  const errors: AddressErrors = {
    firstName: required(values.firstName, billing ? addressMessages.billingFirstNameRequired : addressMessages.firstNameRequired, addressLimits.name),
    lastName: required(values.lastName, billing ? addressMessages.billingLastNameRequired : addressMessages.lastNameRequired, addressLimits.name),
    address: required(values.address, addressMessages.addressRequired, addressLimits.street),
    address2: lengthOf((values.address2 ?? '').trim()) > addressLimits.street ? extraAddressMessages.tooLong(addressLimits.street) : undefined,
    city: required(values.city, addressMessages.cityRequired, addressLimits.city),
    state: stateFieldError(values.state),
    zip: zipcodeFieldError(values.zip, form),
    phone: phoneFieldError(values.phone, form),
  };
  if (form === 'shipping') {
    errors.addressNickname = required(values.addressNickname, addressMessages.nicknameRequired, addressLimits.nickname);
  } else if (lengthOf((values.addressNickname ?? '').trim()) > addressLimits.nickname) {
    errors.addressNickname = extraAddressMessages.tooLong(addressLimits.nickname);
  }
  for (const key of addressFields) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

export function hasAddressErrors(errors: AddressErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The zip/city check on save: true when the zip is unknown to the lookup (nothing to compare) or its city equals the
 * typed one, case-insensitively and trimmed.
 */
export function cityMatchesZip(typedCity: string, cityOfZip: string | undefined): boolean {
  if (cityOfZip === undefined) return true;
  return typedCity.trim().toLowerCase() === cityOfZip.trim().toLowerCase();
}

/** A saved address can be chosen for this cart only when its zip is the shopping zip. */
export function isSameZip(addressZip: string, shoppingZip: string): boolean {
  return addressZip.trim() === shoppingZip.trim();
}
