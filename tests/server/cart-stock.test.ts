import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCart, pickOffers, showcart, type OfferPick } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Walk 9 #2: staff set a cart line's stock to 0 and the cart still counted it in its Grand Total. The cart's read
 * leaves a line its seller cannot sell as it is now (sold out, or more than is left) out of every figure, while it
 * stays in the cart's lines (their stock says why) for the shopper to remove or lower.
 */
let t: TestApp;
let butcher: OfferPick[];

beforeAll(async () => {
  t = await startTestApp();
  // Same Day at $10.00 each: under the $75 of free delivery, so the group pays $4.99.
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 3, 0, { priceCents: 1000, stock: 24 });
});
afterAll(() => t.close());

const offer = (index: number): OfferPick => {
  const pick = butcher[index];
  if (!pick) throw new Error('no offer picked');
  return pick;
};

const setStock = (pick: OfferPick, stock: number) =>
  t.database.db.updateTable('variant_offers').set({ stock }).where('id', '=', pick.offerId).execute();

describe("the cart's read of its lines' stock", () => {
  it('leaves a sold-out line and a line above what is left out of the totals, and keeps them listed', async () => {
    const { cartId, lineIds } = await makeCart(t, [
      { offer: offer(0), qty: 2 },
      { offer: offer(1), qty: 3 },
      { offer: offer(2), qty: 1 },
    ]);
    const before = await showcart(t, { cart_id: cartId });
    expect(before.data.subtotal).toBe('60.00');

    await setStock(offer(0), 0);
    await setStock(offer(1), 2);
    const { data } = await showcart(t, { cart_id: cartId });
    expect(data.result.map((line) => [line.cart_rid, line.qty, line.stock])).toEqual([
      [lineIds[0], 2, 0],
      [lineIds[1], 3, 2],
      [lineIds[2], 1, 24],
    ]);
    expect(data.subtotal).toBe('10.00');
    expect(data.delivery_fee).toBe('4.99');
    // NY groceries are exempt: the total is the one line left plus its delivery.
    expect(data.grandtotal).toBe('14.99');
    // The header's count too is of what can be ordered (decision 088 left: it said 6 beside a total of one line).
    expect(data.total_items_count).toBe(1);
  });

  it('charges no delivery for a group with nothing it can order', async () => {
    const { cartId } = await makeCart(t, [{ offer: offer(0), qty: 1 }]);
    await setStock(offer(0), 0);
    const { data } = await showcart(t, { cart_id: cartId });
    expect(data.result).toHaveLength(1);
    expect(data.subtotal).toBe('0.00');
    expect(data.delivery_fee).toBe('0.00');
    expect(data.delivery_groups[0]?.delivery_fee).toBe('0.00');
    expect(data.grandtotal).toBe('0.00');
  });
});
