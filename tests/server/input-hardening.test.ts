import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { jsonNestsDeeperThan, maxJsonDepth } from '../../server/http/json-body.ts';
import { nulField } from '../../server/http/validate.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 14, item 1: ordinary values that made 500s. Each request is one the probe sent; each must be a 400 naming the
 * field (or the body), decided once in the contract and validation layer.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await signedInCustomer(t, 'hardening@example.com')).token;
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, payload: unknown, options: { signedIn?: boolean } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signedIn) headers.authorization = `Bearer ${token}`;
  const response = await t.app.inject({ method: 'POST', url, headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  return { status: response.statusCode, body: json(response) };
}

/** The fields a 400 names. */
function namedFields(body: unknown): string[] {
  const [error, reply] = badRequestBody.validate(body);
  if (error) throw new Error(`not a 400 body: ${JSON.stringify(body)}`);
  return reply.errors.map((e) => e.field);
}

describe('a text field sent as a number, boolean, object or array', () => {
  test.each([
    ['/api/cart/addtocart', { product_id: 4, qty: 1, zipcode: 10001, loc_id: 101, speed_id: 'courier' }, 'zipcode', false],
    ['/connect/driverslot/getslot', { order_date: '2026-12-01', zipcode: 10001, vendor_loc_id: 101 }, 'zipcode', false],
    ['/api/shipping', { cart_id: 'abc', zipcode: 10001 }, 'zipcode', false],
    ['/api/account/orderstatus', { order_id: 100000001 }, 'order_id', true],
    ['/api/placeorder/confirm', { order_id: 100000001 }, 'order_id', true],
    ['/payuapi/payu/varifyUpi', { upi_id: 1234 }, 'upi_id', false],
  ])('%s with %j is a 400 naming %s', async (url, payload, field, signedIn) => {
    const reply = await post(url, payload, { signedIn });
    expect(reply.status).toBe(400);
    expect(namedFields(reply.body)).toContain(field);
  });

  test.each([true, { text: '10001' }, ['10001']])('zipcode %j is a 400 naming zipcode', async (zipcode) => {
    const reply = await post('/api/cart/addtocart', { product_id: 4, qty: 1, zipcode, loc_id: 101, speed_id: 'courier' });
    expect(reply.status).toBe(400);
    expect(namedFields(reply.body)).toContain('zipcode');
  });

  test('a missing text field still gets the rule\'s own "required" words', async () => {
    const reply = await post('/payuapi/payu/varifyUpi', {});
    expect(reply.status).toBe(400);
    expect(namedFields(reply.body)).toEqual(['upi_id']);
  });
});

describe('a NUL character in any text never reaches PostgreSQL', () => {
  const nul = 'a\u0000b';
  test.each([
    ['/api/customer/forgot', { email: `x${nul}@example.com` }, 'email', false],
    ['/api/cart/guestcart', { customer_email: `x${nul}@example.com` }, 'customer_email', false],
    ['/api/cart/showcart', { cart_id: nul }, 'cart_id', false],
    ['/api/cart/showcart', { cart_id: 'abcdef', coupon_code: nul }, 'coupon_code', false],
    [
      '/connect/customer/addaddress',
      { first_name: nul, last_name: 'Doe', street1: '1 Main St', city: 'New York', state: 'NY', zipcode: '10001', telephone: '2125550100' },
      'first_name',
      true,
    ],
    ['/api/checkout/orderreview', { cart_id: 'abcdef', gift_message: `Happy${nul}birthday` }, 'gift_message', true],
    ['/api/checkout/orderreview', { cart_id: 'abcdef', selectedAddress: { id: 1, name: nul } }, 'selectedAddress.name', true],
    ['/api/cart/showcart', { cart_id: 'abcdef', ['key\u0000']: 1 }, 'key\\0', false],
  ])('%s with %j is a 400 naming %s', async (url, payload, field, signedIn) => {
    const reply = await post(url, payload, { signedIn });
    expect(reply.status).toBe(400);
    expect(namedFields(reply.body)).toEqual([field]);
  });

  test.each([
    ['/connect/citylist/currentservicearea?city=New%00York&state=NY', 'city'],
    ['/connect/index/getaddressbyzipcode?zipcode=10001%00', 'zipcode'],
    ['/api/account/orderstatus?order_id=1%00', 'order_id'],
    ['/media/banners/0%00.svg', 'file'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(namedFields(json(response))).toEqual([field]);
  });

  test('nulField walks nested values and names the body itself', () => {
    expect(nulField({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(nulField('\u0000')).toBe('body');
    expect(nulField({ a: 'fine', b: [1, null, true] })).toBeUndefined();
  });
});

describe('deeply nested and huge bodies', () => {
  // 5,000 levels in 10 kB is the probe's body (it overflowed the server's main-thread stack); 100,000 levels also
  // overflows the larger stack of the test's worker thread, so the test fails without the parser's depth limit.
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  test.each([
    ['/api/cart/showcart', nested(5_000)],
    ['/api/cart/addtocart', nested(100_000)],
    ['/connect/customer/addaddress', `{"first_name":${nested(100_000)}}`],
    ['/api/customer/login', `{"cart_id":${nested(100_000)}}`],
    ['/api/checkout/orderreview', `{"cart_id":"abc","x":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`],
  ])('%s with a deep body is a 400 for the body', async (url, payload) => {
    const reply = await post(url, payload, { signedIn: true });
    expect(reply.status).toBe(400);
    expect(namedFields(reply.body)).toEqual(['body']);
  });

  test('a body at the depth limit is read', async () => {
    const deepest = `{"cart_id":"abcdef","x":${'['.repeat(maxJsonDepth - 1)}${']'.repeat(maxJsonDepth - 1)}}`;
    const reply = await post('/api/checkout/orderreview', deepest, { signedIn: true });
    expect(reply.status).toBe(404);
  });

  test('brackets inside strings do not count', () => {
    expect(jsonNestsDeeperThan(`{"q":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"q":"\\"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan('[[[1]]]', 2)).toBe(true);
  });

  test('a body over the size limit is a 413 for the body, not a 500', async () => {
    const reply = await post('/api/cart/showcart', { cart_id: 'abcdef', coupon_code: 'x'.repeat(1_100_000) });
    expect(reply.status).toBe(413);
    expect(namedFields(reply.body)).toEqual(['body']);
  });

  test('text/plain is a 400 for the body (read as text, refused by the contract); other types are 415 (docs/security.md, V13)', async () => {
    const send = (contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/customer/forgot', headers: { 'content-type': contentType }, payload: 'email=a@example.com' });
    const plain = await send('text/plain');
    expect(plain.statusCode).toBe(400);
    expect(namedFields(json(plain))).toEqual(['body']);
    for (const other of ['application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expect((await send(other)).statusCode, other).toBe(415);
    }
  });

  test('malformed JSON and prototype poisoning are 400s for the body', async () => {
    expect((await post('/api/cart/showcart', '{"cart_id":')).status).toBe(400);
    const poisoned = await post('/api/cart/showcart', '{"cart_id":"abcdef","__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    expect(namedFields(poisoned.body)).toEqual(['body']);
  });
});
