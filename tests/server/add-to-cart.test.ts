import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartReply, type AddToCartResult } from '../../src/api/contract/add-to-cart.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { guestAgeRestrictedRefusal } from '../../src/rules/age-restricted-product.ts';
import { newSecret } from '../../server/services/platform/tokens.ts';
import { newYork } from './catalogue-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let nextVariantSkip = 0;
/** A fresh local size each time, so tests do not share cart lines or stock; an age-restricted one when asked. */
async function freshLocalSize(minStock = 24, ageRestricted = false, skip = nextVariantSkip++) {
  const offer = await t.database.db
    .selectFrom('variant_offers')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id', 'variant_offers.stock'])
    .where('products.age_restricted', '=', ageRestricted)
    .where('speed', '=', 'local')
    .where('area_loc_id', '=', newYork.loc_id)
    .where('variant_offers.stock', '>=', minStock)
    .orderBy('variant_offers.variant_id')
    .offset(skip)
    .executeTakeFirstOrThrow();
  return offer;
}

async function add(payload: Record<string, unknown>, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/cart/addtocart',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { store_id: 1, wallet: 0, ...newYork, qty: 1, speed_id: 'local', ...payload },
  });
  return { status: response.statusCode, body: json(response) };
}

async function added(payload: Record<string, unknown>, token?: string): Promise<AddToCartResult> {
  const { status, body } = await add(payload, token);
  expect(status).toBe(200);
  assert(body, addToCartReply);
  const first = body[0];
  if (!first) throw new Error('empty reply');
  return first;
}

async function linesOf(cartId: string) {
  return t.database.db.selectFrom('cart_items').select(['variant_id', 'offer_id', 'qty']).where('cart_id', '=', cartId).orderBy('id').execute();
}

describe('POST /api/cart/addtocart', () => {
  it('makes a guest cart and answers with a list whose first item has the cart', async () => {
    const size = await freshLocalSize();
    const result = await added({ product_id: size.variant_id, qty: 2 });
    expect(result).toEqual({
      code: 1,
      message: 'Product added to cart successfully.',
      cart_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      total_products_in_cart: 2,
    });
    const cart = await t.database.db
      .selectFrom('carts')
      .selectAll()
      .where('id', '=', result.cart_id ?? '')
      .executeTakeFirstOrThrow();
    expect(cart).toMatchObject({ customer_id: null, zipcode: newYork.zipcode, loc_id: newYork.loc_id, status: 'open' });
  });

  it('adds the same size, speed and seller to the same line; the guest cart id alone is enough', async () => {
    const size = await freshLocalSize();
    const first = await added({ product_id: size.variant_id, qty: 2 });
    const again = await added({ product_id: size.variant_id, qty: 3, cart_id: first.cart_id, api_token: '' });
    expect(again.cart_id).toBe(first.cart_id);
    expect(again.total_products_in_cart).toBe(5);
    expect(await linesOf(first.cart_id ?? '')).toEqual([{ variant_id: size.variant_id, offer_id: size.id, qty: 5 }]);

    const other = await freshLocalSize();
    const more = await added({ product_id: other.variant_id, qty: 1, cart_id: first.cart_id });
    expect(more.total_products_in_cart).toBe(6);
    expect(await linesOf(first.cart_id ?? '')).toHaveLength(2);
  });

  it('keeps a different speed of the same size on its own line', async () => {
    const both = await t.database.db
      .selectFrom('variant_offers as courier')
      .innerJoin('variant_offers as local', 'local.variant_id', 'courier.variant_id')
      .select(['courier.variant_id', 'courier.id as courier_id', 'local.id as local_id'])
      .where('courier.speed', '=', 'courier')
      .where('courier.stock', '>', 2)
      .where('local.speed', '=', 'local')
      .where('local.area_loc_id', '=', newYork.loc_id)
      .where('local.stock', '>', 2)
      .orderBy('courier.variant_id', 'desc')
      .executeTakeFirstOrThrow();
    const first = await added({ product_id: both.variant_id, speed_id: 'courier' });
    const second = await added({ product_id: both.variant_id, speed_id: 'local', cart_id: first.cart_id });
    expect(second.total_products_in_cart).toBe(2);
    expect((await linesOf(first.cart_id ?? '')).map((l) => l.offer_id)).toEqual([both.courier_id, both.local_id]);
  });

  it('uses the seller asked for', async () => {
    const size = await freshLocalSize();
    const result = await added({ product_id: size.variant_id, vendor_loc_id: size.loc_id });
    expect((await linesOf(result.cart_id ?? ''))[0]?.offer_id).toBe(size.id);
    const elsewhere = await added({ product_id: size.variant_id, vendor_loc_id: 105 });
    expect(elsewhere).toMatchObject({ code: -1, message: 'This size is not available at this speed in your area.' });
  });

  it('refuses a speed the size is not sold at here', async () => {
    const local = await t.database.db
      .selectFrom('variant_offers')
      .select('variant_id')
      .where('speed', '=', 'local')
      .where('area_loc_id', '=', newYork.loc_id)
      .where('stock', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('variant_offers as farm')
              .select('farm.id')
              .whereRef('farm.variant_id', '=', 'variant_offers.variant_id')
              .where('farm.speed', '=', 'farm-direct'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const result = await added({ product_id: local.variant_id, speed_id: 'farm-direct' });
    expect(result).toEqual({ code: -1, message: 'This size is not available at this speed in your area.' });
    const elsewhere = await t.database.db
      .selectFrom('variant_offers')
      .select('variant_id')
      .where('speed', '=', 'local')
      .where('area_loc_id', '=', 105)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('variant_offers as ny')
              .select('ny.id')
              .whereRef('ny.variant_id', '=', 'variant_offers.variant_id')
              .where('ny.speed', '=', 'local')
              .where('ny.area_loc_id', '=', newYork.loc_id),
          ),
        ),
      )
      .executeTakeFirst();
    if (elsewhere) {
      // Sold at Same Day only in San Francisco: a New York shopper cannot have it at that speed.
      expect((await added({ product_id: elsewhere.variant_id, speed_id: 'local' })).code).toBe(-1);
    }
  });

  it('refuses more than is in stock, counting what the cart already holds', async () => {
    const size = await freshLocalSize();
    await t.database.db.updateTable('variant_offers').set({ stock: 3 }).where('id', '=', size.id).execute();
    const first = await added({ product_id: size.variant_id, qty: 2 });
    expect(first.code).toBe(1);
    const over = await added({ product_id: size.variant_id, qty: 2, cart_id: first.cart_id });
    expect(over).toEqual({ code: -1, message: 'Only 3 left in stock.', cart_id: first.cart_id });
    expect(await linesOf(first.cart_id ?? '')).toEqual([{ variant_id: size.variant_id, offer_id: size.id, qty: 2 }]);
    await t.database.db.updateTable('variant_offers').set({ stock: 0 }).where('variant_id', '=', size.variant_id).execute();
    expect((await added({ product_id: size.variant_id })).message).toBe('This size is out of stock.');
  });

  it('never lets a line go above 24', async () => {
    const size = await freshLocalSize(30);
    await t.database.db.updateTable('variant_offers').set({ stock: 100 }).where('id', '=', size.id).execute();
    const first = await added({ product_id: size.variant_id, qty: 20 });
    const over = await added({ product_id: size.variant_id, qty: 5, cart_id: first.cart_id });
    expect(over.code).toBe(-1);
    expect(over.message).toBe('You can have at most 24 of this item in your cart (you have 20).');
    const exactly = await added({ product_id: size.variant_id, qty: 4, cart_id: first.cart_id });
    expect(exactly.total_products_in_cart).toBe(24);
  });

  it('refuses a size that does not exist, and an area or zip that is not served', async () => {
    expect(await added({ product_id: 99999999 })).toEqual({ code: -1, message: 'Product not found' });
    const size = await freshLocalSize();
    expect((await added({ product_id: size.variant_id, zipcode: '90210' })).code).toBe(-1);
    expect((await added({ product_id: size.variant_id, loc_id: 999 })).code).toBe(-1);
    expect((await added({ product_id: size.variant_id, zipcode: '60601' })).code).toBe(-1);
  });

  it('refuses malformed bodies naming every field', async () => {
    for (const qty of [0, 25, -1, 1.5, 'two']) {
      const { status, body } = await add({ product_id: 1, qty });
      expect(status).toBe(400);
      assert(body, badRequestBody);
      expect(body.errors.map((e) => e.field)).toEqual(['qty']);
    }
    const { status, body } = await add({ product_id: 'x', qty: 1, zipcode: 'abcde', loc_id: null, speed_id: 'Same Day', wallet: 1 });
    expect(status).toBe(400);
    assert(body, badRequestBody);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['loc_id', 'product_id', 'speed_id', 'wallet', 'zipcode']);
    const unknownField = await add({ product_id: 1, price: '0.01' });
    expect(unknownField.status).toBe(400);
  });

  it('accepts numbers sent as text', async () => {
    const size = await freshLocalSize();
    const result = await added({ product_id: String(size.variant_id), qty: '2', loc_id: String(newYork.loc_id), wallet: '0' });
    expect(result.code).toBe(1);
  });

  describe('whose cart', () => {
    it('gives a signed-in shopper a cart of their own', async () => {
      const alice = await signedInCustomer(t, 'alice@example.com');
      const size = await freshLocalSize();
      const result = await added({ product_id: size.variant_id }, alice.token);
      const cart = await t.database.db
        .selectFrom('carts')
        .select('customer_id')
        .where('id', '=', result.cart_id ?? '')
        .executeTakeFirstOrThrow();
      expect(cart.customer_id).toBe(alice.customerId);
    });

    it("answers 404 for another shopper's cart, signed in or not", async () => {
      const bob = await signedInCustomer(t, 'bob@example.com');
      const carol = await signedInCustomer(t, 'carol@example.com');
      const size = await freshLocalSize();
      const bobs = await added({ product_id: size.variant_id }, bob.token);
      const asCarol = await add({ product_id: size.variant_id, cart_id: bobs.cart_id }, carol.token);
      expect(asCarol.status).toBe(404);
      const asGuest = await add({ product_id: size.variant_id, cart_id: bobs.cart_id });
      expect(asGuest.status).toBe(404);
      expect(await linesOf(bobs.cart_id ?? '')).toHaveLength(1);
      expect((await added({ product_id: size.variant_id, cart_id: bobs.cart_id }, bob.token)).total_products_in_cart).toBe(2);
    });

    it('answers 404 for a cart that does not exist or is closed', async () => {
      const size = await freshLocalSize();
      expect((await add({ product_id: size.variant_id, cart_id: newSecret() })).status).toBe(404);
      const guest = await added({ product_id: size.variant_id });
      await t.database.db
        .updateTable('carts')
        .set({ status: 'ordered' })
        .where('id', '=', guest.cart_id ?? '')
        .execute();
      expect((await add({ product_id: size.variant_id, cart_id: guest.cart_id })).status).toBe(404);
      expect((await add({ product_id: size.variant_id, cart_id: "'; drop table carts; --" })).status).toBe(400);
    });

    it('answers 401 for a token that is not a live session', async () => {
      const size = await freshLocalSize();
      expect((await add({ product_id: size.variant_id }, 'not-a-token')).status).toBe(401);
    });

    it('moves an empty cart to a new pincode but not one holding items', async () => {
      const size = await freshLocalSize();
      const first = await added({ product_id: size.variant_id });
      const chicagoOffer = await t.database.db
        .selectFrom('variant_offers')
        .select('variant_id')
        .where('area_loc_id', '=', 103)
        .where('stock', '>', 5)
        .executeTakeFirstOrThrow();
      const moved = await added({ product_id: chicagoOffer.variant_id, cart_id: first.cart_id, zipcode: '60601', loc_id: 103 });
      expect(moved.code).toBe(-1);
      expect(moved.message).toMatch(/another pincode/);
    });
  });
});

describe('age-restricted products and guests', () => {
  const guestCartToken = async (email: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/cart/guestcart', payload: { customer_email: email, store_id: 1 } });
    const body = json(response) as { data?: { api_token?: string } };
    if (!body.data?.api_token) throw new Error('no guest token');
    return body.data.api_token;
  };

  it('refuses a restricted product for a guest (no token, or an email-only guest) and adds nothing', async () => {
    const drink = await freshLocalSize(1, true, 0);
    expect(await added({ product_id: drink.variant_id })).toEqual({ code: -1, message: guestAgeRestrictedRefusal });

    // A guest with a cart already: the refusal names the cart, and the cart keeps only what it had.
    const food = await freshLocalSize();
    const cart = await added({ product_id: food.variant_id });
    if (!cart.cart_id) throw new Error('no cart');
    expect(await added({ product_id: drink.variant_id, cart_id: cart.cart_id })).toEqual({
      code: -1,
      message: guestAgeRestrictedRefusal,
      cart_id: cart.cart_id,
    });
    expect(await linesOf(cart.cart_id)).toEqual([expect.objectContaining({ variant_id: food.variant_id, qty: 1 })]);

    const guestToken = await guestCartToken('restricted-guest@example.com');
    expect(await added({ product_id: drink.variant_id }, guestToken)).toEqual({ code: -1, message: guestAgeRestrictedRefusal });
  });

  it('a customer with an account may put it in the cart (place order checks the verification)', async () => {
    const drink = await freshLocalSize(1, true, 1);
    const me = await signedInCustomer(t, 'restricted-customer@example.com');
    expect(await added({ product_id: drink.variant_id }, me.token)).toMatchObject({ code: 1 });
  });
});
