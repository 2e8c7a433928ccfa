import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressReply, getAddressesReply, setDefaultAddressReply, updateAddressReply } from '../../src/api/contract/address.contract.ts';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { post } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { addAddress, newYorkAddress } from './checkout-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addresses(token: string, customerId: number, method: 'GET' | 'POST' = 'POST') {
  const response = await t.app.inject({
    method,
    url: `/connect/customer/getaddresses?customerid=${customerId}`,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { payload: { address_type: 'shipping', store_id: 1 } } : {}),
  });
  expect(response.statusCode).toBe(200);
  const body = json(response);
  assert(body, getAddressesReply);
  return body.data ?? [];
}

async function rowCount(customerId: number): Promise<number> {
  const rows = await t.database.db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).execute();
  return rows.length;
}

describe('address validation (spec section 5, every message at once)', () => {
  it('names every missing shipping field with the spec words', async () => {
    const me = await signedInCustomer(t, 'empty@example.com');
    const { status, body } = await post(
      t,
      `/connect/customer/addaddress?customerid=${me.customerId}`,
      { address_type: 'shipping', store_id: 1 },
      me.token,
    );
    expect(status).toBe(400);
    assert(body, badRequestBody);
    expect(body.errors).toEqual([
      { field: 'first_name', message: 'First name is required.' },
      { field: 'last_name', message: 'Last name is required.' },
      { field: 'street1', message: 'Address is required.' },
      { field: 'city', message: 'City is required.' },
      { field: 'state', message: 'State is required.' },
      { field: 'zipcode', message: 'Zipcode is required.' },
      { field: 'nickname', message: 'Address nickname is required.' },
      { field: 'telephone', message: 'Phone is required.' },
    ]);
    expect(await rowCount(me.customerId)).toBe(0);
  });

  it('words the billing form in lower case and checks numbers and lengths', async () => {
    const me = await signedInCustomer(t, 'billing-empty@example.com');
    const { status, body } = await post(
      t,
      '/connect/customer/addaddress',
      {
        address_type: 'billing',
        first_name: ' ',
        last_name: '',
        street1: 'x',
        city: 'New York',
        state: 'NY',
        zipcode: '1000a',
        telephone: '212-555-0100',
      },
      me.token,
    );
    expect(status).toBe(400);
    assert(body, badRequestBody);
    expect(body.errors).toEqual([
      { field: 'first_name', message: 'first name is required.' },
      { field: 'last_name', message: 'last name is required.' },
      { field: 'zipcode', message: 'Must be a number.' },
      { field: 'telephone', message: 'Phone  must be a number.' },
    ]);
    const short = await post(
      t,
      `/connect/customer/addaddress?customerid=${me.customerId}`,
      { ...newYorkAddress, zipcode: '1000', telephone: '212555010' },
      me.token,
    );
    assert(short.body, badRequestBody);
    expect(short.body.errors).toEqual([
      { field: 'zipcode', message: 'Must be exactly 5 digit' },
      { field: 'telephone', message: 'Must be exactly 10 digit' },
    ]);
  });

  it('refuses a zip of another city and saves nothing ("Your Zipcode and City Value Doesn\'t match")', async () => {
    const me = await signedInCustomer(t, 'mismatch@example.com');
    const { status, body } = await post(
      t,
      `/connect/customer/addaddress?customerid=${me.customerId}`,
      { ...newYorkAddress, city: 'Chicago' },
      me.token,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ code: -1, message: "Your Zipcode and City Value Doesn't match.Please Fix and Try Again" });
    expect(await rowCount(me.customerId)).toBe(0);
    // Case and spaces do not matter.
    await addAddress(t, me.token, me.customerId, { city: '  new YORK ' });
    expect(await rowCount(me.customerId)).toBe(1);
  });
});

describe('saved addresses', () => {
  it('saves, lists (GET and POST), makes the first shipping address the default and moves the default', async () => {
    const me = await signedInCustomer(t, 'ada@example.com');
    const first = await addAddress(t, me.token, me.customerId);
    const second = await addAddress(t, me.token, me.customerId, { nickname: 'Work', street1: '11 W 53rd St', zipcode: '10019' });
    const listed = await addresses(me.token, me.customerId);
    expect(listed.map((a) => [a.address_id, a.default_address])).toEqual([
      [first, '1'],
      [second, '0'],
    ]);
    expect(listed[0]).toEqual({
      address_id: first,
      address_nickname: 'Home',
      name: 'Ada Lovelace',
      firstname: 'Ada',
      lastname: 'Lovelace',
      street1: '350 5th Ave',
      street2: 'Floor 2',
      city: 'New York',
      state: 'NY',
      country: 'US',
      zipcode: '10001',
      telephone: '2125550100',
      default_address: '1',
      address_type: 'shipping',
    });
    expect(await addresses(me.token, me.customerId, 'GET')).toEqual(listed);

    const { body } = await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: me.customerId, address_id: second }, me.token);
    assert(body, setDefaultAddressReply);
    expect(body[0]).toMatchObject({ code: 1 });
    expect((await addresses(me.token, me.customerId)).map((a) => [a.address_id, a.default_address])).toEqual([
      [second, '1'],
      [first, '0'],
    ]);

    // A new address sent as default takes over; deleting the default hands it to the newest remaining.
    const third = await addAddress(t, me.token, me.customerId, { nickname: 'Gym', default_address: '1' });
    expect((await addresses(me.token, me.customerId))[0]).toMatchObject({ address_id: third, default_address: '1' });
    const deleted = await post(t, '/connect/customer/deleteAddress', { address_id: third }, me.token);
    expect(deleted.body).toMatchObject({ code: 1 });
    expect((await addresses(me.token, me.customerId)).map((a) => [a.address_id, a.default_address])).toEqual([
      [second, '1'],
      [first, '0'],
    ]);
  });

  it('keeps billing addresses apart from shipping ones', async () => {
    const me = await signedInCustomer(t, 'billing@example.com');
    const billing = await addAddress(t, me.token, me.customerId, { address_type: 'billing', nickname: '' });
    expect(await addresses(me.token, me.customerId)).toEqual([]);
    const row = await t.database.db.selectFrom('addresses').selectAll().where('id', '=', billing).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address_type: 'billing', is_default: false, nickname: 'Billing' });
  });

  it('updates with the account edit form (street, postcode) and its phone wording', async () => {
    const me = await signedInCustomer(t, 'edit@example.com');
    const id = await addAddress(t, me.token, me.customerId);
    const bad = await post(
      t,
      '/connect/customer/updateAddress',
      { address_id: id, first_name: 'Ada', last_name: 'L', street: 'x', city: 'New York', state: 'NY', postcode: '10001', telephone: 'abc' },
      me.token,
    );
    assert(bad.body, badRequestBody);
    expect(bad.body.errors).toEqual([{ field: 'telephone', message: 'Phone must be a number.' }]);
    const { body } = await post(
      t,
      '/connect/customer/updateAddress',
      {
        address_id: id,
        first_name: 'Ada',
        last_name: 'King',
        street: '1 Main St',
        city: 'New York',
        state: 'New York',
        postcode: '10002',
        telephone: '2125550199',
      },
      me.token,
    );
    assert(body, updateAddressReply);
    expect(body.data).toMatchObject({
      lastname: 'King',
      street1: '1 Main St',
      zipcode: '10002',
      state: 'NY',
      address_nickname: 'Home',
      default_address: '1',
    });
    const mismatch = await post(
      t,
      '/connect/customer/updateAddress',
      {
        address_id: id,
        first_name: 'Ada',
        last_name: 'King',
        street: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postcode: '10002',
        telephone: '2125550199',
      },
      me.token,
    );
    expect(mismatch.body).toEqual({ code: -1, message: "Your Zipcode and City Value Doesn't match.Please Fix and Try Again" });
  });

  it('lets a guest with a token keep addresses', async () => {
    const { body: guest } = await post(t, '/api/cart/guestcart', { customer_email: 'guest@example.com', store_id: 1 });
    assert(guest, guestCartReply);
    if (!guest.data) throw new Error('no guest session');
    const { api_token: token, customer_id: customerId } = guest.data;
    const id = await addAddress(t, token, customerId);
    expect((await addresses(token, customerId)).map((a) => a.address_id)).toEqual([id]);
  });
});

describe("someone else's ids are 404", () => {
  it('answers 404 for another customer id, address or default, and 401 without a token', async () => {
    const owner = await signedInCustomer(t, 'owner@example.com');
    const thief = await signedInCustomer(t, 'thief@example.com');
    const id = await addAddress(t, owner.token, owner.customerId);

    const list = await t.app.inject({
      method: 'GET',
      url: `/connect/customer/getaddresses?customerid=${owner.customerId}`,
      headers: { authorization: `Bearer ${thief.token}` },
    });
    expect(list.statusCode).toBe(404);
    expect((await post(t, `/connect/customer/addaddress?customerid=${owner.customerId}`, newYorkAddress, thief.token)).status).toBe(404);
    expect((await post(t, '/connect/customer/deleteAddress', { address_id: id }, thief.token)).status).toBe(404);
    expect((await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: thief.customerId, address_id: id }, thief.token)).status).toBe(
      404,
    );
    expect((await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: owner.customerId, address_id: id }, thief.token)).status).toBe(
      404,
    );
    const update = await post(
      t,
      '/connect/customer/updateAddress',
      { address_id: id, first_name: 'X', last_name: 'Y', street: 'z', city: 'New York', state: 'NY', postcode: '10001', telephone: '2125550100' },
      thief.token,
    );
    expect(update.status).toBe(404);
    expect((await post(t, `/connect/customer/addaddress?customerid=${owner.customerId}`, newYorkAddress)).status).toBe(401);
    // Nothing changed for the owner.
    expect(await addresses(owner.token, owner.customerId)).toHaveLength(1);
  });
});

describe('the reply contract', () => {
  it('answers addaddress with code 1, address_id and the address', async () => {
    const me = await signedInCustomer(t, 'contract@example.com');
    const { body } = await post(
      t,
      `/connect/customer/addaddress?customerid=${me.customerId}`,
      { ...newYorkAddress, zipcode: 10001, telephone: 2125550100 },
      me.token,
    );
    assert(body, addAddressReply);
    expect(body).toMatchObject({
      code: 1,
      address_id: expect.any(Number),
      data: { zipcode: '10001', telephone: '2125550100', default_address: '1' },
    });
  });
});

describe('the default shipping address (decision 081: one default per customer, kept by a unique index)', () => {
  it('makes one of two addresses saved at once the only default, and moves it when asked', async () => {
    const me = await signedInCustomer(t, 'two-at-once@example.com');
    const [a, b] = await Promise.all([addAddress(t, me.token, me.customerId), addAddress(t, me.token, me.customerId, { street1: '2 Elm Street' })]);
    const defaults = async () =>
      (await t.database.db.selectFrom('addresses').select(['id', 'is_default']).where('customer_id', '=', me.customerId).orderBy('id').execute())
        .filter((row) => row.is_default)
        .map((row) => row.id);
    // Saved at once, either may be first: exactly one of them is the default, the other a plain address.
    const first = await defaults();
    expect(first).toHaveLength(1);
    expect([a, b]).toContain(first[0]);
    const c = await addAddress(t, me.token, me.customerId, { street1: '3 Oak Street', default_address: '1' });
    expect(await defaults()).toEqual([c]);
    await addAddress(t, me.token, me.customerId, { street1: '4 Pine Street' });
    expect(await defaults()).toEqual([c]);
  });

  it('refuses a second default shipping address written past the service (the index of migration 005)', async () => {
    const me = await signedInCustomer(t, 'one-default@example.com');
    await addAddress(t, me.token, me.customerId);
    const row = await t.database.db.selectFrom('addresses').selectAll().where('customer_id', '=', me.customerId).executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, updated_at: _updated, ...copy } = row;
    await expect(
      t.database.db
        .insertInto('addresses')
        .values({ ...copy, street1: '9 Birch Street' })
        .execute(),
    ).rejects.toThrow(/unique/);
    // A billing address is never a default, and a shipping one saved as plain is allowed beside the default.
    await t.database.db
      .insertInto('addresses')
      .values({ ...copy, is_default: false, street1: '10 Birch Street' })
      .execute();
  });
});
