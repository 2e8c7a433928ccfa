import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartReply, type CartData } from '../../src/api/contract/cart-page.contract.ts';
import { placeOrderReply, type PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { guestCartReply } from '../../src/api/contract/customer.contract.ts';
import { cartNotFoundMessage, cartOrderedMessage } from '../../src/rules/messages.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { generousLimits } from './account-helpers.ts';
import { makeCart, manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, shopper, tokenize } from './checkout-helpers.ts';
import { signedInCustomer, takeInTurn } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 23 at place order: the lines a cart kept aside (for another zip or delivery option, decisions 041 and 047) are
 * not left on the ordered cart but go on to the shopper's next cart; and a cart ordered in another tab is named as
 * ordered by every checkout call, while showcart names the cart the shopper has now.
 */
let t: TestApp;
const clock = manualClock(checkoutNow);
let butcher: OfferPick[];
let pickup: OfferPick[];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, payments: new TestPaymentGateway(clock.now), rateLimits: generousLimits });
  butcher = await pickOffers(t, { speed: 'local', locId: 101, areaLocId: 101 }, 14, 20, { priceCents: 1250, stock: 40 });
  pickup = await pickOffers(t, { speed: 'pickup', locId: 401 }, 12, 0, { priceCents: 5900, stock: 40 });
});
afterAll(async () => {
  await t.close();
});

const nextButcher = takeInTurn(() => butcher);
const nextPickup = takeInTurn(() => pickup);

async function showCart(cartId: string, token?: string) {
  const reply = await post(t, '/api/cart/showcart', { cart_id: cartId }, token);
  expect(reply.status).toBe(200);
  assert(reply.body, cartReply);
  return reply.body;
}

async function cartData(cartId: string, token?: string): Promise<CartData> {
  const reply = await showCart(cartId, token);
  if (!reply.data) throw new Error(`no cart: ${JSON.stringify(reply)}`);
  return reply.data;
}

async function placed(cartId: string, token: string, body: Record<string, unknown>): Promise<PlaceOrderReply> {
  const reply = await post(t, '/api/placeorder/placeorder', { cart_id: cartId, store_id: 1, ...body }, token);
  expect(reply.status).toBe(200);
  assert(reply.body, placeOrderReply);
  return reply.body;
}

const keptOf = (cartId: string) => t.database.db.selectFrom('cart_kept_lines').select(['offer_id', 'qty']).where('cart_id', '=', cartId).execute();

/** A cart at 10001 with a butcher's line and a restaurant's pick-up line, moved to Pick-Up keeping the butcher's line. */
async function pickUpCartKeepingDelivery(customerId: number | null, token?: string) {
  const [line, visit] = [nextButcher(), nextPickup()];
  const { cartId } = await makeCart(
    t,
    [
      { offer: line, qty: 2 },
      { offer: visit, qty: 1 },
    ],
    { customerId },
  );
  const moved = await post(t, '/api/cart/movearea', { cart_id: cartId, zipcode: '10001', courier_type: 'pickup', apply: 1, keep_old: 1 }, token);
  expect(moved.body).toMatchObject({ code: 1, data: { drop: [{ qty: 2 }] } });
  expect(await keptOf(cartId)).toEqual([{ offer_id: line.offerId, qty: 2 }]);
  return { cartId, line, visit };
}

const pickUpOrder = { speed_id: 2, retailer_id: 401, payment_mode: 4 };

describe('lines kept aside when an order is placed', () => {
  it('a customer: kept for Delivery, ordered in Pick-Up, the store is on Delivery again and they are back in the next cart', async () => {
    const me = await signedInCustomer(t, 'kept-pickup@example.com');
    const { cartId, line } = await pickUpCartKeepingDelivery(me.customerId, me.token);

    const reply = await placed(cartId, me.token, pickUpOrder);
    expect(reply.code).toBe(1);
    const next = reply.next_cart?.cart_id ?? '';
    expect(next).not.toBe('');
    expect(next).not.toBe(cartId);
    expect(reply.next_cart?.total_items_count).toBe(2);
    expect(await keptOf(cartId)).toEqual([]);

    const cart = await cartData(next, me.token);
    expect(cart.result.map((l) => [l.product_id, l.qty])).toEqual([[line.variantId, 2]]);
    expect(cart.kept_lines).toEqual([]);
  });

  it('a guest: the same, the next cart theirs alone', async () => {
    const { cartId, line } = await pickUpCartKeepingDelivery(null);
    const guest = await post(t, '/api/cart/guestcart', { customer_email: 'kept-guest@example.com', cart_id: cartId });
    assert(guest.body, guestCartReply);
    const token = guest.body.data?.api_token ?? '';
    expect(token).not.toBe('');

    const reply = await placed(cartId, token, pickUpOrder);
    expect(reply.code).toBe(1);
    const next = reply.next_cart?.cart_id ?? '';
    expect((await cartData(next, token)).result.map((l) => [l.product_id, l.qty])).toEqual([[line.variantId, 2]]);
    // Someone else, or no token at all: not found, as for any guest's cart with a checkout behind it.
    const stranger = await signedInCustomer(t, 'kept-stranger@example.com');
    expect((await post(t, '/api/cart/showcart', { cart_id: next }, stranger.token)).status).toBe(404);
    expect((await post(t, '/api/cart/showcart', { cart_id: next })).status).toBe(404);
  });

  it('kept for Pick-Up, ordered in Delivery: still kept in the next cart, and back when Pick-Up is chosen again', async () => {
    const me = await shopper(t, 'kept-delivery@example.com');
    const [line, visit] = [nextButcher(), nextPickup()];
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: line, qty: 1 }]);
    await t.database.db
      .insertInto('cart_kept_lines')
      .values({ cart_id: cartId, zipcode: '10001', variant_id: visit.variantId, offer_id: visit.offerId, qty: 3 })
      .execute();

    const reply = await placed(cartId, me.token, { delivery_address_id: me.addressId, speed_id: 1, payment_mode: 4 });
    expect(reply.code).toBe(1);
    const next = reply.next_cart?.cart_id ?? '';
    expect(reply.next_cart?.total_items_count).toBe(0);
    const cart = await cartData(next, me.token);
    expect(cart.result).toEqual([]);
    expect(cart.kept_lines?.map((k) => [k.zipcode, k.qty])).toEqual([['10001', 3]]);

    const back = await post(t, '/api/cart/movearea', { cart_id: next, zipcode: '10001', courier_type: 'pickup', apply: 1 }, me.token);
    expect(back.body).toMatchObject({ code: 1, data: { restore: [{ qty: 3 }], total_products_in_cart: 3 } });
    expect((await cartData(next, me.token)).result.map((l) => [l.product_id, l.qty])).toEqual([[visit.variantId, 3]]);
  });

  it("go to the shopper's open cart when they have one, adding up with what it holds", async () => {
    const me = await signedInCustomer(t, 'kept-open-cart@example.com');
    const { cartId, line } = await pickUpCartKeepingDelivery(me.customerId, me.token);
    const { cartId: open } = await makeCart(t, [{ offer: line, qty: 1 }], { customerId: me.customerId });

    const reply = await placed(cartId, me.token, pickUpOrder);
    expect(reply.next_cart).toEqual({ cart_id: open, total_items_count: 3 });
  });

  it("come back with no more than their offer's stock beside what the next cart holds, the answer naming what was capped; none left: still kept", async () => {
    const me = await signedInCustomer(t, 'kept-stock@example.com');
    const { cartId, line } = await pickUpCartKeepingDelivery(me.customerId, me.token);
    const { cartId: open } = await makeCart(t, [{ offer: line, qty: 1 }], { customerId: me.customerId });
    const stockOf = (stock: number) => t.database.db.updateTable('variant_offers').set({ stock }).where('id', '=', line.offerId).execute();
    try {
      // 2 kept, 1 in the open cart, 2 left: 1 more comes back, and the answer says 2 instead of 3.
      await stockOf(2);
      const reply = await placed(cartId, me.token, pickUpOrder);
      expect(reply.next_cart).toEqual({
        cart_id: open,
        total_items_count: 2,
        cart_changes: [{ name: expect.any(String), size: expect.any(String), wanted: 3, qty: 2 }],
      });
      expect(await keptOf(open)).toEqual([]);

      // None left for the next one: it stays kept aside in the next cart (nothing lost), nothing named as back.
      const again = await signedInCustomer(t, 'kept-stock-none@example.com');
      const second = await pickUpCartKeepingDelivery(again.customerId, again.token);
      await t.database.db.updateTable('variant_offers').set({ stock: 0 }).where('id', '=', second.line.offerId).execute();
      const none = await placed(second.cartId, again.token, pickUpOrder);
      expect(none.next_cart?.total_items_count).toBe(0);
      expect(none.next_cart?.cart_changes).toBeUndefined();
      expect(await keptOf(none.next_cart?.cart_id ?? '')).toEqual([{ offer_id: second.line.offerId, qty: 2 }]);
      await t.database.db.updateTable('variant_offers').set({ stock: 40 }).where('id', '=', second.line.offerId).execute();
    } finally {
      await stockOf(40);
    }
  });

  it('stay on the cart when the payment is declined: the cart reopens with them, nothing moves', async () => {
    const me = await signedInCustomer(t, 'kept-declined@example.com');
    const { cartId, line } = await pickUpCartKeepingDelivery(me.customerId, me.token);

    const reply = await placed(cartId, me.token, { ...pickUpOrder, payment_mode: 2, card_token: await tokenize(t, '4000000000000002') });
    expect(reply.code).toBe(-1);
    expect(reply.next_cart).toBeUndefined();
    expect(await keptOf(cartId)).toEqual([{ offer_id: line.offerId, qty: 2 }]);
    expect((await cartData(cartId, me.token)).kept_lines).toHaveLength(1);
  });
});

describe('a cart ordered in another tab', () => {
  it('showcart names the cart the shopper has now; every checkout call answers 404 naming cart_id; place order answers its order', async () => {
    const me = await shopper(t, 'second-tab@example.com');
    const { cartId } = await pickUpCartKeepingDelivery(me.customerId, me.token);
    const first = await placed(cartId, me.token, pickUpOrder);
    const next = first.next_cart?.cart_id ?? '';

    expect(await showCart(cartId, me.token)).toEqual({
      code: -1,
      message: cartOrderedMessage,
      current_cart: { cart_id: next, total_items_count: 2 },
    });

    const named = { code: 0, message: cartOrderedMessage, errors: [{ field: 'cart_id', message: cartOrderedMessage }] };
    const shipping = await post(t, '/api/shipping', { cart_id: cartId, delivery_address_id: me.addressId }, me.token);
    expect([shipping.status, shipping.body]).toEqual([404, named]);
    const review = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id: 2 }, me.token);
    expect([review.status, review.body]).toEqual([404, named]);
    const cards = await post(t, '/api/checkout/paymentmethods', { cart_id: cartId }, me.token);
    expect([cards.status, cards.body]).toEqual([404, named]);

    // PLACE ORDER again (a retry, or the second tab): the same order, never a second one, and the cart of now.
    const again = await placed(cartId, me.token, pickUpOrder);
    expect(again).toMatchObject({ code: 1, order_id: first.order_id, next_cart: { cart_id: next, total_items_count: 2 } });

    // Someone else's ordered cart says nothing about it.
    const stranger = await signedInCustomer(t, 'second-tab-stranger@example.com');
    const theirs = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id: 2 }, stranger.token);
    expect([theirs.status, theirs.body]).toEqual([404, { code: 0, message: cartNotFoundMessage }]);
    expect((await post(t, '/api/cart/showcart', { cart_id: cartId }, stranger.token)).status).toBe(404);
  });

  it('showcart of an ordered cart with no cart to go on with: current_cart is empty', async () => {
    const me = await signedInCustomer(t, 'second-tab-none@example.com');
    const { cartId } = await makeCart(t, [{ offer: nextPickup(), qty: 1 }], { customerId: me.customerId });
    const reply = await placed(cartId, me.token, pickUpOrder);
    expect(reply.code).toBe(1);
    expect(reply.next_cart).toBeUndefined();
    expect(await showCart(cartId, me.token)).toEqual({ code: -1, message: cartOrderedMessage, current_cart: { cart_id: '', total_items_count: 0 } });
  });
});

describe('one cart for a customer signed in on several browsers', () => {
  async function add(token: string, offer: OfferPick, cartId?: string) {
    const reply = await post(
      t,
      '/api/cart/addtocart',
      {
        product_id: offer.variantId,
        qty: 1,
        zipcode: '10001',
        loc_id: 101,
        speed_id: 'local',
        vendor_loc_id: offer.locId,
        store_id: 1,
        cart_id: cartId,
      },
      token,
    );
    expect(reply.status).toBe(200);
    return reply.body as [{ code: number; cart_id?: string; total_products_in_cart?: number }];
  }
  const openCarts = (customerId: number) =>
    t.database.db.selectFrom('carts').select('id').where('customer_id', '=', customerId).where('status', '=', 'open').execute();

  it("an order placed in one browser names the account's other open cart, the one the other browser holds", async () => {
    const me = await signedInCustomer(t, 'two-browsers-open@example.com');
    const { cartId: ordered } = await makeCart(t, [{ offer: nextPickup(), qty: 1 }], { customerId: me.customerId });
    const { cartId: other } = await makeCart(t, [{ offer: nextButcher(), qty: 1 }], { customerId: me.customerId });

    const reply = await placed(ordered, me.token, pickUpOrder);
    expect(reply.code).toBe(1);
    expect(reply.next_cart).toEqual({ cart_id: other, total_items_count: 1 });
  });

  it("after an order from another browser: every browser adds to and shows the account's one cart of now", async () => {
    const me = await signedInCustomer(t, 'two-browsers-next@example.com');
    const { cartId: ordered } = await makeCart(t, [{ offer: nextPickup(), qty: 1 }], { customerId: me.customerId });
    expect((await placed(ordered, me.token, pickUpOrder)).code).toBe(1);

    // Browser B still holds the ordered cart: its add goes on to the account's cart of now (none yet: a new one).
    const [fromB] = await add(me.token, nextButcher(), ordered);
    expect(fromB.code).toBe(1);
    const next = fromB.cart_id ?? '';
    expect(next).not.toBe(ordered);

    // Browser A forgot the ordered cart: showcart without a cart names the account's cart, and its add goes there too.
    expect(await post(t, '/api/cart/showcart', {}, me.token)).toMatchObject({
      status: 200,
      body: { code: -1, current_cart: { cart_id: next, total_items_count: 1 } },
    });
    const [fromA] = await add(me.token, nextButcher());
    expect(fromA).toMatchObject({ code: 1, cart_id: next, total_products_in_cart: 2 });
    expect(await openCarts(me.customerId)).toEqual([{ id: next }]);

    // A guest, or no token: no account cart to name, so a missing cart_id is a bad request naming it; someone else's
    // ordered cart is still not found.
    const anonymous = await post(t, '/api/cart/showcart', {});
    expect(anonymous.status).toBe(400);
    expect(JSON.stringify(anonymous.body)).toContain('cart_id');
    const stranger = await signedInCustomer(t, 'two-browsers-stranger@example.com');
    expect(
      (
        await post(
          t,
          '/api/cart/addtocart',
          { product_id: nextButcher().variantId, qty: 1, zipcode: '10001', loc_id: 101, speed_id: 'local', cart_id: ordered, store_id: 1 },
          stranger.token,
        )
      ).status,
    ).toBe(404);
  });
});
