import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAreaReply, type MoveAreaData } from '../../src/api/contract/cart-area.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { centsToDollars } from '../../src/rules/money.ts';
import { deliverySpeedValues, type SpeedValue } from '../../src/rules/speeds.ts';
import { cartLinesOf, makeCart, newYorkOnly, pickOne, post, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let butcher: OfferPick;
let courier: OfferPick;
beforeAll(async () => {
  t = await startTestApp();
  // The New York butcher's marrow bones, made New York's only (Chicago sells every seeded size for delivery); a
  // courier sells in every served area.
  butcher = await newYorkOnly(t, 'Beef Marrow Bones, Canoe Cut');
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
    // What 'keep … for' names: the option the cart's lines were bought for, read from their offers.
    expect(dataOf(reply).kept_for).toBe('Delivery');
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

  it("kept lines come back with no more than their offer's stock: a capped one names new_qty, one with none stays kept", async () => {
    const db = t.database.db;
    const stockOf = (stock: number) => db.updateTable('variant_offers').set({ stock }).where('id', '=', butcher.offerId).execute();
    await stockOf(50);
    const { cartId, lineIds } = await makeCart(
      t,
      [
        { offer: butcher, qty: 5 },
        { offer: courier, qty: 1 },
      ],
      { zipcode: '10001', locId: 101 },
    );
    await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1, keep_old: 1 });
    const [kept] = await db.selectFrom('cart_kept_lines').select(['id', 'qty']).where('cart_id', '=', cartId).execute();
    expect(kept?.qty).toBe(5);
    try {
      // Only 2 left by the time she is back in New York: they come back, and the question says 2 instead of 5.
      await stockOf(2);
      expect(dataOf(await moveArea({ cart_id: cartId, zipcode: '10001' })).restore).toMatchObject([{ cart_rid: kept?.id, qty: 5, new_qty: 2 }]);
      // None left: it cannot come back yet, and stays kept for 10001 (named with new_qty 0), nothing lost.
      await stockOf(0);
      expect(dataOf(await moveArea({ cart_id: cartId, zipcode: '10001' })).restore).toMatchObject([{ cart_rid: kept?.id, qty: 5, new_qty: 0 }]);
      const none = await moveArea({ cart_id: cartId, zipcode: '10001', apply: 1 });
      expect(none.body).toMatchObject({ code: 1, data: { total_products_in_cart: 1 } });
      expect(await db.selectFrom('cart_kept_lines').select(['id', 'qty']).where('cart_id', '=', cartId).execute()).toEqual([
        { id: kept?.id, qty: 5 },
      ]);

      // Stock back at 2, and chosen again: 2 of them back in the cart.
      await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1, keep_old: 1 });
      await stockOf(2);
      const back = await moveArea({ cart_id: cartId, zipcode: '10001', apply: 1 });
      expect(back.body).toMatchObject({ code: 1, data: { total_products_in_cart: 3 } });
      expect((await cartLinesOf(t, cartId)).map(({ offer_id, qty }) => ({ offer_id, qty }))).toEqual([
        { offer_id: courier.offerId, qty: 1 },
        { offer_id: butcher.offerId, qty: 2 },
      ]);
      expect(await db.selectFrom('cart_kept_lines').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
      expect(lineIds).toHaveLength(2);
    } finally {
      await stockOf(50);
    }
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

  it('a New York delivery line whose size Chicago delivers moves to the offer its product page picks; only what Chicago cannot sell leaves', async () => {
    const db = t.database.db;
    const ribeyes = await db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id', 'variant_offers.speed', 'variant_offers.area_loc_id'])
      .where('products.name', '=', 'USDA Prime Ribeye Steak')
      .where('variant_offers.speed', 'in', [...deliverySpeedValues])
      .orderBy('variant_offers.variant_id')
      .execute();
    const shop = ribeyes.find((o) => o.loc_id === 101 && o.speed === 'local');
    if (!shop) throw new Error('the New York butcher sells no ribeye');
    const ofSize = ribeyes.filter((o) => o.variant_id === shop.variant_id);
    const chicago = ofSize.find((o) => o.area_loc_id === 103 && o.speed === 'local');
    if (!chicago) throw new Error('no Chicago butcher sells that ribeye');
    // Chicago's butcher (Same Day, first in the SPEED dropdown) in stock at a known price; the nationwide offers of
    // that size (Next Day, Farm Direct) cheaper, so speed order, not price, decides.
    await db.updateTable('variant_offers').set({ price_cents: 3810, stock: 30 }).where('id', '=', chicago.id).execute();
    await db
      .updateTable('variant_offers')
      .set({ price_cents: 2000, stock: 30 })
      .where(
        'id',
        'in',
        ofSize.filter((o) => o.area_loc_id === null).map((o) => o.id),
      )
      .execute();
    await db.updateTable('variant_offers').set({ price_cents: 3659, stock: 30 }).where('id', '=', shop.id).execute();
    const { cartId, lineIds } = await makeCart(
      t,
      [
        { offer: { offerId: shop.id, variantId: shop.variant_id, locId: shop.loc_id }, qty: 2 },
        { offer: butcher, qty: 1 },
        { offer: courier, qty: 1 },
      ],
      { zipcode: '10001', locId: 101 },
    );

    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '60601' }));
    expect(asked.keep).toMatchObject([
      { cart_rid: lineIds[0], qty: 2, price: '36.59', new_price: '38.10' },
      { cart_rid: lineIds[2], qty: 1 },
    ]);
    expect(asked.keep[1]?.new_price).toBeUndefined();
    // QA walk: the seller it comes from there is named (the dialog says its date and time are chosen again).
    expect(asked.keep[0]?.new_seller).toBe('Halsted Meat Market — Lincoln Park');
    expect(asked.keep[1]?.new_seller).toBeUndefined();
    expect(asked.drop).toMatchObject([{ cart_rid: lineIds[1], name: 'Beef Marrow Bones, Canoe Cut', qty: 1 }]);
    // Nothing changed by asking.
    expect((await cartLinesOf(t, cartId)).map((l) => l.offer_id)).toEqual([shop.id, butcher.offerId, courier.offerId]);

    // The New York butcher's Same Day date and held slot, and the courier's date.
    const slot = await db.selectFrom('driver_slot_templates').select('id').where('loc_id', '=', 101).executeTakeFirstOrThrow();
    await db
      .insertInto('cart_deliveries')
      .values([
        { cart_id: cartId, loc_id: 101, delivery_date: '2026-12-02' },
        { cart_id: cartId, loc_id: courier.locId, delivery_date: '2026-12-03' },
      ])
      .execute();
    await db
      .insertInto('slot_holds')
      .values({ cart_id: cartId, loc_id: 101, template_id: slot.id, slot_date: '2026-12-02', expires_at: new Date(Date.now() + 600_000) })
      .execute();

    const moved = await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 });
    expect(moved.body).toMatchObject({ code: 1, data: { total_products_in_cart: 3 } });
    expect(await cartLinesOf(t, cartId)).toEqual([
      { id: lineIds[0], offer_id: chicago.id, qty: 2 },
      { id: lineIds[2], offer_id: courier.offerId, qty: 1 },
    ]);
    // The butcher has no line left: its date goes and its seat is released, not held for nothing; the courier's stays.
    expect(await db.selectFrom('slot_holds').select('loc_id').where('cart_id', '=', cartId).execute()).toEqual([]);
    expect(await db.selectFrom('cart_deliveries').select('loc_id').where('cart_id', '=', cartId).execute()).toEqual([{ loc_id: courier.locId }]);
  });

  it('without keep_old the lines are removed, nothing kept', async () => {
    const { cartId } = await newYorkCart();
    await moveArea({ cart_id: cartId, zipcode: '60601', apply: 1 });
    expect(await t.database.db.selectFrom('cart_kept_lines').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });
});

describe('POST /api/cart/movearea to Dine-In or Pick-Up at a chosen restaurant (vendor_location_id)', () => {
  const GRAMERCY = 401;
  const HUDSON_PRIME = 402;

  /** Offers of the ribeye's sizes: the New York butcher's (local) and each restaurant's pick-up one, by variant. */
  async function ribeyeOffers() {
    const rows = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id', 'variant_offers.speed', 'variant_offers.price_cents'])
      .where('products.name', '=', 'USDA Prime Ribeye Steak')
      .where('variant_offers.loc_id', 'in', [101, GRAMERCY, HUDSON_PRIME])
      .orderBy('variant_offers.variant_id')
      .execute();
    const at = (locId: number, speed: string) => rows.filter((r) => r.loc_id === locId && r.speed === speed);
    const [shop] = at(101, 'local');
    if (!shop) throw new Error('the butcher sells no ribeye');
    const same = (locId: number) => at(locId, 'pickup').find((r) => r.variant_id === shop.variant_id);
    const gramercy = same(GRAMERCY);
    const hudson = same(HUDSON_PRIME);
    if (!gramercy || !hudson) throw new Error('a restaurant sells no ribeye of that size for pick-up');
    const pick = (o: typeof shop): OfferPick => ({ offerId: o.id, variantId: o.variant_id, locId: o.loc_id });
    return { shop: pick(shop), gramercy: pick(gramercy), hudson: pick(hudson), gramercyCents: gramercy.price_cents };
  }

  /** A New York butcher's product no restaurant sells (restaurants sell steaks, seafood and drinks only). */
  async function chickenOffer(): Promise<OfferPick> {
    const row = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('product_categories', 'product_categories.product_id', 'product_variants.product_id')
      .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id'])
      .where('variant_offers.loc_id', '=', 101)
      .where('variant_offers.speed', '=', 'local')
      .where('product_categories.category_id', '=', 1001)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('variant_offers as r')
              .select('r.id')
              .whereRef('r.variant_id', '=', 'variant_offers.variant_id')
              .where('r.speed', 'in', ['dine-in', 'pickup']),
          ),
        ),
      )
      .orderBy('variant_offers.id')
      .executeTakeFirstOrThrow();
    return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id };
  }

  it('lists as leaving only what the restaurant cannot sell; the shop’s ribeye moves to the restaurant’s offer at its price', async () => {
    const { shop, gramercy, gramercyCents } = await ribeyeOffers();
    const chicken = await chickenOffer();
    const { cartId, lineIds } = await makeCart(t, [
      { offer: shop, qty: 2 },
      { offer: chicken, qty: 1 },
    ]);
    const toPickUp = { cart_id: cartId, zipcode: '10001', courier_type: 'pickup', vendor_location_id: GRAMERCY };

    const asked = dataOf(await moveArea(toPickUp));
    expect(asked.keep.map((l) => l.cart_rid)).toEqual([lineIds[0]]);
    expect(asked.drop.map((l) => l.cart_rid)).toEqual([lineIds[1]]);
    // Nothing changed by asking.
    expect((await cartLinesOf(t, cartId)).map((l) => l.offer_id).sort()).toEqual([shop.offerId, chicken.offerId].sort());

    const moved = await moveArea({ ...toPickUp, apply: 1 });
    expect(moved.body).toMatchObject({ code: 1, data: { total_products_in_cart: 2 } });
    const lines = await t.database.db
      .selectFrom('cart_items')
      .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
      .select(['cart_items.id', 'cart_items.offer_id', 'cart_items.qty', 'cart_items.delivery_date', 'variant_offers.price_cents'])
      .where('cart_items.cart_id', '=', cartId)
      .execute();
    expect(lines).toEqual([{ id: lineIds[0], offer_id: gramercy.offerId, qty: 2, delivery_date: null, price_cents: gramercyCents }]);
  });

  it('another restaurant’s line moves to the chosen one’s offer, adding to a line of it already in the cart', async () => {
    const { gramercy, hudson } = await ribeyeOffers();
    const { cartId, lineIds } = await makeCart(t, [
      { offer: hudson, qty: 3 },
      { offer: gramercy, qty: 1 },
    ]);
    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'pickup', vendor_location_id: GRAMERCY }));
    expect(asked.drop).toEqual([]);
    expect(asked.keep).toHaveLength(2);
    await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'pickup', vendor_location_id: GRAMERCY, apply: 1 });
    const lines = await t.database.db.selectFrom('cart_items').select(['id', 'offer_id', 'qty']).where('cart_id', '=', cartId).execute();
    expect(lines).toEqual([{ id: lineIds[1], offer_id: gramercy.offerId, qty: 4 }]);
  });

  it('without a restaurant (the pincode dialog), no line changes seller', async () => {
    const { shop } = await ribeyeOffers();
    const { cartId } = await makeCart(t, [{ offer: shop, qty: 1 }]);
    expect(dataOf(await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'pickup' })).drop).toHaveLength(1);
  });

  it('a moved line names its price now and its price at the restaurant', async () => {
    const { shop, gramercyCents } = await ribeyeOffers();
    const shopCents = await priceOf(shop.offerId);
    const { cartId } = await makeCart(t, [{ offer: shop, qty: 1 }]);
    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '10001', courier_type: 'pickup', vendor_location_id: GRAMERCY }));
    expect(asked.keep).toMatchObject([{ price: centsToDollars(shopCents), new_price: centsToDollars(gramercyCents) }]);
  });
});

/** An offer's price now (other tests set some). */
async function priceOf(offerId: number): Promise<number> {
  const row = await t.database.db.selectFrom('variant_offers').select('price_cents').where('id', '=', offerId).executeTakeFirstOrThrow();
  return row.price_cents;
}

describe('POST /api/cart/movearea from Dine-In or Pick-Up back to Delivery', () => {
  const RESTAURANT = 421;
  const AREA = 105;

  /** One offer of a product's size: the first size at that seller and speed. */
  async function offerOf(product: string, locId: number, speed: SpeedValue) {
    const row = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id', 'variant_offers.price_cents'])
      .where('products.name', '=', product)
      .where('variant_offers.loc_id', '=', locId)
      .where('variant_offers.speed', '=', speed)
      .orderBy('variant_offers.variant_id')
      .executeTakeFirstOrThrow();
    return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id, priceCents: row.price_cents };
  }

  it('a restaurant’s ribeye moves to the delivery offer at its price; a restaurant-only meal is named as leaving', async () => {
    const { zipcode } = await t.database.db.selectFrom('service_areas').select('zipcode').where('loc_id', '=', AREA).executeTakeFirstOrThrow();
    const dineIn = await offerOf('USDA Prime Ribeye Steak', RESTAURANT, 'dine-in');
    // The same size at the area's butcher (Same Day, first in the SPEED dropdown), in stock at a known price.
    const butcher = await offerOf('USDA Prime Ribeye Steak', AREA, 'local');
    expect(butcher.variantId).toBe(dineIn.variantId);
    await t.database.db.updateTable('variant_offers').set({ price_cents: 3810, stock: 30 }).where('id', '=', butcher.offerId).execute();
    // Mussels the restaurant serves that nobody delivers in its area.
    const mussels = await offerOf('PEI Mussels', RESTAURANT, 'pickup');
    const delivered = await t.database.db
      .selectFrom('variant_offers')
      .select('id')
      .where('variant_id', '=', mussels.variantId)
      .where('speed', 'in', ['local', 'courier', 'farm-direct'])
      .where((eb) => eb.or([eb('area_loc_id', '=', AREA), eb('area_loc_id', 'is', null)]))
      .execute();
    expect(delivered).toEqual([]);
    const { cartId, lineIds } = await makeCart(
      t,
      [
        { offer: dineIn, qty: 2 },
        { offer: mussels, qty: 1 },
      ],
      { zipcode, locId: AREA },
    );

    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode }));
    expect(asked.keep).toMatchObject([{ cart_rid: lineIds[0], qty: 2, price: centsToDollars(dineIn.priceCents), new_price: '38.10' }]);
    expect(asked.drop).toMatchObject([{ cart_rid: lineIds[1], name: 'PEI Mussels' }]);
    expect(asked.drop[0]?.new_price).toBeUndefined();
    // Walk 9: the switch question's 'keep … for' named the tab's remembered option; the server names the leaving
    // line's own (the mussels were bought for Pick-Up at the restaurant), as the cart's kept section will.
    const { name: restaurant } = await t.database.db
      .selectFrom('vendor_locations')
      .select('name')
      .where('id', '=', RESTAURANT)
      .executeTakeFirstOrThrow();
    expect(asked.kept_for).toBe(`Pick-Up at ${restaurant}`);
    // Nothing changed by asking.
    expect((await cartLinesOf(t, cartId)).map((l) => l.offer_id)).toEqual([dineIn.offerId, mussels.offerId]);

    const moved = await moveArea({ cart_id: cartId, zipcode, apply: 1 });
    expect(moved.body).toMatchObject({ code: 1, data: { total_products_in_cart: 2 } });
    expect(await cartLinesOf(t, cartId)).toEqual([{ id: lineIds[0], offer_id: butcher.offerId, qty: 2 }]);
  });

  it('two restaurants’ lines of one size become one Same Day line; a delivered line stays as it is', async () => {
    const GRAMERCY = 401;
    const HUDSON_PRIME = 402;
    const gramercy = await offerOf('USDA Prime Ribeye Steak', GRAMERCY, 'pickup');
    const hudson = await offerOf('USDA Prime Ribeye Steak', HUDSON_PRIME, 'dine-in');
    const { cartId, lineIds } = await makeCart(t, [
      { offer: gramercy, qty: 1 },
      { offer: hudson, qty: 2 },
      { offer: courier, qty: 1 },
    ]);
    const asked = dataOf(await moveArea({ cart_id: cartId, zipcode: '10001' }));
    expect(asked.drop).toEqual([]);
    expect(asked.keep.map((l) => l.cart_rid)).toEqual(lineIds);
    expect(asked.keep[2]?.new_price).toBeUndefined();
    await moveArea({ cart_id: cartId, zipcode: '10001', apply: 1 });
    const lines = await cartLinesOf(t, cartId);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ id: lineIds[0], qty: 3 });
    expect(lines[1]).toEqual({ id: lineIds[2], offer_id: courier.offerId, qty: 1 });
    const offer = await t.database.db
      .selectFrom('variant_offers')
      .select(['speed', 'variant_id'])
      .where('id', '=', lines[0]?.offer_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(offer).toEqual({ speed: 'local', variant_id: gramercy.variantId });
  });
});
