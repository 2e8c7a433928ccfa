import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { consoleMeReply, consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { capacityDayReply } from '../../src/api/contract/seller-capacity.contract.ts';
import { orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { eventually, generousLimits, login } from './account-helpers.ts';
import { formatSize } from '../../src/rules/sizes.ts';
import { loginReply } from '../../src/api/contract/customer.contract.ts';
import { manualClock, pickOffers, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf, stockOf, takeInTurn } from './fixtures.ts';
import { twoSellerOrder } from './fixtures/two-seller-order.ts';
import { json, startTestApp } from './test-app.ts';
import { closedDayRefusal, timelineStepLabel } from '../../src/rules/fulfilment.ts';
import { possessive } from '../../src/rules/possessive.ts';
import { capRule } from '../../src/rules/catch-weight.ts';

/**
 * Issue 24: the order's life after payment. Each move of src/rules/fulfilment.ts through the seller and staff routes,
 * in order only, under the row lock (two racing moves: exactly one wins), with the refund and the give-back when an
 * order ends, the role and location checks, and the shopper's timeline.
 */
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
const t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
afterAll(() => t.close());

const buyer = await shopper(t, 'fulfil-buyer@example.com');
const offers = await pickOffers(t, { speed: 'local', locId: 101 }, 28, 0, { priceCents: 1250, stock: 100 });
const nextOffer = takeInTurn(() => offers);

async function storeUser(email: string, role: 'seller' | 'staff', locIds: number[]): Promise<string> {
  const made = await addStoreUser(t.database.db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(t.database.db, made.customerId);
}
const seller = await storeUser('seller-101@example.com', 'seller', [101]);
const otherSeller = await storeUser('seller-102@example.com', 'seller', [102]);
const staff = await storeUser('staff@example.com', 'staff', []);

/** A paid order of the buyer's at loc 101 (Local Delivery), delivered on `date`, a gift when given a message. */
async function paidOrder(date = '2026-12-01', giftMessage?: string): Promise<{ number: string; offerId: number }> {
  const offer = nextOffer();
  const cartId = await readyCart(t, buyer.token, buyer.customerId, [{ offer, qty: 2 }], { 101: date });
  const cardId = await saveCard(t, buyer.token, buyer.customerId);
  const placed = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: buyer.addressId, speed_id: 1, payment_mode: 2, card_id: cardId, gift_message: giftMessage },
    buyer.token,
  );
  assert(placed.body, placeOrderReply);
  if (placed.body.code !== 1 || !placed.body.order_id) throw new Error(JSON.stringify(placed.body));
  return { number: placed.body.order_id, offerId: offer.offerId };
}

const move = (token: string, role: 'seller' | 'staff', orderId: string, event: string, extra: Record<string, unknown> = {}) =>
  post(t, `/api/${role}/orders/move`, { order_id: orderId, event, ...extra }, token);

async function consoleOrders(token: string, role: 'seller' | 'staff', query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/${role}/orders${query}`, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: json(response) };
}

async function weights(orderNumber: string) {
  const list = await consoleOrders(seller, 'seller');
  assert(list.body, consoleOrdersReply);
  const order = list.body.data?.find((o) => o.order_number === orderNumber);
  return order?.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: 480 })) ?? [];
}

describe('roles', () => {
  test('the session carries the role and a seller their locations', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/console/me', headers: { authorization: `Bearer ${seller}` } });
    const body = json(me);
    assert(body, consoleMeReply);
    expect(body.data).toMatchObject({ role: 'seller', loc_ids: [101] });
    const shopperMe = json(await t.app.inject({ method: 'GET', url: '/api/console/me', headers: { authorization: `Bearer ${buyer.token}` } }));
    assert(shopperMe, consoleMeReply);
    expect(shopperMe.data?.role).toBe('shopper');
  });

  test('a shopper is refused on the consoles (404), a seller on the staff console; adding again updates', async () => {
    expect((await consoleOrders(buyer.token, 'seller')).status).toBe(404);
    expect((await consoleOrders(seller, 'staff')).status).toBe(404);
    expect((await consoleOrders(staff, 'seller')).status).toBe(404);
    const again = await addStoreUser(t.database.db, { email: 'seller-101@example.com', password: 'Secret123!', role: 'seller', locIds: [101] });
    expect(again.kind).toBe('updated');
    const bad = await addStoreUser(t.database.db, { email: 'x@example.com', password: 'Secret123!', role: 'seller', locIds: [] });
    expect(bad).toMatchObject({ kind: 'invalid', field: 'loc' });
  });
});

describe('signing in', () => {
  test("a seller's and a staff member's sign-in says their role: their menu links to their console", async () => {
    for (const [email, role] of [
      ['seller-101@example.com', 'seller'],
      ['staff@example.com', 'staff'],
    ] as const) {
      const reply = json(await login(t, { email, password: 'Secret123!' }));
      assert(reply, loginReply);
      expect(reply.result?.role).toBe(role);
    }
  });
});

describe('the order moves only in the allowed order', () => {
  test('placed → accepted → picking → packed (weighed) → out for delivery → delivered, each on the timeline', async () => {
    const order = await paidOrder();
    const listed = await consoleOrders(seller, 'seller');
    assert(listed.body, consoleOrdersReply);
    const row = listed.body.data?.find((o) => o.order_number === order.number);
    expect(row).toMatchObject({ state: 'placed', moves: ['accept', 'refuse'], kind: 'delivery' });

    expect((await move(seller, 'seller', order.number, 'pick')).status).toBe(409);
    expect((await move(seller, 'seller', order.number, 'accept')).body).toMatchObject({ code: 1, data: { state: 'accepted' } });
    expect((await move(seller, 'seller', order.number, 'pick')).status).toBe(200);
    const unweighed = await move(seller, 'seller', order.number, 'pack', { weights_confirmed: true, weights: [] });
    const needsWeights = (await weights(order.number)).length > 0;
    if (needsWeights) expect(unweighed.body).toMatchObject({ errors: [{ field: expect.stringMatching(/^weights/) as unknown }] });
    const packed = await move(seller, 'seller', order.number, 'pack', { weights_confirmed: true, weights: await weights(order.number) });
    if (needsWeights) expect(packed.status).toBe(200);
    expect((await move(seller, 'seller', order.number, 'ready')).status).toBe(409);
    expect((await move(seller, 'seller', order.number, 'dispatch')).status).toBe(200);
    expect((await move(seller, 'seller', order.number, 'deliver')).status).toBe(200);
    expect((await move(seller, 'seller', order.number, 'deliver')).status).toBe(409);

    const row2 = await orderOf(t, order.number);
    expect(row2).toMatchObject({ fulfilment_state: 'delivered', status: 'complete' });
    const status = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/account/orderstatus?order_id=${order.number}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    assert(status, orderStatusReply);
    expect(status.data?.timeline?.map((s) => s.state)).toEqual(['placed', 'accepted', 'picking', 'packed', 'out_for_delivery', 'delivered']);
    expect(status.data?.can_cancel).toBe(false);
    // The order's speed rides with it: its pages list the price rows that speed can have (src/rules/price-rows.ts).
    expect(status.data?.speed_id).toBe(1);
    // Each move's mail goes out after its answer (order-transitions.ts): wait for the last one.
    const subjects = async () =>
      (await t.database.db.selectFrom('outbox').select('subject').where('subject', 'like', `Your order #${order.number}:%`).execute()).map(
        (m) => m.subject,
      );
    await expect.poll(subjects).toContain(`Your order #${order.number}: delivered`);
  });

  test('the packed mail speaks of weighed items and their cap only when the order has one (QA walk 9 S2)', async () => {
    const db = t.database.db;
    const packedMail = async (soldByWeight: boolean) => {
      const order = await paidOrder();
      // Its product sold by weight or not, as the seed's may be either: the mail follows the order's lines.
      const product = await db
        .selectFrom('variant_offers')
        .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
        .select(['product_variants.product_id', 'product_variants.bottle_size'])
        .where('variant_offers.id', '=', order.offerId)
        .executeTakeFirstOrThrow();
      expect(product.bottle_size).toBeGreaterThan(0);
      await db.updateTable('products').set({ sold_by_weight: soldByWeight }).where('id', '=', product.product_id).execute();
      expect((await move(seller, 'seller', order.number, 'accept')).status).toBe(200);
      expect((await move(seller, 'seller', order.number, 'pick')).status).toBe(200);
      expect((await move(seller, 'seller', order.number, 'pack', { weights_confirmed: true, weights: await weights(order.number) })).status).toBe(
        200,
      );
      return eventually(async () => {
        const mails = await db.selectFrom('outbox').select('body_text').where('subject', 'like', `Your order #${order.number}:%`).execute();
        return mails.map((m) => m.body_text).find((text) => text.includes('Final'));
      });
    };
    const plain = await packedMail(false);
    expect(plain).toContain('as estimated');
    expect(plain).not.toContain(capRule);
    expect(await packedMail(true)).toContain(capRule);
  });

  test('a refusal needs a reason, refunds the card and gives the stock back', async () => {
    const order = await paidOrder();
    const stockBefore = await stockOf(t, order.offerId);
    expect((await move(seller, 'seller', order.number, 'refuse')).body).toMatchObject({ errors: [{ field: 'reason' }] });
    expect((await move(seller, 'seller', order.number, 'refuse', { reason: 'Out of salmon' })).status).toBe(200);
    expect(await stockOf(t, order.offerId)).toBe(stockBefore + 2);
    const row = await orderOf(t, order.number);
    expect(row).toMatchObject({ fulfilment_state: 'refused', status: 'canceled' });
    expect(gateway.isRefunded(row.payment_ref ?? '')).toBe(true);
    // Refused: nothing moves it any more, and staff's cancel is refused too (nothing refunded twice).
    expect((await move(staff, 'staff', order.number, 'cancel', { reason: 'again' })).status).toBe(409);
  });

  test("a guest's order is named on the cards by the name it was addressed to (a walk saw 'Guest')", async () => {
    const order = await paidOrder();
    // A guest's customer row carries no name: the buyer's made blank to be one, then given back.
    const named = await t.database.db
      .selectFrom('customers')
      .select(['first_name', 'last_name'])
      .where('id', '=', buyer.customerId)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('customers').set({ first_name: '', last_name: '' }).where('id', '=', buyer.customerId).execute();
    try {
      const addressed = await t.database.db
        .selectFrom('orders')
        .select('shipping_address')
        .where('increment_id', '=', order.number)
        .executeTakeFirstOrThrow();
      expect(addressed.shipping_address?.name).toMatch(/\S/);
      for (const [token, role] of [
        [seller, 'seller'],
        [staff, 'staff'],
      ] as const) {
        const list = await consoleOrders(token, role);
        assert(list.body, consoleOrdersReply);
        expect(list.body.data?.find((o) => o.order_number === order.number)?.customer_name).toBe(addressed.shipping_address?.name);
      }
    } finally {
      await t.database.db.updateTable('customers').set(named).where('id', '=', buyer.customerId).execute();
    }
  });

  test('the gift message reaches the seller who packs it and staff (walk 5: only the status page showed it)', async () => {
    const gift = await paidOrder('2026-12-01', 'For Dad: medium rare!');
    const plain = await paidOrder();
    for (const [token, role] of [
      [seller, 'seller'],
      [staff, 'staff'],
    ] as const) {
      const list = await consoleOrders(token, role);
      assert(list.body, consoleOrdersReply);
      expect(list.body.data?.find((o) => o.order_number === gift.number)?.gift_message).toBe('For Dad: medium rare!');
      expect(list.body.data?.find((o) => o.order_number === plain.number)?.gift_message).toBeNull();
    }
  });

  test('the console says the payment in words (a shopper walk: raw statuses on the cards): held or paid, then refunded or released', async () => {
    const order = await paidOrder();
    const cardOf = async () => {
      const list = await consoleOrders(seller, 'seller');
      assert(list.body, consoleOrdersReply);
      return list.body.data?.find((o) => o.order_number === order.number);
    };
    // A card is only authorised while weighed lines wait for the scale (decision 039), else taken at once.
    const placed = await orderOf(t, order.number);
    expect(await cardOf()).toMatchObject({
      payment_status: 'processing',
      payment_words: placed.capture_state === 'held' ? 'Card authorized' : 'Paid',
    });
    expect((await move(seller, 'seller', order.number, 'refuse', { reason: 'Closed for a family matter' })).status).toBe(200);
    const ended = await orderOf(t, order.number);
    expect(await cardOf()).toMatchObject({
      payment_status: 'canceled',
      payment_words: ended.capture_state === 'released' ? 'Card hold released' : 'Refunded',
    });
  });

  test('staff act on any order with a reason; the staff list puts late orders first', async () => {
    const order = await paidOrder();
    expect((await move(staff, 'staff', order.number, 'accept')).body).toMatchObject({ errors: [{ field: 'reason' }] });
    expect((await move(staff, 'staff', order.number, 'accept', { reason: 'Seller on the phone' })).status).toBe(200);
    clock.set('2026-12-02T15:00:00Z');
    try {
      const list = await consoleOrders(staff, 'staff', '?late=true');
      assert(list.body, consoleOrdersReply);
      expect(list.body.data?.some((o) => o.order_number === order.number && o.late)).toBe(true);
      expect(list.body.data?.every((o) => o.late || o.stuck)).toBe(true);
    } finally {
      clock.set(checkoutNow);
    }
    const events = await t.database.db.selectFrom('order_events').selectAll().where('reason', '=', 'Seller on the phone').execute();
    expect(events).toMatchObject([{ event: 'accept', from_state: 'placed', to_state: 'accepted', actor_role: 'staff' }]);
    // The shopper's mail calls a staff move the store's, not the seller's (QA: 'accepted by the seller' after staff moves).
    const mailed = () =>
      t.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('subject', 'like', `Your order #${order.number}:%`).execute();
    await expect.poll(async () => (await mailed()).map((m) => m.subject)).toEqual([`Your order #${order.number}: accepted by the store`]);
    expect((await mailed())[0]?.body_text).toContain(`Your order #${order.number} is now: Accepted by the store.`);
  });
});

describe('reasons: sent only with a move that takes one, shown to the shopper only when meant for them (QA walk 3)', () => {
  test("a seller's Accept with a reason is a 400 naming it; staff's note on a routine move stays off the shopper's timeline, a refusal's reaches it", async () => {
    const order = await paidOrder();
    const accepted = await move(seller, 'seller', order.number, 'accept', { reason: 'walk3 reason' });
    expect(accepted.status).toBe(400);
    expect(accepted.body).toMatchObject({ errors: [{ field: 'reason' }] });
    expect((await orderOf(t, order.number)).fulfilment_state).toBe('placed');
    // A blank reason is no reason: the Accept goes.
    expect((await move(seller, 'seller', order.number, 'accept', { reason: '  ' })).status).toBe(200);
    expect((await move(staff, 'staff', order.number, 'pick', { reason: 'Internal: seller forgot to press, phoned Joe' })).status).toBe(200);
    const status = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/account/orderstatus?order_id=${order.number}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    assert(status, orderStatusReply);
    expect(status.data?.timeline?.map((s) => [s.state, s.reason])).toEqual([
      ['placed', null],
      ['accepted', null],
      ['picking', null],
    ]);
    // The consoles' history keeps staff's note: it is the store's record of who moved it and why.
    const list = await consoleOrders(staff, 'staff');
    assert(list.body, consoleOrdersReply);
    const card = list.body.data?.find((o) => o.order_number === order.number);
    expect(card?.timeline.map((s) => s.reason)).toContain('Internal: seller forgot to press, phoned Joe');
    // A refusal's reason is the shopper's.
    const refused = await paidOrder();
    expect((await move(seller, 'seller', refused.number, 'refuse', { reason: 'Out of salmon' })).status).toBe(200);
    const refusedStatus = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/account/orderstatus?order_id=${refused.number}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    assert(refusedStatus, orderStatusReply);
    expect(refusedStatus.data?.timeline?.at(-1)).toMatchObject({ state: 'refused', reason: 'Out of salmon' });
  });
});

describe('locations and races', () => {
  test("another location's seller gets 404 and never sees the order", async () => {
    const order = await paidOrder();
    expect((await move(otherSeller, 'seller', order.number, 'accept')).status).toBe(404);
    const list = await consoleOrders(otherSeller, 'seller');
    assert(list.body, consoleOrdersReply);
    expect(list.body.data?.some((o) => o.order_number === order.number)).toBe(false);
    expect((await move(seller, 'seller', '999999999', 'accept')).status).toBe(404);
  });

  test('bad input is a 400 naming the field', async () => {
    expect((await move(seller, 'seller', 'abc', 'accept')).body).toMatchObject({ errors: [{ field: 'order_id' }] });
    expect((await move(seller, 'seller', '100000001', 'fly')).body).toMatchObject({ errors: [{ field: 'event' }] });
    expect((await consoleOrders(seller, 'seller', '?date=tomorrow')).body).toMatchObject({ errors: [{ field: 'date' }] });
  });

  test('accept against the shopper’s cancel: exactly one wins, and the stock comes back only if the cancel won', async () => {
    const order = await paidOrder('2026-12-04');
    const stockBefore = await stockOf(t, order.offerId);
    const [accepted, canceled] = await Promise.all([
      move(seller, 'seller', order.number, 'accept'),
      post(t, '/api/account/order/cancel', { order_id: order.number }, buyer.token),
    ]);
    // The shopper may cancel an accepted order before the cutoff: either order of the two ends canceled, once.
    const row = await orderOf(t, order.number);
    expect(row.fulfilment_state).toBe('canceled');
    expect(canceled.status).toBe(200);
    expect([200, 409]).toContain(accepted.status);
    expect(await stockOf(t, order.offerId)).toBe(stockBefore + 2);
    const cancels = await t.database.db
      .selectFrom('order_events')
      .select('event')
      .where('order_id', '=', row.id)
      .where('event', '=', 'cancel')
      .execute();
    expect(cancels).toHaveLength(1);
  });

  test('two packs at once: one packs, the other is refused', async () => {
    const order = await paidOrder();
    await move(seller, 'seller', order.number, 'accept');
    await move(seller, 'seller', order.number, 'pick');
    const w = await weights(order.number);
    const results = await Promise.all([
      move(seller, 'seller', order.number, 'pack', { weights_confirmed: true, weights: w }),
      move(staff, 'staff', order.number, 'pack', { weights_confirmed: true, weights: w, reason: 'helping' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const packs = await t.database.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select('event')
      .where('orders.increment_id', '=', order.number)
      .where('event', '=', 'pack')
      .execute();
    expect(packs).toHaveLength(1);
  });
});

describe('the shopper cancels before the cutoff', () => {
  test('before the cutoff: canceled, refunded; past it, or once picking started: refused', async () => {
    const early = await paidOrder('2026-12-04');
    const reply = await post(t, '/api/account/order/cancel', { order_id: early.number }, buyer.token);
    expect(reply.status).toBe(200);
    const row = await orderOf(t, early.number);
    expect(gateway.isRefunded(row.payment_ref ?? '')).toBe(true);

    const sameDay = await paidOrder('2026-12-01');
    expect((await post(t, '/api/account/order/cancel', { order_id: sameDay.number }, buyer.token)).status).toBe(409);

    const stranger = await shopper(t, 'fulfil-stranger@example.com');
    const theirs = await paidOrder('2026-12-04');
    expect((await post(t, '/api/account/order/cancel', { order_id: theirs.number }, stranger.token)).status).toBe(404);
  });
});

describe("the seller sees the shopper's chosen time", () => {
  test('a pick-up or dine-in visit (a time, no slot end) reads as its time; a delivery slot as start–end', async () => {
    const order = await paidOrder();
    const row = await orderOf(t, order.number);
    const slotOf = async () => {
      const list = await consoleOrders(seller, 'seller');
      assert(list.body, consoleOrdersReply);
      return list.body.data?.find((o) => o.order_number === order.number)?.slot;
    };
    expect(await slotOf()).toMatch(/^\d{1,2}:\d\d [AP]M–\d{1,2}:\d\d [AP]M$/);
    // A pick-up's time is stored as the visit's start with no end (as place order writes a Pick-Up or Dine-In).
    await t.database.db.updateTable('order_deliverables').set({ slot_start: '12:00', slot_end: null }).where('order_id', '=', row.id).execute();
    expect(await slotOf()).toBe('12:00 PM');
  });
});

describe('an order from two sellers: each handles their own part', () => {
  test('moves, weights and totals are per seller; the order advances as its parts do, its timeline naming each seller', async () => {
    // Both lines sold by weight: each seller weighs only their own.
    const { number } = await twoSellerOrder(t, { buyer, skip: { butcher: 30, fish: 0 }, prices: { butcher: 2000, fish: 1500 }, byWeight: true });
    expect(number).not.toBe('');
    const orderRow = await orderOf(t, number);
    const parts = await t.database.db
      .selectFrom('order_deliverables')
      .select(['loc_id', 'vendor_name', 'delivery_fee_cents', 'packaging_fee_cents'])
      .where('order_id', '=', orderRow.id)
      .orderBy('loc_id')
      .execute();
    const [butcherName, fishName] = parts.map((p) => p.vendor_name);

    const cardOf = async (token: string, role: 'seller' | 'staff', query = '') => {
      const list = await consoleOrders(token, role, query);
      assert(list.body, consoleOrdersReply);
      return list.body.data?.filter((o) => o.order_number === number) ?? [];
    };
    const weighAll = (card: { items: { id: number; by_weight: boolean }[] } | undefined) =>
      card?.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: 480 })) ?? [];
    const shopperView = async () => {
      const status = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/account/orderstatus?order_id=${number}`,
          headers: { authorization: `Bearer ${buyer.token}` },
        }),
      );
      assert(status, orderStatusReply);
      return status.data;
    };

    // Each seller sees one card: their own lines, their part's total (not the whole order's), and no order total.
    const [butcherCard] = await cardOf(seller, 'seller');
    const [fishCard] = await cardOf(otherSeller, 'seller');
    expect(butcherCard).toMatchObject({ loc_id: 101, state: 'placed', items: [{ by_weight: true }] });
    expect(fishCard).toMatchObject({ loc_id: 102, state: 'placed', items: [{ by_weight: true }] });
    expect(butcherCard?.grand_total).toBeUndefined();
    expect(Number(butcherCard?.total) + Number(fishCard?.total)).toBeLessThanOrEqual(orderRow.grand_total_cents / 100);
    expect(Number(butcherCard?.total)).toBeGreaterThanOrEqual(20);
    // Staff see both parts, so the seller filter offers both locations.
    expect((await cardOf(staff, 'staff')).map((c) => c.loc_id).sort()).toEqual([101, 102]);
    expect((await cardOf(staff, 'staff', '?loc_id=102')).map((c) => c.loc_id)).toEqual([102]);

    // The butcher accepts and picks: the fishmonger's part stays placed; the order is being picked.
    expect((await move(seller, 'seller', number, 'accept')).body).toMatchObject({ code: 1, data: { state: 'accepted' } });
    expect((await orderOf(t, number)).fulfilment_state).toBe('placed');
    expect((await move(seller, 'seller', number, 'pick')).status).toBe(200);
    expect((await cardOf(otherSeller, 'seller'))[0]).toMatchObject({ state: 'placed', moves: ['accept', 'refuse'] });
    expect(await shopperView()).toMatchObject({ fulfilment_state: 'picking', can_cancel: false });

    // The butcher packs weighing only the ribeye: the salmon is not theirs to weigh. The order is not packed yet,
    // nor is the card charged.
    const packed = await move(seller, 'seller', number, 'pack', { weights_confirmed: true, weights: weighAll((await cardOf(seller, 'seller'))[0]) });
    expect(packed.body).toMatchObject({ code: 1, data: { state: 'packed' } });
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'picking', final_total_cents: null });
    expect((await cardOf(otherSeller, 'seller'))[0]?.state).toBe('placed');

    // The fishmonger's own moves; her pack weighs the salmon and settles the order's money once.
    expect((await move(otherSeller, 'seller', number, 'accept')).status).toBe(200);
    expect((await move(otherSeller, 'seller', number, 'pick')).status).toBe(200);
    const unweighed = await move(otherSeller, 'seller', number, 'pack', { weights_confirmed: true, weights: [] });
    expect(unweighed.body).toMatchObject({ errors: [{ message: expect.stringContaining('Please weigh') as unknown }] });
    expect(
      (await move(otherSeller, 'seller', number, 'pack', { weights_confirmed: true, weights: weighAll((await cardOf(otherSeller, 'seller'))[0]) }))
        .status,
    ).toBe(200);
    const afterPacks = await orderOf(t, number);
    expect(afterPacks.fulfilment_state).toBe('packed');
    expect(afterPacks.final_total_cents).not.toBeNull();

    // The butcher delivers: only the ribeye is delivered; the order waits for the salmon.
    expect((await move(seller, 'seller', number, 'dispatch')).status).toBe(200);
    expect((await move(seller, 'seller', number, 'deliver')).status).toBe(200);
    expect((await cardOf(otherSeller, 'seller'))[0]?.state).toBe('packed');
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'packed', status: 'processing' });
    // The order's own step stays packed, but the shopper hears of the butcher's part (a walk saw no mail for it).
    const partMail = await eventually(() =>
      t.database.db
        .selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('subject', '=', `Your order #${number}: ${butcherName}, delivered`)
        .executeTakeFirst(),
    );
    expect(partMail?.body_text).toContain(`${possessive(butcherName ?? '')} part of your order #${number} is now: Delivered.`);
    expect((await move(otherSeller, 'seller', number, 'dispatch')).status).toBe(200);
    expect((await move(otherSeller, 'seller', number, 'deliver')).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'delivered', status: 'complete' });

    const timeline = (await shopperView())?.timeline ?? [];
    expect(timeline.filter((s) => s.state === 'accepted').map((s) => s.seller)).toEqual([butcherName, fishName]);
    expect(timelineStepLabel(timeline.find((s) => s.state === 'accepted') ?? { state: '' })).toBe(`Accepted by ${butcherName}`);
  });

  test("each line reads its own seller's step, and its size in its product's unit (QA: the ribeye line named the fishmonger's step; '(750 g)' wine)", async () => {
    const productOf = async (variantId: number) =>
      await t.database.db.selectFrom('product_variants').select(['product_id', 'bottle_size']).where('id', '=', variantId).executeTakeFirstOrThrow();
    let drinkSize = 0;
    const { number } = await twoSellerOrder(t, {
      buyer,
      skip: { butcher: 33, fish: 3 },
      prices: { butcher: 2000, fish: 1500 },
      beforeCart: async ({ butcherOffer: drinkOffer, fishOffer }) => {
        const drink = await productOf(drinkOffer.variantId);
        const fish = await productOf(fishOffer.variantId);
        drinkSize = drink.bottle_size;
        await t.database.db.updateTable('products').set({ size_unit: 'ml', sold_by_weight: false }).where('id', '=', drink.product_id).execute();
        await t.database.db.updateTable('products').set({ size_unit: 'g', sold_by_weight: true }).where('id', '=', fish.product_id).execute();
      },
    });
    const orderRow = await orderOf(t, number);
    const names = await t.database.db
      .selectFrom('order_deliverables')
      .select(['loc_id', 'vendor_name'])
      .where('order_id', '=', orderRow.id)
      .orderBy('loc_id')
      .execute();
    const [butcherName, fishName] = names.map((p) => p.vendor_name);

    // The mail names the drink's size as the cart does: millilitres, not grams.
    const mail = await eventually(() =>
      t.database.db.selectFrom('outbox').select('body_text').where('subject', '=', `Your order ${number} is placed`).executeTakeFirst(),
    );
    expect(mail?.body_text).toContain(`(${formatSize(drinkSize, 'ml')})`);
    expect(mail?.body_text).not.toContain(`(${drinkSize} g)`);

    // The butcher only accepts; the fishmonger accepts and picks.
    expect((await move(seller, 'seller', number, 'accept')).status).toBe(200);
    expect((await move(otherSeller, 'seller', number, 'accept')).status).toBe(200);
    expect((await move(otherSeller, 'seller', number, 'pick')).status).toBe(200);
    const status = json(
      await t.app.inject({ method: 'GET', url: `/api/account/orderstatus?order_id=${number}`, headers: { authorization: `Bearer ${buyer.token}` } }),
    );
    assert(status, orderStatusReply);
    const lines = status.data?.items.map((i) => [i.vendor_name, i.fulfilment_state, i.status]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [butcherName, 'accepted', `Accepted by ${butcherName}`],
        [fishName, 'picking', `Being picked (${fishName})`],
      ]),
    );
    expect(lines).toHaveLength(2);

    // The consoles get each product's unit and whether it is sold by weight.
    const butcherList = await consoleOrders(seller, 'seller');
    assert(butcherList.body, consoleOrdersReply);
    const butcherCard = butcherList.body.data?.find((o) => o.order_number === number);
    expect(butcherCard?.items).toMatchObject([{ size_unit: 'ml', sold_by_weight: false }]);
    const fishList = await consoleOrders(otherSeller, 'seller');
    assert(fishList.body, consoleOrdersReply);
    expect(fishList.body.data?.find((o) => o.order_number === number)?.items).toMatchObject([
      { size_unit: 'g', sold_by_weight: true, by_weight: true },
    ]);
  });

  test("one seller's refusal ends their part only; staff's Cancel then ends the rest, each part's stock given back once", async () => {
    const { number, butcherOffer, fishOffer } = await twoSellerOrder(t, {
      buyer,
      skip: { butcher: 31, fish: 1 },
      prices: { butcher: 2000, fish: 1500 },
    });
    const stock = { butcher: await stockOf(t, butcherOffer.offerId), fish: await stockOf(t, fishOffer.offerId) };
    const partStates = async (orderId: number) =>
      t.database.db
        .selectFrom('order_deliverables')
        .select(['loc_id', 'fulfilment_state'])
        .where('order_id', '=', orderId)
        .orderBy('loc_id')
        .execute();
    expect((await move(seller, 'seller', number, 'accept')).status).toBe(200);
    expect((await move(otherSeller, 'seller', number, 'refuse', { reason: 'No salmon today' })).status).toBe(200);
    const row = await orderOf(t, number);
    expect(row).toMatchObject({ fulfilment_state: 'accepted', status: 'processing' });
    expect(await partStates(row.id)).toEqual([
      { loc_id: 101, fulfilment_state: 'accepted' },
      { loc_id: 102, fulfilment_state: 'refused' },
    ]);
    expect(await stockOf(t, fishOffer.offerId)).toBe(stock.fish + 1);
    expect(await stockOf(t, butcherOffer.offerId)).toBe(stock.butcher);
    // The refused part no longer stops a cancel of the rest: it ends the order, the rest of the payment given back.
    expect((await move(staff, 'staff', number, 'cancel', { loc_id: 101, reason: 'The shopper called' })).status).toBe(200);
    const ended = await orderOf(t, number);
    expect(ended).toMatchObject({ fulfilment_state: 'canceled', status: 'canceled' });
    expect(await partStates(row.id)).toEqual([
      { loc_id: 101, fulfilment_state: 'canceled' },
      { loc_id: 102, fulfilment_state: 'refused' },
    ]);
    expect(gateway.isRefunded(ended.payment_ref ?? '') || ended.capture_state === 'released').toBe(true);
    expect(await stockOf(t, fishOffer.offerId)).toBe(stock.fish + 1);
    expect(await stockOf(t, butcherOffer.offerId)).toBe(stock.butcher + 1);
    expect((await move(seller, 'seller', number, 'pick')).status).toBe(409);
  });

  test("staff's Cancel is offered on a part only while every part allows it; refused, the words name the part that stops it", async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: { butcher: 32, fish: 2 }, prices: { butcher: 2000, fish: 1500 } });
    const staffCards = async () => {
      const list = await consoleOrders(staff, 'staff');
      assert(list.body, consoleOrdersReply);
      return list.body.data?.filter((o) => o.order_number === number).sort((a, b) => a.loc_id - b.loc_id) ?? [];
    };
    const fishName = (await staffCards())[1]?.vendor_name ?? '';
    expect((await staffCards()).map((c) => [c.moves, c.other_parts.map((p) => p.state)])).toEqual([
      [['accept', 'refuse', 'cancel'], ['placed']],
      [['accept', 'refuse', 'cancel'], ['placed']],
    ]);
    // The butcher packs; the fishmonger's part goes out for delivery, where no one may cancel it any more.
    const packThrough = async (token: string, loc: 101 | 102) => {
      for (const event of ['accept', 'pick'] as const) expect((await move(token, 'seller', number, event)).status).toBe(200);
      const list = await consoleOrders(token, 'seller');
      assert(list.body, consoleOrdersReply);
      const own = list.body.data?.find((o) => o.order_number === number && o.loc_id === loc);
      const weighed = own?.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: 480 })) ?? [];
      expect((await move(token, 'seller', number, 'pack', { weights_confirmed: true, weights: weighed })).status).toBe(200);
    };
    await packThrough(seller, 101);
    await packThrough(otherSeller, 102);
    expect((await move(otherSeller, 'seller', number, 'dispatch')).status).toBe(200);
    const [butcherCard, fishCard] = await staffCards();
    expect(butcherCard).toMatchObject({ state: 'packed', moves: ['dispatch'], other_parts: [{ vendor_name: fishName, state: 'out_for_delivery' }] });
    expect(fishCard).toMatchObject({ state: 'out_for_delivery', moves: ['deliver'] });
    // Asked all the same (a list drawn before the fishmonger moved on): refused, naming her part and why.
    const refused = await move(staff, 'staff', number, 'cancel', { loc_id: 101, reason: 'The shopper called' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: -1,
      message: `This order cannot be canceled now: ${fishName}'s part is out for delivery. A cancel ends every seller's part.`,
    });
    expect((await orderOf(t, number)).status).toBe('processing');
  });
});

/** 087 left: a delivery could be marked Delivered days before its date. Its day is its location's, by the server's clock. */
describe('a delivery is delivered on its day, not before', () => {
  test('Delivered is refused (400 naming why) and not offered before the day, then taken on it', async () => {
    const order = await paidOrder('2026-12-03');
    for (const event of ['accept', 'pick'] as const) expect((await move(seller, 'seller', order.number, event)).status).toBe(200);
    expect((await move(seller, 'seller', order.number, 'pack', { weights_confirmed: true, weights: await weights(order.number) })).status).toBe(200);
    // Handed to the driver the evening before is the shop's to do; its arrival is not.
    expect((await move(seller, 'seller', order.number, 'dispatch')).status).toBe(200);
    const early = await move(seller, 'seller', order.number, 'deliver');
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      errors: [{ field: 'event', message: 'This delivery is booked for 12/03/2026: the order can be marked Delivered on that day, not before.' }],
    });
    const card = async () => {
      const list = await consoleOrders(seller, 'seller', '?date=2026-12-03');
      assert(list.body, consoleOrdersReply);
      return list.body.data?.find((o) => o.order_number === order.number);
    };
    expect(await card()).toMatchObject({ state: 'out_for_delivery', moves: [], table_today: '2026-12-01' });
    expect(await orderOf(t, order.number)).toMatchObject({ fulfilment_state: 'out_for_delivery' });
    clock.set('2026-12-03T14:00:00Z'); // 9 am in New York on the day
    try {
      expect((await card())?.moves).toEqual(['deliver']);
      expect((await move(seller, 'seller', order.number, 'deliver')).status).toBe(200);
    } finally {
      clock.set(checkoutNow);
    }
  });
});

/**
 * Walk 8 #4: staff accepted a pick-up on a day its seller had closed ('Accepted by the store', 'Start picking'
 * offered), and the shopper was mailed 'closed on that day … you can cancel' then 'now: Accepted by the store'. A part
 * on a closed day is only refused or canceled until it moves to another day or the day reopens; its card says so.
 */
describe('a part on a day its seller closed', () => {
  const closeDay = (date: string, closed: boolean) => post(t, '/api/seller/capacity/day', { loc_id: 101, date, closed }, seller);
  const cardOn = async (token: string, role: 'seller' | 'staff', date: string, number: string) => {
    const list = await consoleOrders(token, role, `?date=${date}`);
    assert(list.body, consoleOrdersReply);
    return list.body.data?.find((o) => o.order_number === number);
  };

  test('is not accepted, picked or packed (409 saying the day is closed and what to do); the cards say so and offer Refuse and Cancel', async () => {
    const date = '2026-12-14';
    const placed = await paidOrder(date);
    const accepted = await paidOrder(date);
    expect((await move(seller, 'seller', accepted.number, 'accept')).status).toBe(200);
    expect((await closeDay(date, true)).status).toBe(200);
    try {
      const refusal = closedDayRefusal('accept', 'delivery', { date, today: '2026-12-01', closed: true });
      expect(refusal).toContain('a day its seller closed');
      const byStaff = await move(staff, 'staff', placed.number, 'accept', { reason: 'Seller on the phone' });
      expect(byStaff.status).toBe(409);
      expect(byStaff.body).toMatchObject({ code: -1, message: refusal });
      expect((await move(seller, 'seller', placed.number, 'accept')).status).toBe(409);
      expect((await move(seller, 'seller', accepted.number, 'pick')).status).toBe(409);
      expect(await orderOf(t, placed.number)).toMatchObject({ fulfilment_state: 'placed' });
      expect(await orderOf(t, accepted.number)).toMatchObject({ fulfilment_state: 'accepted' });
      // No 'accepted' mail after the 'closed' one: nothing moved.
      const subjects = await t.database.db
        .selectFrom('outbox')
        .select('subject')
        .where('subject', 'like', `Your order #${placed.number}:%`)
        .execute();
      expect(subjects.map((m) => m.subject)).not.toContain(`Your order #${placed.number}: accepted by the store`);
      // The cards carry the closure and offer only what ends the part.
      expect(await cardOn(staff, 'staff', date, placed.number)).toMatchObject({ day_closed: true, moves: ['refuse', 'cancel'] });
      expect(await cardOn(seller, 'seller', date, placed.number)).toMatchObject({ day_closed: true, moves: ['refuse'] });
      expect(await cardOn(staff, 'staff', date, accepted.number)).toMatchObject({ day_closed: true, moves: ['cancel'] });
      // Refuse and Cancel stay possible.
      expect((await move(staff, 'staff', accepted.number, 'cancel', { reason: 'The shop is closed that day' })).status).toBe(200);
      expect(await orderOf(t, accepted.number)).toMatchObject({ fulfilment_state: 'canceled' });
    } finally {
      expect((await closeDay(date, false)).status).toBe(200);
    }
    // Reopened: the part moves again, and its card no longer carries the closure.
    expect((await cardOn(staff, 'staff', date, placed.number))?.day_closed).toBeUndefined();
    expect((await move(seller, 'seller', placed.number, 'accept')).status).toBe(200);
  });
});

/**
 * 088 left: a delivery already out on the road when its day closed could only wait for the day to reopen (every move
 * refused); walk 9 S13: the close question counted an order already delivered. Closing a day stops preparing for it:
 * what is out is still delivered, and the day counts (and mails) only the orders the closure affects.
 */
describe('closing a day with orders already out, delivered or canceled on it', () => {
  const date = '2026-12-16';
  const closeDay = (closed: boolean) => post(t, '/api/seller/capacity/day', { loc_id: 101, date, closed }, seller);
  const dayOf = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/seller/capacity?loc_id=101&date=${date}`,
      headers: { authorization: `Bearer ${seller}` },
    });
    const body = json(response);
    assert(body, capacityDayReply);
    return body.data;
  };
  const cardOf = async (number: string) => {
    const list = await consoleOrders(seller, 'seller', `?date=${date}`);
    assert(list.body, consoleOrdersReply);
    return list.body.data?.find((o) => o.order_number === number);
  };
  const subjectsOf = async (number: string) =>
    (await t.database.db.selectFrom('outbox').select('subject').where('subject', 'like', `Your order #${number}:%`).execute()).map((m) => m.subject);

  test('counts only the order still to prepare, closes, and the part out for delivery is still delivered on its day', async () => {
    const waiting = await paidOrder(date);
    const canceled = await paidOrder(date);
    const out = await paidOrder(date);
    const delivered = await paidOrder(date);
    expect((await post(t, '/api/account/order/cancel', { order_id: canceled.number }, buyer.token)).status).toBe(200);
    for (const order of [out, delivered]) {
      for (const event of ['accept', 'pick'] as const) expect((await move(seller, 'seller', order.number, event)).status).toBe(200);
      const card = await cardOf(order.number);
      const weighed = card?.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: i.bottle_size * i.qty })) ?? [];
      expect((await move(seller, 'seller', order.number, 'pack', { weights: weighed })).status).toBe(200);
      expect((await move(seller, 'seller', order.number, 'dispatch')).status).toBe(200);
    }
    clock.set('2026-12-16T14:00:00Z'); // 9 am in New York on the day
    try {
      expect((await move(seller, 'seller', delivered.number, 'deliver')).status).toBe(200);
      // Of four orders booked that day, only the one still to prepare is the closure's: counted, none being prepared.
      expect(await dayOf()).toMatchObject({ closed: null, booked_orders: 1, preparing_orders: 0 });
      expect((await closeDay(true)).status).toBe(200);
      // Its shopper is mailed to choose another date; the one out for delivery is not (nothing for them to do).
      await expect.poll(async () => (await subjectsOf(waiting.number)).some((s) => /closed on the day|another delivery date/.test(s))).toBe(true);
      expect((await subjectsOf(out.number)).some((s) => /closed on the day|another delivery date/.test(s))).toBe(false);
      // The card carries the closure and still offers Delivered; the order still to prepare only Refuse.
      expect(await cardOf(out.number)).toMatchObject({ state: 'out_for_delivery', day_closed: true, moves: ['deliver'] });
      expect(await cardOf(waiting.number)).toMatchObject({ state: 'placed', day_closed: true, moves: ['refuse'] });
      expect((await move(seller, 'seller', out.number, 'deliver')).status).toBe(200);
      expect(await orderOf(t, out.number)).toMatchObject({ fulfilment_state: 'delivered', status: 'complete' });
      expect((await move(seller, 'seller', waiting.number, 'accept')).status).toBe(409);
    } finally {
      clock.set(checkoutNow);
      expect((await closeDay(false)).status).toBe(200);
    }
  });
});
