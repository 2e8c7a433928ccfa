import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import type { FieldError } from '../../src/api/contract/envelope.ts';
import { badRequest } from './errors.ts';

/**
 * The most fields one 400 names; the rest are counted. A person fixes a form a few fields at a time, and a hostile
 * body with thousands of bad entries must not get a reply thousands of entries long (issue 26).
 */
export const maxListedErrors = 20;

/**
 * Checks a request's query or body with its contract struct (coercing query text to numbers).
 * Throws a 400 naming the invalid fields (the first maxListedErrors, with a count of the rest) with the rule's own
 * message. The body's shape was bounded by the JSON parser, so the check itself is bounded too.
 */
export function parseWith<T, S>(struct: Struct<T, S>, input: unknown): T {
  const [error, value] = validate(input ?? {}, struct, { coerce: true });
  if (!error) return value;
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const failure of error.failures()) {
    const field = failure.path.length > 0 ? fieldName(failure.path) : String(failure.key ?? 'body');
    if (seen.has(field)) continue;
    seen.add(field);
    if (errors.length < maxListedErrors) errors.push({ field, message: friendly(field, failure.message, failure.type) });
  }
  throw badRequest(errors, seen.size);
}

/** Query strings longer than this are checked every time, never remembered: a long made-up one cannot fill memory. */
const rememberedQueryLength = 256;

/**
 * parseWith for a GET route's query, remembering what each query string (the URL's raw text after `?`, which alone
 * decides request.query) parsed to: the listing route's kept pages are asked with the same few strings again and
 * again, and checking one with superstruct cost more than the rest of a kept page's handler (decision 065: its
 * coercions build and throw StructErrors on the normal path). Only valid queries are kept, frozen, at most
 * `maxEntries` (the oldest goes first); an invalid one is checked, and refused with its 400, every time. `keep`: the
 * route's own say on a valid value (one naming a refused restaurant is not kept, so made-up ids push nothing out).
 */
export function rememberedQueryParser<T, S>(struct: Struct<T, S>, maxEntries = 2000): (request: FastifyRequest, keep?: (value: T) => boolean) => T {
  const parsed = new Map<string, T>();
  return (request, keep) => {
    const at = request.url.indexOf('?');
    const raw = at === -1 ? '' : request.url.slice(at + 1);
    const known = parsed.get(raw);
    if (known !== undefined) return known;
    const value = parseWith(struct, request.query);
    if (raw.length > rememberedQueryLength || (keep !== undefined && !keep(value))) return value;
    if (parsed.size >= maxEntries) {
      const oldest = parsed.keys().next();
      if (oldest.done !== true) parsed.delete(oldest.value);
    }
    parsed.set(raw, Object.freeze(value));
    return value;
  };
}

/** A field's dotted path as a 400 names it; an empty name is shown as "" so the 400 still points somewhere. */
export function fieldName(path: readonly unknown[]): string {
  return path.map((segment) => (segment === '' ? '""' : String(segment).replaceAll('\u0000', '\\0'))).join('.');
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
 * The first field (dotted path, 'body' for the whole input) whose text or name holds a NUL character. Walks
 * breadth-first without recursion (bodies are depth-limited by the JSON parser, but an input built in code is not).
 */
export function nulField(input: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  // for-of over an array also visits what the loop appends.
  for (const { value, path } of pending) {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path.length > 0 ? fieldName(path) : 'body';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return fieldName([...path, key]);
        pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * No field of ours means a NUL character, PostgreSQL refuses one in text, and a contract that lets any string through
 * would hand it on: every route's query, path parameters and body are refused with a 400 naming the field before the
 * handler runs, whatever the route's contract says (issue 14).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.query, request.params, request.body]) {
      const field = nulField(input);
      if (field !== undefined) throw badRequest([{ field, message: `${field} must not contain a NUL character.` }]);
    }
  });
}
