import { assert } from 'superstruct';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { orderStatusReply, placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { getSlotReply } from '../../src/api/contract/cart-page.contract.ts';
import { rescheduleOptionsReply, rescheduleReply } from '../../src/api/contract/reschedule.contract.ts';
import { timelineStepLabel } from '../../src/rules/fulfilment.ts';
import { capacityDayReply } from '../../src/api/contract/seller-capacity.contract.ts';
import { closeDayRefusal } from '../../src/rules/seller-day.ts';
import { fulfilmentMessages } from '../../src/rules/fulfilment.ts';
import { changeClosedText, orderChangeKind } from '../../src/rules/order-change.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { slotMessages } from '../../server/services/cart/slots.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOffers, post } from './cart-page-helpers.ts';
import { checkoutNow, readyCart, saveCard, shopper } from './checkout-helpers.ts';
import { orderOf, stockOf, takeInTurn } from './fixtures.ts';
import { twoSellerOrder } from './fixtures/two-seller-order.ts';
import { json, startTestApp } from './test-app.ts';

/**
 * Issue 24 items 3 and 6: the shopper moves an order's delivery (or cancels it) until the seller's cutoff, with the
 * seats held and freed as the cart's; the seller closes days, changes a slot's seats and sets stock, and the
 * storefront's calendar, slots and cart obey at once. The clock is the server's (deps.clock), moved by hand.
 */
const clock = manualClock(checkoutNow); // 2026-12-01 9:00 in New York, a Tuesday
const gateway = new TestPaymentGateway(clock.now);
const t = await startTestApp({ clock: clock.now, payments: gateway, rateLimits: generousLimits });
afterAll(() => t.close());
beforeEach(() => clock.set(checkoutNow));

const db = t.database.db;
const buyer = await shopper(t, 'reschedule-buyer@example.com');
const offers = await pickOffers(t, { speed: 'local', locId: 101 }, 20, 0, { priceCents: 1250, stock: 100 });
const nextOffer = takeInTurn(() => offers);
/** Loc 101's slots (seed: loc id × 100 + 1..5). */
const slot = (n: number) => 101 * 100 + n;

async function storeUser(email: string, role: 'seller' | 'staff', locIds: number[]): Promise<string> {
  const made = await addStoreUser(db, { email, password: 'Secret123!', role, locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(db, made.customerId);
}
const seller = await storeUser('resched-seller-101@example.com', 'seller', [101]);
const otherSeller = await storeUser('resched-seller-102@example.com', 'seller', [102]);
const staff = await storeUser('resched-staff@example.com', 'staff', []);

/** A paid order of the buyer's at loc 101 for `date` in slot `slotN`. */
async function paidOrder(date: string, slotN = 1): Promise<{ number: string; offerId: number }> {
  const offer = nextOffer();
  const cartId = await readyCart(t, buyer.token, buyer.customerId, [{ offer, qty: 2 }], { 101: date }, { slots: { 101: slot(slotN) } });
  const cardId = await saveCard(t, buyer.token, buyer.customerId);
  const placed = await post(
    t,
    '/api/placeorder/placeorder',
    { cart_id: cartId, delivery_address_id: buyer.addressId, speed_id: 1, payment_mode: 2, card_id: cardId },
    buyer.token,
  );
  assert(placed.body, placeOrderReply);
  if (placed.body.code !== 1 || !placed.body.order_id) throw new Error(JSON.stringify(placed.body));
  return { number: placed.body.order_id, offerId: offer.offerId };
}

async function timeline(orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/account/orderstatus?order_id=${orderId}`,
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  const body = json(response);
  assert(body, orderStatusReply);
  return body.data?.timeline ?? [];
}

async function booked(templateId: number, date: string): Promise<number> {
  const row = await db
    .selectFrom('driver_slots')
    .select('booked')
    .where('template_id', '=', templateId)
    .where('slot_date', '=', date)
    .executeTakeFirst();
  return row?.booked ?? 0;
}

/**
 * The change panel's request: an order's reschedule options (for a date, one seller's delivery, another's token), the
 * reply checked against the contract when it is an answer (a 404 is only its status).
 */
async function options(orderId: string, ask: { date?: string; locId?: number; token?: string } = {}) {
  const query = [`order_id=${orderId}`, ask.date && `date=${ask.date}`, ask.locId !== undefined && `vendor_loc_id=${ask.locId}`];
  const url = `/api/account/order/reschedule?${query.filter(Boolean).join('&')}`;
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ask.token ?? buyer.token}` } });
  if (response.statusCode !== 200) return { status: response.statusCode, data: undefined };
  const body = json(response);
  assert(body, rescheduleOptionsReply);
  return { status: response.statusCode, data: body.data };
}

const reschedule = (orderId: string, date: string, slotId: number | null, token = buyer.token) =>
  post(t, '/api/account/order/reschedule', { order_id: orderId, delivery_date: date, slot_id: slotId }, token);

async function capacity(token: string, role: 'seller' | 'staff', locId: number, date: string) {
  const url = `/api/${role}/capacity?loc_id=${locId}&date=${date}`;
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: json(response) };
}

async function getslot(date: string) {
  const reply = await post(t, '/connect/driverslot/getslot', { order_date: date, zipcode: '10001', vendor_loc_id: 101 }, buyer.token);
  assert(reply.body, getSlotReply);
  return reply.body;
}

describe('the shopper reschedules before the cutoff', () => {
  test('moves the delivery to a free slot on another date: the new seat booked, the old one freed, a mail sent', async () => {
    const order = await paidOrder('2026-12-04', 1);
    const seen = await options(order.number, { date: '2026-12-05' });
    expect(seen.data).toMatchObject({ can_change: true, refusal: null, delivery_date: '2026-12-04', slot_id: slot(1), date_refusal: null });
    expect(seen.data?.slots.map((s) => s.slot_id)).toContain(slot(3));

    const oldBefore = await booked(slot(1), '2026-12-04');
    const newBefore = await booked(slot(3), '2026-12-05');
    const moved = await reschedule(order.number, '2026-12-05', slot(3));
    expect(moved.status).toBe(200);
    assert(moved.body, rescheduleReply);
    expect(moved.body.data).toMatchObject({ delivery_date: '2026-12-05', time_slot: expect.stringContaining('–') });
    expect(await booked(slot(1), '2026-12-04')).toBe(oldBefore - 1);
    expect(await booked(slot(3), '2026-12-05')).toBe(newBefore + 1);
    const row = await orderOf(t, order.number);
    const deliverable = await db.selectFrom('order_deliverables').selectAll().where('order_id', '=', row.id).executeTakeFirstOrThrow();
    expect(deliverable).toMatchObject({ delivery_date: '2026-12-05', slot_template_id: slot(3) });
    // The move's mail goes out after its answer (reschedule.ts): wait for it, then check it is one.
    const mails = () => db.selectFrom('outbox').select('subject').where('subject', '=', `Your order #${order.number}: delivery moved`).execute();
    await expect.poll(async () => (await mails()).length).toBe(1);
    // Decision 044: the move is on the shopper's timeline with its time, the shopper as actor and where it went.
    const moved1 = await timeline(order.number);
    expect(moved1.at(-1)).toEqual({
      state: 'rescheduled',
      at: clock.now().toISOString(),
      actor: 'shopper',
      reason: `Now on 12/05/2026, ${moved.body.data?.time_slot ?? ''}`,
    });
    expect(moved1.map((s) => s.state)).toEqual(['placed', 'rescheduled']);

    // The same slot again moves nothing, books nothing twice and adds no step.
    expect((await reschedule(order.number, '2026-12-05', slot(3))).status).toBe(200);
    expect(await booked(slot(3), '2026-12-05')).toBe(newBefore + 1);
    expect(await timeline(order.number)).toHaveLength(2);
    // A reschedule is not a move: the state stays, and the seller's next move follows on the timeline.
    expect(await orderOf(t, order.number)).toMatchObject({ fulfilment_state: 'placed' });
    expect((await post(t, '/api/seller/orders/move', { order_id: order.number, event: 'accept' }, seller)).status).toBe(200);
    expect((await timeline(order.number)).map((s) => [s.state, s.actor])).toEqual([
      ['placed', 'shopper'],
      ['rescheduled', 'shopper'],
      ['accepted', 'seller'],
    ]);
  });

  test('a full slot and a closed day are refused (409) with the reason, the order left as it was', async () => {
    const order = await paidOrder('2026-12-04', 2);
    expect((await post(t, '/api/seller/capacity/slot', { loc_id: 101, date: '2026-12-08', slot_id: slot(4), seats: 0 }, seller)).status).toBe(200);
    const full = await reschedule(order.number, '2026-12-08', slot(4));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ message: slotMessages.full });

    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-09', closed: true }, seller)).status).toBe(200);
    const closed = await reschedule(order.number, '2026-12-09', slot(1));
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ message: expect.stringContaining('is closed on 12/09/2026 (Closed by the seller)') });
    const seen = await options(order.number, { date: '2026-12-09' });
    expect(seen.data?.holidays).toContain('2026-12-09');
    expect(seen.data?.date_refusal).toContain('is closed');
    const row = await orderOf(t, order.number);
    const deliverable = await db.selectFrom('order_deliverables').selectAll().where('order_id', '=', row.id).executeTakeFirstOrThrow();
    expect(deliverable).toMatchObject({ delivery_date: '2026-12-04', slot_template_id: slot(2) });
  });

  test('bad input is a 400 naming the field; someone else’s order a 404', async () => {
    const order = await paidOrder('2026-12-04', 1);
    expect((await reschedule(order.number, '2026-12-05', null)).body).toMatchObject({ errors: [{ field: 'slot_id' }] });
    expect((await reschedule(order.number, '2026-12-05', 102 * 100 + 1)).body).toMatchObject({ errors: [{ field: 'slot_id' }] });
    expect((await reschedule(order.number, '12/05/2026', slot(1))).body).toMatchObject({ errors: [{ field: 'delivery_date' }] });
    const stranger = await shopper(t, 'reschedule-stranger@example.com');
    expect((await reschedule(order.number, '2026-12-05', slot(1), stranger.token)).status).toBe(404);
    expect((await options(order.number, { token: stranger.token })).status).toBe(404);
  });
});

describe('after the cutoff the shopper is told why, and the server refuses', () => {
  test('past 3 pm Eastern the day before: options say why, reschedule and cancel are 409 with the same words', async () => {
    const order = await paidOrder('2026-12-04', 1);
    clock.set('2026-12-03T20:30:00Z'); // 3:30 pm in New York, the day before
    const seen = await options(order.number);
    expect(seen.data).toMatchObject({ can_change: false, refusal: fulfilmentMessages.pastCutoffTime });
    const moved = await reschedule(order.number, '2026-12-07', slot(1));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ message: fulfilmentMessages.pastCutoffTime });
    const canceled = await post(t, '/api/account/order/cancel', { order_id: order.number }, buyer.token);
    expect(canceled.status).toBe(409);
    expect(canceled.body).toMatchObject({ message: fulfilmentMessages.pastCutoffTime });
  });

  test('past the cutoff the order page offers no panel, only why (walk 9 S16); before it, the panel', async () => {
    const order = await paidOrder('2026-12-04', 2);
    const page = async () => {
      const reply = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/account/orderstatus?order_id=${order.number}`,
          headers: { authorization: `Bearer ${buyer.token}` },
        }),
      );
      assert(reply, orderStatusReply);
      if (!reply.data) throw new Error('no order');
      return reply.data;
    };
    const before = await page();
    expect(before.change_refusal).toBeNull();
    expect(orderChangeKind(before)).toBe('delivery');
    expect(changeClosedText(before)).toBeUndefined();
    clock.set('2026-12-03T20:30:00Z'); // 3:30 pm in New York, the day before
    const after = await page();
    // The options' own refusal: what the panel would have said, and it would have offered neither a move nor a cancel.
    expect((await options(order.number)).data).toMatchObject({ can_change: false, cancel_refusal: fulfilmentMessages.pastCutoffTime });
    expect(after).toMatchObject({ can_cancel: false, change_refusal: fulfilmentMessages.pastCutoffTime });
    expect(orderChangeKind(after)).toBeUndefined();
    expect(changeClosedText(after)).toBe(fulfilmentMessages.pastCutoffTime);
    // Once picking started the page never offered a panel: no line either (the timeline says it is being prepared).
    for (const event of ['accept', 'pick']) await post(t, '/api/seller/orders/move', { order_id: order.number, event }, seller);
    const picking = await page();
    expect(picking.change_refusal).toBe(fulfilmentMessages.pastCutoff);
    expect(changeClosedText(picking)).toBeUndefined();
  });

  test('once picking started: refused, the seller is preparing it', async () => {
    const order = await paidOrder('2026-12-04', 1);
    await post(t, '/api/seller/orders/move', { order_id: order.number, event: 'accept' }, seller);
    await post(t, '/api/seller/orders/move', { order_id: order.number, event: 'pick' }, seller);
    const moved = await reschedule(order.number, '2026-12-07', slot(1));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ message: fulfilmentMessages.pastCutoff });
  });
});

describe('a day its seller closed after the cutoff (QA walk 6): its orders may still move or cancel', () => {
  test('closed past 3 pm the day before: the mail, the options and can_cancel agree; one order moves, one cancels in full', async () => {
    const moving = await paidOrder('2026-12-18', 3);
    const canceling = await paidOrder('2026-12-18', 4);
    clock.set('2026-12-17T20:30:00Z'); // 3:30 pm in New York, the day before: past the cutoff
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-18', closed: true }, seller)).status).toBe(200);
    // The mail offers what the order page offers: another date or a cancel, whatever the cutoff.
    const mailOf = (number: string) =>
      db
        .selectFrom('outbox')
        .select('body_text')
        .where('subject', '=', `Your order #${number}: please choose another delivery date`)
        .executeTakeFirst();
    await expect.poll(async () => (await mailOf(moving.number))?.body_text ?? '').toContain('The usual cutoff does not apply');
    const seen = await options(moving.number);
    expect(seen.data).toMatchObject({ can_change: true, refusal: null, day_closed: true, date: '2026-12-18' });
    // The closed day itself is not offered: the shopper picks another.
    expect(seen.data?.date_refusal).not.toBeNull();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${canceling.number}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const statusBody = json(status);
    assert(statusBody, orderStatusReply);
    expect(statusBody.data?.can_cancel).toBe(true);

    // Moved to an open date: the new seat booked, the closed day's freed.
    const seatsBefore = await booked(slot(3), '2026-12-18');
    const moved = await reschedule(moving.number, '2026-12-21', slot(3));
    expect(moved.status).toBe(200);
    expect(await booked(slot(3), '2026-12-18')).toBe(seatsBefore - 1);
    // On an open day again, its cutoff is that day's: still ahead, so it may change.
    const after = await options(moving.number);
    expect(after.data).toMatchObject({ can_change: true, day_closed: false, delivery_date: '2026-12-21' });

    // Canceled on the closed day: refunded in full, as any shopper's cancel.
    const canceled = await post(t, '/api/account/order/cancel', { order_id: canceling.number }, buyer.token);
    expect(canceled.status).toBe(200);
    const row = await orderOf(t, canceling.number);
    expect(row).toMatchObject({ fulfilment_state: 'canceled', status: 'canceled' });
    expect(gateway.isRefunded(row.payment_ref ?? '')).toBe(true);
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-18', closed: false }, seller)).status).toBe(200);
  });

  test('two sellers, the other past its cutoff: the closed day’s delivery moves, Cancel is neither offered nor taken (086 left)', async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: 31, date: '2026-12-18', second: { locId: 102, speed: 'local', date: '2026-12-17' } });
    clock.set('2026-12-16T20:30:00Z'); // 3:30 pm in New York: the fishmonger's 12/17 delivery is past its cutoff
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-18', closed: true }, seller)).status).toBe(200);
    const refusal = fulfilmentMessages.cancelPastCutoff('2026-12-17');
    // The closed day's delivery may move; the whole order may not be canceled, and the options say so before asking.
    expect((await options(number, { locId: 101 })).data).toMatchObject({
      vendor_loc_id: 101,
      day_closed: true,
      can_change: true,
      cancel_refusal: refusal,
    });
    // The mail offers what the page offers (087 left: it promised a cancel the page refused): the move, by the panel's
    // own title, why the order cannot be canceled, and the link to follow the order (walk 8 #8).
    const mailed = () =>
      db
        .selectFrom('outbox')
        .select('body_text')
        .where('subject', '=', `Your order #${number}: please choose another delivery date`)
        .executeTakeFirst();
    await expect.poll(async () => (await mailed())?.body_text ?? '').toContain('(Change delivery)');
    const closedMail = (await mailed())?.body_text ?? '';
    expect(closedMail).not.toMatch(/can cancel|Change delivery or cancel/);
    expect(closedMail).toContain(refusal);
    expect(closedMail).toMatch(/Your orders: \S+\/setting\/order/);
    // The order page's can_cancel and the server's cancel read the same rule: both no, in the same words.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${number}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const statusBody = json(status);
    assert(statusBody, orderStatusReply);
    expect(statusBody.data?.can_cancel).toBe(false);
    // The move is offered, so the page offers its panel (titled for it), not the closed-changes line.
    expect(statusBody.data?.change_refusal).toBeNull();
    const canceled = await post(t, '/api/account/order/cancel', { order_id: number }, buyer.token);
    expect(canceled.status).toBe(409);
    expect(canceled.body).toMatchObject({ message: refusal });
    // What the panel offers works: the closed day's delivery moves to an open date.
    const moved = await post(
      t,
      '/api/account/order/reschedule',
      { order_id: number, vendor_loc_id: 101, delivery_date: '2026-12-21', slot_id: slot(2) },
      buyer.token,
    );
    expect(moved.status).toBe(200);
    expect((await orderOf(t, number)).fulfilment_state).toBe('placed');
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-18', closed: false }, seller)).status).toBe(200);
  });

  test('two sellers, the other starting to pick after the close: the closed day’s delivery still moves, Cancel is not offered (086 left)', async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: 33, date: '2026-12-29' });
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-29', closed: true }, seller)).status).toBe(200);
    // The fishmonger goes on with their part: the order is being prepared, the butcher's part still on the closed day.
    expect((await post(t, '/api/seller/orders/move', { order_id: number, event: 'accept' }, otherSeller)).status).toBe(200);
    expect((await post(t, '/api/seller/orders/move', { order_id: number, event: 'pick' }, otherSeller)).status).toBe(200);
    // The panel opens on the closed day's delivery (no part asked for) and offers its move, not a cancel.
    const seen = await options(number);
    expect(seen.data).toMatchObject({
      vendor_loc_id: 101,
      day_closed: true,
      can_change: true,
      cancel_refusal: fulfilmentMessages.cancelBeingPrepared,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${number}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const statusBody = json(status);
    assert(statusBody, orderStatusReply);
    expect(statusBody.data).toMatchObject({ fulfilment_state: 'picking', can_cancel: false, can_move: true });
    const canceled = await post(t, '/api/account/order/cancel', { order_id: number }, buyer.token);
    expect(canceled.status).toBe(409);
    expect(canceled.body).toMatchObject({ message: fulfilmentMessages.cancelBeingPrepared });
    // The fishmonger's own delivery may not move: it is being picked.
    const fishMove = await post(
      t,
      '/api/account/order/reschedule',
      { order_id: number, vendor_loc_id: 102, delivery_date: '2026-12-30', slot_id: 102 * 100 + 2 },
      buyer.token,
    );
    expect(fishMove.status).toBe(409);
    const moved = await post(
      t,
      '/api/account/order/reschedule',
      { order_id: number, vendor_loc_id: 101, delivery_date: '2026-12-21', slot_id: slot(4) },
      buyer.token,
    );
    expect(moved.status).toBe(200);
    // Moved off the closed day, it waits for its seller like any part: nothing more to move.
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/account/orderstatus?order_id=${number}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const afterBody = json(after);
    assert(afterBody, orderStatusReply);
    expect(afterBody.data).toMatchObject({ can_cancel: false, can_move: false });
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-29', closed: false }, seller)).status).toBe(200);
  });

  test('an order already being prepared on the day: the close is refused (409) naming it, nobody mailed', async () => {
    const order = await paidOrder('2026-12-22', 2);
    await post(t, '/api/seller/orders/move', { order_id: order.number, event: 'accept' }, seller);
    await post(t, '/api/seller/orders/move', { order_id: order.number, event: 'pick' }, seller);
    const refused = await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-22', closed: true }, seller);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: closeDayRefusal([order.number], '2026-12-22') });
    const day = await capacity(seller, 'seller', 101, '2026-12-22');
    assert(day.body, capacityDayReply);
    expect(day.body.data).toMatchObject({ closed: null, booked_orders: 1, preparing_orders: 1 });
    expect(await timeline(order.number)).not.toContainEqual(expect.objectContaining({ state: 'day_closed' }));
  });
});

describe('closing a day with another seller’s part of an order being prepared (086 left)', () => {
  test('refused naming the order, and the close question counts it: its shopper could no longer move the closed part', async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: 32, date: '2026-12-23' });
    // The fishmonger starts picking: the order is being prepared, though the butcher's part has not even been accepted.
    expect((await post(t, '/api/seller/orders/move', { order_id: number, event: 'accept' }, otherSeller)).status).toBe(200);
    expect((await post(t, '/api/seller/orders/move', { order_id: number, event: 'pick' }, otherSeller)).status).toBe(200);
    const day = await capacity(seller, 'seller', 101, '2026-12-23');
    assert(day.body, capacityDayReply);
    expect(day.body.data).toMatchObject({ closed: null, booked_orders: 1, preparing_orders: 1 });
    const refused = await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-23', closed: true }, seller);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: closeDayRefusal([number], '2026-12-23') });
    // Staff closing it for the store are refused the same.
    const byStaff = await post(t, '/api/staff/capacity/day', { loc_id: 101, date: '2026-12-23', closed: true, reason: 'Flooded' }, staff);
    expect(byStaff.status).toBe(409);
    expect(await timeline(number)).not.toContainEqual(expect.objectContaining({ state: 'day_closed' }));
  });
});

describe('cancel before the cutoff', () => {
  test('refunds in full and gives back the stock and the seat', async () => {
    const order = await paidOrder('2026-12-04', 5);
    const stockBefore = await stockOf(t, order.offerId);
    const seatsBefore = await booked(slot(5), '2026-12-04');
    const reply = await post(t, '/api/account/order/cancel', { order_id: order.number }, buyer.token);
    expect(reply.status).toBe(200);
    const row = await orderOf(t, order.number);
    expect(row).toMatchObject({ fulfilment_state: 'canceled', status: 'canceled' });
    expect(gateway.isRefunded(row.payment_ref ?? '')).toBe(true);
    expect(await stockOf(t, order.offerId)).toBe(stockBefore + 2);
    expect(await booked(slot(5), '2026-12-04')).toBe(seatsBefore - 1);
    // Canceled: it cannot be moved any more.
    expect((await reschedule(order.number, '2026-12-07', slot(1))).status).toBe(409);
    // The shopper's cancel is on her timeline, with its time and her as actor.
    expect((await timeline(order.number)).at(-1)).toMatchObject({ state: 'canceled', actor: 'shopper', at: clock.now().toISOString() });
  });

  test('reschedule racing the seller’s accept: both are counted one after the other, the order booked once', async () => {
    const order = await paidOrder('2026-12-04', 1);
    const before = (await booked(slot(2), '2026-12-10')) + (await booked(slot(1), '2026-12-04'));
    const [accepted, moved] = await Promise.all([
      post(t, '/api/seller/orders/move', { order_id: order.number, event: 'accept' }, seller),
      reschedule(order.number, '2026-12-10', slot(2)),
    ]);
    expect([accepted.status, moved.status]).toEqual([200, 200]);
    expect((await booked(slot(2), '2026-12-10')) + (await booked(slot(1), '2026-12-04'))).toBe(before);
  });
});

describe('the seller’s day: closed days, seats, stock', () => {
  test('closing a day shows it closed (not full) in the calendar and getslot; reopening opens it', async () => {
    // Open first, so the vendor's calendar is kept (decision 078): the seller's change must drop it at once.
    expect((await getslot('2026-12-11')).code).toBe(1);
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-11', closed: true }, seller)).status).toBe(200);
    const refused = await getslot('2026-12-11');
    expect(refused.code).toBe(-1);
    expect(refused.message).toContain('is closed on 12/11/2026');
    const day = await capacity(seller, 'seller', 101, '2026-12-11');
    assert(day.body, capacityDayReply);
    expect(day.body.data).toMatchObject({ closed: 'Closed by the seller', reopenable: true });
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-11', closed: false }, seller)).status).toBe(200);
    expect((await getslot('2026-12-11')).code).toBe(1);
  });

  test('closing a day with orders booked: the day says how many; each order is flagged on its timeline and its shopper mailed', async () => {
    const order = await paidOrder('2026-12-16', 2);
    const before = await capacity(seller, 'seller', 101, '2026-12-16');
    assert(before.body, capacityDayReply);
    expect(before.body.data?.booked_orders).toBe(1);
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-16', closed: true }, seller)).status).toBe(200);
    const steps = await timeline(order.number);
    expect(steps.at(-1)).toMatchObject({ state: 'day_closed', actor: 'seller' });
    expect(timelineStepLabel(steps.at(-1) ?? { state: '' })).toBe('The seller closed that day: please choose another date');
    const subject = `Your order #${order.number}: please choose another delivery date`;
    await expect.poll(async () => (await db.selectFrom('outbox').select('subject').where('subject', '=', subject).execute()).length).toBe(1);
    // The order is as it was: still placed, its shopper may move it (the reschedule offers the open dates).
    expect(await orderOf(t, order.number)).toMatchObject({ fulfilment_state: 'placed', status: 'processing' });
    // Closing again mails nobody twice.
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-16', closed: true }, seller)).status).toBe(200);
    expect((await db.selectFrom('outbox').select('subject').where('subject', '=', subject).execute()).length).toBe(1);
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-16', closed: false }, seller)).status).toBe(200);
  });

  test('seats below the booked count drop no order: the slot just offers no seat', async () => {
    const order = await paidOrder('2026-12-14', 3);
    expect((await post(t, '/api/seller/capacity/slot', { loc_id: 101, date: '2026-12-14', slot_id: slot(3), seats: 0 }, seller)).status).toBe(200);
    const slots = await getslot('2026-12-14');
    expect(slots.data?.some((s) => s.slot_id === slot(3))).toBe(false);
    expect(await orderOf(t, order.number)).toMatchObject({ status: 'processing', fulfilment_state: 'placed' });
    const day = await capacity(seller, 'seller', 101, '2026-12-14');
    assert(day.body, capacityDayReply);
    expect(day.body.data?.slots.find((s) => s.slot_id === slot(3))).toMatchObject({ seats: 0, booked: 1 });
    // Seats back: the slot offers seats again.
    await post(t, '/api/seller/capacity/slot', { loc_id: 101, date: '2026-12-14', slot_id: slot(3), seats: 5 }, seller);
    expect((await getslot('2026-12-14')).data?.find((s) => s.slot_id === slot(3))?.available).toBe(4);
  });

  test('stock set by the seller is what add to cart sees; other locations and shoppers get 404, bad input 400', async () => {
    const offer = nextOffer();
    expect((await post(t, '/api/seller/stock', { offer_id: offer.offerId, stock: 7 }, seller)).status).toBe(200);
    expect(await stockOf(t, offer.offerId)).toBe(7);
    expect((await post(t, '/api/seller/stock', { offer_id: offer.offerId, stock: 1 }, otherSeller)).status).toBe(404);
    expect((await post(t, '/api/seller/stock', { offer_id: offer.offerId, stock: 1 }, buyer.token)).status).toBe(404);
    expect((await post(t, '/api/staff/stock', { offer_id: offer.offerId, stock: 9, reason: 'Recount' }, staff)).status).toBe(200);
    expect(await stockOf(t, offer.offerId)).toBe(9);
    expect((await post(t, '/api/seller/stock', { offer_id: offer.offerId, stock: -1 }, seller)).body).toMatchObject({ errors: [{ field: 'stock' }] });
    expect((await capacity(otherSeller, 'seller', 101, '2026-12-14')).status).toBe(404);
    expect((await post(t, '/api/seller/capacity/day', { loc_id: 101, date: '2026-12-15', closed: true }, otherSeller)).status).toBe(404);
    expect((await post(t, '/api/seller/capacity/slot', { loc_id: 102, date: '2026-12-15', slot_id: slot(1), seats: 1 }, otherSeller)).status).toBe(
      404,
    );
    expect(
      (await post(t, '/api/seller/capacity/slot', { loc_id: 101, date: '2026-12-15', slot_id: slot(1), seats: 'many' }, seller)).body,
    ).toMatchObject({
      errors: [{ field: 'seats' }],
    });
  });

  test("each stock row names its size, so one product's sizes are told apart", async () => {
    const day = await capacity(seller, 'seller', 101, '2026-12-14');
    assert(day.body, capacityDayReply);
    const products = day.body.data?.products ?? [];
    expect(products.length).toBeGreaterThan(0);
    // A bundle has no size (null); every sized product says its size as shoppers read it.
    const sized = products.filter((p) => p.size !== null);
    expect(sized.length).toBeGreaterThan(0);
    expect(sized.filter((p) => !/^[\d.]+ (lb|g|kg|ml|L)$/.test(p.size ?? ''))).toEqual([]);
    const rows = products.map((p) => `${p.product_name} ${p.size ?? ''} ${p.speed}`);
    expect(new Set(rows).size).toBe(rows.length);
  });
});

describe('staff run any seller location’s day, with a reason (decision 044)', () => {
  test('close, reopen, seats and stock from /staff: a reason is required (400 on reason) and kept with each change', async () => {
    const changes = () =>
      db
        .selectFrom('capacity_changes')
        .select(['loc_id', 'actor_role', 'change', 'detail', 'reason'])
        .where('loc_id', '=', 101)
        .orderBy('id')
        .execute();
    const before = (await changes()).length;
    // No reason, or only spaces: refused, nothing changed.
    for (const reason of [undefined, '   ']) {
      const refused = await post(
        t,
        '/api/staff/capacity/day',
        { loc_id: 101, date: '2026-12-16', closed: true, ...(reason === undefined ? {} : { reason }) },
        staff,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ field: 'reason' }] });
    }
    expect((await post(t, '/api/staff/capacity/slot', { loc_id: 101, date: '2026-12-16', slot_id: slot(2), seats: 2 }, staff)).body).toMatchObject({
      errors: [{ field: 'reason' }],
    });
    expect((await post(t, '/api/staff/stock', { offer_id: nextOffer().offerId, stock: 2 }, staff)).body).toMatchObject({
      errors: [{ field: 'reason' }],
    });
    expect((await getslot('2026-12-16')).code).toBe(1);
    expect(await changes()).toHaveLength(before);

    // With a reason: the day closes for the storefront, seats and stock change, each kept with who and why.
    expect(
      (await post(t, '/api/staff/capacity/day', { loc_id: 101, date: '2026-12-16', closed: true, reason: 'Flooded kitchen' }, staff)).status,
    ).toBe(200);
    expect((await getslot('2026-12-16')).message).toContain('is closed on 12/16/2026 (Closed by the store)');
    expect((await capacity(staff, 'staff', 101, '2026-12-16')).body).toMatchObject({ data: { closed: 'Closed by the store', reopenable: true } });
    expect((await post(t, '/api/staff/capacity/day', { loc_id: 101, date: '2026-12-16', closed: false, reason: 'Fixed' }, staff)).status).toBe(200);
    expect((await getslot('2026-12-16')).code).toBe(1);
    expect(
      (await post(t, '/api/staff/capacity/slot', { loc_id: 101, date: '2026-12-16', slot_id: slot(2), seats: 2, reason: 'Short of drivers' }, staff))
        .status,
    ).toBe(200);
    const day = await capacity(staff, 'staff', 101, '2026-12-16');
    assert(day.body, capacityDayReply);
    expect(day.body.data?.slots.find((s) => s.slot_id === slot(2))).toMatchObject({ seats: 2 });
    const offer = nextOffer();
    expect((await post(t, '/api/staff/stock', { offer_id: offer.offerId, stock: 4, reason: 'Recount' }, staff)).status).toBe(200);
    // A seller's change is kept too, its reason optional.
    expect((await post(t, '/api/seller/stock', { offer_id: offer.offerId, stock: 5 }, seller)).status).toBe(200);
    expect((await changes()).slice(before)).toEqual([
      { loc_id: 101, actor_role: 'staff', change: 'close', detail: '2026-12-16', reason: 'Flooded kitchen' },
      { loc_id: 101, actor_role: 'staff', change: 'reopen', detail: '2026-12-16', reason: 'Fixed' },
      { loc_id: 101, actor_role: 'staff', change: 'seats', detail: `slot ${slot(2)} on 2026-12-16: 2 seats`, reason: 'Short of drivers' },
      { loc_id: 101, actor_role: 'staff', change: 'stock', detail: `offer ${offer.offerId}: 4`, reason: 'Recount' },
      { loc_id: 101, actor_role: 'seller', change: 'stock', detail: `offer ${offer.offerId}: 5`, reason: null },
    ]);
    // Not staff: a seller of another location and a shopper are not found, reason or not.
    expect((await post(t, '/api/staff/stock', { offer_id: offer.offerId, stock: 1, reason: 'x' }, otherSeller)).status).toBe(404);
    expect((await post(t, '/api/staff/capacity/day', { loc_id: 101, date: '2026-12-16', closed: true, reason: 'x' }, buyer.token)).status).toBe(404);
    // An unknown location: 404 for staff too.
    expect((await post(t, '/api/staff/capacity/day', { loc_id: 999_999, date: '2026-12-16', closed: true, reason: 'x' }, staff)).status).toBe(404);
  });
});

describe('an order of two sellers: one delivery moves, the other stays (QA walk 3 item 5)', () => {
  test('options list both deliveries and the cutoff date; the move, its reply, mail and timeline name whose moved', async () => {
    const { number } = await twoSellerOrder(t, { buyer, skip: 30, date: '2026-12-11' });
    const seen = await options(number);
    const parts = seen.data?.parts ?? [];
    expect(parts.map((p) => [p.vendor_loc_id, p.delivery_date])).toEqual([
      [101, '2026-12-11'],
      [102, '2026-12-11'],
    ]);
    const fish = parts[1]?.vendor_name ?? '';
    const butcher = parts[0]?.vendor_name ?? '';
    // The fishmonger's delivery is asked for by its location: its own slots, its own name.
    expect((await options(number, { locId: 102 })).data).toMatchObject({ vendor_loc_id: 102, vendor_name: fish, cutoff_date: '2026-12-11' });

    const moved = await post(
      t,
      '/api/account/order/reschedule',
      { order_id: number, vendor_loc_id: 102, delivery_date: '2026-12-14', slot_id: 102 * 100 + 2 },
      buyer.token,
    );
    expect(moved.status).toBe(200);
    assert(moved.body, rescheduleReply);
    expect(moved.body.data).toMatchObject({ delivery_date: '2026-12-14', vendor_loc_id: 102, vendor_name: fish });
    const row = await orderOf(t, number);
    const dates = await db
      .selectFrom('order_deliverables')
      .select(['loc_id', 'delivery_date'])
      .where('order_id', '=', row.id)
      .orderBy('loc_id')
      .execute();
    expect(dates).toEqual([
      { loc_id: 101, delivery_date: '2026-12-11' },
      { loc_id: 102, delivery_date: '2026-12-14' },
    ]);
    // The cutoff counts from the earliest delivery still going: the butcher's, not the one just moved.
    const after = await options(number);
    expect(after.data?.cutoff_date).toBe('2026-12-11');
    // The mail says whose delivery moved and that the other stays; the timeline names the seller.
    const mail = () =>
      db.selectFrom('outbox').select('body_text').where('subject', '=', `Your order #${number}: a delivery moved`).executeTakeFirst();
    await expect
      .poll(async () => (await mail())?.body_text ?? '')
      .toContain(`The delivery from ${fish} in your order #${number} will now be on 12/14/2026`);
    expect((await mail())?.body_text).toContain(`The delivery from ${butcher} stays on 12/11/2026`);
    expect((await timeline(number)).at(-1)).toMatchObject({ state: 'rescheduled', seller: fish });
  });
});
