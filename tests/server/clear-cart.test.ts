import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret } from '../../server/services/platform/tokens.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function cartWithItem(customerId: number | null) {
  const db = t.database.db;
  const area = await db.selectFrom('service_areas').select(['zipcode', 'loc_id']).where('zipcode', '=', '10001').executeTakeFirstOrThrow();
  const offer = await db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id'])
    .where('area_loc_id', '=', area.loc_id)
    .where('stock', '>', 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  const id = newSecret();
  await db.insertInto('carts').values({ id, customer_id: customerId, zipcode: area.zipcode, loc_id: area.loc_id, coupon_code: null }).execute();
  await db
    .insertInto('cart_items')
    .values({ cart_id: id, variant_id: offer.variant_id, offer_id: offer.id, qty: 2, delivery_date: null, timeslot: null })
    .execute();
  return id;
}

async function itemsIn(cartId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('cart_items').select('id').where('cart_id', '=', cartId).execute();
  return rows.length;
}

function clear(cartId: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/cart/clearCart?quote_id=${encodeURIComponent(cartId)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('POST /api/cart/clearCart', () => {
  it("clears a customer's own cart", async () => {
    const alice = await signedInCustomer(t, 'alice@example.com');
    const cart = await cartWithItem(alice.customerId);
    const response = await clear(cart, alice.token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ code: 1 });
    expect(await itemsIn(cart)).toBe(0);
  });

  it("refuses another customer's cart with 404 and leaves it whole", async () => {
    const bob = await signedInCustomer(t, 'bob@example.com');
    const carol = await signedInCustomer(t, 'carol@example.com');
    const cart = await cartWithItem(bob.customerId);
    expect((await clear(cart, carol.token)).statusCode).toBe(404);
    expect((await clear(cart)).statusCode).toBe(404);
    expect(await itemsIn(cart)).toBe(1);
  });

  it('clears a guest cart by its id alone', async () => {
    const cart = await cartWithItem(null);
    expect((await clear(cart)).statusCode).toBe(200);
    expect(await itemsIn(cart)).toBe(0);
  });

  it('an unknown cart is 404, a missing id 400, a forged token 401', async () => {
    expect((await clear('no-such-cart')).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/cart/clearCart' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ errors: [{ field: 'quote_id' }] });
    expect((await clear('whatever', 'forged-token')).statusCode).toBe(401);
  });
});
