import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * No request of ours nests deeper than a handful of levels (the old client's cart flow record is the deepest); 32
 * leaves room and keeps a body of 5,000 nested arrays from overflowing the stack when a contract prints a value.
 */
export const maxJsonDepth = 32;

/**
 * True when a JSON text opens more than `max` arrays or objects inside each other. One pass over the characters,
 * skipping strings, before anything is parsed or allocated.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character (\" stays inside the string)
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks, empty-body and syntax errors as 400s), behind a depth check
 * that answers a clear 400 for the body. Route body limits (the KYC upload's) still apply: they are read before this.
 */
export function useDepthLimitedJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(badRequest([{ field: 'body', message: `The body nests arrays or objects deeper than ${maxJsonDepth} levels.` }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
