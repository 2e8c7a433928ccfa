import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardReply, preferencesReply } from '../../src/api/contract/account.contract.ts';
import { getAddressesReply } from '../../src/api/contract/address.contract.ts';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { generousLimits } from './account-helpers.ts';
import { post } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { addAddress, saveCard } from './checkout-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
});

async function dashboard(token: string) {
  const { status, body } = await post(t, '/api/account/mydashboard', { store_id: 1 }, token);
  expect(status).toBe(200);
  assert(body, dashboardReply);
  if (!body.data) throw new Error('no dashboard data');
  return body.data;
}

describe('api/account/mydashboard', () => {
  it('answers name, primary address, email, both switches and the saved cards', async () => {
    const me = await signedInCustomer(t, 'dash@example.com');
    expect(await dashboard(me.token)).toEqual({
      name: 'Test Shopper',
      address: '',
      email: 'dash@example.com',
      newsletter_subscription: 0,
      notification: 1,
      list_cards: [],
      identity: { status: 'not-started', reason: '' },
    });

    await addAddress(t, me.token, me.customerId, { nickname: 'Home' });
    const work = await addAddress(t, me.token, me.customerId, { nickname: 'Work', street1: '1 Main St', street2: '', default_address: '1' });
    const cardId = await saveCard(t, me.token, me.customerId);
    const data = await dashboard(me.token);
    // The default shipping address is the primary one, on one line; the billing address of the card is not.
    expect(data.address).toBe('1 Main St, New York, NY 10001');
    expect(data.list_cards).toEqual([{ id: cardId, brand: 'visa', card_no: '4242', card_exp_month: 12, card_exp_year: 2030 }]);

    // Making the other default changes the primary address; GET answers the same.
    const home = (await post(t, `/connect/customer/getaddresses?customerid=${me.customerId}`, { address_type: 'shipping' }, me.token)).body;
    assert(home, getAddressesReply);
    const homeId = home.data?.find((a) => a.address_id !== work)?.address_id;
    expect((await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: me.customerId, address_id: homeId }, me.token)).body).toEqual([
      { code: 1, message: 'Default shipping address updated.' },
    ]);
    const viaGet = await t.app.inject({ method: 'GET', url: '/api/account/mydashboard', headers: { authorization: `Bearer ${me.token}` } });
    const got: unknown = json(viaGet);
    assert(got, dashboardReply);
    expect(got.data?.address).toBe('350 5th Ave, Floor 2, New York, NY 10001');
  });

  it('shows a guest account (email checkout) without a name', async () => {
    const { body } = await post(t, '/api/cart/guestcart', { customer_email: 'guest-dash@example.com', store_id: 1 });
    assert(body, guestCartReply);
    const token = body.data?.api_token;
    if (!token) throw new Error('no guest token');
    expect(await dashboard(token)).toMatchObject({ name: '', email: 'guest-dash@example.com', list_cards: [] });
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await post(t, '/api/account/mydashboard', {})).status).toBe(401);
    expect((await post(t, '/api/account/mydashboard', {}, 'not-a-token')).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/mydashboard' })).statusCode).toBe(401);
    expect((await post(t, '/api/account/preferences', { newsletter_subscription: 1 })).status).toBe(401);
  });
});

describe('the identity status on the dashboard', () => {
  type Row = { status: 'started' | 'uploaded' | 'verified' | 'refused'; refusal_reason?: string; decided_at?: Date; created_at?: Date };
  const applications = () => t.database.db.selectFrom('kyc_applications').selectAll();
  let serial = 0;
  async function apply(customerId: number, row: Row) {
    serial += 1;
    await t.database.db
      .insertInto('kyc_applications')
      .values({ public_id: serial.toString(16).padStart(32, 'a'), customer_id: customerId, ...row })
      .execute();
  }

  it('is read only: asking never makes an application', async () => {
    const me = await signedInCustomer(t, 'id-none@example.com');
    expect((await dashboard(me.token)).identity).toEqual({ status: 'not-started', reason: '' });
    expect((await dashboard(me.token)).identity).toEqual({ status: 'not-started', reason: '' });
    expect(await applications().where('customer_id', '=', me.customerId).execute()).toEqual([]);
  });

  it('follows the latest application: started, uploaded, matched, refused with its reason, verified', async () => {
    const me = await signedInCustomer(t, 'id-steps@example.com');
    const status = async () => (await dashboard(me.token)).identity;
    await apply(me.customerId, {
      status: 'refused',
      refusal_reason: 'face-mismatch',
      decided_at: new Date('2026-01-01'),
      created_at: new Date('2026-01-01'),
    });
    expect(await status()).toEqual({ status: 'refused', reason: 'The faces did not match' });
    await apply(me.customerId, {
      status: 'refused',
      refusal_reason: 'under-21',
      decided_at: new Date('2026-01-02'),
      created_at: new Date('2026-01-02'),
    });
    expect(await status()).toEqual({ status: 'refused', reason: 'Under 21' });
    await apply(me.customerId, { status: 'started', created_at: new Date('2026-01-03') });
    expect(await status()).toEqual({ status: 'not-started', reason: '' });
    await t.database.db
      .updateTable('kyc_applications')
      .set({ status: 'uploaded' })
      .where('customer_id', '=', me.customerId)
      .where('status', '=', 'started')
      .execute();
    expect(await status()).toEqual({ status: 'pending', reason: '' });
    // Matched, the age decision not made yet: still pending.
    await t.database.db
      .updateTable('kyc_applications')
      .set({ status: 'verified' })
      .where('customer_id', '=', me.customerId)
      .where('status', '=', 'uploaded')
      .execute();
    expect(await status()).toEqual({ status: 'pending', reason: '' });
    await t.database.db.updateTable('customers').set({ is_verified: true }).where('id', '=', me.customerId).execute();
    expect(await status()).toEqual({ status: 'verified', reason: '' });
    // A verified customer updating their verification stays verified while the new one is under way.
    await apply(me.customerId, { status: 'uploaded', created_at: new Date('2026-01-04') });
    expect(await status()).toEqual({ status: 'verified', reason: '' });
  });

  it("shows only the caller's own applications", async () => {
    const refusedOne = await signedInCustomer(t, 'id-owner@example.com');
    const other = await signedInCustomer(t, 'id-other@example.com');
    await apply(refusedOne.customerId, { status: 'refused', refusal_reason: 'no-face-in-selfie', decided_at: new Date() });
    expect((await dashboard(refusedOne.token)).identity).toEqual({ status: 'refused', reason: 'No face was found in the selfie' });
    expect((await dashboard(other.token)).identity).toEqual({ status: 'not-started', reason: '' });
  });
});

describe('/api/account/preferences', () => {
  it('saves each switch and the dashboard shows it afterwards', async () => {
    const me = await signedInCustomer(t, 'prefs@example.com');
    const on = await post(t, '/api/account/preferences', { newsletter_subscription: 1 }, me.token);
    expect(on.status).toBe(200);
    assert(on.body, preferencesReply);
    expect(on.body.data).toEqual({ newsletter_subscription: 1, notification: 1 });
    const off = await post(t, '/api/account/preferences', { notification: 0 }, me.token);
    assert(off.body, preferencesReply);
    expect(off.body.data).toEqual({ newsletter_subscription: 1, notification: 0 });
    expect(await dashboard(me.token)).toMatchObject({ newsletter_subscription: 1, notification: 0 });

    // Someone else's switches stay as they were.
    const other = await signedInCustomer(t, 'prefs-other@example.com');
    expect(await dashboard(other.token)).toMatchObject({ newsletter_subscription: 0, notification: 1 });
  });

  it('refuses a body with no switch or a value other than 0 and 1', async () => {
    const me = await signedInCustomer(t, 'prefs-bad@example.com');
    expect((await post(t, '/api/account/preferences', {}, me.token)).status).toBe(400);
    const bad = await post(t, '/api/account/preferences', { newsletter_subscription: 2, notification: 'yes' }, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 0, errors: [{ field: 'newsletter_subscription' }, { field: 'notification' }] });
    expect(await dashboard(me.token)).toMatchObject({ newsletter_subscription: 0, notification: 1 });
  });
});

describe("another customer's records", () => {
  it('answers 404 for their address or card and changes nothing', async () => {
    const owner = await signedInCustomer(t, 'owner@example.com');
    const intruder = await signedInCustomer(t, 'intruder@example.com');
    const addressId = await addAddress(t, owner.token, owner.customerId);
    const cardId = await saveCard(t, owner.token, owner.customerId);
    const edit = {
      address_id: addressId,
      first_name: 'Eve',
      last_name: 'X',
      street: '1 Main St',
      city: 'New York',
      state: 'NY',
      postcode: '10001',
      telephone: '2125550199',
    };

    expect((await post(t, '/connect/customer/updateAddress', edit, intruder.token)).status).toBe(404);
    expect((await post(t, '/connect/customer/deleteAddress', { address_id: addressId }, intruder.token)).status).toBe(404);
    expect(
      (await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: intruder.customerId, address_id: addressId }, intruder.token)).status,
    ).toBe(404);
    expect(
      (await post(t, '/api/customer/setdefaultshippingaddress', { customer_id: owner.customerId, address_id: addressId }, intruder.token)).status,
    ).toBe(404);
    expect((await post(t, `/connect/customer/getaddresses?customerid=${owner.customerId}`, {}, intruder.token)).status).toBe(404);
    expect((await post(t, '/api/account/RemoveCreditCard', { card_id: cardId }, intruder.token)).status).toBe(404);

    // The owner's dashboard is untouched, and the intruder's shows none of it.
    expect(await dashboard(owner.token)).toMatchObject({ address: '350 5th Ave, Floor 2, New York, NY 10001', list_cards: [{ id: cardId }] });
    expect(await dashboard(intruder.token)).toMatchObject({ address: '', list_cards: [] });

    // The owner's own calls work: edit, remove the card, delete.
    expect((await post(t, '/connect/customer/updateAddress', edit, owner.token)).body).toMatchObject({ code: 1 });
    expect((await post(t, '/api/account/RemoveCreditCard', { card_id: cardId }, owner.token)).body).toEqual({ code: 1, message: 'Card removed.' });
    expect((await post(t, '/connect/customer/deleteAddress', { address_id: addressId }, owner.token)).body).toEqual({
      code: 1,
      message: 'Address deleted.',
    });
    expect(await dashboard(owner.token)).toMatchObject({ address: '', list_cards: [] });
  });
});
