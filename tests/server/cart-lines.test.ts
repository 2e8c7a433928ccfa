import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { cartCall, cartLinesOf, makeCart, manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer, takeInTurn } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock('2026-11-24T15:00:00Z');
let offers: OfferPick[];
let courierOffers: OfferPick[];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  offers = await pickOffers(t, { speed: 'local', locId: 101 }, 30, 0, { priceCents: 1000, stock: 10 });
  courierOffers = await pickOffers(t, { speed: 'courier', locId: 201 }, 10, 0, { priceCents: 2000, stock: 10 });
});
afterAll(async () => {
  await t.close();
});

const nextOffer = takeInTurn(() => offers);

/** A cart of two Same Day lines (qty 3 and 1, $10.00 each, 10 in stock). */
async function twoLineCart(customerId: number | null = null) {
  return makeCart(
    t,
    [
      { offer: nextOffer(), qty: 3 },
      { offer: nextOffer(), qty: 1 },
    ],
    { customerId },
  );
}

const update = (payload: Record<string, unknown>, token?: string) => cartCall(t, '/api/cart/updateitem', payload, token);
const remove = (payload: Record<string, unknown>, token?: string) => cartCall(t, '/api/cart/deleteitem', payload, token);

describe('POST /api/cart/updateitem', () => {
  it('sets the quantity and answers with the whole cart', async () => {
    const { cartId, lineIds } = await twoLineCart();
    const reply = await update({ cart_id: cartId, cart_rid: lineIds[0], qty: 5, api_token: '', store_id: 1 });
    expect(reply.code).toBe(1);
    expect(reply.data.result.map((l) => [l.cart_rid, l.qty, l.row_total])).toEqual([
      [lineIds[0], 5, '50.00'],
      [lineIds[1], 1, '10.00'],
    ]);
    expect(reply.data).toMatchObject({ subtotal: '60.00', total_items_count: 6 });
  });

  it('quantity 0 removes the line', async () => {
    const { cartId, lineIds } = await twoLineCart();
    const reply = await update({ cart_id: cartId, cart_rid: lineIds[1], qty: 0 });
    expect(reply.data.result.map((l) => l.cart_rid)).toEqual([lineIds[0]]);
    expect((await cartLinesOf(t, cartId)).map((l) => l.id)).toEqual([lineIds[0]]);
  });

  it('refuses -1, 25 and other non-quantities with 400 and changes nothing', async () => {
    const { cartId, lineIds } = await twoLineCart();
    for (const qty of [-1, 25, 1.5, '3', null]) {
      const { status, body } = await post(t, '/api/cart/updateitem', { cart_id: cartId, cart_rid: lineIds[0], qty });
      expect(status).toBe(400);
      assert(body, badRequestBody);
      expect(body.errors.map((e) => e.field)).toEqual(['qty']);
    }
    expect((await cartLinesOf(t, cartId)).map((l) => l.qty)).toEqual([3, 1]);
  });

  it('refuses more than the seller has and answers with the server quantity', async () => {
    const { cartId, lineIds } = await twoLineCart();
    const refused = await update({ cart_id: cartId, cart_rid: lineIds[0], qty: 11 });
    expect(refused).toMatchObject({ code: -1, message: 'Only 10 left in stock.' });
    expect(refused.data.result.find((l) => l.cart_rid === lineIds[0])).toMatchObject({ qty: 3, stock: 10 });

    const offerId = (await cartLinesOf(t, cartId))[0]?.offer_id ?? 0;
    await t.database.db.updateTable('variant_offers').set({ stock: 0 }).where('id', '=', offerId).execute();
    const soldOut = await update({ cart_id: cartId, cart_rid: lineIds[0], qty: 2 });
    expect(soldOut).toMatchObject({ code: -1, message: 'This size is out of stock.' });
    expect((await cartLinesOf(t, cartId)).map((l) => l.qty)).toEqual([3, 1]);
    // Lowering to 0 is still allowed: the shopper can always take an item out.
    expect((await update({ cart_id: cartId, cart_rid: lineIds[0], qty: 0 })).code).toBe(1);
  });

  it("answers 404 for another cart's line, an unknown line, a size that is not the line's, and another shopper's cart", async () => {
    const owner = await signedInCustomer(t, 'lines-owner@example.com');
    const other = await signedInCustomer(t, 'lines-other@example.com');
    const mine = await twoLineCart(owner.customerId);
    const theirs = await twoLineCart(other.customerId);
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ cart_id: mine.cartId, cart_rid: theirs.lineIds[0], qty: 2 }, owner.token],
      [{ cart_id: mine.cartId, cart_rid: 999_999, qty: 2 }, owner.token],
      [{ cart_id: mine.cartId, cart_rid: mine.lineIds[0], qty: 2, product_id: 999_999 }, owner.token],
      [{ cart_id: mine.cartId, cart_rid: mine.lineIds[0], qty: 2 }, other.token],
      [{ cart_id: mine.cartId, cart_rid: mine.lineIds[0], qty: 2 }, undefined],
      [{ cart_id: theirs.cartId, cart_rid: mine.lineIds[0], qty: 2 }, other.token],
    ];
    for (const [payload, token] of cases) {
      expect((await post(t, '/api/cart/updateitem', payload, token)).status).toBe(404);
    }
    expect((await cartLinesOf(t, mine.cartId)).map((l) => l.qty)).toEqual([3, 1]);
    expect((await cartLinesOf(t, theirs.cartId)).map((l) => l.qty)).toEqual([3, 1]);
    expect((await post(t, '/api/cart/updateitem', { cart_id: mine.cartId, cart_rid: mine.lineIds[0], qty: 2 }, 'forged')).status).toBe(401);
  });
});

describe('POST /api/cart/deleteitem', () => {
  it('removes the line and answers with the whole cart', async () => {
    const { cartId, lineIds } = await twoLineCart();
    const reply = await remove({ cart_id: cartId, cart_rid: lineIds[0] });
    expect(reply.code).toBe(1);
    expect(reply.data.result.map((l) => l.cart_rid)).toEqual([lineIds[1]]);
    expect(reply.data.subtotal).toBe('10.00');
  });

  it("answers 404 for a line of another cart or another shopper's cart, deleting nothing", async () => {
    const owner = await signedInCustomer(t, 'delete-owner@example.com');
    const mine = await twoLineCart(owner.customerId);
    const guest = await twoLineCart();
    expect((await post(t, '/api/cart/deleteitem', { cart_id: guest.cartId, cart_rid: mine.lineIds[0] })).status).toBe(404);
    expect((await post(t, '/api/cart/deleteitem', { cart_id: mine.cartId, cart_rid: mine.lineIds[0] })).status).toBe(404);
    expect(await cartLinesOf(t, mine.cartId)).toHaveLength(2);
    expect(await cartLinesOf(t, guest.cartId)).toHaveLength(2);
    expect((await post(t, '/api/cart/deleteitem', { cart_id: guest.cartId, cart_rid: 'x' })).status).toBe(400);
  });

  it("deleting a group's last line gives back its seat and forgets its date; other groups keep theirs", async () => {
    const courier = courierOffers[0];
    if (!courier) throw new Error('out of offers');
    const { cartId, lineIds } = await makeCart(t, [
      { offer: nextOffer(), qty: 1 },
      { offer: courier, qty: 1 },
    ]);
    await cartCall(t, '/api/cart/deliveryschedule', { cart_id: cartId, vendor_loc_id: 101, delivery_date: '2026-11-25', slot_id: 10102 });
    await cartCall(t, '/api/cart/deliveryschedule', { cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-27' });
    const reply = await remove({ cart_id: cartId, cart_rid: lineIds[0] });
    expect(reply.data.delivery_groups.map((g) => [g.vendor_loc_id, g.delivery_date])).toEqual([[201, '2026-11-27']]);
    const db = t.database.db;
    expect(await db.selectFrom('slot_holds').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    expect(await db.selectFrom('cart_deliveries').select('loc_id').where('cart_id', '=', cartId).execute()).toEqual([{ loc_id: 201 }]);
  });
});
