import type { FieldError } from '../../src/api/contract/envelope.ts';

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

export function badRequest(errors: FieldError[]): HttpError {
  const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return new HttpError(400, message, { code: 0, message, errors });
}

/** Someone else's record or no record: the same answer, so nothing reveals that it exists. */
export function notFound(what = 'Not found'): HttpError {
  return new HttpError(404, what, { code: 0, message: what });
}

export function unauthorized(message = 'Please sign in again.'): HttpError {
  return new HttpError(401, message, { code: 0, message });
}

export function tooManyRequests(message: string): HttpError {
  return new HttpError(429, message, { code: 0, message });
}
