import { array, boolean, define, enums, literal, number, object, optional, string, type, union, type Infer, type Struct } from 'superstruct';
import { coerce } from './coerce.ts';
import {
  confirmPasswordError,
  countryError,
  createAccountEmailError,
  createAccountPasswordError,
  dobError,
  emailOnlyError,
  extraAuthMessages,
  firstNameError,
  genderError,
  lastNameError,
  newPasswordError,
  signInEmailError,
  signInPasswordError,
} from '../../rules/auth-validation.ts';
import { captchaField } from './captcha.contract.ts';
import { codeAndMessage, envelope, replyCode } from './envelope.ts';
import { blankIsMissing, heldCartIdField, numericId, ruleField, speedField, storeField } from './fields.ts';

/** The confirmation field compares itself with its sibling, so a mismatch is reported with every other field. */
function confirmField(name: string, passwordField: string): Struct<string, null> {
  return define<string>(name, (value, context) => {
    const parent: unknown = context.branch[context.branch.length - 2];
    const password: unknown = typeof parent === 'object' && parent !== null ? Reflect.get(parent, passwordField) : undefined;
    if (value !== undefined && value !== null && typeof value !== 'string') return `${name} must be text.`;
    return confirmPasswordError(value ?? '', typeof password === 'string' ? password : '') ?? true;
  });
}

/** Optional text: null (the old client's "none") becomes absent. */
function optionalText(field: Struct<string, null>) {
  return optional(coerce(field, literal(null), () => undefined));
}

/** 0/1, '0'/'1', true/false or 'true'/'false' (forms and old clients differ) → boolean. */
const newsletterField = optional(
  coerce(
    define<boolean>('newsletter_subscription', (value) => typeof value === 'boolean' || 'newsletter_subscription must be 0 or 1.'),
    union([literal(0), literal(1), literal('0'), literal('1'), literal('true'), literal('false')]),
    (value) => value === 1 || value === '1' || value === 'true',
  ),
);

const resetTokenField = ruleField('reset_token', (value) =>
  value.trim() === '' || value.length > 200 ? extraAuthMessages.resetTokenRequired : undefined,
);

/** A reply with only a code and a message to show (forgot, change password, logout). */
export const messageReply = codeAndMessage;
export type MessageReply = Infer<typeof messageReply>;

/**
 * POST api/customer/login — email, password, the guest cart to merge, the captcha.
 * The spec also shows the fields in the query; we read the body only, so passwords never land in URLs or logs.
 */
export const loginBody = object({
  email: ruleField('email', signInEmailError),
  password: ruleField('password', signInPasswordError),
  cart_id: heldCartIdField,
  /**
   * The delivery option the shopper is on ('local' for Delivery; dine-in or pickup with vendor_location_id, the chosen
   * restaurant): the account's cart merged with the guest's takes it, lines of another option moved to its offers or
   * kept aside (QA walk 3). Absent: the carts are merged as they are.
   */
  courier_type: speedField('courier_type'),
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
  altcha: captchaField,
  ...storeField,
});
export type LoginBody = Infer<typeof loginBody>;

/** The spec's sign-in result. is_verified is 1 once KYC passed; verification_id is the KYC application ('' if none). */
export const signInResult = type({
  api_token: string(),
  cart_id: string(),
  customer_id: number(),
  is_verified: number(),
  total_product_in_cart: number(),
  cust_name: string(),
  verification_id: string(),
  /** Issue 24: present for a seller or staff account (the user menu then links to its console). */
  role: optional(enums(['seller', 'staff'] as const)),
  /** Issue 23: what taking over the guest cart changed (a quantity capped by stock or the limit); absent when nothing. */
  cart_changes: optional(array(type({ name: string(), size: string(), wanted: number(), qty: number() }))),
  /** The guest cart's lines joined the account's own (two carts became one); absent when a cart was only taken over or moved. */
  cart_combined: optional(boolean()),
  /** QA walk 3: the account's lines moved to the shopper's delivery option, each with its new seller. */
  cart_moved: optional(
    array(
      type({
        name: string(),
        size: string(),
        qty: number(),
        seller: optional(string()),
        /** Walk 6 #5: a moved line whose price changed, its price before and after (dollars), said as the switch dialog does. */
        price: optional(string()),
        new_price: optional(string()),
      }),
    ),
  ),
  /** QA walk 3: the account's lines that option cannot sell, kept aside for the option they were added for. */
  cart_kept: optional(array(type({ name: string(), size: string(), qty: number() }))),
});
export type SignInResult = Infer<typeof signInResult>;
/** code 1 with message 'success' and result; code -1 with a message for wrong credentials. */
export const loginReply = type({ code: replyCode, message: optional(string()), result: optional(signInResult) });
export type LoginReply = Infer<typeof loginReply>;

/** POST api/customer/register */
export const registerBody = object({
  first_name: ruleField('first_name', firstNameError),
  last_name: ruleField('last_name', lastNameError),
  email: ruleField('email', createAccountEmailError),
  password: ruleField('password', createAccountPasswordError),
  confirm_password: confirmField('confirm_password', 'password'),
  cart_id: heldCartIdField,
  dob: optionalText(ruleField('dob', dobError)),
  gender: optionalText(ruleField('gender', genderError)),
  country: optionalText(ruleField('country', countryError)),
  newsletter_subscription: newsletterField,
  altcha: captchaField,
  ...storeField,
});
export type RegisterBody = Infer<typeof registerBody>;

export const registerResult = type({
  api_token: string(),
  cart_id: string(),
  customer_id: number(),
  total_product_in_cart: number(),
  cust_name: string(),
});
export type RegisterResult = Infer<typeof registerResult>;
/** code 1 'User Created.' with result; code 2 with a message (the email is taken). */
export const registerReply = type({ code: replyCode, message: optional(string()), result: optional(registerResult) });
export type RegisterReply = Infer<typeof registerReply>;

/** POST /api/cart/guestcart — email-only checkout. */
export const guestCartBody = object({
  customer_email: ruleField('customer_email', emailOnlyError),
  cart_id: heldCartIdField,
  ...storeField,
});
export type GuestCartBody = Infer<typeof guestCartBody>;
export const guestCartData = type({ customer_id: number(), api_token: string(), cart_id: string() });
export type GuestCartData = Infer<typeof guestCartData>;
export const guestCartReply = envelope(guestCartData);
export type GuestCartReply = Infer<typeof guestCartReply>;

/** POST /api/customer/forgot */
export const forgotBody = object({
  email: ruleField('email', emailOnlyError),
  cart_id: heldCartIdField,
  ...storeField,
});
export type ForgotBody = Infer<typeof forgotBody>;

/** POST /api/customer/changepassword — the reset token comes from the emailed link. */
export const changePasswordBody = object({
  reset_token: resetTokenField,
  new_password: ruleField('new_password', newPasswordError),
  confirm_password: confirmField('confirm_password', 'new_password'),
  ...storeField,
});
export type ChangePasswordBody = Infer<typeof changePasswordBody>;

/** POST /api/customer/logout (our addition): the token comes from the Authorization header. */
export const logoutBody = object(storeField);
export type LogoutBody = Infer<typeof logoutBody>;
