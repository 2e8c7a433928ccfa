import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { addStoreUser, removeStoreUser } from '../../server/services/accounts/store-users.ts';
import { guestCartWith, post, signedInAs } from './account-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 078: a session is read once per instance and kept, so every change that ends a session or changes who it
 * signs in as must reach the kept copy. The store's own writes drop it at once, after their commit (the notices of
 * migration 036, which other instances hear, come a moment later on PostgreSQL): several-instances.test.ts has the
 * changes made by hand in SQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('kept sessions', () => {
  it('a role given to a signed-in account is seen on its next call, and taking it away ends the session at once', async () => {
    const email = 'kept-session-seller@example.com';
    const { token } = await signedInCustomer(t, email);
    // Twice: the second answer comes from the kept session.
    expect(await signedInAs(t, token)).toBe('shopper');
    expect(await signedInAs(t, token)).toBe('shopper');
    const added = await addStoreUser(t.database.db, { email, password: 'a long enough password 1', role: 'seller', locIds: [101] });
    expect(added.kind).toBe('updated');
    expect(await signedInAs(t, token)).toBe('seller');
    expect(await removeStoreUser(t.database.db, email)).toBe(true);
    expect(await signedInAs(t, token)).toBe(401);
  });

  it("a guest's session, kept as the guest cart makes it, is the database's own and ends with a logout", async () => {
    const { cartId } = await guestCartWith(t, [{ qty: 1 }]);
    const guest = await post(t, '/api/cart/guestcart', { customer_email: '  Kept.Guest@example.com ', cart_id: cartId, store_id: 1 });
    const body = json(guest);
    assert(body, guestCartReply);
    const token = body.data?.api_token ?? '';
    const kept = await t.app.inject({ method: 'GET', url: '/api/console/me', headers: { authorization: `Bearer ${token}` } });
    expect(kept.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('sessions')
      .innerJoin('customers', 'customers.id', 'sessions.customer_id')
      .select(['sessions.id', 'customers.id as customer_id', 'customers.email', 'customers.role', 'customers.is_guest'])
      .where('customers.id', '=', body.data?.customer_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'Kept.Guest@example.com', role: 'shopper', is_guest: true });
    expect(json(kept)).toMatchObject({ code: 1, data: { role: 'shopper' } });
    expect((await post(t, '/api/customer/logout', {}, { token })).statusCode).toBe(200);
    expect(await signedInAs(t, token)).toBe(401);
  });
});
