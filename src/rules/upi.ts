/**
 * UPI ids (virtual payment addresses, 'name@bank'): the spec's client rule is at least 5 characters ('please provide
 * valid UPI ID'); the server also wants the name@handle shape NPCI uses before it asks the provider.
 */
export const upiMessages = {
  invalid: 'please provide valid UPI ID',
  verified: 'UPI verified successfully',
} as const;

export const upiMinLength = 5;

/** The spec's rule: the client refuses anything shorter than 5 characters. */
export function upiError(value: string): string | undefined {
  return value.trim().length < upiMinLength ? upiMessages.invalid : undefined;
}

/** name@handle: 2–256 letters, digits, dots, dashes or underscores, then a letters-and-digits handle. */
export function isPlausibleVpa(value: string): boolean {
  return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(value.trim());
}
