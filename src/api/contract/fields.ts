import { coerce, define, integer, number, string, type Struct } from 'superstruct';
import { pincodeError } from '../../rules/pincode.ts';

/**
 * A string field checked by one of src/rules' validators: a missing value gets the rule's "required" message,
 * so a 400 names the field with the same words the shopper sees in the form.
 */
export function ruleField(name: string, rule: (value: string) => string | undefined): Struct<string, null> {
  return define<string>(name, (value) => {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    return rule(text) ?? true;
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

/** Dollars with two decimals ('12.50'), the API's money format. */
export const money = define<string>('money', (value) => typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value));

export const storeId = coerce(integer(), string(), (text) => Number(text));
export { number };
