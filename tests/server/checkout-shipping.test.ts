import { assert } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderReviewReply } from '../../src/api/contract/checkout.contract.ts';
import { shippingReply, type SpeedOption } from '../../src/api/contract/shipping.contract.ts';
import { addressGoneMessage } from '../../src/rules/messages.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart, shopper } from './checkout-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock(checkoutNow);
let butcher: OfferPick[];
let courier: OfferPick[];
let farm: OfferPick[];
let used = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, rateLimits: generousLimits });
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 10, 0, { priceCents: 2000, stock: 20 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 5, 0, { priceCents: 3000, stock: 20 });
  farm = await pickOffers(t, { speed: 'farm-direct', locId: 301 }, 5, 0, { priceCents: 4000, stock: 20 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(checkoutNow);
});

function take(list: OfferPick[]): OfferPick {
  const offer = list[used++ % list.length];
  if (!offer) throw new Error('out of offers');
  return offer;
}

async function speeds(token: string, payload: Record<string, unknown>): Promise<SpeedOption[]> {
  const { status, body } = await post(t, '/api/shipping', { store_id: 1, delivery: 0, pickup: 0, dineinpickup: 0, ...payload }, token);
  expect(status).toBe(200);
  assert(body, shippingReply);
  if (body.code !== 1 || !body.data) throw new Error(`no speeds: ${JSON.stringify(body)}`);
  return body.data.speed;
}

describe('POST /api/shipping', () => {
  it("offers only 1 Hour Delivery for a butcher's Same Day cart: no Store Pickup or Dine-In at a shop (issue 23)", async () => {
    const me = await shopper(t, 'speeds-local@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 1 }]);
    const list = await speeds(me.token, { cart_id: cartId, delivery_address_id: me.addressId, zipcode: '10001' });
    expect(list.map((s) => [s.id, s.name, s.duration, s.isPrimary, s.delivery_fee])).toEqual([[1, '1 Hour Delivery', '~ 1 HOUR', true, '4.99']]);
    expect(list[0]?.retailers).toEqual([
      {
        id: 101,
        name: 'Hudson Street Butchers — West Village',
        phone: '2125550142',
        address: '512 Hudson St, New York, NY 10014',
        product_total: '20.00',
        desc: 'Hudson Street Butchers — West Village',
        distance: expect.any(Number),
        pickup_date: '2026-12-01',
        ready_time: expect.stringMatching(/^\d\d:00$/),
        delivery_fee: '4.99',
        isPrimary: true,
        index: 0,
      },
    ]);
    expect(list[0]?.retailers[0]?.distance).toBeGreaterThan(0);
    expect(list[0]?.retailers[0]?.distance).toBeLessThan(5);

    // The Delivery Options chosen narrow the list: a butcher's delivery cart has nothing to pick up or eat in.
    expect(await speeds(me.token, { cart_id: cartId, pickup: 1 })).toEqual([]);
    expect(await speeds(me.token, { cart_id: cartId, dineinpickup: 1 })).toEqual([]);
    expect((await speeds(me.token, { cart_id: cartId, delivery: 1 })).map((s) => s.id)).toEqual([1]);
  });

  it('lists one option for a mixed cart, with a block per seller: the shop to deliver, the courier and the farm on their dates', async () => {
    const me = await shopper(t, 'speeds-mixed@example.com');
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: take(butcher), qty: 1 },
        { offer: take(courier), qty: 1 },
        { offer: take(farm), qty: 1 },
      ],
      { 201: '2026-12-02', 301: '2026-12-04' },
    );
    const list = await speeds(me.token, { cart_id: cartId });
    // Place order takes a cart with Same Day items at 1 Hour Delivery only (the others ship on their own).
    expect(list.map((s) => s.id)).toEqual([1]);
    expect(list[0]?.retailers.map((r) => [r.id, r.pickup_date, r.delivery_fee])).toEqual([[101, '2026-12-01', '4.99']]);
    expect(list[0]?.ship_methods).toMatchObject([
      {
        id: 'courier-201',
        method: 'Courier Delivery (ColdChain Express — Columbus Hub)',
        amount: '9.99',
        delivery_date: '2026-12-02',
        isPrimary: true,
      },
      { id: 'farm-direct-301', delivery_date: '2026-12-04', vendor_loc_id: 301 },
    ]);
    // The option's fee is its own groups' (the Same Day shop's), each shipped group's is its ship method's: order
    // review charges them all (QA walk: '1 Hour Delivery' showed the whole cart's fee as its own).
    expect(list[0]?.delivery_fee).toBe('4.99');
    const review = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id: 1, delivery_address_id: me.addressId }, me.token);
    assert(review.body, orderReviewReply);
    const shipped = (list[0]?.ship_methods ?? []).map((m) => Math.round(Number(m.fee) * 100));
    expect(shipped).toHaveLength(2);
    expect(review.body.data?.delivery_fee).toBe(((499 + shipped.reduce((a, b) => a + b, 0)) / 100).toFixed(2));

    const courierOnly = await readyCart(t, me.token, me.customerId, [{ offer: take(courier), qty: 1 }], { 201: '2026-12-02' });
    const courierSpeeds = await speeds(me.token, { cart_id: courierOnly });
    expect(courierSpeeds.map((s) => [s.id, s.isPrimary])).toEqual([[10, true]]);
  });

  it("names under Courier Delivery and Farm Direct each seller whose lines the speed covers, as 1 Hour Delivery does (the tab showed '—')", async () => {
    const me = await shopper(t, 'speeds-shipped-sellers@example.com');
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: take(courier), qty: 1 },
        { offer: take(farm), qty: 2 },
      ],
      { 201: '2026-12-02', 301: '2026-12-04' },
    );
    const list = await speeds(me.token, { cart_id: cartId, delivery_address_id: me.addressId });
    const named = list.map((s) => [s.id, s.retailers.map((r) => [r.id, r.name, r.address, r.pickup_date, r.delivery_fee, r.isPrimary, r.index])]);
    expect(named).toEqual([
      [10, [[201, expect.any(String), expect.stringMatching(/\d{5}$/), '2026-12-02', '9.99', true, 0]]],
      [11, [[301, expect.any(String), expect.stringMatching(/\d{5}$/), '2026-12-04', expect.stringMatching(/^\d+\.\d\d$/), true, 0]]],
    ]);
    // Each names its own seller, not the other kind's.
    expect(list[0]?.retailers[0]?.desc).not.toBe(list[1]?.retailers[0]?.desc);
  });

  it("shows under 1 Hour Delivery only the Same Day shop's fee for a Same Day and Farm Direct cart, the farm's with its method", async () => {
    const me = await shopper(t, 'speeds-hour-farm@example.com');
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: take(butcher), qty: 1 },
        { offer: take(farm), qty: 1 },
      ],
      { 301: '2026-12-04' },
    );
    const [hour, ...others] = await speeds(me.token, { cart_id: cartId });
    expect(others).toEqual([]);
    expect([hour?.id, hour?.delivery_fee]).toEqual([1, '4.99']);
    expect(hour?.ship_methods.map((m) => [m.vendor_loc_id, m.fee])).toEqual([[301, '12.99']]);
  });

  it("refuses an address in another zip and answers 404 for someone else's address", async () => {
    const me = await shopper(t, 'speeds-zip@example.com');
    const other = await shopper(t, 'speeds-other@example.com');
    const elsewhere = await addAddress(t, me.token, me.customerId, { street1: '1 Main St', zipcode: '10002' });
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 1 }]);
    const { body } = await post(t, '/api/shipping', { cart_id: cartId, delivery_address_id: elsewhere }, me.token);
    expect(body).toEqual({ code: -1, message: 'Delivery zipcode Doesnot match with selected product zipcode' });
    expect((await post(t, '/api/shipping', { cart_id: cartId, delivery_address_id: other.addressId }, me.token)).status).toBe(404);
  });

  it("says the address is gone, not the cart, when it was deleted since (another tab), and the same for someone else's", async () => {
    const me = await shopper(t, 'speeds-deleted@example.com');
    const other = await shopper(t, 'speeds-deleted-other@example.com');
    const work = await addAddress(t, me.token, me.customerId, { street1: '11 W 31st St', nickname: 'Work' });
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 1 }]);
    expect((await post(t, '/connect/customer/deleteAddress', { address_id: work }, me.token)).status).toBe(200);
    const gone = { code: 0, message: addressGoneMessage, errors: [{ field: 'delivery_address_id', message: addressGoneMessage }] };
    for (const addressId of [work, other.addressId]) {
      const { status, body } = await post(t, '/api/shipping', { cart_id: cartId, delivery_address_id: addressId }, me.token);
      expect([status, body]).toEqual([404, gone]);
    }
    // The cart is fine: with her home the speeds are offered.
    expect((await speeds(me.token, { cart_id: cartId, delivery_address_id: me.addressId })).map((s) => s.id)).toEqual([1]);
  });
});

describe('POST /api/checkout/orderreview', () => {
  it('adds the driver tip (percent of the item subtotal) with 1 Hour Delivery', async () => {
    const me = await shopper(t, 'review-tip@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 3 }]);
    const { body } = await post(
      t,
      '/api/checkout/orderreview',
      {
        cart_id: cartId,
        selectedAddress: { id: me.addressId },
        selectedSpeedID: '1',
        driver_tip: '20',
        gift_message: ' For you ',
        grandtotal: '1.00',
      },
      me.token,
    );
    assert(body, orderReviewReply);
    expect(body.data).toMatchObject({
      speed_id: 1,
      subtotal: '60.00',
      delivery_fee: '4.99',
      driver_tip_percent: 20,
      driver_tip: '12.00',
      taxes: '0.00',
      grandtotal: '76.99',
      gift_message: 'For you',
      total_items_count: 3,
    });
    expect(body.data?.result[0]).toMatchObject({ qty: 3, shipping_amount: '4.99' });
  });

  it("takes the tip of a mixed cart over the items the driver brings (the Same Day lines), not the courier's or the farm's (walk 3)", async () => {
    const me = await shopper(t, 'review-tip-mixed@example.com');
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: take(butcher), qty: 2 },
        { offer: take(courier), qty: 1 },
        { offer: take(farm), qty: 1 },
      ],
      { 201: '2026-12-02', 301: '2026-12-04' },
    );
    const { body } = await post(
      t,
      '/api/checkout/orderreview',
      { cart_id: cartId, speed_id: 1, delivery_address_id: me.addressId, driver_tip: 10 },
      me.token,
    );
    assert(body, orderReviewReply);
    // $40.00 Same Day, $30.00 by courier, $40.00 from the farm: 10 % of the $40.00 the driver brings.
    expect(body.data).toMatchObject({ subtotal: '110.00', driver_tip_percent: 10, driver_tip: '4.00' });
  });

  it('refuses a gift message over 500 characters with 400 naming gift_message in its own words, and takes 500', async () => {
    const me = await shopper(t, 'review-gift-long@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 1 }]);
    const tooLong = { code: 0, errors: [{ field: 'gift_message', message: 'Gift message must be at most 500 characters.' }] };
    for (const url of ['/api/checkout/orderreview', '/api/placeorder/placeorder']) {
      const refused = await post(t, url, { cart_id: cartId, speed_id: 1, gift_message: 'x'.repeat(501) }, me.token);
      expect([refused.status, refused.body]).toMatchObject([400, tooLong]);
    }
    // Counted as people count: 500 emoji are 500 characters (1,000 UTF-16 units).
    const { body } = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id: 1, gift_message: '🎁'.repeat(500) }, me.token);
    assert(body, orderReviewReply);
    expect(body.data?.gift_message).toBe('🎁'.repeat(500));
  });

  it('refuses Store Pickup or Dine-In at a butcher with 400 naming speed_id, never a cheaper total (issue 23)', async () => {
    const me = await shopper(t, 'review-pickup@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: take(butcher), qty: 1 }]);
    const delivered = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id: 1 }, me.token);
    assert(delivered.body, orderReviewReply);
    expect(delivered.body.data).toMatchObject({ delivery_fee: '4.99', grandtotal: '24.99' });
    for (const speed_id of [2, 3, 10, 11]) {
      const crafted = await post(t, '/api/checkout/orderreview', { cart_id: cartId, speed_id }, me.token);
      expect(crafted.status).toBe(400);
      expect(crafted.body).toMatchObject({ code: 0, errors: [{ field: 'speed_id' }] });
    }
    const badTip = await post(t, '/api/checkout/orderreview', { cart_id: cartId, driver_tip: 7 }, me.token);
    expect(badTip.status).toBe(400);
  });
});
