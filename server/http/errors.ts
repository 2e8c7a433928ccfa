import type { FieldError } from '../../src/api/contract/envelope.ts';
import { signInAgainMessage } from '../../src/rules/sign-in-again.ts';

/** An error that maps to one HTTP answer; routes and services throw these, the app's error handler sends them. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A 400 naming the fields. errorCount: how many fields were wrong when `errors` lists only the first of them; the
 * reply then says how many more there were (in the message and as error_count).
 */
export function badRequest(errors: FieldError[], errorCount = errors.length): HttpError {
  const listed = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  const more = errorCount - errors.length;
  if (more <= 0) return new HttpError(400, listed, { code: 0, message: listed, errors });
  const message = `${listed}; and ${more} more field${more === 1 ? '' : 's'}.`;
  return new HttpError(400, message, { code: 0, message, errors, error_count: errorCount });
}

/**
 * Someone else's record or no record: the same answer, so nothing reveals that it exists. `field`: the body field
 * that named it, listed as a field error so the client can tell which record is missing.
 */
export function notFound(what = 'Not found', field?: string): HttpError {
  if (field === undefined) return new HttpError(404, what, { code: 0, message: what });
  return new HttpError(404, what, { code: 0, message: what, errors: [{ field, message: what }] });
}

/** The default words are the client's sign that its session ended (src/api/http.ts): other 401s say something else. */
export function unauthorized(message = signInAgainMessage): HttpError {
  return new HttpError(401, message, { code: 0, message });
}

export function tooManyRequests(message: string): HttpError {
  return new HttpError(429, message, { code: 0, message });
}
