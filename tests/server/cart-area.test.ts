import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAreaReply, type MoveAreaData } from '../../src/api/contract/cart-area.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { cartLinesOf, makeCart, pickOne, post, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let butcher: OfferPick;
let courier: OfferPick;
beforeAll(async () => {
  t = await startTestApp();
  // A New York butcher sells in New York only; a courier sells in every served area.
  butcher = await pickOne(t, { speed: 'local', locId: 101, areaLocId: 101 }, 0, { priceCents: 1250, stock: 40 });
  courier = await pickOne(t, { speed: 'courier', locId: 201, areaLocId: null }, 0, { priceCents: 2450, stock: 40 });
});
afterAll(async () => {
  await t.close();
});

/** The reply's data, checked against the contract the client reads it with. */
function dataOf(reply: { body: unknown }): MoveAreaData {
  assert(reply.body, moveAreaReply);
  if (!reply.body.data) throw new Error('no data');
  return reply.body.data;
}

const moveArea = (payload: Record<string, unknown>, token?: string) => post(t, '/api/cart/movearea', payload, token);

async function newYorkCart(customerId: number | null = null) {
  return makeCart(
    t,
    [
      { offer: butcher, qty: 2 },
      { offer: courier, qty: 1 },
    ],
    { customerId, zipcode: '10001', locId: 101 },
  );
}

describe('POST /api/cart/movearea: which lines another pincode can still sell', () => {
  it('lists what Chicago keeps and what it cannot sell, and changes nothing when only asked', async () => {
    const { cartId, lineIds } = await newYorkCart();
    const reply = await moveArea({ cart_id: cartId, zipcode: '60601' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      code: 1,
      data: {
        zipcode: '60601',
        loc_id: 103,
        keep: [{ cart_rid: lineIds[1], qty: 1 }],
        drop: [{ cart_rid: lineIds[0], qty: 2 }],
      },
    });
    const dropped = dataOf(reply).drop[0];
    expect(dropped?.name).toBeTruthy();
    expect(dropped?.size).toBeTruthy();
    expect(await cartLinesOf(t, cartId)).toHaveLength(2);
    const cart = await t.database.db.selectFrom('carts').select(['zipcode', 'loc_id']).where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart).toEqual({ zipcode: '10001', loc_id: 101 });
  });

  it('keeps everything for another zip of the same area', async () => {
    const { cartId } = await newYorkCart();
    const reply = await moveArea({ cart_id: cartId, zipcode: '10002' });
    expect(reply.body).toMatchObject({ code: 1, data: { loc_id: 101, drop: [] } });
    expect(dataOf(reply).keep).toHaveLength(2);
  });

  it('with apply, takes off only the listed lines and moves the cart to the new area', async () => {
    const { cartId, lineIds } = await newYorkCart();
    const reply = await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 });
    expect(reply.body).toMatchObject({ code: 1, data: { drop: [{ cart_rid: lineIds[0] }], total_products_in_cart: 1 } });
    const lines = await cartLinesOf(t, cartId);
    expect(lines).toHaveLength(1);
    const cart = await t.database.db.selectFrom('carts').select(['zipcode', 'loc_id', 'status']).where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart).toEqual({ zipcode: '60601', loc_id: 103, status: 'open' });
  });

  it('checks the delivery option too: Dine-In sells none of the delivered lines', async () => {
    const { cartId } = await newYorkCart();
    const reply = await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'dine-in' });
    expect(reply.body).toMatchObject({ code: 1, data: { keep: [] } });
    expect(dataOf(reply).drop).toHaveLength(2);
  });

  it('answers 400 naming zipcode for a malformed zip and for one not served, and changes nothing', async () => {
    const { cartId } = await newYorkCart();
    for (const zipcode of ['6060', 'abcde', '90210']) {
      const reply = await moveArea({ cart_id: cartId, zipcode, apply: 1 });
      expect(reply.status).toBe(400);
      assert(reply.body, badRequestBody);
      expect(reply.body.errors.map((e) => e.field)).toEqual(['zipcode']);
    }
    expect(await cartLinesOf(t, cartId)).toHaveLength(2);
  });

  it("answers 404 for someone else's cart and leaves it whole", async () => {
    const owner = await signedInCustomer(t, 'movearea-owner@example.com');
    const other = await signedInCustomer(t, 'movearea-other@example.com');
    const { cartId } = await newYorkCart(owner.customerId);
    expect((await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 }, other.token)).status).toBe(404);
    expect((await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 })).status).toBe(404);
    expect(await cartLinesOf(t, cartId)).toHaveLength(2);
    expect((await moveArea({ cart_id: cartId, zipcode: '60601' }, owner.token)).status).toBe(200);
  });

  it('with keep_old, keeps the lines the new zip cannot sell for the old one and puts them back on return', async () => {
    const { cartId, lineIds } = await newYorkCart();
    const away = await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1, keep_old: 1 });
    expect(away.body).toMatchObject({ code: 1, data: { drop: [{ cart_rid: lineIds[0], qty: 2 }], restore: [], total_products_in_cart: 1 } });
    expect(await cartLinesOf(t, cartId)).toHaveLength(1);
    const kept = await t.database.db.selectFrom('cart_kept_lines').select(['zipcode', 'qty']).where('cart_id', '=', cartId).execute();
    expect(kept).toEqual([{ zipcode: '10001', qty: 2 }]);

    // Another zip of another area does not bring them back; the New York one lists them, then restores them.
    expect(dataOf(await moveArea({ cart_id: cartId, zipcode: '60601' })).restore).toEqual([]);
    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '10001' }));
    expect(asked.restore).toMatchObject([{ qty: 2 }]);
    expect(await cartLinesOf(t, cartId)).toHaveLength(1);
    const back = await moveArea({ cart_id: cartId, zipcode: '10001', apply: 1 });
    expect(back.body).toMatchObject({ code: 1, data: { drop: [], total_products_in_cart: 3 } });
    expect(await cartLinesOf(t, cartId)).toHaveLength(2);
    expect(await t.database.db.selectFrom('cart_kept_lines').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });

  it('keeps lines for the delivery option too: back in the cart when Delivery is chosen again in that zip', async () => {
    const { cartId } = await newYorkCart();
    const dineIn = await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'dine-in', apply: 1, keep_old: 1 });
    expect(dineIn.body).toMatchObject({ code: 1, data: { keep: [], total_products_in_cart: 0 } });
    // Dine-In still cannot sell them: they stay kept.
    expect(dataOf(await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'dine-in', apply: 1 })).restore).toEqual([]);
    const delivery = await moveArea({ cart_id: cartId, zipcode: '10001', apply: 1 });
    expect(delivery.body).toMatchObject({ code: 1, data: { total_products_in_cart: 3 } });
    expect(dataOf(delivery).restore).toHaveLength(2);
  });

  it('without keep_old the lines are removed, nothing kept', async () => {
    const { cartId } = await newYorkCart();
    await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 });
    expect(await t.database.db.selectFrom('cart_kept_lines').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });
});
