import fc from 'fast-check';
import { Struct } from 'superstruct';
import { expect } from 'vitest';
import * as accountContract from '../../src/api/contract/account.contract.ts';
import * as addToCartContract from '../../src/api/contract/add-to-cart.contract.ts';
import * as addressContract from '../../src/api/contract/address.contract.ts';
import * as captchaContract from '../../src/api/contract/captcha.contract.ts';
import * as cartAreaContract from '../../src/api/contract/cart-area.contract.ts';
import * as cartPageContract from '../../src/api/contract/cart-page.contract.ts';
import * as cartContract from '../../src/api/contract/cart.contract.ts';
import * as catalogueContract from '../../src/api/contract/catalogue.contract.ts';
import * as checkoutContract from '../../src/api/contract/checkout.contract.ts';
import { coerce, meets } from '../../src/api/contract/coerce.ts';
import * as customerContract from '../../src/api/contract/customer.contract.ts';
import * as dineInContract from '../../src/api/contract/dine-in.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import * as fieldsContract from '../../src/api/contract/fields.ts';
import * as fulfilmentContract from '../../src/api/contract/fulfilment.contract.ts';
import * as homeContract from '../../src/api/contract/home.contract.ts';
import * as kycContract from '../../src/api/contract/kyc.contract.ts';
import * as locationContract from '../../src/api/contract/location.contract.ts';
import * as pageListingContract from '../../src/api/contract/page-listing.contract.ts';
import * as paymentContract from '../../src/api/contract/payment.contract.ts';
import * as productSummaryContract from '../../src/api/contract/product-summary.contract.ts';
import * as productContract from '../../src/api/contract/product.contract.ts';
import * as reviewsContract from '../../src/api/contract/reviews.contract.ts';
import * as rescheduleContract from '../../src/api/contract/reschedule.contract.ts';
import * as sellerCapacityContract from '../../src/api/contract/seller-capacity.contract.ts';
import * as shippingContract from '../../src/api/contract/shipping.contract.ts';
import * as storesContract from '../../src/api/contract/stores.contract.ts';
import * as walletContract from '../../src/api/contract/wallet.contract.ts';
import { maxJsonDepth } from '../../server/http/json-body.ts';
import type { RegisteredRoute } from '../../server/http/route-list.ts';
import { fieldName } from '../../server/http/validate.ts';
import { percentEncode, queryTexts, routeParams, type Auth, type FuzzCase, type RequestParts } from './route-requests.ts';

/**
 * The contract fuzzer (issue 14, "Tests that stay"): for every route the app registers, requests of the right shape
 * with one field made hostile, of the wrong shape, with NULs, numbers for text, unicode edge cases, huge and deeply
 * nested bodies, as the owner, a stranger with a bogus token and anonymously. The property: never a 5xx, and a 400
 * names the field (the NUL's own field, 'body' for a body nested too deep).
 */

/** Every contract module, by file name: contract-fuzz.test.ts checks none is missing, so new fields are fuzzed. */
export const contractModules: Readonly<Record<string, Record<string, unknown>>> = {
  'account.contract.ts': accountContract,
  'add-to-cart.contract.ts': addToCartContract,
  'address.contract.ts': addressContract,
  'captcha.contract.ts': captchaContract,
  'cart-area.contract.ts': cartAreaContract,
  'cart-page.contract.ts': cartPageContract,
  'cart.contract.ts': cartContract,
  'catalogue.contract.ts': catalogueContract,
  'checkout.contract.ts': checkoutContract,
  'coerce.ts': { coerce, meets },
  'customer.contract.ts': customerContract,
  'dine-in.contract.ts': dineInContract,
  'envelope.ts': { badRequestBody },
  'fields.ts': fieldsContract,
  'fulfilment.contract.ts': fulfilmentContract,
  'home.contract.ts': homeContract,
  'kyc.contract.ts': kycContract,
  'location.contract.ts': locationContract,
  'page-listing.contract.ts': pageListingContract,
  'payment.contract.ts': paymentContract,
  'product-summary.contract.ts': productSummaryContract,
  'product.contract.ts': productContract,
  'reschedule.contract.ts': rescheduleContract,
  'reviews.contract.ts': reviewsContract,
  'seller-capacity.contract.ts': sellerCapacityContract,
  'shipping.contract.ts': shippingContract,
  'stores.contract.ts': storesContract,
  'wallet.contract.ts': walletContract,
};

/** The names of every field any request struct (…Body, …Query, …Params) declares, nested ones included. */
export function requestFieldNames(): string[] {
  const names = new Set<string>();
  const seen = new Set<Struct<unknown, unknown>>();
  const walk = (value: unknown): void => {
    if (!(value instanceof Struct) || seen.has(value)) return;
    seen.add(value);
    const schema: unknown = value.schema;
    if ((value.type === 'object' || value.type === 'type') && typeof schema === 'object' && schema !== null) {
      for (const [key, child] of Object.entries(schema)) {
        names.add(key);
        walk(child);
      }
    } else if (value.type === 'array') walk(schema);
  };
  for (const module of Object.values(contractModules)) {
    for (const [name, value] of Object.entries(module)) if (/(Body|Query|Params)$/.test(name)) walk(value);
  }
  return [...names].sort();
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, child]) => key.includes('\u0000') || holdsNul(child));
  return false;
}

/** Whether the request really carries the case's NUL (a query object goes as JSON text, which escapes it). */
function sendsNul(fuzz: FuzzCase): boolean {
  if (fuzz.kind !== 'field' || fuzz.key.includes('\u0000') || fuzz.key === '__proto__') return false;
  if (fuzz.where === 'body') return holdsNul(fuzz.value);
  if (fuzz.where === 'query') return queryTexts(fuzz.value).some((text) => text.includes('\u0000'));
  return (typeof fuzz.value === 'string' ? fuzz.value : JSON.stringify(fuzz.value)).includes('\u0000');
}

function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (const item of pending) {
    if (typeof item.value === 'object' && item.value !== null) {
      deepest = Math.max(deepest, item.depth + 1);
      for (const child of Object.values(item.value)) pending.push({ value: child, depth: item.depth + 1 });
    }
  }
  return deepest;
}

/**
 * The property: never a 5xx; a 400 is the contract's body naming fields; a NUL or an over-deep body is named; and when
 * the route's learned request passes on its own (`partsPass`), a 400 for a request with one field changed names that
 * field (or, for an over-deep value or a poisoned key, the body).
 */
/** Fields whose value is checked against another's: a change to the first may be reported on the second. */
const checkedAgainst: Readonly<Record<string, readonly string[]>> = {
  password: ['confirm_password'],
  new_password: ['confirm_password'],
};

export function expectSaneReply(fuzz: FuzzCase, response: { statusCode: number; body: string }, partsPass = false): void {
  const context = `${JSON.stringify(fuzz).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode !== 400) return;
  const [error, reply] = badRequestBody.validate(JSON.parse(response.body));
  expect(error, context).toBeUndefined();
  const fields = reply?.errors.map((e) => e.field) ?? [];
  expect(fields.length, context).toBeGreaterThan(0);
  for (const field of fields) expect(field, context).not.toBe('');
  if (fuzz.kind === 'field' && sendsNul(fuzz)) {
    const name = fieldName([fuzz.key]);
    expect(fields, context).toHaveLength(1);
    expect(fields[0] === name || fields[0]?.startsWith(`${name}.`), context).toBe(true);
  }
  if (fuzz.kind === 'whole-body' && depthOf(fuzz.value) > maxJsonDepth) expect(fields, context).toEqual(['body']);
  const tooDeep = fuzz.kind === 'field' && fuzz.where === 'body' && depthOf(fuzz.value) + 1 > maxJsonDepth;
  if (tooDeep) expect(fields, context).toEqual(['body']);
  if (partsPass && fuzz.kind === 'field' && !tooDeep && fuzz.key !== '__proto__') {
    const name = fieldName([fuzz.key]);
    // A field checked against another names the other when only the pair disagrees ('Passwords must match' is the
    // spec's message on confirm_password, whichever of the two changed).
    const named = [name, ...(checkedAgainst[name] ?? [])];
    expect(
      fields.some((field) => named.some((n) => field === n || field.startsWith(`${n}.`))),
      context,
    ).toBe(true);
  }
}

/** Values that broke servers before: empty, spaces, NULs, lone surrogates, BOM, bidi override, injections, huge. */
const edgeStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDFFFb',
  '\uFEFFtext',
  '\u202Eevil',
  '\u200B',
  'İstanbul',
  'e\u0301',
  '🥩🐟🦞',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE customers; --',
  '%00',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '9'.repeat(400),
  'x'.repeat(100_000),
];

const nested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

const deepValue = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 60 }), fc.constantFrom('array' as const, 'object' as const)).map(([depth, kind]) => nested(depth, kind)),
  fc.constant(nested(5_000, 'array')),
);

const unicodeText = fc.string({ unit: 'binary', maxLength: 40 });

/** Any value a JSON body can carry, weighted towards what breaks text handling. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...edgeStrings), weight: 4 },
  { arbitrary: unicodeText, weight: 3 },
  { arbitrary: fc.tuple(unicodeText, unicodeText).map(([a, b]) => `${a}\u0000${b}`), weight: 2 },
  {
    arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, 1e308)),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: fc.array(unicodeText, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => i)), weight: 1 },
  { arbitrary: deepValue, weight: 1 },
);

const auth = fc.constantFrom<Auth>('owner', 'owner', 'owner', 'anonymous', 'bogus');

/** Raw bodies no JSON encoder would make: broken JSON, poisoned prototypes, the probe's 10 kB of nesting. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    'null',
    '"text"',
    '[]',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '['.repeat(5_000) + ']'.repeat(5_000),
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '\uFEFF{}',
  ),
  unicodeText,
);

/** Raw query strings: broken percent-escapes, repeated and empty keys, NULs. */
const rawQuery = fc.oneof(
  fc.constantFrom('%', '%%', '%zz', '%ff%fe', 'a=%00', 'zipcode=%00', '=x', '&&&', 'a[b]=1', 'a=1&a=2', 'q=%F0%9F', 'order_id=%C0%80'),
  unicodeText.map(percentEncode),
);

/** The cases for one route: a hostile field (one of the route's own or any contract field), or a hostile whole. */
export function fuzzCases(route: RegisteredRoute, parts: RequestParts, dictionary: readonly string[]): fc.Arbitrary<FuzzCase> {
  const own = [...Object.keys(route.method === 'GET' ? parts.query : parts.body)];
  const keys = fc.oneof(
    { arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.constantFrom(...dictionary), weight: 3 },
    { arbitrary: fc.constantFrom(...dictionary), weight: 2 },
    { arbitrary: unicodeText, weight: 1 },
  );
  const params = routeParams(route.url);
  const field = (where: 'body' | 'query'): fc.Arbitrary<FuzzCase> =>
    fc.record({ kind: fc.constant('field' as const), where: fc.constant(where), key: keys, value: hostileValue, auth });
  const cases: Array<fc.Arbitrary<FuzzCase>> = [field('query'), fc.record({ kind: fc.constant('raw-query' as const), text: rawQuery, auth })];
  if (params.length > 0) {
    cases.push(
      fc.record({
        kind: fc.constant('field' as const),
        where: fc.constant('params' as const),
        key: fc.constantFrom(...params),
        value: fc.oneof(fc.constantFrom(...edgeStrings), unicodeText),
        auth,
      }),
    );
  }
  if (route.method !== 'GET') {
    cases.push(field('body'), field('body'), field('body'));
    cases.push(fc.record({ kind: fc.constant('whole-body' as const), value: fc.oneof(hostileValue, fc.jsonValue()), auth }));
    cases.push(
      fc.record({
        kind: fc.constant('raw-body' as const),
        text: rawBody,
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
        auth,
      }),
    );
  }
  return fc.oneof(...cases);
}

/** The deterministic sweep: every field the route reads, as a number, a boolean, an object, an array, with a NUL. */
export function wrongTypeCases(route: RegisteredRoute, parts: RequestParts): FuzzCase[] {
  const where = route.method === 'GET' ? ('query' as const) : ('body' as const);
  const values: unknown[] = [10001, true, { text: 'x' }, ['x'], 'a\u0000b', null, nested(maxJsonDepth + 1, 'array')];
  const keys = Object.keys(where === 'query' ? parts.query : parts.body);
  return keys.flatMap((key) => values.map((value): FuzzCase => ({ kind: 'field', where, key, value, auth: 'owner' })));
}
