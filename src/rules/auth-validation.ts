/**
 * The spec's sign-in, create-account, guest-email, forgot-password and update-password rules, shared by the forms and
 * the server. Each form function returns every invalid field at once, keyed by the API's field names.
 */

export const authLimits = {
  passwordMin: 8,
  /** Argon2 hashes any length; a cap keeps one request from costing much and matches common password managers. */
  passwordMax: 64,
  /** RFC 5321's longest deliverable address. */
  emailMax: 254,
  nameMax: 100,
} as const;

export const signInMessages = {
  emailRequired: 'Email is required.',
  emailFormat: 'Email must be in email format.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password must be at least 8 characters.',
} as const;

export const createAccountMessages = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  emailRequired: 'Email is required.',
  emailFormat: 'must be in email format',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password is too short - should be 8 chars minimum.',
  confirmRequired: 'Confirm password is required.',
  mismatch: 'Passwords must match',
} as const;

export const updatePasswordMessages = {
  newRequired: 'New password is required.',
  confirmRequired: 'Confirm password is required.',
  passwordMin: 'Password must be at least 8 characters.',
  mismatch: 'Passwords must match',
} as const;

/** Our own additions: limits the spec does not state, and optional registration fields. */
export const extraAuthMessages = {
  passwordMax: 'Password must be at most 64 characters.',
  emailMax: 'Email must be at most 254 characters.',
  firstNameMax: 'First Name must be at most 100 characters.',
  lastNameMax: 'Last Name must be at most 100 characters.',
  dob: 'Date of birth must be a real date in MM/DD/YYYY format.',
  gender: 'Gender must be at most 20 characters.',
  country: 'We only serve customers in the US.',
  resetTokenRequired: 'The reset link is incomplete. Please open the link from the email again.',
} as const;

export const captchaMessages = {
  required: 'Please complete the captcha.',
  expired: 'The captcha has expired or was already used. Please try again.',
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Counts characters as people do (an emoji is one), not UTF-16 units. */
function length(value: string): number {
  return [...value].length;
}

/** Emails compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

function emailRule(messages: { required: string; format: string }) {
  return (value: string): string | undefined => {
    const text = value.trim();
    if (text === '') return messages.required;
    if (length(text) > authLimits.emailMax) return extraAuthMessages.emailMax;
    if (!emailPattern.test(text)) return messages.format;
    return undefined;
  };
}

function passwordRule(messages: { required: string; min: string }) {
  // Passwords are never trimmed: every character counts.
  return (value: string): string | undefined => {
    if (value === '') return messages.required;
    if (length(value) < authLimits.passwordMin) return messages.min;
    if (length(value) > authLimits.passwordMax) return extraAuthMessages.passwordMax;
    return undefined;
  };
}

function nameRule(required: string, tooLong: string) {
  return (value: string): string | undefined => {
    const text = value.trim();
    if (text === '') return required;
    if (length(text) > authLimits.nameMax) return tooLong;
    return undefined;
  };
}

export const signInEmailError = emailRule({ required: signInMessages.emailRequired, format: signInMessages.emailFormat });
export const signInPasswordError = passwordRule({ required: signInMessages.passwordRequired, min: signInMessages.passwordMin });

/** The guest-email and forgot-password forms use the sign-in wording. */
export const emailOnlyError = signInEmailError;

export const firstNameError = nameRule(createAccountMessages.firstNameRequired, extraAuthMessages.firstNameMax);
export const lastNameError = nameRule(createAccountMessages.lastNameRequired, extraAuthMessages.lastNameMax);
export const createAccountEmailError = emailRule({
  required: createAccountMessages.emailRequired,
  format: createAccountMessages.emailFormat,
});
export const createAccountPasswordError = passwordRule({
  required: createAccountMessages.passwordRequired,
  min: createAccountMessages.passwordMin,
});

/** Create account and update password word these the same way. */
export function confirmPasswordError(confirm: string, password: string): string | undefined {
  if (confirm === '') return createAccountMessages.confirmRequired;
  if (confirm !== password) return createAccountMessages.mismatch;
  return undefined;
}

export const newPasswordError = passwordRule({ required: updatePasswordMessages.newRequired, min: updatePasswordMessages.passwordMin });

/** Optional MM/DD/YYYY date of birth: a real calendar date, not in the future, not before 1900. */
export function dobError(value: string, today: Date = new Date()): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return dobToIso(text, today) === undefined ? extraAuthMessages.dob : undefined;
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD', or undefined when it is not a real past date. */
export function dobToIso(value: string, today: Date = new Date()): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const [, mm = '', dd = '', yyyy = ''] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date.getTime() > today.getTime()) return undefined;
  return `${yyyy}-${mm}-${dd}`;
}

export function genderError(value: string): string | undefined {
  return length(value.trim()) > 20 ? extraAuthMessages.gender : undefined;
}

/** The store sells in the US only (spec: country always US). */
export function countryError(value: string): string | undefined {
  const text = value.trim();
  return text === '' || text.toUpperCase() === 'US' ? undefined : extraAuthMessages.country;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function collect<K extends string>(checks: [K, string | undefined][]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, message] of checks) if (message !== undefined) errors[field] = message;
  return errors;
}

export function signInErrors(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return collect([
    ['email', signInEmailError(input.email)],
    ['password', signInPasswordError(input.password)],
  ]);
}

export type CreateAccountField = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm_password';

export function createAccountErrors(input: Record<CreateAccountField, string>): FieldErrors<CreateAccountField> {
  return collect<CreateAccountField>([
    ['first_name', firstNameError(input.first_name)],
    ['last_name', lastNameError(input.last_name)],
    ['email', createAccountEmailError(input.email)],
    ['password', createAccountPasswordError(input.password)],
    ['confirm_password', confirmPasswordError(input.confirm_password, input.password)],
  ]);
}

/** Update password: required, minimum 8, and (our addition, the server insists) both the same. */
export function updatePasswordErrors(input: { new_password: string; confirm_password: string }): FieldErrors<'new_password' | 'confirm_password'> {
  return collect<'new_password' | 'confirm_password'>([
    ['new_password', newPasswordError(input.new_password)],
    ['confirm_password', confirmPasswordError(input.confirm_password, input.new_password)],
  ]);
}

/** Guest email checkout and forgot password: one email field. */
export function emailOnlyErrors(input: { email: string }): FieldErrors<'email'> {
  return collect([['email', emailOnlyError(input.email)]]);
}
