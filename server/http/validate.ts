import { validate, type Struct } from 'superstruct';
import type { FieldError } from '../../src/api/contract/envelope.ts';
import { badRequest } from './errors.ts';

/**
 * Checks a request's query or body with its contract struct (coercing query text to numbers).
 * Throws a 400 naming every invalid field with the rule's own message.
 */
export function parseWith<T, S>(struct: Struct<T, S>, input: unknown): T {
  const [error, value] = validate(input ?? {}, struct, { coerce: true });
  if (!error) return value;
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const failure of error.failures()) {
    const field = failure.path.length > 0 ? failure.path.join('.') : String(failure.key ?? 'body');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: friendly(field, failure.message, failure.type) });
  }
  throw badRequest(errors);
}

// superstruct's own messages ("Expected a string, but received: undefined") are for developers; say it plainly.
function friendly(field: string, message: string, type: string): string {
  if (message.startsWith('Expected ') || message.startsWith('Expected a value of type')) {
    if (type === 'never') return `${field} is not a known field.`;
    return `${field} is missing or has the wrong type.`;
  }
  return message;
}
