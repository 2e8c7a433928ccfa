import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redeemCoupon } from '../../server/services/cart/coupons.ts';
import { cartCall, makeCart, manualClock, pickOffers, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock('2026-11-24T15:00:00Z');
let offers: OfferPick[];
let used = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  // $10.00 each: a cart of n of them has a subtotal of n × $10.
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 20, 0, { priceCents: 1000, stock: 24 });
});
afterAll(async () => {
  await t.close();
});

/** A fresh cart of one line of qty × $10.00. */
async function cartOf(qty: number, couponCode: string | null = null) {
  const offer = offers[used++];
  if (!offer) throw new Error('out of offers');
  return makeCart(t, [{ offer, qty }], { couponCode });
}

async function cartCoupon(cartId: string) {
  const row = await t.database.db.selectFrom('carts').select('coupon_code').where('id', '=', cartId).executeTakeFirstOrThrow();
  return row.coupon_code;
}

describe('coupons on the cart', () => {
  it('applies a percent coupon in any case and a fixed one, one per cart', async () => {
    const { cartId } = await cartOf(5); // $50.00
    const applied = await showcart(t, { cart_id: cartId, coupon_code: '  welcome10 ' });
    expect(applied).toMatchObject({ code: 1, message: 'Coupon WELCOME10 applied.', data: { discount: '5.00', coupon_code: 'WELCOME10' } });

    const second = await showcart(t, { cart_id: cartId, coupon_code: 'SAVE5' });
    expect(second).toMatchObject({
      code: 2,
      message: 'Only one coupon can be used per cart. Remove WELCOME10 first.',
      data: { coupon_code: 'WELCOME10', discount: '5.00' },
    });
    // The same code again is fine.
    expect((await showcart(t, { cart_id: cartId, coupon_code: 'WELCOME10' })).code).toBe(1);

    const removed = await showcart(t, { cart_id: cartId, remove_coupon: 1 });
    expect(removed).toMatchObject({ code: 1, message: 'Coupon WELCOME10 removed.', data: { coupon_code: null, discount: '0.00' } });
    const fixed = await showcart(t, { cart_id: cartId, coupon_code: 'save5' });
    expect(fixed.data).toMatchObject({ coupon_code: 'SAVE5', discount: '5.00', subtotal_discount: '45.00' });
  });

  it('gives each refusal its message and leaves the cart as it was', async () => {
    const { cartId } = await cartOf(2); // $20.00
    const cases: [string, string][] = [
      ['NOPE', 'This coupon code does not exist.'],
      ['EXPIRED20', 'This coupon has expired.'],
      ['USEDUP', 'This coupon has been fully used.'],
      ['WELCOME10', 'Add $10.00 more to use this coupon.'],
      ['SAVE5', 'Add $20.00 more to use this coupon.'],
    ];
    for (const [code, message] of cases) {
      const reply = await showcart(t, { cart_id: cartId, coupon_code: code });
      expect(reply).toMatchObject({ code: 2, message, data: { coupon_code: null, discount: '0.00', subtotal: '20.00' } });
    }
    expect(await cartCoupon(cartId)).toBeNull();
  });

  it('an empty code is no code (the old client sends one with every call)', async () => {
    const { cartId } = await cartOf(4, 'WELCOME10');
    const reply = await showcart(t, { cart_id: cartId, coupon_code: '' });
    expect(reply).toMatchObject({ code: 1, data: { coupon_code: 'WELCOME10', discount: '4.00' } });
    expect(reply.message).toBeUndefined();
  });

  it('swapping coupons in one call keeps the old one when the new one is refused', async () => {
    const { cartId } = await cartOf(4, 'WELCOME10');
    const refused = await showcart(t, { cart_id: cartId, remove_coupon: 1, coupon_code: 'EXPIRED20' });
    expect(refused).toMatchObject({ code: 2, message: 'This coupon has expired.', data: { coupon_code: 'WELCOME10' } });
    const swapped = await showcart(t, { cart_id: cartId, remove_coupon: 1, coupon_code: 'SAVE5' });
    expect(swapped).toMatchObject({ code: 1, data: { coupon_code: 'SAVE5', discount: '5.00' } });
  });

  it('drops a coupon whose minimum is no longer met after a quantity change, with a message', async () => {
    const { cartId, lineIds } = await cartOf(4, 'WELCOME10'); // $40.00
    const lowered = await cartCall(t, '/api/cart/updateitem', { cart_id: cartId, cart_rid: lineIds[0], qty: 2 });
    expect(lowered).toMatchObject({
      code: 2,
      message: 'Coupon WELCOME10 was removed from your cart. Add $10.00 more to use this coupon.',
      data: { coupon_code: null, discount: '0.00', subtotal: '20.00' },
    });
    expect(await cartCoupon(cartId)).toBeNull();
  });

  it('drops a coupon that expired or was used up since it was applied', async () => {
    await t.database.db
      .insertInto('coupons')
      .values({
        code: 'FLASH15',
        kind: 'percent',
        amount: 1500,
        min_subtotal_cents: 0,
        expires_at: new Date('2026-11-24T16:00:00Z'),
        usage_limit: 1,
        used_count: 0,
      })
      .execute();
    const { cartId } = await cartOf(2);
    expect((await showcart(t, { cart_id: cartId, coupon_code: 'FLASH15' })).data.discount).toBe('3.00');
    clock.set('2026-11-24T16:00:00Z');
    try {
      expect(await showcart(t, { cart_id: cartId })).toMatchObject({
        code: 2,
        message: 'Coupon FLASH15 was removed from your cart. This coupon has expired.',
        data: { coupon_code: null, discount: '0.00' },
      });
    } finally {
      clock.set('2026-11-24T15:00:00Z');
    }

    const other = await cartOf(2, 'SAVE5');
    await t.database.db.updateTable('coupons').set({ usage_limit: 7, used_count: 7 }).where('code', '=', 'SAVE5').execute();
    try {
      expect((await showcart(t, { cart_id: other.cartId })).message).toBe(
        'Coupon SAVE5 was removed from your cart. This coupon has been fully used.',
      );
    } finally {
      await t.database.db.updateTable('coupons').set({ usage_limit: null, used_count: 0 }).where('code', '=', 'SAVE5').execute();
    }
  });

  it('the checkout redeems the last use of a coupon once, even when two orders race for it', async () => {
    await t.database.db
      .insertInto('coupons')
      .values({ code: 'LASTONE', kind: 'fixed', amount: 300, min_subtotal_cents: 0, expires_at: null, usage_limit: 1, used_count: 0 })
      .execute();
    const db = t.database.db;
    const results = await Promise.all([
      db.transaction().execute((trx) => redeemCoupon(trx, 'lastone', clock.now())),
      db.transaction().execute((trx) => redeemCoupon(trx, 'LASTONE', clock.now())),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await redeemCoupon(db, 'EXPIRED20', clock.now())).toBe(false);
    const row = await db.selectFrom('coupons').select('used_count').where('code', '=', 'LASTONE').executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
  });

  it("answers 404 for a cart that is not the caller's, and 400 for a malformed flag", async () => {
    expect((await post(t, '/api/cart/showcart', { cart_id: 'someone-elses', coupon_code: 'WELCOME10' })).status).toBe(404);
    const { cartId } = await cartOf(1);
    expect((await post(t, '/api/cart/showcart', { cart_id: cartId, remove_coupon: 'yes' })).status).toBe(400);
  });
});
