import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';
import { fieldName } from './validate.ts';

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

/** What is wrong with a body's shape, and where: the field holding the offending array or object ('body' for the whole). */
export interface JsonShapeProblem {
  field: string;
  message: string;
}

/** One open array or object while scanning: its commas so far, and for an object where its last key's text lies. */
interface OpenContainer {
  commas: number;
  isObject: boolean;
  keyStart: number;
  keyEnd: number;
}

/** The dotted path of the innermost open container (as validate.ts names fields); 'body' for the top level. */
function containerPath(text: string, open: readonly OpenContainer[]): string {
  const segments = open.slice(0, -1).map((parent): unknown => {
    if (!parent.isObject) return parent.commas;
    try {
      return JSON.parse(text.slice(parent.keyStart, parent.keyEnd));
    } catch {
      return text.slice(parent.keyStart + 1, parent.keyEnd - 1);
    }
  });
  return segments.length > 0 ? fieldName(segments) : 'body';
}

/**
 * What is wrong with a JSON text's shape (too deep, an array or object too long, too many values), or undefined. One
 * pass over the characters, skipping strings, before anything is parsed or allocated: the entries of a container
 * are its commas plus one, counted per open container on a small stack; values are every comma and container. An
 * oversized container is named by its field, as a contract would name it; too deep a body is named 'body'.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = requestShape): JsonShapeProblem | undefined {
  const open: OpenContainer[] = [];
  let values = 1;
  let inString = false;
  let stringStart = 0;
  let stringEnd = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character (\" stays inside the string)
      else if (code === 0x22) {
        inString = false;
        stringEnd = i + 1;
      }
    } else if (code === 0x22) {
      inString = true;
      stringStart = i;
    } else if (code === 0x3a) {
      const top = open.at(-1);
      if (top) {
        top.keyStart = stringStart;
        top.keyEnd = stringEnd;
      }
    } else if (code === 0x5b || code === 0x7b) {
      open.push({ commas: 0, isObject: code === 0x7b, keyStart: 0, keyEnd: 0 });
      if (open.length > limits.depth) return { field: 'body', message: `The body nests arrays or objects deeper than ${limits.depth} levels.` };
      if (++values > limits.values) return { field: containerPath(text, open), message: `The body has more than ${limits.values} values.` };
    } else if (code === 0x5d || code === 0x7d) open.pop();
    else if (code === 0x2c) {
      const top = open.at(-1);
      if (!top) continue;
      top.commas += 1;
      const field = () => containerPath(text, open);
      if (top.commas + 1 > limits.entries) return { field: field(), message: `${field()} has more than ${limits.entries} entries.` };
      if (++values > limits.values) return { field: field(), message: `The body has more than ${limits.values} values.` };
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
      done(badRequest([problem]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
