import { array, define, literal, number, object, optional, refine, string, type, union, type Infer, type Struct } from 'superstruct';
import { coerce } from './coerce.ts';
import {
  addressErrors,
  addressFields,
  type AddressErrors,
  type AddressField,
  type AddressForm,
  type AddressValues,
} from '../../rules/address-validation.ts';
import { codeAndMessage, envelope, replyCode } from './envelope.ts';
import { callerFields, ignoredApiToken, numericId, storeField } from './fields.ts';

/**
 * Saved addresses (spec section 3 "Server address", "New address payload"; section 7 calls). The customer always comes
 * from the bearer token: a customerid or address_id that is not the caller's is a 404.
 */

/** Missing and null: what a form sends for an empty field. */
const absent = define<null | undefined>('absent', (v) => v === undefined || v === null);

/**
 * Text the forms send. A missing field reads as '' so the form rule reports it with the spec's "required" words;
 * zip and phone may arrive as numbers from older clients and are read as text.
 */
const text = (max = 200): Struct<string, null> =>
  coerce(
    define<string>('text', (v) => (typeof v === 'string' && v.length <= max) || `Must be text of at most ${max} characters.`),
    union([number(), absent]),
    (v) => (typeof v === 'number' ? String(v) : ''),
  );

const optionalText = (max = 200) => optional(text(max));

/** The spec's default flag is '1' or '0'. */
const defaultFlagValue = union([literal('1'), literal('0')]);

/** The default flag as forms send it: also 1/0 and booleans. */
export const defaultFlag = coerce(defaultFlagValue, union([literal(1), literal(0), literal(true), literal(false)]), (v) =>
  v === 1 || v === true ? '1' : '0',
);

export const addressType = union([literal('shipping'), literal('billing')]);

/** The spec's server address, plus its type. state is the two-letter code; country is always 'US'. */
export const serverAddress = type({
  address_id: number(),
  address_nickname: string(),
  name: string(),
  firstname: string(),
  lastname: string(),
  street1: string(),
  street2: string(),
  city: string(),
  state: string(),
  country: string(),
  zipcode: string(),
  telephone: string(),
  default_address: defaultFlagValue,
  address_type: addressType,
});
export type ServerAddress = Infer<typeof serverAddress>;

/** Reports every rule failure of the form at once, each under the API's own field name. */
function addressRefinement<T>(
  struct: Struct<T, unknown>,
  formOf: (value: T) => AddressForm,
  valuesOf: (value: T) => AddressValues,
  fieldNames: Partial<Record<AddressField, string>>,
): Struct<T, unknown> {
  return refine(struct, 'address', (value) => {
    const errors: AddressErrors = addressErrors(valuesOf(value), formOf(value));
    return addressFields.flatMap((field) => {
      const message = errors[field];
      if (message === undefined) return [];
      const name = fieldNames[field] ?? field;
      return [{ path: [name], key: name, message }];
    });
  });
}

/** The /connect/customer/getaddresses query (GET) or body (POST): the caller's own customer id. */
export const getAddressesQuery = object({
  customerid: numericId('customerid'),
  address_type: optional(addressType),
  ...callerFields,
});
export type GetAddressesQuery = Infer<typeof getAddressesQuery>;
export const getAddressesReply = envelope(array(serverAddress));
export type GetAddressesReply = Infer<typeof getAddressesReply>;

/** The shipping form names its query customerid; the billing save has none. */
export const addAddressQuery = object({ customerid: optional(numericId('customerid')), ...storeField });
export type AddAddressQuery = Infer<typeof addAddressQuery>;

/** The spec's new address payload. Billing also sends api_token, billing_address (the street joined), email and dob. */
export const addAddressBody = addressRefinement(
  object({
    first_name: text(),
    last_name: text(),
    street1: text(),
    street2: optionalText(),
    city: text(),
    state: text(),
    zipcode: text(),
    nickname: optionalText(),
    telephone: text(),
    default_address: optional(defaultFlag),
    country: optional(literal('US')),
    address_type: optional(addressType),
    api_token: ignoredApiToken,
    billing_address: optionalText(300),
    email: optionalText(254),
    dob: optionalText(20),
    customerid: optional(numericId('customerid')),
    ...storeField,
  }),
  (v) => (v.address_type === 'billing' ? 'billing' : 'shipping'),
  (v) => ({
    firstName: v.first_name,
    lastName: v.last_name,
    address: v.street1,
    address2: v.street2,
    city: v.city,
    state: v.state,
    zip: v.zipcode,
    addressNickname: v.nickname,
    phone: v.telephone,
  }),
  {
    firstName: 'first_name',
    lastName: 'last_name',
    address: 'street1',
    address2: 'street2',
    zip: 'zipcode',
    addressNickname: 'nickname',
    phone: 'telephone',
  },
);
export type AddAddressBody = Infer<typeof addAddressBody>;

/** code 1 with the new address_id (and the address); code -1 with the zip/city message when they disagree. */
export const addAddressReply = type({
  code: replyCode,
  message: optional(string()),
  address_id: optional(number()),
  data: optional(serverAddress),
});
export type AddAddressReply = Infer<typeof addAddressReply>;

/** /connect/customer/updateAddress — the account edit form (street, postcode). */
export const updateAddressBody = addressRefinement(
  object({
    address_id: numericId('address_id'),
    first_name: text(),
    last_name: text(),
    street: text(),
    street2: optionalText(),
    city: text(),
    state: text(),
    postcode: text(),
    telephone: text(),
    nickname: optionalText(),
    country: optional(literal('US')),
    ...callerFields,
  }),
  () => 'account-edit',
  (v) => ({
    firstName: v.first_name,
    lastName: v.last_name,
    address: v.street,
    address2: v.street2,
    city: v.city,
    state: v.state,
    zip: v.postcode,
    addressNickname: v.nickname,
    phone: v.telephone,
  }),
  {
    firstName: 'first_name',
    lastName: 'last_name',
    address: 'street',
    address2: 'street2',
    zip: 'postcode',
    addressNickname: 'nickname',
    phone: 'telephone',
  },
);
export type UpdateAddressBody = Infer<typeof updateAddressBody>;
export const updateAddressReply = envelope(serverAddress);
export type UpdateAddressReply = Infer<typeof updateAddressReply>;

/** /connect/customer/deleteAddress */
export const deleteAddressBody = object({
  address_id: numericId('address_id'),
  ...callerFields,
});
export type DeleteAddressBody = Infer<typeof deleteAddressBody>;
export const addressMessageReply = codeAndMessage;
export type AddressMessageReply = Infer<typeof addressMessageReply>;

/** /api/customer/setdefaultshippingaddress — answers an array whose first element has code and message. */
export const setDefaultAddressBody = object({
  customer_id: numericId('customer_id'),
  address_id: numericId('address_id'),
  ...callerFields,
});
export type SetDefaultAddressBody = Infer<typeof setDefaultAddressBody>;
export const setDefaultAddressReply = array(type({ code: replyCode, message: string() }));
export type SetDefaultAddressReply = Infer<typeof setDefaultAddressReply>;
