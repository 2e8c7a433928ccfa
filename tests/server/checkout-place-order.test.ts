import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  myOrdersReply,
  orderReviewReply,
  orderStatusReply,
  placeOrderReply,
  type PlaceOrderReply,
} from '../../src/api/contract/checkout.contract.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { makeCart, manualClock, pickOffers, post, type OfferPick } from './cart-page-helpers.ts';
import { orderOf, signedInCustomer, stockOf, takeInTurn } from './fixtures.ts';
import { addAddress, checkoutNow, noonSlot, readyCart, saveCard, shopper, today, tokenize } from './checkout-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const clock = manualClock(checkoutNow);
const gateway = new TestPaymentGateway(clock.now);
let butcher: OfferPick[];
let courier: OfferPick[];

/**
 * CHECKOUT_DATABASE_URL (an empty PostgreSQL database) runs this file against a real server, where concurrent
 * requests get their own connections and the row locks do the work; by default it runs on PGlite like every test.
 */
const databaseUrl = process.env.CHECKOUT_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp({
    clock: clock.now,
    payments: gateway,
    rateLimits: generousLimits,
    ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}),
  });
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 40, 0, { priceCents: 1250, stock: 20 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 4, 0, { priceCents: 1500, stock: 20 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(checkoutNow);
});

const nextOffer = takeInTurn(() => butcher);
const courierOffer = takeInTurn(() => courier);

async function place(token: string, body: Record<string, unknown>): Promise<{ status: number; body: PlaceOrderReply }> {
  const { status, body: reply } = await post(t, '/api/placeorder/placeorder', { store_id: 1, speed_id: 1, ...body }, token);
  if (status !== 200) return { status, body: { code: -1, message: JSON.stringify(reply) } };
  assert(reply, placeOrderReply);
  return { status, body: reply };
}

const db = () => t.database.db;
const booked = async (templateId: number, date = today) =>
  (await db().selectFrom('driver_slots').select('booked').where('template_id', '=', templateId).where('slot_date', '=', date).executeTakeFirst())
    ?.booked ?? 0;
const heldSlot = async (cartId: string) =>
  (await db().selectFrom('slot_holds').select('template_id').where('cart_id', '=', cartId).executeTakeFirstOrThrow()).template_id;

describe('place order', () => {
  it('recomputes every total on the server and ignores the totals a client sends', async () => {
    const me = await shopper(t, 'totals@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const [a, b] = [nextOffer(), nextOffer()];
    const cartId = await readyCart(t, me.token, me.customerId, [
      { offer: a, qty: 2 },
      { offer: b, qty: 1 },
    ]);

    const review = await post(
      t,
      '/api/checkout/orderreview',
      { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 1, driver_tip: 15 },
      me.token,
    );
    assert(review.body, orderReviewReply);
    const summary = review.body.data;
    if (!summary) throw new Error('no review');
    // 3 × $12.50, $4.99 Same Day delivery, New York groceries untaxed, 15 % tip of $37.50 = $5.63.
    expect(summary).toMatchObject({
      subtotal: '37.50',
      delivery_fee: '4.99',
      taxes: '0.00',
      driver_tip_percent: 15,
      driver_tip: '5.63',
      grandtotal: '48.12',
    });

    const stockBefore = [await stockOf(t, a.offerId), await stockOf(t, b.offerId)];
    const slot = await heldSlot(cartId);
    const seatsBefore = await booked(slot);
    const { body } = await place(me.token, {
      cart_id: cartId,
      delivery_address_id: me.addressId,
      card_id: cardId,
      payment_mode: 2,
      driver_tip: 15,
      gift_message: 'Happy birthday!',
      // Tampered figures: all ignored.
      grandtotal: '0.01',
      subtotal: '0.01',
      taxes: '0.00',
      delivery_fee: '0.00',
      deliverable: [{ item_id: 1, vendor_loc_id: 101, date: today, timeslot: '12:00-14:00', shipping_amount: '0.00' }],
    });
    expect(body).toMatchObject({ code: 1, message: 'Order Placed.', order_id: expect.stringMatching(/^1\d{8}$/), status: 'processing' });

    const order = await orderOf(t, body.order_id ?? '');
    expect(order).toMatchObject({
      status: 'processing',
      subtotal_cents: 3750,
      delivery_fee_cents: 499,
      taxes_cents: 0,
      tip_percent: 15,
      tip_cents: 563,
      grand_total_cents: dollarsToCents(summary.grandtotal),
      card_brand: 'visa',
      card_last4: '4242',
      gift_message: 'Happy birthday!',
      payment_method: 'stripe_payments',
      payment_token: null,
    });
    expect(order.shipping_address).toMatchObject({ name: 'Ada Lovelace', street1: '350 5th Ave', zipcode: '10001' });
    expect(gateway.amountOf(order.payment_ref ?? '')).toBe(4812);
    expect([await stockOf(t, a.offerId), await stockOf(t, b.offerId)]).toEqual([stockBefore[0]! - 2, stockBefore[1]! - 1]);
    expect(await booked(slot)).toBe(seatsBefore + 1);
    const items = await db().selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    expect(items.map((i) => [i.qty, i.row_total_cents])).toEqual([
      [2, 2500],
      [1, 1250],
    ]);
    const deliverables = await db().selectFrom('order_deliverables').selectAll().where('order_id', '=', order.id).execute();
    expect(deliverables).toEqual([
      expect.objectContaining({
        loc_id: 101,
        delivery_method: 'Local Delivery',
        delivery_date: today,
        slot_template_id: slot,
        slot_start: expect.stringMatching(/^\d\d:00$/),
        delivery_fee_cents: 499,
      }),
    ]);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');
    const mail = await eventually(() => db().selectFrom('outbox').selectAll().where('subject', 'like', `%${order.increment_id}%`).executeTakeFirst());
    expect(mail?.to_address).toBe('totals@example.com');
    expect(mail?.body_text).toContain('Total: $48.12');
    // The placed mail repeats the gift message, so the shopper can check what goes with it (walk 5).
    expect(mail?.body_text).toContain('Gift message: Happy birthday!');
  });

  it('makes one order for one cart: two requests at once and a replay get the same order', async () => {
    const me = await shopper(t, 'twice@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const offer = nextOffer();
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 1 }]);
    const before = await stockOf(t, offer.offerId);
    const charges = gateway.chargeCount;

    const body = { cart_id: cartId, delivery_address_id: me.addressId, card_id: cardId, payment_mode: 2 };
    const [first, second] = await Promise.all([place(me.token, body), place(me.token, body)]);
    expect(first.body.code).toBe(1);
    expect(second.body).toEqual(first.body);
    const replay = await place(me.token, body);
    expect(replay.body).toEqual(first.body);

    const orders = await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).execute();
    expect(orders).toHaveLength(1);
    expect(gateway.chargeCount).toBe(charges + 1);
    expect(await stockOf(t, offer.offerId)).toBe(before - 1);
    const mails = await db()
      .selectFrom('outbox')
      .select('id')
      .where('subject', 'like', `%${first.body.order_id ?? 'none'}%`)
      .execute();
    expect(mails.length).toBeLessThanOrEqual(1);
  });

  it('sells the last 5 units to exactly 5 of 20 shoppers paying at once, and never below zero', async () => {
    const [courier] = await pickOffers(t, { speed: 'courier', locId: 201 }, 1, 0, { priceCents: 2000, stock: 5 });
    if (!courier) throw new Error('no courier offer');
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(t, `race${i}@example.com`)));
    const carts: string[] = [];
    for (const s of shoppers) carts.push(await readyCart(t, s.token, s.customerId, [{ offer: courier, qty: 1 }], { 201: '2026-12-02' }));
    const tokens: string[] = [];
    for (let i = 0; i < 20; i += 1) tokens.push(await tokenize(t, '4242424242424242'));

    const results = await Promise.all(
      shoppers.map((s, i) =>
        place(s.token, { cart_id: carts[i], delivery_address_id: s.addressId, speed_id: 10, payment_mode: 2, card_token: tokens[i] }),
      ),
    );
    const placed = results.filter((r) => r.body.code === 1);
    const refused = results.filter((r) => r.body.code === -1);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.message).toMatch(/is out of stock\.$/);
    expect(await stockOf(t, courier.offerId)).toBe(0);
    const live = await db()
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => eb.fn.sum<number>('order_items.qty').as('sold'))
      .where('order_items.offer_id', '=', courier.offerId)
      .where('orders.status', '<>', 'payment_failed')
      .executeTakeFirstOrThrow();
    expect(Number(live.sold)).toBe(5);
  });

  it('leaves no paid order after a declined card: stock, seat and cart come back, and another card then pays', async () => {
    const me = await shopper(t, 'declined@example.com');
    const offer = nextOffer();
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 3 }]);
    const stock = await stockOf(t, offer.offerId);
    const slot = await heldSlot(cartId);
    const seats = await booked(slot);

    const { body } = await place(me.token, {
      cart_id: cartId,
      delivery_address_id: me.addressId,
      payment_mode: 2,
      card_token: await tokenize(t, '4000000000000002'),
    });
    expect(body).toMatchObject({
      code: -1,
      message: 'Your card was declined.',
      order_id: expect.stringMatching(/^1\d{8}$/),
      status: 'payment_failed',
    });
    const failed = await orderOf(t, body.order_id ?? '');
    expect(failed).toMatchObject({ status: 'payment_failed', payment_message: 'Your card was declined.' });
    expect(await stockOf(t, offer.offerId)).toBe(stock);
    expect(await booked(slot)).toBe(seats);
    expect((await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow()).status).toBe('open');
    expect(await heldSlot(cartId)).toBe(slot);

    // Insufficient funds on a saved card also fails at the charge, then a good card pays for the same cart.
    const poorCard = await saveCard(t, me.token, me.customerId, '4000000000009995');
    const poor = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 2, card_id: poorCard });
    expect(poor.body).toMatchObject({ code: -1, message: 'Your card has insufficient funds.' });
    expect(await stockOf(t, offer.offerId)).toBe(stock);

    const retry = await place(me.token, {
      cart_id: cartId,
      delivery_address_id: me.addressId,
      payment_mode: 2,
      card_token: await tokenize(t, '4242424242424242'),
    });
    expect(retry.body).toMatchObject({ code: 1, message: 'Order Placed.' });
    expect(retry.body.order_id).not.toBe(body.order_id);
    expect(await stockOf(t, offer.offerId)).toBe(stock - 3);
    expect(await booked(slot)).toBe(seats + 1);
  });

  it('takes payment on delivery without a charge, and UPI with a verified id', async () => {
    const me = await shopper(t, 'cod@example.com');
    const charges = gateway.chargeCount;
    const cod = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    const codReply = await place(me.token, { cart_id: cod, delivery_address_id: me.addressId, payment_mode: 4 });
    // A customer's first pay-on-delivery order waits for the emailed link (pay-on-delivery.test.ts).
    expect(codReply.body).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
    expect(gateway.chargeCount).toBe(charges);

    const upiCart = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    const badUpi = await place(me.token, { cart_id: upiCart, delivery_address_id: me.addressId, payment_mode: 3, upi_id: 'ada@fail' });
    expect(badUpi.body).toEqual({ code: -1, message: 'please provide valid UPI ID' });
    const upi = await place(me.token, { cart_id: upiCart, delivery_address_id: me.addressId, payment_mode: 3, upi_address: 'ada@okbank' });
    expect(upi.body).toMatchObject({ code: 1, status: 'processing' });
    expect((await orderOf(t, upi.body.order_id ?? '')).upi_id).toBe('ada@okbank');
  });

  it('keeps no card number in any table after purchases', async () => {
    const numbers = ['4242424242424242', '4000000000000002', '4000000000009995', '5555555555554444'];
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')
    `.execute(db());
    expect(columns.rows.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of columns.rows) {
      for (const number of numbers) {
        const hits = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(table_name)}
          where replace(replace(${sql.ref(column_name)}::text, ' ', ''), '-', '') like ${`%${number}%`}
        `.execute(db());
        expect(hits.rows[0]?.n, `${table_name}.${column_name} holds ${number}`).toBe(0);
      }
    }
    const cvcColumns = columns.rows.filter((c) => /cvc|cvv|card_number|pan/.test(c.column_name));
    expect(cvcColumns).toEqual([]);
    // Every paid order still says which card paid: brand and last four only.
    const paid = await db()
      .selectFrom('orders')
      .select(['card_brand', 'card_last4'])
      .where('payment_mode', '=', 2)
      .where('status', '=', 'processing')
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    for (const order of paid) expect(order.card_last4).toMatch(/^\d{4}$/);
  });
});

describe('place order refusals (nothing charged, nothing taken)', () => {
  it("answers 404 for someone else's cart, address or card", async () => {
    const owner = await shopper(t, 'po-owner@example.com');
    const thief = await shopper(t, 'po-thief@example.com');
    const ownerCard = await saveCard(t, owner.token, owner.customerId);
    const thiefCard = await saveCard(t, thief.token, thief.customerId);
    const ownerCart = await readyCart(t, owner.token, owner.customerId, [{ offer: nextOffer(), qty: 1 }]);
    const thiefCart = await readyCart(t, thief.token, thief.customerId, [{ offer: nextOffer(), qty: 1 }]);

    expect((await place(thief.token, { cart_id: ownerCart, delivery_address_id: thief.addressId, card_id: thiefCard })).status).toBe(404);
    expect((await place(thief.token, { cart_id: thiefCart, delivery_address_id: owner.addressId, card_id: thiefCard })).status).toBe(404);
    expect((await place(thief.token, { cart_id: thiefCart, delivery_address_id: thief.addressId, card_id: ownerCard })).status).toBe(404);
    expect((await post(t, '/api/checkout/orderreview', { cart_id: ownerCart }, thief.token)).status).toBe(404);
    expect((await post(t, '/api/shipping', { cart_id: ownerCart }, thief.token)).status).toBe(404);
    expect((await place('', { cart_id: thiefCart })).status).toBe(401);
    const orders = await db().selectFrom('orders').select('id').where('cart_id', 'in', [ownerCart, thiefCart]).execute();
    expect(orders).toEqual([]);
  });

  it("names the card field when the saved card was removed since it was chosen (someone else's reads the same)", async () => {
    const me = await shopper(t, 'card-gone@example.com');
    const other = await shopper(t, 'card-gone-other@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const othersCard = await saveCard(t, other.token, other.customerId);
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    expect((await post(t, '/api/account/RemoveCreditCard', { card_id: cardId }, me.token)).status).toBe(200);

    const cardGone = 'The card chosen for this order was removed. Please choose another card.';
    const expected = { code: 0, message: cardGone, errors: [{ field: 'card_id', message: cardGone }] };
    const removed = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 2, card_id: cardId },
      me.token,
    );
    expect(removed).toEqual({ status: 404, body: expected });
    const others = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 2, card_id: othersCard },
      me.token,
    );
    expect(others).toEqual({ status: 404, body: expected });
    // A missing cart still reads as one, without a field.
    const noCart = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: 'no-such-cart', delivery_address_id: me.addressId, payment_mode: 2, card_id: cardId },
      me.token,
    );
    expect(noCart.status).toBe(404);
    expect(noCart.body).not.toHaveProperty('errors');
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });

  it("names the address field at review and at place order when the address was deleted since (someone else's reads the same)", async () => {
    const me = await shopper(t, 'address-gone@example.com');
    const other = await shopper(t, 'address-gone-other@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const work = await addAddress(t, me.token, me.customerId, { street1: '11 W 31st St', nickname: 'Work' });
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    expect((await post(t, '/connect/customer/deleteAddress', { address_id: work }, me.token)).status).toBe(200);

    const gone = 'This address is no longer saved. Please choose another.';
    const expected = { status: 404, body: { code: 0, message: gone, errors: [{ field: 'delivery_address_id', message: gone }] } };
    for (const addressId of [work, other.addressId]) {
      const choices = { store_id: 1, speed_id: 1, cart_id: cartId, delivery_address_id: addressId };
      expect(await post(t, '/api/checkout/orderreview', choices, me.token)).toEqual(expected);
      expect(await post(t, '/api/placeorder/placeorder', { ...choices, payment_mode: 2, card_id: cardId }, me.token)).toEqual(expected);
    }
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });

  it('refuses an address in another zip, an unserved zip and an empty cart', async () => {
    const me = await shopper(t, 'zips@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const elsewhere = await addAddress(t, me.token, me.customerId, { street1: '1 Main St', zipcode: '10002', nickname: 'LES' });
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    const wrongZip = await place(me.token, { cart_id: cartId, delivery_address_id: elsewhere, card_id: cardId });
    expect(wrongZip.body).toEqual({ code: -1, message: 'Delivery zipcode Doesnot match with selected product zipcode' });

    const beverlyHills = await addAddress(t, me.token, me.customerId, {
      street1: '9500 Wilshire Blvd',
      city: 'Beverly Hills',
      state: 'CA',
      zipcode: '90210',
      nickname: 'LA',
    });
    const { cartId: unserved } = await makeCart(t, [{ offer: nextOffer(), qty: 1 }], { customerId: me.customerId, zipcode: '90210' });
    const notServed = await place(me.token, { cart_id: unserved, delivery_address_id: beverlyHills, card_id: cardId });
    expect(notServed.body).toMatchObject({ code: -1, message: expect.stringContaining('do not deliver') });

    const { cartId: empty } = await makeCart(t, [], { customerId: me.customerId });
    expect((await place(me.token, { cart_id: empty, delivery_address_id: me.addressId, card_id: cardId })).body).toEqual({
      code: -1,
      message: 'Your cart is empty.',
    });
  });

  it('refuses a product that sold out and a slot that filled while the shopper was paying', async () => {
    const me = await shopper(t, 'late@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const charges = gateway.chargeCount;
    const offer = nextOffer();
    // Tomorrow's noon slot: today's seats are spread over the other tests.
    const noon = { 101: noonSlot(101) };
    const tomorrow = { 101: '2026-12-02' };
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 2 }], tomorrow, { slots: noon });

    await db().updateTable('variant_offers').set({ stock: 1 }).where('id', '=', offer.offerId).execute();
    const short = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, card_id: cardId });
    expect(short.body).toMatchObject({
      code: -1,
      message: expect.stringMatching(/^Only 1 of .+ left in stock\.$/),
      problems: [{ cart_rid: expect.any(Number) }],
    });
    await db().updateTable('variant_offers').set({ stock: 20 }).where('id', '=', offer.offerId).execute();

    // The hold lapses and other carts fill the slot: the order is refused with the slot message.
    clock.advanceMinutes(20);
    const others = await signedInCustomer(t, 'slot-fillers@example.com');
    const seatsLeft = 4 - (await booked(noonSlot(101), tomorrow[101]));
    for (let i = 0; i < seatsLeft; i += 1)
      await readyCart(t, others.token, others.customerId, [{ offer: nextOffer(), qty: 1 }], tomorrow, { slots: noon });
    const full = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, card_id: cardId });
    expect(full.body).toMatchObject({ code: -1, message: 'Your hold on this time slot expired and the slot is now full. Please choose another.' });
    expect(gateway.chargeCount).toBe(charges);
    expect(await stockOf(t, offer.offerId)).toBe(20);
    expect((await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('refuses a cart changed since the summary was shown (another tab), naming shown_grandtotal: nothing placed or held (walk 5 #3)', async () => {
    const me = await shopper(t, 'twotabs@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const charges = gateway.chargeCount;
    const offer = nextOffer();
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer, qty: 1 }]);
    const review = await post(t, '/api/checkout/orderreview', { cart_id: cartId, delivery_address_id: me.addressId, speed_id: 1 }, me.token);
    assert(review.body, orderReviewReply);
    const shown = review.body.data?.grandtotal ?? '';
    expect(shown).toBe('17.49');

    // Another tab raises the quantity: the summary on screen still says $17.49.
    await db().updateTable('cart_items').set({ qty: 2 }).where('cart_id', '=', cartId).execute();
    const stockBefore = await stockOf(t, offer.offerId);
    const order = { cart_id: cartId, delivery_address_id: me.addressId, card_id: cardId, payment_mode: 2 };
    const stale = await place(me.token, { ...order, shown_grandtotal: shown });
    expect(stale.status).toBe(400);
    expect(JSON.parse(stale.body.message ?? '{}')).toMatchObject({
      code: 0,
      errors: [
        {
          field: 'shown_grandtotal',
          message:
            'Your cart changed since this summary was shown: the order now comes to $29.99. Please check the summary and place your order again.',
        },
      ],
    });
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    expect(gateway.chargeCount).toBe(charges);
    expect(await stockOf(t, offer.offerId)).toBe(stockBefore);
    expect((await db().selectFrom('carts').select('status').where('id', '=', cartId).executeTakeFirstOrThrow()).status).toBe('open');

    // The summary priced again shows $29.99: placed with that total, the order stands.
    const again = await place(me.token, { ...order, shown_grandtotal: '29.99' });
    expect(again.body).toMatchObject({ code: 1, message: 'Order Placed.' });
    expect((await orderOf(t, again.body.order_id ?? '')).grand_total_cents).toBe(2999);
  });

  it('refuses a tip without a driver, and a speed the cart cannot use with 400 naming speed_id (issue 23)', async () => {
    const me = await shopper(t, 'speeds@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    // Store Pickup, Dine-In and Courier at a butcher whose items are delivered: never offered, never cheaper.
    for (const speed_id of [2, 3, 10]) {
      const crafted = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, speed_id, payment_mode: 4 });
      expect(crafted.status).toBe(400);
      expect(JSON.parse(crafted.body.message ?? '{}')).toMatchObject({ code: 0, errors: [{ field: 'speed_id' }] });
    }
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    const courier = await readyCart(t, me.token, me.customerId, [{ offer: courierOffer(), qty: 1 }], { 201: '2026-12-02' });
    expect(
      (await place(me.token, { cart_id: courier, delivery_address_id: me.addressId, speed_id: 10, driver_tip: 10, payment_mode: 4 })).body,
    ).toEqual({
      code: -1,
      message: 'A driver tip is only offered with 1 Hour Delivery.',
    });
    const bad = await post(t, '/api/placeorder/placeorder', { cart_id: cartId, driver_tip: 12 }, me.token);
    expect(bad.status).toBe(400);
  });
});

describe('my orders', () => {
  it("lists the caller's orders with their items grouped by delivery method", async () => {
    const me = await shopper(t, 'history@example.com');
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 2 }]);
    const placed = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 4 });
    expect(placed.body.code).toBe(1);
    const response = await t.app.inject({ method: 'GET', url: '/api/account/myorders', headers: { authorization: `Bearer ${me.token}` } });
    const body: unknown = JSON.parse(response.body);
    assert(body, myOrdersReply);
    expect(body.data).toHaveLength(1);
    expect(body.data?.[0]).toMatchObject({
      increment_id: placed.body.order_id,
      delivery_method: 'Local Delivery',
      delivery_fee: '4.99',
      grand_total: '29.99',
      items: [{ product_qty: 2, row_total: '25.00', delivery_method: 'Local Delivery' }],
      pickup_items: [],
      local_delivery_items: [{ product_qty: 2 }],
    });
    const stranger = await signedInCustomer(t, 'stranger@example.com');
    const theirs = await post(t, '/api/account/myorders', {}, stranger.token);
    expect(theirs.body).toEqual({ code: 1, data: [], has_more: false });
  });

  it('names the fees (packaging of a shipped group) with the other parts of the total, which add up to it (walk)', async () => {
    const me = await shopper(t, 'order-fees@example.com');
    const cartId = await readyCart(
      t,
      me.token,
      me.customerId,
      [
        { offer: nextOffer(), qty: 1 },
        { offer: courierOffer(), qty: 1 },
      ],
      { 201: '2026-12-02' },
    );
    const placed = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, driver_tip: 10, payment_mode: 4 });
    expect(placed.body.code).toBe(1);
    const mine = await post(t, '/api/account/myorders', {}, me.token);
    assert(mine.body, myOrdersReply);
    const [order] = mine.body.data ?? [];
    // $9.99 by courier plus the Same Day shop's $4.99, and the courier group's insulated box.
    expect(order).toMatchObject({ increment_id: placed.body.order_id, delivery_fee: '14.98', fee_amount: '2.00' });
    const cents = (dollars: string | undefined) => dollarsToCents(dollars ?? '') ?? Number.NaN;
    const parts = order ? [order.subtotal, order.delivery_fee, order.fee_amount, order.tax, order.driver_tip] : [];
    expect(parts.reduce((sum, part) => sum + cents(part), 0) - cents(order?.discount)).toBe(cents(order?.grand_total));
  });

  it('pages through older orders with before and limit (issue 26: the list stopped at 100)', async () => {
    const me = await shopper(t, 'many-orders@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
      const placed = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 2, card_id: cardId });
      expect(placed.body.code).toBe(1);
      numbers.unshift(placed.body.order_id ?? '');
    }
    const page = async (query: string, token = me.token) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/account/myorders${query}`, headers: { authorization: `Bearer ${token}` } });
      const body: unknown = JSON.parse(response.body);
      assert(body, myOrdersReply);
      return { numbers: (body.data ?? []).map((o) => o.increment_id), hasMore: body.has_more };
    };
    expect(await page('?limit=2')).toEqual({ numbers: numbers.slice(0, 2), hasMore: true });
    expect(await page(`?limit=2&before=${numbers[1] ?? ''}`)).toEqual({ numbers: numbers.slice(2), hasMore: false });
    // The spec's call, with no paging fields, is the newest ones as before.
    const all = await post(t, '/api/account/myorders', {}, me.token);
    expect(all.body).toMatchObject({ code: 1, has_more: false });
    // Another customer's order number finds nothing older of theirs, and reveals nothing.
    const stranger = await signedInCustomer(t, 'pager-stranger@example.com');
    expect(await page(`?before=${numbers[0] ?? ''}`, stranger.token)).toEqual({ numbers: [], hasMore: false });
    const tooMany = await post(t, '/api/account/myorders', { limit: 101 }, me.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ errors: [{ field: 'limit', message: 'limit must be a whole number from 1 to 100.' }] });
  });
});

describe('order status', () => {
  it("shows one of the caller's orders by its number, and nobody else's", async () => {
    const me = await shopper(t, 'tracking@example.com');
    const cardId = await saveCard(t, me.token, me.customerId);
    const cartId = await readyCart(t, me.token, me.customerId, [{ offer: nextOffer(), qty: 1 }]);
    const placed = await place(me.token, { cart_id: cartId, delivery_address_id: me.addressId, payment_mode: 2, card_id: cardId });
    const orderId = placed.body.order_id ?? '';
    expect(placed.body.code).toBe(1);

    const status = (query: string, token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/account/orderstatus?${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const mine = await status(`order_id=${orderId}`, me.token);
    expect(mine.statusCode).toBe(200);
    const body: unknown = JSON.parse(mine.body);
    assert(body, orderStatusReply);
    expect(body.data).toMatchObject({ increment_id: orderId, status: 'processing', items: [{ product_qty: 1, delivery_method: 'Local Delivery' }] });

    const posted = await post(t, '/api/account/orderstatus', { order_id: orderId }, me.token);
    expect(posted.body).toMatchObject({ code: 1, data: { increment_id: orderId } });

    const stranger = await signedInCustomer(t, 'tracking-stranger@example.com');
    expect((await status(`order_id=${orderId}`, stranger.token)).statusCode).toBe(404);
    expect((await status('order_id=999999999', me.token)).statusCode).toBe(404);
    expect((await status(`order_id=${orderId}`)).statusCode).toBe(401);
    const bad = await status('order_id=1%20or%201=1', me.token);
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 0, errors: [{ field: 'order_id', message: 'order_id must be an order number.' }] });
  });
});
