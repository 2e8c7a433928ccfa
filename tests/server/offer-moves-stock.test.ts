import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAreaReply, type MoveAreaData } from '../../src/api/contract/cart-area.contract.ts';
import { deliverySpeedValues, type SpeedValue } from '../../src/rules/speeds.ts';
import { cartLinesOf, makeCart, post } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * A line moved to another offer (a new zip's delivery offer, or Delivery's from a restaurant: offer-moves.ts) goes
 * with no more than that offer has in stock, and 24, beside what the cart holds of it; one whose offer has none left
 * cannot move and is named as leaving. Decision 082 left stock unchecked: a line moved onto an offer with less stock
 * than its quantity, or none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHICAGO = 103;

function dataOf(reply: { body: unknown }): MoveAreaData {
  assert(reply.body, moveAreaReply);
  if (!reply.body.data) throw new Error('no data');
  return reply.body.data;
}

const moveArea = (payload: Record<string, unknown>) => post(t, '/api/cart/movearea', payload);

/** A product's first size's offer at a seller and speed. */
async function offerOf(product: string, locId: number, speed: SpeedValue) {
  const row = await t.database.db
    .selectFrom('variant_offers')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id'])
    .where('products.name', '=', product)
    .where('variant_offers.loc_id', '=', locId)
    .where('variant_offers.speed', '=', speed)
    .orderBy('variant_offers.variant_id')
    .executeTakeFirstOrThrow();
  return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id };
}

/**
 * Sets the stock of every delivery offer of the size sold in the area (its own and the nationwide ones): `stock` for
 * the area's Same Day offer (the one a move picks first), none for the rest. Returns the area's offer.
 */
async function stockInArea(variantId: number, area: number, stock: number) {
  const db = t.database.db;
  const offers = await db
    .selectFrom('variant_offers')
    .select(['id', 'loc_id', 'speed', 'area_loc_id'])
    .where('variant_id', '=', variantId)
    .where('speed', 'in', [...deliverySpeedValues])
    .where((eb) => eb.or([eb('area_loc_id', '=', area), eb('area_loc_id', 'is', null)]))
    .execute();
  const local = offers.find((o) => o.area_loc_id === area && o.speed === 'local');
  if (!local) throw new Error(`nobody delivers variant ${variantId} Same Day in area ${area}`);
  await db
    .updateTable('variant_offers')
    .set({ stock: 0 })
    .where(
      'id',
      'in',
      offers.map((o) => o.id),
    )
    .execute();
  await db.updateTable('variant_offers').set({ stock }).where('id', '=', local.id).execute();
  return { offerId: local.id, variantId, locId: local.loc_id };
}

describe('a line moved to another offer is capped at its stock', () => {
  it('a new zip: a ribeye line moves with what Chicago has, one adds to a Chicago line up to the stock, salmon with none left leaves', async () => {
    const ribeye = await offerOf('USDA Prime Ribeye Steak', 101, 'local');
    const strip = await offerOf('New York Strip Steak', 101, 'local');
    const salmon = await offerOf('Atlantic Salmon Fillet, Skin-On', 102, 'local');
    await stockInArea(ribeye.variantId, CHICAGO, 2);
    const chicagoStrip = await stockInArea(strip.variantId, CHICAGO, 4);
    await stockInArea(salmon.variantId, CHICAGO, 0);
    const { cartId, lineIds } = await makeCart(
      t,
      [
        { offer: ribeye, qty: 5 },
        { offer: strip, qty: 3 },
        { offer: chicagoStrip, qty: 2 },
        { offer: salmon, qty: 1 },
      ],
      { zipcode: '10001', locId: 101 },
    );

    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '60601' }));
    expect(asked.keep.map(({ cart_rid, qty, new_qty }) => ({ cart_rid, qty, new_qty }))).toEqual([
      { cart_rid: lineIds[0], qty: 5, new_qty: 2 },
      // 4 in stock, 2 of them in the cart already.
      { cart_rid: lineIds[1], qty: 3, new_qty: 2 },
      { cart_rid: lineIds[2], qty: 2, new_qty: undefined },
    ]);
    expect(asked.drop).toMatchObject([{ cart_rid: lineIds[3], name: 'Atlantic Salmon Fillet, Skin-On', qty: 1, new_qty: 0 }]);
    // Nothing changed by asking.
    expect((await cartLinesOf(t, cartId)).map((l) => l.qty)).toEqual([5, 3, 2, 1]);

    const moved = await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 });
    expect(moved.body).toMatchObject({ code: 1, data: { total_products_in_cart: 6 } });
    const lines = await cartLinesOf(t, cartId);
    expect(lines.map(({ offer_id, qty }) => ({ offer_id, qty }))).toEqual([
      { offer_id: expect.any(Number), qty: 2 },
      { offer_id: chicagoStrip.offerId, qty: 4 },
    ]);
  });

  it('a restaurant’s line going to Delivery moves with what the area’s butcher has in stock', async () => {
    const RESTAURANT = 421;
    const AREA = 105;
    const { zipcode } = await t.database.db.selectFrom('service_areas').select('zipcode').where('loc_id', '=', AREA).executeTakeFirstOrThrow();
    const dineIn = await offerOf('USDA Prime Ribeye Steak', RESTAURANT, 'dine-in');
    const butcher = await stockInArea(dineIn.variantId, AREA, 1);
    const { cartId, lineIds } = await makeCart(t, [{ offer: dineIn, qty: 3 }], { zipcode, locId: AREA });

    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode }));
    expect(asked.keep).toMatchObject([{ cart_rid: lineIds[0], qty: 3, new_qty: 1 }]);
    await moveArea({ cart_id: cartId, zipcode, apply: 1 });
    expect(await cartLinesOf(t, cartId)).toEqual([{ id: lineIds[0], offer_id: butcher.offerId, qty: 1 }]);

    // None left: it cannot move, and is named as leaving.
    await t.database.db.updateTable('variant_offers').set({ stock: 0 }).where('id', '=', butcher.offerId).execute();
    const again = await makeCart(t, [{ offer: dineIn, qty: 2 }], { zipcode, locId: AREA });
    const none = dataOf(await moveArea({ cart_id: again.cartId, zipcode }));
    expect(none.keep).toEqual([]);
    expect(none.drop).toMatchObject([{ cart_rid: again.lineIds[0], qty: 2, new_qty: 0 }]);
  });

  it('a line takes a later offer at the same speed with enough for its quantity instead of being capped at the first', async () => {
    const ribeye = await offerOf('USDA Prime Ribeye Steak', 101, 'local');
    const first = await stockInArea(ribeye.variantId, CHICAGO, 2);
    // Another Chicago seller sells the same size Same Day, dearer (the product page lists it second), with 10.
    const other = await t.database.db
      .selectFrom('variant_offers')
      .select('loc_id')
      .where('area_loc_id', '=', CHICAGO)
      .where('speed', '=', 'local')
      .where('loc_id', '!=', first.locId)
      .executeTakeFirstOrThrow();
    const { price_cents } = await t.database.db
      .selectFrom('variant_offers')
      .select('price_cents')
      .where('id', '=', first.offerId)
      .executeTakeFirstOrThrow();
    const second = await t.database.db
      .insertInto('variant_offers')
      .values({ variant_id: ribeye.variantId, loc_id: other.loc_id, area_loc_id: CHICAGO, speed: 'local', price_cents: price_cents + 100, stock: 10 })
      .onConflict((oc) =>
        oc.columns(['variant_id', 'loc_id', 'speed']).doUpdateSet({ price_cents: price_cents + 100, stock: 10, area_loc_id: CHICAGO }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();

    // 5 wanted: the first has 2, the second enough. A line of 2 still takes the first (the product page's pick).
    const whole = await makeCart(t, [{ offer: ribeye, qty: 5 }], { zipcode: '10001', locId: 101 });
    const [asked] = dataOf(await moveArea({ cart_id: whole.cartId, zipcode: '60601' })).keep;
    expect(asked).toMatchObject({ cart_rid: whole.lineIds[0], qty: 5, new_price: ((price_cents + 100) / 100).toFixed(2) });
    // Nothing capped.
    expect(asked?.new_qty).toBeUndefined();
    await moveArea({ cart_id: whole.cartId, zipcode: '60601', apply: 1 });
    expect(await cartLinesOf(t, whole.cartId)).toEqual([{ id: whole.lineIds[0], offer_id: second.id, qty: 5 }]);

    const small = await makeCart(t, [{ offer: ribeye, qty: 2 }], { zipcode: '10001', locId: 101 });
    await moveArea({ cart_id: small.cartId, zipcode: '60601', apply: 1 });
    expect(await cartLinesOf(t, small.cartId)).toEqual([{ id: small.lineIds[0], offer_id: first.offerId, qty: 2 }]);

    // Neither has enough for 24: capped, at the one with the most (the second's 10).
    const many = await makeCart(t, [{ offer: ribeye, qty: 24 }], { zipcode: '10001', locId: 101 });
    expect(dataOf(await moveArea({ cart_id: many.cartId, zipcode: '60601' })).keep).toMatchObject([
      { cart_rid: many.lineIds[0], qty: 24, new_qty: 10 },
    ]);
  });
});
