import { ApiError } from '../../api/http.ts';
import type { FieldErrors } from '../../rules/auth-validation.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';

/** The spec's fallbacks (section 8): note the capital W and the full stop set the two apart. */
export const authFailureMessages = {
  /** Sign in refused without a message, or a failure we cannot read. */
  somethingWentWrong: somethingWentWrongMessage,
  /** No answer from the server (sign in and register). */
  offline: 'Something Went wrong',
} as const;

export interface Failure<K extends string> {
  message: string | undefined;
  errors: FieldErrors<K>;
}

/** `call` turns "no response at all" into an ApiError with status 0. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * What a failed call shows on a form: a 400's field messages under the form's own fields, anything else (the
 * captcha, a rate limit, a server fault) as the form's message.
 */
export function failureOf<K extends string>(error: unknown, fields: readonly K[], offline: string, fallback: string): Failure<K> {
  if (isOffline(error)) return { message: offline, errors: {} };
  if (!(error instanceof ApiError)) return { message: fallback, errors: {} };
  if (error.errors.length === 0) return { message: error.message || fallback, errors: {} };
  const errors: FieldErrors<K> = {};
  const rest: string[] = [];
  for (const entry of error.errors) {
    const field = fields.find((f) => f === entry.field);
    if (field !== undefined) errors[field] = entry.message;
    else rest.push(entry.message);
  }
  return { message: rest.length > 0 ? rest.join(' ') : undefined, errors };
}

/**
 * One line for a failed call: a 400's field messages (without the API's "field:" prefixes), else the ApiError's own
 * message (server, rate limit, 'You are not connected to internet'), else the fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.errors.length > 0) return error.errors.map((e) => e.message).join(' ');
  return error.message || fallback;
}
