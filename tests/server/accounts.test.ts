import { hash } from '@node-rs/argon2';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCartReply, loginReply, registerReply, type SignInResult } from '../../src/api/contract/customer.contract.ts';
import { generousLimits, guestCartWith, login, post, register, solvedCaptcha } from './account-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Limits out of the way here; rate-limit.test.ts tests them.
  t = await startTestApp({ rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
});

const password = 'correct horse battery';

async function signedIn(email: string, cartId?: string, token?: string): Promise<SignInResult> {
  const response = await login(t, { email, password, ...(cartId ? { cart_id: cartId } : {}) }, token ? { token } : {});
  const [error, body] = validate(json(response), loginReply);
  if (error || body.code !== 1 || !body.result) throw new Error(`sign-in failed: ${response.body}`);
  return body.result;
}

/** Whether a token is live, seen from outside: a requireCaller route answers 404 for an unknown cart, 401 for a dead token. */
async function tokenIsLive(token: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/cart/clearCart?quote_id=no-such-cart',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 401 && response.statusCode !== 404) throw new Error(`unexpected ${response.statusCode}`);
  return response.statusCode === 404;
}

function linesOf(cartId: string) {
  return t.database.db.selectFrom('cart_items').select(['offer_id', 'qty']).where('cart_id', '=', cartId).orderBy('offer_id').execute();
}

describe('POST api/customer/register', () => {
  it("creates the account with an argon2id hash at OWASP's parameters and signs the customer in", async () => {
    const response = await register(t, { email: 'Reg.One@Example.com', first_name: 'Ann', last_name: 'Lee' });
    expect(response.statusCode).toBe(200);
    const [error, body] = validate(json(response), registerReply);
    expect(error).toBeUndefined();
    expect(body).toMatchObject({ code: 1, message: 'User Created.', result: { cart_id: '', total_product_in_cart: 0, cust_name: 'Ann Lee' } });
    const row = await t.database.db
      .selectFrom('customers')
      .select(['email', 'email_normalized', 'password_hash', 'is_guest'])
      .where('id', '=', body?.result?.customer_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'Reg.One@Example.com', email_normalized: 'reg.one@example.com', is_guest: false });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await tokenIsLive(body?.result?.api_token ?? '')).toBe(true);
  });

  it('refuses an email already registered, in any letter case, with code 2', async () => {
    await register(t, { email: 'dup@example.com' });
    const again = await register(t, { email: '  DUP@Example.COM ' });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ code: 2, message: 'An account with this email already exists. Please sign in.' });
  });

  it('lists every invalid field with the spec messages (400)', async () => {
    const response = await post(t, '/api/customer/register', { email: 'nope', password: 'short', confirm_password: 'other', dob: '31/12/1990' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 0,
      errors: [
        { field: 'first_name', message: 'First Name is required.' },
        { field: 'last_name', message: 'Last Name is required.' },
        { field: 'email', message: 'must be in email format' },
        { field: 'password', message: 'Password is too short - should be 8 chars minimum.' },
        { field: 'confirm_password', message: 'Passwords must match' },
        { field: 'dob', message: 'Date of birth must be a real date in MM/DD/YYYY format.' },
        { field: 'altcha', message: 'Please complete the captcha.' },
      ],
    });
  });

  it('keeps the optional fields: dob, gender, newsletter', async () => {
    const response = await post(t, '/api/customer/register', {
      first_name: 'Opt',
      last_name: 'Ional',
      email: 'optional@example.com',
      password,
      confirm_password: password,
      dob: '02/29/2000',
      gender: 'female',
      country: 'US',
      newsletter_subscription: '1',
      altcha: await solvedCaptcha(t),
    });
    expect(json(response)).toMatchObject({ code: 1 });
    const row = await t.database.db
      .selectFrom('customers')
      .select(['dob', 'gender', 'newsletter'])
      .where('email_normalized', '=', 'optional@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ dob: '2000-02-29', gender: 'female', newsletter: true });
  });
});

describe('POST api/customer/login', () => {
  beforeAll(async () => {
    await register(t, { email: 'shopper@example.com', first_name: 'Sam', last_name: 'Shopper' });
  });

  it('answers the spec result with a new token at every sign-in; both stay valid until one logs out', async () => {
    const first = await signedIn('SHOPPER@example.com');
    const second = await signedIn('shopper@example.com');
    expect(first).toMatchObject({ cust_name: 'Sam Shopper', is_verified: 0, verification_id: '', cart_id: '', total_product_in_cart: 0 });
    expect(first.api_token).not.toBe(second.api_token);
    expect(first.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokenIsLive(first.api_token)).toBe(true);
    expect(await tokenIsLive(second.api_token)).toBe(true);

    const logout = await post(t, '/api/customer/logout', {}, { token: first.api_token });
    expect(logout.statusCode).toBe(200);
    expect(json(logout)).toEqual({ code: 1, message: 'You are signed out.' });
    expect(await tokenIsLive(first.api_token)).toBe(false);
    expect(await tokenIsLive(second.api_token)).toBe(true);
    // Logging out again with the dead token: 401.
    expect((await post(t, '/api/customer/logout', {}, { token: first.api_token })).statusCode).toBe(401);
    expect((await post(t, '/api/customer/logout', {})).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await login(t, { email: 'shopper@example.com', password: 'not the password' });
    const unknown = await login(t, { email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(wrong)).toEqual({ code: -1, message: 'Invalid email or password.' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('does not let a guest row (no password) sign in', async () => {
    await post(t, '/api/cart/guestcart', { customer_email: 'guest-only@example.com' });
    const response = await login(t, { email: 'guest-only@example.com', password });
    expect(json(response)).toEqual({ code: -1, message: 'Invalid email or password.' });
  });

  it('stores no password or token in plain text', async () => {
    const result = await signedIn('shopper@example.com');
    const db = t.database.db;
    const rows = JSON.stringify([await db.selectFrom('customers').selectAll().execute(), await db.selectFrom('sessions').selectAll().execute()]);
    expect(rows).not.toContain(password);
    expect(rows).not.toContain(result.api_token);
  });

  it('lists every invalid field (400) and refuses unknown ones', async () => {
    const empty = await post(t, '/api/customer/login', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      errors: [
        { field: 'email', message: 'Email is required.' },
        { field: 'password', message: 'Password is required.' },
        { field: 'altcha', message: 'Please complete the captcha.' },
      ],
    });
    const malformed = await post(t, '/api/customer/login', { email: 'x@', password: 'x'.repeat(65), altcha: 'a', extra: 1 });
    expect(json(malformed)).toMatchObject({
      errors: [
        { field: 'email', message: 'Email must be in email format.' },
        { field: 'password', message: 'Password must be at most 64 characters.' },
        { field: 'extra', message: 'extra is not a known field.' },
      ],
    });
    const wrongType = await post(t, '/api/customer/login', { email: ['a@b.co'], password: 12345678, altcha: 'a' });
    expect(json(wrongType)).toMatchObject({
      errors: [
        { field: 'email', message: 'email must be text.' },
        { field: 'password', message: 'password must be text.' },
      ],
    });
  });

  it('signs in despite a stale token in the browser', async () => {
    const result = await signedIn('shopper@example.com', undefined, 'stale-token-from-last-month');
    expect(result.api_token).not.toBe('');
  });

  it('replaces a hash made with weaker parameters at sign-in', async () => {
    const db = t.database.db;
    await register(t, { email: 'old-hash@example.com' });
    const weak = await hash(password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await db.updateTable('customers').set({ password_hash: weak }).where('email_normalized', '=', 'old-hash@example.com').execute();
    await signedIn('old-hash@example.com');
    const row = await db
      .selectFrom('customers')
      .select('password_hash')
      .where('email_normalized', '=', 'old-hash@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('guest cart at sign-in', () => {
  it('merges a guest cart into the customer cart: quantities added, capped at 24 and at stock, no line lost', async () => {
    const db = t.database.db;
    await register(t, { email: 'merge@example.com' });
    const own = await guestCartWith(t, [{ qty: 20 }, { qty: 2 }, { qty: 4 }]);
    const mine = await signedIn('merge@example.com', own.cartId);
    expect(mine.cart_id).toBe(own.cartId);
    const [a, b, c] = own.offerIds;
    if (a === undefined || b === undefined || c === undefined) throw new Error('seed too small');
    await db.updateTable('variant_offers').set({ stock: 5 }).where('id', '=', c).execute();

    // The guest cart shares lines a and c (not b), and adds line d.
    const extra = await guestCartWith(t, [{ qty: 1 }, { qty: 1 }, { qty: 1 }, { qty: 1 }]);
    const d = extra.offerIds[3];
    if (d === undefined) throw new Error('seed too small');
    const guest = await guestCartWith(t, [
      { qty: 10, offerId: a },
      { qty: 3, offerId: c },
      { qty: 6, offerId: d },
    ]);

    const result = await signedIn('merge@example.com', guest.cartId);
    expect(result.cart_id).toBe(own.cartId);
    expect(await linesOf(own.cartId)).toEqual(
      [
        { offer_id: a, qty: 24 },
        { offer_id: b, qty: 2 },
        { offer_id: c, qty: 5 },
        { offer_id: d, qty: 6 },
      ].sort((x, y) => x.offer_id - y.offer_id),
    );
    expect(result.total_product_in_cart).toBe(24 + 2 + 5 + 6);
    // Issue 23: the sign-in says what the merge changed: a's 30 capped at 24, c's 7 at the 5 in stock; d and b untouched.
    expect(result.cart_changes?.map(({ wanted, qty }) => ({ wanted, qty }))).toEqual(
      expect.arrayContaining([
        { wanted: 30, qty: 24 },
        { wanted: 7, qty: 5 },
      ]),
    );
    expect(result.cart_changes).toHaveLength(2);
    for (const change of result.cart_changes ?? []) {
      expect(change.name).toBeTruthy();
      expect(change.size).toBeTruthy();
    }
    const closed = await db.selectFrom('carts').select('status').where('id', '=', guest.cartId).executeTakeFirstOrThrow();
    expect(closed.status).toBe('cleared');
    expect(await linesOf(guest.cartId)).toEqual([]);
  });

  it('says nothing changed when a merge keeps every quantity', async () => {
    await register(t, { email: 'merge-quiet@example.com' });
    const own = await guestCartWith(t, [{ qty: 1 }]);
    await signedIn('merge-quiet@example.com', own.cartId);
    const guest = await guestCartWith(t, [{ qty: 1, offerId: own.offerIds[0] }]);
    const result = await signedIn('merge-quiet@example.com', guest.cartId);
    expect(result.cart_changes).toBeUndefined();
  });

  it('adopts the guest cart when the customer has none', async () => {
    await register(t, { email: 'adopt@example.com' });
    const guest = await guestCartWith(t, [{ qty: 2 }, { qty: 3 }]);
    const result = await signedIn('adopt@example.com', guest.cartId);
    expect(result).toMatchObject({ cart_id: guest.cartId, total_product_in_cart: 5 });
    const cart = await t.database.db.selectFrom('carts').select(['customer_id', 'status']).where('id', '=', guest.cartId).executeTakeFirstOrThrow();
    expect(cart).toEqual({ customer_id: result.customer_id, status: 'open' });
  });

  it('keeps both carts when they are for different areas; the guest cart becomes the current one', async () => {
    await register(t, { email: 'two-cities@example.com' });
    const newYork = await guestCartWith(t, [{ qty: 2 }]);
    await signedIn('two-cities@example.com', newYork.cartId);
    const chicago = await guestCartWith(t, [{ qty: 3 }], '60614');
    const result = await signedIn('two-cities@example.com', chicago.cartId);
    expect(result).toMatchObject({ cart_id: chicago.cartId, total_product_in_cart: 3 });
    const carts = await t.database.db
      .selectFrom('carts')
      .select(['id', 'status'])
      .where('customer_id', '=', result.customer_id)
      .orderBy('created_at')
      .execute();
    expect(carts).toEqual([
      { id: newYork.cartId, status: 'open' },
      { id: chicago.cartId, status: 'open' },
    ]);
    expect(await linesOf(newYork.cartId)).toHaveLength(1);
  });

  it("takes over the cart a shopper gave to their guest checkout, when they sign in with the guest's token", async () => {
    await register(t, { email: 'was-guest@example.com' });
    const guest = await guestCartWith(t, [{ qty: 4 }]);
    const checkout = json(await post(t, '/api/cart/guestcart', { customer_email: 'was-guest@example.com', cart_id: guest.cartId }));
    const [error, body] = validate(checkout, guestCartReply);
    if (error) throw error;
    const result = await signedIn('was-guest@example.com', guest.cartId, body.data?.api_token);
    expect(result).toMatchObject({ cart_id: guest.cartId, total_product_in_cart: 4 });
  });

  it('takes the guest cart at registration too', async () => {
    const guest = await guestCartWith(t, [{ qty: 1 }]);
    const response = await register(t, { email: 'new-with-cart@example.com', cart_id: guest.cartId });
    expect(json(response)).toMatchObject({ code: 1, result: { cart_id: guest.cartId, total_product_in_cart: 1 } });
  });

  it("ignores someone else's cart given as cart_id, and leaves it alone", async () => {
    await register(t, { email: 'owner@example.com' });
    await register(t, { email: 'other@example.com' });
    const guest = await guestCartWith(t, [{ qty: 2 }]);
    const owner = await signedIn('owner@example.com', guest.cartId);
    const other = await signedIn('other@example.com', guest.cartId);
    expect(other.cart_id).toBe('');
    const cart = await t.database.db.selectFrom('carts').select('customer_id').where('id', '=', guest.cartId).executeTakeFirstOrThrow();
    expect(cart.customer_id).toBe(owner.customer_id);
  });
});

describe('POST /api/cart/guestcart', () => {
  it('makes a guest customer and a session, and gives the guest cart to them', async () => {
    const guest = await guestCartWith(t, [{ qty: 2 }]);
    const response = await post(t, '/api/cart/guestcart', { customer_email: 'Walk.In@example.com', cart_id: guest.cartId });
    expect(response.statusCode).toBe(200);
    const [error, body] = validate(json(response), guestCartReply);
    expect(error).toBeUndefined();
    expect(body?.data?.cart_id).toBe(guest.cartId);
    const db = t.database.db;
    const customer = await db
      .selectFrom('customers')
      .select(['is_guest', 'password_hash', 'email_normalized'])
      .where('id', '=', body?.data?.customer_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ is_guest: true, password_hash: null, email_normalized: 'walk.in@example.com' });
    const cart = await db.selectFrom('carts').select('customer_id').where('id', '=', guest.cartId).executeTakeFirstOrThrow();
    expect(cart.customer_id).toBe(body?.data?.customer_id);
    const token = body?.data?.api_token ?? '';
    expect(await tokenIsLive(token)).toBe(true);

    // The same guest coming back with their token keeps their row and cart.
    const again = await post(t, '/api/cart/guestcart', { customer_email: 'walk.in@example.com', cart_id: guest.cartId }, { token });
    expect(json(again)).toMatchObject({ code: 1, data: { customer_id: body?.data?.customer_id, cart_id: guest.cartId } });
  });

  it('refuses a cart that is not a guest cart with 404, leaving no guest behind', async () => {
    await register(t, { email: 'cart-owner@example.com' });
    const guest = await guestCartWith(t, [{ qty: 1 }]);
    await signedIn('cart-owner@example.com', guest.cartId);
    const db = t.database.db;
    const before = await db.selectFrom('customers').select('id').execute();
    const response = await post(t, '/api/cart/guestcart', { customer_email: 'thief@example.com', cart_id: guest.cartId });
    expect(response.statusCode).toBe(404);
    expect((await post(t, '/api/cart/guestcart', { customer_email: 'thief@example.com', cart_id: 'no-such-cart' })).statusCode).toBe(404);
    expect(await db.selectFrom('customers').select('id').execute()).toHaveLength(before.length);
  });

  it('gives one guest cart to one of two guests asking at once, and leaves no second guest behind', async () => {
    // Decision 068: the guest, the cart's claim and the session are one statement that locks the cart first; the
    // second request waits on the lock, finds the cart claimed and writes nothing.
    const guest = await guestCartWith(t, [{ qty: 1 }]);
    const db = t.database.db;
    const before = await db.selectFrom('customers').select('id').execute();
    const answers = await Promise.all(
      ['first-at-once@example.com', 'second-at-once@example.com'].map((email) =>
        post(t, '/api/cart/guestcart', { customer_email: email, cart_id: guest.cartId }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const won = answers.find((a) => a.statusCode === 200);
    if (!won) throw new Error('no guest was given the cart');
    const [error, body] = validate(json(won), guestCartReply);
    expect(error).toBeUndefined();
    expect(await db.selectFrom('customers').select('id').execute()).toHaveLength(before.length + 1);
    const cart = await db.selectFrom('carts').select('customer_id').where('id', '=', guest.cartId).executeTakeFirstOrThrow();
    expect(cart.customer_id).toBe(body?.data?.customer_id);
    expect(await tokenIsLive(body?.data?.api_token ?? '')).toBe(true);
  });

  it('needs an email in email format', async () => {
    const response = await post(t, '/api/cart/guestcart', { customer_email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ errors: [{ field: 'customer_email', message: 'Email must be in email format.' }] });
  });
});
