import { define, integer, literal, nullable, optional, string, type, union, type Struct } from 'superstruct';
import { coerce } from './coerce.ts';
import { pincodeError } from '../../rules/pincode.ts';
import { isSpeedValue, speedValues, type SpeedValue } from '../../rules/speeds.ts';

/**
 * Fields that several calls share (and the one body two calls share), each declared once here so a rule cannot drift
 * between calls. A call's own fields stay in its contract file.
 */

/**
 * A string field checked by one of src/rules' validators: a missing value (or null) gets the rule's "required"
 * message, so a 400 names the field with the same words the shopper sees in the form. A number, boolean, object or
 * array is refused rather than read as text: the value reaches services as it came, and they treat it as a string.
 */
export function ruleField(name: string, rule: (value: string) => string | undefined): Struct<string, null> {
  return define<string>(name, (value) => {
    if (value === undefined || value === null) return rule('') ?? true;
    if (typeof value !== 'string') return `${name} must be text.`;
    return rule(value) ?? true;
  });
}

export const zipcodeField = ruleField('zipcode', pincodeError);

/** Query strings carry numbers as text: accept '12' and 12, nothing else. */
export function numericId(label: string): Struct<number, null> {
  return coerce(
    define<number>(label, (value) =>
      typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647
        ? true
        : `${label} must be a positive whole number.`,
    ),
    string(),
    (text) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : text),
  );
}

/** An id the client may leave unchosen: '' and null (nothing chosen yet) read as absent. */
export function optionalId(label: string) {
  return optional(coerce(optional(numericId(label)), union([literal(''), literal(null)]), () => undefined));
}

/** The old client sends blank parameters ('courier_type=', 'sort='): blank means "not given". */
export function blankIsMissing<T, S>(struct: Struct<T, S>): Struct<T, S> {
  return coerce(struct, literal(''), () => undefined);
}

/**
 * Cart ids are 32 random bytes in base64url (server/services/tokens.ts); anything else cannot be a cart. The one
 * rule for every call that names a cart.
 */
export const cartIdField = define<string>(
  'cart_id',
  (v) => (typeof v === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(v)) || 'cart_id is not a cart id.',
);

/**
 * The cart id a shopper's browser holds, sent along with sign-in, register, guest checkout and forgot password:
 * '' and null (the old client's "none") read as absent. A well-formed id that is stale or not the caller's is
 * ignored by those calls, so signing in never fails over it.
 */
export const heldCartIdField = optional(coerce(optional(cartIdField), union([literal(''), literal(null)]), () => undefined));

/** A speed as the catalogue and the cart carry it: local, courier or farm-direct. */
export function speedValueField(label: string): Struct<SpeedValue, null> {
  return define<SpeedValue>(label, (v) => isSpeedValue(v) || `${label} must be one of ${speedValues.join(', ')}.`);
}

/** The catalogue's courier_type filter: optional, blank means every speed. */
export function speedField(label: string): Struct<SpeedValue | undefined, null> {
  return blankIsMissing(optional(speedValueField(label)));
}

/** Dollars with two decimals ('12.50'), the API's money format. */
export const money = define<string>('money', (value) => typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value));

export const storeId = coerce(integer(), string(), (text) => Number(text));

/**
 * The old client puts its token in bodies too. Accepted so its requests still pass, and never read: the caller comes
 * from the Authorization header only, so tokens stay out of bodies the server looks at and out of logs.
 */
export const ignoredApiToken = optional(nullable(string()));

/** The store the old client names (store_id=1) in most queries and bodies: spread into a struct, `...storeField`. */
export const storeField = { store_id: optional(storeId) };

/** The two fields the old client adds to most bodies, its token (ignored) and the store: `...callerFields`. */
export const callerFields = { api_token: ignoredApiToken, ...storeField };

/** A body with nothing to say but who asks (the token) and which store: the caller's dashboard, the caller's orders. */
export const callerOnlyBody = type(callerFields);
