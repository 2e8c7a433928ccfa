import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { orderStatusReply } from '../../src/api/contract/checkout.contract.ts';
import { consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { orderHeadline, timelineStepLabel } from '../../src/rules/fulfilment.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { weighedLines } from '../../server/services/fulfilment/order-transitions.ts';
import { packSettlementMessages } from '../../server/services/fulfilment/order-weighing.ts';
import { substitutionWindowMessages } from '../../server/services/fulfilment/substitutions.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, post } from './cart-page-helpers.ts';
import { checkoutNow, today, tokenize } from './checkout-helpers.ts';
import { orderOf, signedInCustomer } from './fixtures.ts';
import { json, startTestApp } from './test-app.ts';
import { dineInRestaurant, paidDineInOrder, restaurantOffers } from './wallet-fixtures.ts';

/**
 * QA walk 3: the restaurant marked a dine-in order Served on 11/30, the day before its table (12/01 7 PM), and the
 * wallet filled at once. A table is served on its day by the restaurant's clock: the server refuses Served before it
 * (400 naming `event`) and the console list does not offer it (fulfilment.ts tableDayRefusal, one rule for both).
 */
const dayBefore = '2026-11-30T14:00:00Z';
const clock = manualClock(dayBefore);
const t = await startTestApp({ clock: clock.now, payments: new TestPaymentGateway(clock.now), rateLimits: generousLimits });
afterAll(() => t.close());

const staffMade = await addStoreUser(t.database.db, { email: 'serve-staff@example.com', password: 'Secret123!', role: 'staff', locIds: [] });
if (staffMade.kind === 'invalid') throw new Error(staffMade.message);
const staff = await startSession(t.database.db, staffMade.customerId);
const offers = await restaurantOffers(t.database, 'dine-in', 1, { priceCents: 2400, stock: 50 });

const move = async (orderNumber: string, event: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/staff/orders/move', { order_id: orderNumber, event, reason: 'At the table', ...extra }, staff);

async function staffCard(orderNumber: string) {
  const listed = json(await t.app.inject({ method: 'GET', url: `/api/staff/orders?date=${today}`, headers: { authorization: `Bearer ${staff}` } }));
  assert(listed, consoleOrdersReply);
  return listed.data?.find((o) => o.order_number === orderNumber);
}

describe('a dine-in order is served on its table day, not before (QA walk 3)', () => {
  test('the day before its table Table ready is refused, before its time Served is (400 naming event, not offered); then both are taken', async () => {
    const email = 'serve-early@example.com';
    const me = await signedInCustomer(t, email);
    const offer = offers[0];
    if (!offer) throw new Error('no dine-in offer');
    // Booked on 11/30 for tonight's table of 12/01 (wallet-fixtures' dineInVisit), not served yet.
    const placed = await paidDineInOrder(
      t,
      me,
      [{ offer, qty: 1 }],
      { payment_mode: 2, card_token: await tokenize(t, '4242424242424242') },
      dineInRestaurant,
      false,
    );
    expect(placed.code).toBe(1);
    const number = placed.orderNumber;
    const order = await orderOf(t, number);
    const weights = (await weighedLines(t.database.db, order.id)).map((l) => ({ item_id: l.id, grams: 500 }));
    for (const event of ['accept', 'pick'] as const) expect((await move(number, event)).status).toBe(200);
    // QA walk 6 #2: Table ready the day before its table charged the card in full and mailed 'is now: Table ready'.
    // It waits for the table's day: refused naming `event`, not offered, nothing charged nor mailed.
    expect((await staffCard(number))?.moves).not.toContain('pack');
    const readyEarly = await move(number, 'pack', { weights_confirmed: true, weights });
    expect(readyEarly.status).toBe(400);
    expect(readyEarly.body).toMatchObject({
      errors: [
        { field: 'event', message: 'This table is booked for 12/01/2026 at 7:00 PM: the order can be marked Table ready on that day, not before.' },
      ],
    });
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'picking', capture_state: 'held', final_total_cents: null });
    // The table's day (9 am in New York): Table ready is offered and taken, the card charged then.
    clock.set(checkoutNow);
    expect((await staffCard(number))?.moves).toContain('pack');
    expect((await move(number, 'pack', { weights_confirmed: true, weights })).status).toBe(200);
    // Too late for a substitute once the table is ready: said in the table's words, not 'being picked'.
    const itemId = (await t.database.db.selectFrom('order_items').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).id;
    const late = await post(t, '/api/staff/orders/substitute', { order_id: number, item_id: itemId, out: true }, staff);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'Substitutes can only be proposed while the order is being prepared.' });
    expect(substitutionWindowMessages('dine_in').windowClosed).toBe('This substitute can no longer be changed: the order is marked Table ready.');
    expect(substitutionWindowMessages('delivery').windowClosed).toBe('This substitute can no longer be changed: the order is packed.');

    // The console's card: packed, its table at 7 pm by the restaurant's clock (9 am now); Served is not among its moves.
    const before = await staffCard(number);
    expect(before).toMatchObject({
      state: 'packed',
      kind: 'dine_in',
      delivery_date: today,
      table_today: today,
      table_time: '19:00',
      table_minutes: 540,
    });
    expect(before?.moves).not.toContain('serve');
    expect(before?.moves).toContain('cancel');

    // QA walk 6 #2: a table for 8 pm was Served at 3:03 pm. Served waits for the table's time (half an hour early at most).
    const early = await move(number, 'serve');
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      errors: [
        { field: 'event', message: 'This table is booked for 12/01/2026 at 7:00 PM: the order can be marked Served from 6:30 PM, not before.' },
      ],
    });
    // Nothing moved: still packed, nothing in the wallet yet.
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'packed' });
    expect(await t.database.db.selectFrom('wallet_entries').select('id').where('order_id', '=', order.id).execute()).toEqual([]);

    // A table's words, not a delivery's (QA walk 3: 'Being picked' and 'Packed' in dine-in mails), on the mails, the
    // shopper's order and the console's card alike.
    // Each move's mail is written after its commit: waited for, never timed.
    const subjectsOf = async () =>
      (await t.database.db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute()).map((m) => m.subject);
    await expect.poll(subjectsOf).toEqual(expect.arrayContaining([`Your order #${number}: being prepared`, `Your order #${number}: table ready`]));
    const subjects = await subjectsOf();
    expect(subjects.join(' ')).not.toMatch(/being picked|packed/i);
    const status = json(
      await t.app.inject({ method: 'GET', url: `/api/account/orderstatus?order_id=${number}`, headers: { authorization: `Bearer ${me.token}` } }),
    );
    assert(status, orderStatusReply);
    expect(status.data?.items.map((i) => i.status)).toEqual(status.data?.items.map(() => 'Table ready'));
    expect(orderHeadline(status.data ?? { status: '' })).toBe('Table ready');
    expect((status.data?.timeline ?? []).map((step) => timelineStepLabel(step, 'dine_in'))).toEqual(
      expect.arrayContaining(['Being prepared', 'Table ready']),
    );

    // 6:30 pm in New York, half an hour before the table: the card offers Served and the server takes it.
    clock.set('2026-12-01T23:30:00Z');
    const onTheDay = await staffCard(number);
    expect(onTheDay?.table_today).toBe(today);
    expect(onTheDay?.moves).toContain('serve');
    expect((await move(number, 'serve')).status).toBe(200);
    expect(await orderOf(t, number)).toMatchObject({ fulfilment_state: 'served' });
  });

  test("packing that cannot settle the card says the table's words: nothing marked Table ready, press Table ready again", async () => {
    clock.set(checkoutNow);
    const me = await signedInCustomer(t, 'serve-gone-hold@example.com');
    const offer = offers[0];
    if (!offer) throw new Error('no dine-in offer');
    const card = { payment_mode: 2, card_token: await tokenize(t, '4242424242424242') };
    const placed = await paidDineInOrder(t, me, [{ offer, qty: 1 }], card, dineInRestaurant, false);
    expect(placed.code).toBe(1);
    const number = placed.orderNumber;
    for (const event of ['accept', 'pick'] as const) expect((await move(number, event)).status).toBe(200);
    const order = await orderOf(t, number);
    expect(order.capture_state).toBe('held');
    // The hold is gone at the provider: its capture at packing fails and nothing is packed (catch-weight.test.ts).
    await t.database.db.updateTable('orders').set({ payment_ref: 'pi_test_gone' }).where('id', '=', order.id).execute();
    const weights = (await weighedLines(t.database.db, order.id)).map((l) => ({ item_id: l.id, grams: 500 }));
    const packed = await move(number, 'pack', { weights_confirmed: true, weights });
    expect(packed.status).toBe(409);
    const message = packSettlementMessages('dine_in').captureFailed;
    expect(packed.body).toMatchObject({ code: -1, message });
    expect(message).toContain('nothing was marked Table ready or charged');
    expect(packSettlementMessages('dine_in').settleFailed).toContain('Please press Table ready again');
    expect(JSON.stringify(packed.body)).not.toMatch(/packed/i);
  });
});
