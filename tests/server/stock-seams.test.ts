import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartReply } from '../../src/api/contract/add-to-cart.contract.ts';
import { orderReviewReply, type OrderReviewData } from '../../src/api/contract/checkout.contract.ts';
import { cartBadgeQty } from '../../server/services/cart/cart-badge.ts';
import { currentCart } from '../../server/services/cart/cart-merge.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, shopper } from './checkout-helpers.ts';
import { takeInTurn } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 088 left: a line sold out after CHECKOUT was still priced on the Order Summary (only PLACE ORDER refused
 * it), and the header's cart count counted a line the cart's totals leave out. The summary now prices what the cart
 * prices (the line listed with its stock, out of every figure), and every reply that sets the badge counts only the
 * lines the totals count.
 */
let t: TestApp;
const clock = manualClock(checkoutNow);
let butcher: OfferPick[];
let courier: OfferPick[];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, rateLimits: generousLimits });
  // $10.00 each: under the $75 of free delivery, so each group pays its fee.
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 12, 0, { priceCents: 1000, stock: 24 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 4, 0, { priceCents: 1500, stock: 24 });
});
afterAll(() => t.close());

const nextButcher = takeInTurn(() => butcher);
const nextCourier = takeInTurn(() => courier);

const setStock = (pick: OfferPick, stock: number) =>
  t.database.db.updateTable('variant_offers').set({ stock }).where('id', '=', pick.offerId).execute();

async function review(token: string, body: Record<string, unknown>): Promise<OrderReviewData> {
  const { status, body: reply } = await post(t, '/api/checkout/orderreview', body, token);
  expect(status).toBe(200);
  assert(reply, orderReviewReply);
  if (!reply.data) throw new Error(`no review: ${JSON.stringify(reply)}`);
  return reply.data;
}

describe("the Order Summary's lines sold out after CHECKOUT", () => {
  it('lists a sold-out and a short line with their stock, and leaves them out of every figure, the tip and the count', async () => {
    const me = await shopper(t, 'summary-sold-out@example.com');
    const [a, b, c] = [nextButcher(), nextButcher(), nextButcher()];
    const cartId = await readyCart(t, me.token, me.customerId, [
      { offer: a, qty: 2 },
      { offer: b, qty: 3 },
      { offer: c, qty: 1 },
    ]);
    const choices = { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 1, driver_tip: 10 };
    const before = await review(me.token, choices);
    expect(before).toMatchObject({ subtotal: '60.00', driver_tip: '6.00', total_items_count: 6 });

    await setStock(a, 0);
    await setStock(b, 2);
    const after = await review(me.token, choices);
    expect(after.result.map((line) => [line.qty, line.stock])).toEqual([
      [2, 0],
      [3, 2],
      [1, 24],
    ]);
    // NY groceries are exempt: the one line left, its group's $4.99 and a 10 % tip of $10.00.
    expect(after).toMatchObject({ subtotal: '10.00', delivery_fee: '4.99', driver_tip: '1.00', grandtotal: '15.99', total_items_count: 1 });
  });

  it('charges no delivery for a seller whose every line sold out, and names no fee on its line', async () => {
    const me = await shopper(t, 'summary-group-out@example.com');
    const [meat, parcel] = [nextButcher(), nextCourier()];
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: meat, qty: 1 },
        { offer: parcel, qty: 1 },
      ],
      { [parcel.locId]: '2026-12-02' },
    );
    const choices = { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 1 };
    const before = await review(me.token, choices);
    await setStock(parcel, 0);
    const after = await review(me.token, choices);
    expect(after.subtotal).toBe('10.00');
    const courierFee = before.delivery_groups.find((g) => g.vendor_loc_id === parcel.locId)?.delivery_fee;
    expect(courierFee).not.toBe('0.00');
    expect(after.delivery_groups.find((g) => g.vendor_loc_id === parcel.locId)?.delivery_fee).toBe('0.00');
    expect(after.result.find((line) => line.vendor_loc_id === parcel.locId)?.shipping_amount).toBe('0.00');
  });
});

describe("the header's cart count", () => {
  it('counts only the lines the totals count: the cart read, add to cart, the account cart and the shared count agree', async () => {
    const me = await shopper(t, 'badge-sold-out@example.com');
    const [gone, kept, added] = [nextButcher(), nextButcher(), nextButcher()];
    const cartId = await readyCart(t, me.token, me.customerId, [
      { offer: gone, qty: 2 },
      { offer: kept, qty: 1 },
    ]);
    await setStock(gone, 0);

    expect((await showcart(t, { cart_id: cartId }, me.token)).data.total_items_count).toBe(1);
    expect(await cartBadgeQty(t.database.db, cartId)).toBe(1);
    expect(await currentCart(t.database.db, me.customerId)).toEqual({ cartId, totalQty: 1 });

    const { status, body } = await post(
      t,
      '/api/cart/addtocart',
      { store_id: 1, wallet: 0, zipcode: '10001', loc_id: 101, speed_id: 'local', product_id: added.variantId, qty: 3, cart_id: cartId },
      me.token,
    );
    expect(status).toBe(200);
    assert(body, addToCartReply);
    expect(body[0]).toMatchObject({ code: 1, cart_id: cartId, total_products_in_cart: 4 });

    // Back in stock, it counts again.
    await setStock(gone, 24);
    expect((await showcart(t, { cart_id: cartId }, me.token)).data.total_items_count).toBe(6);
  });
});
