/** The spec's pincode (5-digit US zip) rule, shared by the dialog and the server. */
export const pincodeMessages = {
  required: 'Pincode is required.',
  number: 'Pincode must be a number.',
  length: 'Must be exactly 5 digit',
} as const;

/** Returns the message for the first rule the value breaks, or undefined when it is a valid zip. */
export function pincodeError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return pincodeMessages.required;
  if (!/^\d+$/.test(text)) return pincodeMessages.number;
  if (text.length !== 5) return pincodeMessages.length;
  return undefined;
}

export function normalizePincode(value: string): string {
  return value.trim();
}

/** The zipcode entry gate (/home) words an empty zip its own way (spec 5); the other rules are the pincode's. */
export const zipGateMessages = { required: 'Please provide zipcode' } as const;

export function zipGateError(value: string): string | undefined {
  return value.trim() === '' ? zipGateMessages.required : pincodeError(value);
}
