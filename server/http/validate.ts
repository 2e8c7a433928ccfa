import { validate, type Struct } from 'superstruct';
import type { FieldError } from '../../src/api/contract/envelope.ts';
import { badRequest } from './errors.ts';

/**
 * Checks a request's query or body with its contract struct (coercing query text to numbers).
 * Throws a 400 naming every invalid field with the rule's own message.
 */
export function parseWith<T, S>(struct: Struct<T, S>, input: unknown): T {
  const withNul = nulField(input);
  if (withNul !== undefined) throw badRequest([{ field: withNul, message: `${withNul} must not contain a NUL character.` }]);
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

/**
 * The first field (dotted path, 'body' for the whole input) whose text or name holds a NUL character. No field of ours
 * means one, PostgreSQL refuses it in text, and a contract that lets any string through would hand it on: refused
 * here, once for every query, body and path parameter. Walks without recursion (bodies are depth-limited by the JSON
 * parser, but an input built in code is not).
 */
export function nulField(input: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  // for-of over an array also visits what the loop appends: a breadth-first walk.
  for (const { value, path } of pending) {
    if (typeof value === 'string') {
      if (value.includes('\0')) return path.length > 0 ? path.join('.') : 'body';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return [...path, key.replaceAll('\0', '\\0')].join('.');
        pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}
