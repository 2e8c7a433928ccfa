import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCart, pickOffers, post } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * Walk 9 (decision 088 left): a shop was its company in the cart and the mails ('Hudson Street Butchers') and its
 * location in Select Retailer ('Hudson Street Butchers — West Village'). One name, the location's (sellerName).
 */
describe('a shop has one name: its location’s, as Select Retailer lists it', () => {
  const butcher = 'Hudson Street Butchers — West Village';

  it('in the cart’s group and line, and in the part the order keeps (which the order page, My Orders and mails read)', async () => {
    const { name } = await t.database.db.selectFrom('vendor_locations').select('name').where('id', '=', 101).executeTakeFirstOrThrow();
    expect(name).toBe(butcher);
    const [offer] = await pickOffers(t, { speed: 'local', locId: 101 }, 1, 3, { priceCents: 2500, stock: 30 });
    if (!offer) throw new Error('no offer');
    const me = await signedInCustomer(t, 'one-shop-name@example.com');
    const { cartId } = await makeCart(t, [{ offer, qty: 1 }], { customerId: me.customerId });
    const cart = await post(t, '/api/cart/showcart', { cart_id: cartId }, me.token);
    expect(cart.body).toMatchObject({ code: 1, data: { delivery_groups: [{ vendor_name: butcher }], result: [{ vendor_name: butcher }] } });
  });
});
