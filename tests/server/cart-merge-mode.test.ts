import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReply, registerReply } from '../../src/api/contract/customer.contract.ts';
import type { SpeedValue } from '../../src/rules/speeds.ts';
import { centsToDollars } from '../../src/rules/money.ts';
import { servedAreas } from '../../server/services/catalogue/catalogue-cache.ts';
import { takeOverGuestCart } from '../../server/services/cart/cart-merge.ts';
import { generousLimits, login, register } from './account-helpers.ts';
import { makeCart, type OfferPick } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * QA walk 3, defect 1: a guest on Pick-Up at Gramercy signed in to an account whose cart held a Same Day ribeye; the
 * merged cart mixed a Same Day group and a Pick-Up group, nothing was said, and the checkout ended at a dead end. The
 * merged cart now takes the option the shopper is on, as choosing it on /ship/options would move the cart.
 */
let t: TestApp;
const GRAMERCY = 401;
const password = 'correct horse battery';

beforeAll(async () => {
  t = await startTestApp({ rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
});

/** An offer of the ribeye's first size the butcher sells for delivery, at a seller and speed. */
async function ribeyeAt(locId: number, speed: SpeedValue): Promise<OfferPick> {
  const butchers = await t.database.db
    .selectFrom('variant_offers')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['variant_offers.variant_id'])
    .where('products.name', '=', 'USDA Prime Ribeye Steak')
    .where('variant_offers.loc_id', '=', 101)
    .where('variant_offers.speed', '=', 'local')
    .orderBy('variant_offers.variant_id')
    .executeTakeFirstOrThrow();
  const row = await t.database.db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id', 'loc_id'])
    .where('variant_id', '=', butchers.variant_id)
    .where('loc_id', '=', locId)
    .where('speed', '=', speed)
    .executeTakeFirstOrThrow();
  await t.database.db.updateTable('variant_offers').set({ stock: 20 }).where('id', '=', row.id).execute();
  return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id };
}

/** A New York butcher's product for delivery that no restaurant sells (restaurants sell steaks, seafood and drinks). */
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
  await t.database.db.updateTable('variant_offers').set({ stock: 20 }).where('id', '=', row.id).execute();
  return { offerId: row.id, variantId: row.variant_id, locId: row.loc_id };
}

/** An account whose open cart holds the given lines, and its id. */
async function accountWith(email: string, lines: readonly { offer: OfferPick; qty: number }[]) {
  const reply = await register(t, { email, password });
  const body: unknown = JSON.parse(reply.body);
  assert(body, registerReply);
  const customerId = body.result?.customer_id;
  if (customerId === undefined) throw new Error('not registered');
  const own = await makeCart(t, lines, { customerId });
  return { customerId, cartId: own.cartId };
}

async function linesOf(cartId: string) {
  return t.database.db
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .select(['cart_items.offer_id', 'cart_items.qty', 'variant_offers.speed', 'variant_offers.loc_id'])
    .where('cart_id', '=', cartId)
    .orderBy('cart_items.offer_id')
    .execute();
}

async function keptOf(cartId: string) {
  return t.database.db.selectFrom('cart_kept_lines').select(['offer_id', 'qty', 'zipcode']).where('cart_id', '=', cartId).execute();
}

describe('sign-in merge: the merged cart takes the delivery option the shopper is on', () => {
  it('a guest on Pick-Up at Gramercy: the account’s Same Day ribeye moves to Gramercy’s pick-up ribeye, its chicken is kept aside, and both are said', async () => {
    const shopRibeye = await ribeyeAt(101, 'local');
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'pickup');
    const chicken = await chickenOffer();
    const email = 'merge-mode-pickup@example.com';
    const own = await accountWith(email, [
      { offer: shopRibeye, qty: 1 },
      { offer: chicken, qty: 2 },
    ]);
    const guest = await makeCart(t, [{ offer: gramercyRibeye, qty: 1 }]);

    const reply = await login(t, { email, password, cart_id: guest.cartId, courier_type: 'pickup', vendor_location_id: GRAMERCY });
    const body: unknown = JSON.parse(reply.body);
    assert(body, loginReply);
    const result = body.result;
    expect(result?.cart_id).toBe(own.cartId);

    // One mode: every line is Gramercy's pick-up (the two ribeyes are one line now); the chicken waits for Delivery.
    expect(await linesOf(own.cartId)).toEqual([{ offer_id: gramercyRibeye.offerId, qty: 2, speed: 'pickup', loc_id: GRAMERCY }]);
    expect(await keptOf(own.cartId)).toEqual([{ offer_id: chicken.offerId, qty: 2, zipcode: '10001' }]);
    expect(result?.total_product_in_cart).toBe(2);
    // Walk 6 #5: its price at the shop and at Gramercy go with it, for the notice to name the change.
    const priceOf = async (offerId: number) =>
      centsToDollars(
        (await t.database.db.selectFrom('variant_offers').select('price_cents').where('id', '=', offerId).executeTakeFirstOrThrow()).price_cents,
      );
    const [before, after] = [await priceOf(shopRibeye.offerId), await priceOf(gramercyRibeye.offerId)];
    expect(before).not.toBe(after);
    expect(result?.cart_moved).toEqual([
      expect.objectContaining({ name: 'USDA Prime Ribeye Steak', seller: 'Gramercy Chop House', price: before, new_price: after }),
    ]);
    expect(result?.cart_kept).toEqual([expect.objectContaining({ qty: 2 })]);
    // The guest's ribeye joined the account's cart: two carts became one, and the notice says 'combined'.
    expect(result?.cart_combined).toBe(true);
  });

  it('a guest on Delivery: the account’s Pick-Up ribeye moves to a delivery offer, nothing is kept aside', async () => {
    const shopRibeye = await ribeyeAt(101, 'local');
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'pickup');
    const chicken = await chickenOffer();
    const email = 'merge-mode-delivery@example.com';
    const own = await accountWith(email, [{ offer: gramercyRibeye, qty: 1 }]);
    const guest = await makeCart(t, [{ offer: chicken, qty: 1 }]);

    const reply = await login(t, { email, password, cart_id: guest.cartId, courier_type: 'local' });
    const body: unknown = JSON.parse(reply.body);
    assert(body, loginReply);
    const lines = await linesOf(own.cartId);
    expect(lines.every((line) => line.speed !== 'pickup' && line.speed !== 'dine-in')).toBe(true);
    expect(lines.map((line) => line.offer_id)).toContain(chicken.offerId);
    expect(lines.find((line) => line.offer_id !== chicken.offerId)).toMatchObject({ qty: 1 });
    expect(await keptOf(own.cartId)).toEqual([]);
    expect(body.result?.cart_kept).toBeUndefined();
    expect(shopRibeye.variantId).toBe(gramercyRibeye.variantId);
  });

  it('the merge itself (takeOverGuestCart) leaves no Same Day line beside a Pick-Up one', async () => {
    const shopRibeye = await ribeyeAt(101, 'local');
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'pickup');
    const own = await accountWith('merge-mode-service@example.com', [{ offer: shopRibeye, qty: 1 }]);
    const guest = await makeCart(t, [{ offer: gramercyRibeye, qty: 1 }]);
    const mode = { courierType: 'pickup' as const, restaurantLocId: GRAMERCY, served: await servedAreas(t.database.db) };
    const summary = await takeOverGuestCart(t.database.db, own.customerId, guest.cartId, undefined, mode);
    expect(summary.cartId).toBe(own.cartId);
    expect((await linesOf(own.cartId)).map((line) => line.speed)).toEqual(['pickup']);
    expect(summary.moved).toEqual([expect.objectContaining({ seller: 'Gramercy Chop House' })]);
  });

  // Decision 086 left: the account's cart taken as it is (no guest cart to merge) kept its Dine-In group beside the
  // delivered lines, and the cart reached CHECKOUT with two modes.
  it('no guest cart, on Delivery: the account’s paid Dine-In ribeye moves to a delivery offer beside its chicken, and is said', async () => {
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'dine-in');
    const chicken = await chickenOffer();
    const email = 'merge-mode-adopt-delivery@example.com';
    const own = await accountWith(email, [
      { offer: gramercyRibeye, qty: 1 },
      { offer: chicken, qty: 1 },
    ]);

    const reply = await login(t, { email, password, courier_type: 'local' });
    const body: unknown = JSON.parse(reply.body);
    assert(body, loginReply);
    expect(body.result?.cart_id).toBe(own.cartId);
    const lines = await linesOf(own.cartId);
    expect(lines.map((line) => line.speed).filter((speed) => speed === 'pickup' || speed === 'dine-in')).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(body.result?.cart_moved).toEqual([expect.objectContaining({ name: 'USDA Prime Ribeye Steak' })]);
    expect(body.result?.total_product_in_cart).toBe(2);
    // Only moved, nothing joined it: the notice must not say 'combined' (decision 087 left).
    expect(body.result?.cart_combined).toBeUndefined();
  });

  it('a stale guest cart, on Dine-In at Gramercy: the account’s delivered chicken is kept aside for Delivery, and is said', async () => {
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'dine-in');
    const chicken = await chickenOffer();
    const email = 'merge-mode-adopt-dinein@example.com';
    const own = await accountWith(email, [
      { offer: gramercyRibeye, qty: 1 },
      { offer: chicken, qty: 2 },
    ]);

    const reply = await login(t, { email, password, cart_id: 'no-such-cart', courier_type: 'dine-in', vendor_location_id: GRAMERCY });
    const body: unknown = JSON.parse(reply.body);
    assert(body, loginReply);
    expect(await linesOf(own.cartId)).toEqual([{ offer_id: gramercyRibeye.offerId, qty: 1, speed: 'dine-in', loc_id: GRAMERCY }]);
    expect(await keptOf(own.cartId)).toEqual([{ offer_id: chicken.offerId, qty: 2, zipcode: '10001' }]);
    expect(body.result?.cart_kept).toEqual([expect.objectContaining({ qty: 2 })]);
    expect(body.result?.total_product_in_cart).toBe(1);
  });

  it('without a stated option the carts merge as they are (an older client)', async () => {
    const shopRibeye = await ribeyeAt(101, 'local');
    const gramercyRibeye = await ribeyeAt(GRAMERCY, 'pickup');
    const email = 'merge-mode-none@example.com';
    const own = await accountWith(email, [{ offer: shopRibeye, qty: 1 }]);
    const guest = await makeCart(t, [{ offer: gramercyRibeye, qty: 1 }]);
    await login(t, { email, password, cart_id: guest.cartId });
    expect((await linesOf(own.cartId)).map((line) => line.speed).sort()).toEqual(['local', 'pickup']);
  });
});
