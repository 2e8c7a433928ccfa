import type { FastifyInstance } from 'fastify';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import type { RegisteredRoute } from '../../server/http/route-list.ts';

/**
 * Requests to any registered route, shaped from what the route itself says: the contract fuzzer
 * (contract-fuzz.test.ts) and the security scan (tests/security/scan.ts) learn each route's fields from its 400
 * replies and send variations of them. No test runner here, so the scan can run it with tsx.
 */

export type Auth = 'owner' | 'anonymous' | 'bogus';

/** What one request sends besides the route: a query, path parameters and (not for GET) a JSON body. */
export interface RequestParts {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
}

/** One fuzzed request: the route's learned parts with one thing made hostile. */
export type FuzzCase =
  | { kind: 'as-is'; auth: Auth }
  | { kind: 'field'; where: 'body' | 'query' | 'params'; key: string; value: unknown; auth: Auth }
  | { kind: 'whole-body'; value: unknown; auth: Auth }
  | { kind: 'raw-body'; text: string; contentType: string; auth: Auth }
  | { kind: 'raw-query'; text: string; auth: Auth };

export interface Sender {
  /** A live session of the owner for this route (a new one once a reply says the last one ended, e.g. logout). */
  ownerToken(): Promise<string>;
  renewOwnerToken(): void;
}

/** UTF-8 percent-encoding that, unlike encodeURIComponent, never throws (a lone surrogate becomes U+FFFD). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A query value as a client would put it in a URL: text as is, arrays as a repeated key, anything else as JSON. */
export function queryTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(queryTexts);
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [JSON.stringify(value) ?? ''];
}

function queryPairs(key: string, value: unknown): string[] {
  return queryTexts(value).map((text) => `${percentEncode(key)}=${percentEncode(text)}`);
}

export function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .flatMap(([key, value]) => queryPairs(key, value))
    .join('&');
}

export function routeParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

function fillParams(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => percentEncode(params[name] ?? 'x'));
}

/** Sends one request; the parts give the route's learned valid shape, the case says what is made hostile. */
export async function send(app: FastifyInstance, route: RegisteredRoute, parts: RequestParts, sender: Sender, fuzz: FuzzCase) {
  const query = { ...parts.query };
  const params = { ...parts.params };
  let body: unknown = { ...parts.body };
  let payload: string | undefined;
  let contentType = 'application/json';
  let rawQuery: string | undefined;
  switch (fuzz.kind) {
    case 'as-is':
      break;
    case 'field':
      if (fuzz.where === 'query') query[fuzz.key] = fuzz.value;
      else if (fuzz.where === 'params') params[fuzz.key] = typeof fuzz.value === 'string' ? fuzz.value : JSON.stringify(fuzz.value);
      else body = { ...parts.body, [fuzz.key]: fuzz.value };
      break;
    case 'whole-body':
      body = fuzz.value;
      break;
    case 'raw-body':
      payload = fuzz.text;
      contentType = fuzz.contentType;
      break;
    case 'raw-query':
      rawQuery = fuzz.text;
      break;
  }
  const search = rawQuery ?? queryString(query);
  const url = fillParams(route.url, params) + (search === '' ? '' : `?${search}`);
  const headers: Record<string, string> = {};
  if (fuzz.auth === 'owner') headers.authorization = `Bearer ${await sender.ownerToken()}`;
  if (fuzz.auth === 'bogus') headers.authorization = 'Bearer bogus-token-0123456789';
  const method = route.method === 'GET' ? 'GET' : 'POST';
  if (method === 'POST') {
    headers['content-type'] = contentType;
    payload ??= JSON.stringify(body) ?? 'null';
  }
  const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  if (fuzz.auth === 'owner' && response.statusCode === 401) sender.renewOwnerToken();
  return response;
}

/** Values to try, in turn, for a field a 400 says is missing or wrong while the fuzzer learns a route's shape. */
const candidates: readonly unknown[] = ['abc123', 1, '10001', 'courier', '2026-12-01', 'fuzz@example.com', 'Passw0rd!2345', true, ['x'], { id: 1 }];

/**
 * A request the route accepts (or gets as close as the 400s allow), learned from the route's own 400 replies: each
 * field named as missing or wrong gets the known value for its name, then the candidates in turn (in the body, then in
 * the query); fields named as unknown are dropped. A new route is learned without being described here.
 */
export async function learnParts(
  app: FastifyInstance,
  route: RegisteredRoute,
  sender: Sender,
  known: Readonly<Record<string, unknown>>,
): Promise<RequestParts> {
  const parts: RequestParts = { query: {}, body: {}, params: {} };
  for (const param of routeParams(route.url)) parts.params[param] = String(known[param] ?? '1');
  const tried = new Map<string, number>();
  for (let round = 0; round < 16; round++) {
    const response = await send(app, route, parts, sender, { kind: 'as-is', auth: 'owner' });
    if (response.statusCode !== 400) break;
    const [error, reply] = badRequestBody.validate(JSON.parse(response.body));
    if (error) break;
    let changed = false;
    for (const { field, message } of reply.errors) {
      const name = field.split('.')[0] ?? field;
      if (name === 'body' || name in parts.params) continue;
      if (message.endsWith('is not a known field.')) {
        if (name in parts.body) delete parts.body[name];
        else delete parts.query[name];
        changed = true;
        continue;
      }
      const tries = [...(name in known ? [known[name]] : []), ...candidates];
      const count = tried.get(name) ?? 0;
      tried.set(name, count + 1);
      const inBody = route.method !== 'GET' && count < tries.length;
      const value = tries[count % tries.length];
      if (count >= tries.length * (route.method === 'GET' ? 1 : 2)) continue;
      delete parts.body[name];
      delete parts.query[name];
      if (inBody) parts.body[name] = value;
      else parts.query[name] = value;
      changed = true;
    }
    if (!changed) break;
  }
  return parts;
}

/**
 * The learned parts plus optional fields the route also reads (a search's q, a coupon code, a gift message): each
 * extra is kept when the route's reply does not name it as unknown or wrong, so a scanner tests it too. A route whose
 * contract is open (it ignores fields it does not know, so it would keep every extra) gets only `openExtras`.
 */
export async function withOptionalFields(
  app: FastifyInstance,
  route: RegisteredRoute,
  parts: RequestParts,
  sender: Sender,
  extras: Readonly<Record<string, unknown>>,
  openExtras: readonly string[],
): Promise<RequestParts> {
  const grown: RequestParts = { query: { ...parts.query }, body: { ...parts.body }, params: { ...parts.params } };
  const refused = async (name: string, value: unknown): Promise<boolean> => {
    const where = route.method === 'GET' ? grown.query : grown.body;
    where[name] = value;
    const response = await send(app, route, grown, sender, { kind: 'as-is', auth: 'owner' });
    const [error, reply] = response.statusCode === 400 ? badRequestBody.validate(JSON.parse(response.body)) : [undefined, undefined];
    const no = error !== undefined || (reply?.errors.some((e) => e.field === name || e.field.startsWith(`${name}.`)) ?? false);
    if (no) delete where[name];
    return no;
  };
  const probe = 'scan_probe_unknown_field';
  const open = !(await refused(probe, 'x'));
  delete grown.query[probe];
  delete grown.body[probe];
  for (const [name, value] of Object.entries(extras)) {
    if (name in grown.query || name in grown.body || (open && !openExtras.includes(name))) continue;
    await refused(name, value);
  }
  return grown;
}
