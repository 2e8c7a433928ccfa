import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * No request of ours nests deeper than a handful of levels (the old client's cart flow record is the deepest); 32
 * leaves room and keeps a body of 5,000 nested arrays from overflowing the stack when a contract prints a value.
 */
export const maxJsonDepth = 32;

/**
 * No request of ours holds more than a few dozen entries in one array or object (a cart's vendors, a filter's
 * values); 1,000 leaves room. Without it a 1 MB body of 520,000 zeros made a contract name every element (issue 26).
 */
export const maxJsonEntries = 1_000;

/** Values in the whole body (every array element, object member and the containers); bounds validation's work. */
export const maxJsonValues = 10_000;

export interface JsonShapeLimits {
  depth: number;
  entries: number;
  values: number;
}

const requestShape: JsonShapeLimits = { depth: maxJsonDepth, entries: maxJsonEntries, values: maxJsonValues };

/**
 * What is wrong with a JSON text's shape (too deep, an array or object too long, too many values), or undefined. One
 * pass over the characters, skipping strings, before anything is parsed or allocated: the entries of a container
 * are its commas plus one, counted per open container on a small stack; values are every comma and container.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = requestShape): string | undefined {
  const commas: number[] = [];
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character (\" stays inside the string)
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      commas.push(0);
      if (++values > limits.values) return `The body has more than ${limits.values} values.`;
      if (commas.length > limits.depth) return `The body nests arrays or objects deeper than ${limits.depth} levels.`;
    } else if (code === 0x5d || code === 0x7d) commas.pop();
    else if (code === 0x2c && commas.length > 0) {
      const depth = commas.length - 1;
      const count = (commas[depth] ?? 0) + 1;
      commas[depth] = count;
      if (count + 1 > limits.entries) return `The body has an array or object of more than ${limits.entries} entries.`;
      if (++values > limits.values) return `The body has more than ${limits.values} values.`;
    }
  }
  return undefined;
}

/** True when a JSON text opens more than `max` arrays or objects inside each other. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  return jsonShapeProblem(text, { depth: max, entries: Infinity, values: Infinity }) !== undefined;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks, empty-body and syntax errors as 400s), behind a shape check
 * (depth, entries per array or object, values in all) that answers a clear 400 for the body: the contract then never
 * sees more than it can check in a few milliseconds. Route body limits (the KYC upload's) still apply: they are read
 * before this.
 */
export function useDepthLimitedJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonShapeProblem(text);
    if (problem !== undefined) {
      done(badRequest([{ field: 'body', message: problem }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
