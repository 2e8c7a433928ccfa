import { assert } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSlotReply, type SlotOffer } from '../../src/api/contract/cart-page.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { loadCartLines } from '../../server/services/cart/cart-view.ts';
import { checkSlotHolds } from '../../server/services/cart/slots.ts';
import { cartCall, makeCart, manualClock, pickOffers, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const start = '2026-11-24T15:00:00Z'; // Tuesday 10:00 in New York
const clock = manualClock(start);
let butcher: OfferPick[];
let courier: OfferPick[];
let used = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 30, 0, { priceCents: 1000, stock: 24 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 5, 0, { priceCents: 1000, stock: 24 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
});

/** A guest cart with one Same Day line from the West Village butcher (location 101). */
async function butcherCart(customerId: number | null = null) {
  const offer = butcher[used++];
  if (!offer) throw new Error('out of offers');
  return (await makeCart(t, [{ offer, qty: 1 }], { customerId })).cartId;
}

async function slots(payload: Record<string, unknown>, token?: string) {
  const { status, body } = await post(t, '/connect/driverslot/getslot', { zipcode: '10001', vendor_loc_id: 101, ...payload }, token);
  expect(status).toBe(200);
  assert(body, getSlotReply);
  return body;
}

async function slotIds(payload: Record<string, unknown>): Promise<number[]> {
  return ((await slots(payload)).data ?? []).map((s) => s.slot_id);
}

const schedule = (payload: Record<string, unknown>, token?: string) =>
  cartCall(t, '/api/cart/deliveryschedule', { vendor_loc_id: 101, ...payload }, token);

/** checkSlotHolds as place order calls it: on the cart's lines read in the same transaction. */
async function checkHolds(db: Kysely<Database>, cartId: string) {
  return checkSlotHolds(db, cartId, await loadCartLines(db, cartId), clock.now());
}

describe('POST /connect/driverslot/getslot', () => {
  it("lists a shop's slots with their seats; slots starting within the hour are not offered today", async () => {
    const today = await slots({ order_date: '2026-11-24' });
    expect(today.code).toBe(1);
    // 10:00: the 10:00–12:00 slot is gone; 12:00–14:00 starts in 2 hours.
    expect(today.data).toEqual<SlotOffer[]>([
      { slot_id: 10102, start: '12:00', end: '14:00', available: 4 },
      { slot_id: 10103, start: '14:00', end: '16:00', available: 4 },
      { slot_id: 10104, start: '16:00', end: '18:00', available: 4 },
      { slot_id: 10105, start: '18:00', end: '20:00', available: 4 },
    ]);
    clock.set('2026-11-24T17:59:00Z'); // 12:59
    expect(await slotIds({ order_date: '2026-11-24' })).toEqual([10103, 10104, 10105]);
    clock.set('2026-11-24T18:01:00Z'); // 13:01
    expect(await slotIds({ order_date: '2026-11-24' })).toEqual([10104, 10105]);
    expect(await slotIds({ order_date: '2026-11-25' })).toEqual([10101, 10102, 10103, 10104, 10105]);
  });

  it("takes the storefront's shape, order_date and vendor_id: the vendor's shop in the zip's area, or its first shop", async () => {
    const byLocation = await slotIds({ order_date: '2026-11-25' });
    const byVendor = await post(t, '/connect/driverslot/getslot', { order_date: '2026-11-25', vendor_id: 1 });
    expect(byVendor.status).toBe(200);
    assert(byVendor.body, getSlotReply);
    expect((byVendor.body.data ?? []).map((s) => s.slot_id)).toEqual(byLocation);
    expect(await slotIds({ order_date: '2026-11-25', vendor_loc_id: undefined, vendor_id: 1 })).toEqual(byLocation);
    // A courier has no driver slots; neither id: a 400 naming vendor_id.
    expect((await post(t, '/connect/driverslot/getslot', { order_date: '2026-11-25', vendor_id: 9 })).body).toMatchObject({ code: -1 });
    const neither = await post(t, '/connect/driverslot/getslot', { order_date: '2026-11-25' });
    expect(neither.status).toBe(400);
    assert(neither.body, badRequestBody);
    expect(neither.body.errors.map((e) => e.field)).toEqual(['vendor_id']);
  });

  it("offers the fishmonger's own slots to the same zip", async () => {
    expect(await slotIds({ order_date: '2026-11-25', vendor_loc_id: 102 })).toEqual([10201, 10202, 10203, 10204, 10205]);
  });

  it('has no slots on holidays, closed days, after the cutoff for today, for other zips or for couriers', async () => {
    expect(await slots({ order_date: '2026-11-26' })).toEqual({
      code: -1,
      message: 'Hudson Street Butchers — West Village is closed on 11/26/2026 (Thanksgiving).',
    });
    expect(await slots({ order_date: '2026-11-29' })).toEqual({ code: -1, message: 'Hudson Street Butchers — West Village is closed on Sundays.' });
    clock.set('2026-11-24T20:00:00Z');
    expect((await slots({ order_date: '2026-11-24' })).code).toBe(-1);
    const none = { code: -1, message: 'No Slots are available!' };
    expect(await slots({ order_date: '2026-11-25', zipcode: '60601' })).toEqual(none);
    expect(await slots({ order_date: '2026-11-25', zipcode: '90210' })).toEqual(none);
    expect(await slots({ order_date: '2026-11-25', vendor_loc_id: 201 })).toEqual(none);
    expect(await slots({ order_date: '2026-11-25', vendor_loc_id: 999 })).toEqual(none);
  });

  it("refuses a cart that is not the caller's and malformed bodies", async () => {
    const owner = await signedInCustomer(t, 'slots-owner@example.com');
    const cartId = await butcherCart(owner.customerId);
    expect(
      (await post(t, '/connect/driverslot/getslot', { zipcode: '10001', vendor_loc_id: 101, order_date: '2026-11-25', cart_id: cartId })).status,
    ).toBe(404);
    expect((await slots({ order_date: '2026-11-25', cart_id: cartId }, owner.token)).code).toBe(1);
    const bad = await post(t, '/connect/driverslot/getslot', { zipcode: '1000', vendor_loc_id: 'x', order_date: '25/11/2026' });
    expect(bad.status).toBe(400);
  });
});

describe('holding a seat in a slot (POST /api/cart/deliveryschedule with slot_id)', () => {
  it('holds a seat for 15 minutes and shows the slot on the group and its lines', async () => {
    const cartId = await butcherCart();
    const held = await schedule({ cart_id: cartId, delivery_date: '2026-11-24', slot_id: 10103 });
    expect(held.code).toBe(1);
    expect(held.data.delivery_groups[0]).toMatchObject({
      vendor_loc_id: 101,
      delivery_date: '2026-11-24',
      timeslot: { slot_id: 10103, start: '14:00', end: '16:00' },
      hold_expires_at: '2026-11-24T15:15:00.000Z',
    });
    expect(held.data.result[0]?.timeslot).toEqual({ slot_id: 10103, start: '14:00', end: '16:00' });
    // Others see one seat fewer; the cart itself still sees its own seat as free.
    expect((await slots({ order_date: '2026-11-24' })).data?.find((s) => s.slot_id === 10103)?.available).toBe(3);
    expect((await slots({ order_date: '2026-11-24', cart_id: cartId })).data?.find((s) => s.slot_id === 10103)?.available).toBe(4);
  });

  it('two carts racing for the last seat: exactly one gets it, and the other keeps its cart as it was', async () => {
    const date = '2026-11-25';
    for (let i = 0; i < 3; i++) {
      expect((await schedule({ cart_id: await butcherCart(), delivery_date: date, slot_id: 10104 })).code).toBe(1);
    }
    const racers = [await butcherCart(), await butcherCart()];
    const replies = await Promise.all(racers.map((cartId) => schedule({ cart_id: cartId, delivery_date: date, slot_id: 10104 })));
    const winners = replies.filter((r) => r.code === 1);
    const losers = replies.filter((r) => r.code === -1);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]?.message).toBe('This time slot is full. Please choose another.');
    expect(losers[0]?.data.delivery_groups[0]).toMatchObject({ delivery_date: null, timeslot: null, hold_expires_at: null });

    const held = await t.database.db
      .selectFrom('slot_holds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', 10104)
      .where('slot_date', '=', date)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(4);
    expect(await slotIds({ order_date: date })).not.toContain(10104);
  });

  it('a hold that expires frees the seat for someone else', async () => {
    const date = '2026-11-27';
    const first = await butcherCart();
    for (let i = 0; i < 3; i++) await schedule({ cart_id: await butcherCart(), delivery_date: date, slot_id: 10105 });
    expect((await schedule({ cart_id: first, delivery_date: date, slot_id: 10105 })).code).toBe(1);
    const late = await butcherCart();
    expect((await schedule({ cart_id: late, delivery_date: date, slot_id: 10105 })).code).toBe(-1);

    clock.advanceMinutes(15);
    expect((await slots({ order_date: date })).data?.find((s) => s.slot_id === 10105)?.available).toBe(4);
    expect((await schedule({ cart_id: late, delivery_date: date, slot_id: 10105 })).code).toBe(1);
    // The first cart still shows its choice, with a hold in the past; at checkout its seat is gone.
    const stale = await showcart(t, { cart_id: first });
    expect(stale.data.delivery_groups[0]?.hold_expires_at).toBe('2026-11-24T15:15:00.000Z');
    const check = await checkHolds(t.database.db, late);
    expect(check).toMatchObject({ ok: true });
  });

  it('refuses a slot of another shop, an unknown slot, a past slot and a holiday', async () => {
    const cartId = await butcherCart();
    const cases: [string, number, string][] = [
      ['2026-11-25', 10201, 'This time slot is not offered by this seller.'],
      ['2026-11-25', 99999, 'This time slot is not offered by this seller.'],
      ['2026-11-24', 10101, 'This time slot has passed. Please choose another.'],
      ['2026-11-26', 10102, 'Hudson Street Butchers — West Village is closed on 11/26/2026 (Thanksgiving).'],
    ];
    for (const [date, slotId, message] of cases) {
      const refused = await schedule({ cart_id: cartId, delivery_date: date, slot_id: slotId });
      expect(refused).toMatchObject({ code: -1, message });
    }
    expect(await t.database.db.selectFrom('slot_holds').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });

  it('choosing another slot, or a date alone, gives the old seat back', async () => {
    const date = '2026-11-30';
    const cartId = await butcherCart();
    await schedule({ cart_id: cartId, delivery_date: date, slot_id: 10101 });
    await schedule({ cart_id: cartId, delivery_date: date, slot_id: 10102 });
    const seats = async () => Object.fromEntries(((await slots({ order_date: date })).data ?? []).map((s) => [s.slot_id, s.available]));
    expect(await seats()).toMatchObject({ 10101: 4, 10102: 3 });
    const dateOnly = await schedule({ cart_id: cartId, delivery_date: date, slot_id: null });
    expect(dateOnly.data.delivery_groups[0]).toMatchObject({ delivery_date: date, timeslot: null });
    expect(await seats()).toMatchObject({ 10101: 4, 10102: 4 });
  });

  it('a cart that was ordered or cleared no longer holds its seat', async () => {
    const date = '2026-12-01';
    const cartId = await butcherCart();
    await schedule({ cart_id: cartId, delivery_date: date, slot_id: 10103 });
    await t.database.db.updateTable('carts').set({ status: 'cleared' }).where('id', '=', cartId).execute();
    expect((await slots({ order_date: date })).data?.find((s) => s.slot_id === 10103)?.available).toBe(4);
  });

  it("answers 404 for another shopper's cart and holds nothing", async () => {
    const owner = await signedInCustomer(t, 'hold-owner@example.com');
    const other = await signedInCustomer(t, 'hold-other@example.com');
    const cartId = await butcherCart(owner.customerId);
    const response = await post(
      t,
      '/api/cart/deliveryschedule',
      { cart_id: cartId, vendor_loc_id: 101, delivery_date: '2026-12-02', slot_id: 10101 },
      other.token,
    );
    expect(response.status).toBe(404);
    expect(await t.database.db.selectFrom('slot_holds').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
  });
});

describe('a date alone (POST /api/cart/deliveryschedule without slot_id: one statement, no transaction)', () => {
  it('sent while place order holds the cart, waits for it and saves nothing on the ordered cart (404)', async () => {
    const offer = courier[0];
    if (!offer) throw new Error('out of offers');
    const { cartId } = await makeCart(t, [{ offer, qty: 1 }]);
    const db = t.database.db;
    const dates = () => db.selectFrom('cart_deliveries').select('delivery_date').where('cart_id', '=', cartId).execute();
    let answer: Promise<{ status: number }> | undefined;
    await db.transaction().execute(async (trx) => {
      // As place order: the cart locked, then closed, before its commit.
      await trx.selectFrom('carts').select('id').where('id', '=', cartId).forUpdate().execute();
      await trx.updateTable('carts').set({ status: 'ordered' }).where('id', '=', cartId).execute();
      answer = post(t, '/api/cart/deliveryschedule', { cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-12-03' });
      if (t.databaseUrl) {
        // PostgreSQL: the call read the cart as open (the order is not committed) and now waits on the cart's row lock
        // (asked on another connection: pg_stat_activity is a snapshot taken once per transaction).
        // (The embedded database runs the call after this transaction: it reads the cart as ordered.)
        await vi.waitFor(
          async () => {
            const waiting = await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
            expect(waiting.rows[0]?.n).toBe(1);
          },
          { timeout: 20_000 },
        );
      }
    });
    expect((await answer)?.status).toBe(404);
    expect(await dates()).toEqual([]);
  });

  it('saves the date on an open cart', async () => {
    const offer = courier[1];
    if (!offer) throw new Error('out of offers');
    const { cartId } = await makeCart(t, [{ offer, qty: 1 }]);
    const reply = await cartCall(t, '/api/cart/deliveryschedule', { cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-12-03' });
    expect(reply.code).toBe(1);
    const saved = await t.database.db.selectFrom('cart_deliveries').select(['loc_id', 'delivery_date']).where('cart_id', '=', cartId).execute();
    expect(saved).toEqual([{ loc_id: 201, delivery_date: '2026-12-03' }]);
  });
});

describe('checkSlotHolds (for place order; its order books the seats: checkout-place-order.test.ts)', () => {
  it('asks for every missing date and slot', async () => {
    const offer = courier[0];
    const local = butcher[used++];
    if (!offer || !local) throw new Error('out of offers');
    const { cartId } = await makeCart(t, [
      { offer: local, qty: 1 },
      { offer, qty: 1 },
    ]);
    expect(await checkHolds(t.database.db, cartId)).toEqual({
      ok: false,
      problems: [
        { vendor_loc_id: 101, message: 'Required' },
        { vendor_loc_id: 201, message: 'Required' },
      ],
    });
    await schedule({ cart_id: cartId, delivery_date: '2026-12-03', slot_id: null });
    await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-12-03' });
    expect(await checkHolds(t.database.db, cartId)).toEqual({ ok: false, problems: [{ vendor_loc_id: 101, message: 'Required' }] });
    await schedule({ cart_id: cartId, delivery_date: '2026-12-03', slot_id: 10102 });
    expect(await checkHolds(t.database.db, cartId)).toMatchObject({ ok: true });
  });

  it('takes an expired hold again while the seat is free, and refuses it once someone else took it', async () => {
    const date = '2026-12-04';
    const cartId = await butcherCart();
    await schedule({ cart_id: cartId, delivery_date: date, slot_id: 10101 });
    clock.advanceMinutes(20);
    expect(await checkHolds(t.database.db, cartId)).toMatchObject({ ok: true });
    const renewed = await t.database.db.selectFrom('slot_holds').select('expires_at').where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    expect(renewed.expires_at.toISOString()).toBe('2026-11-24T15:35:00.000Z');

    clock.advanceMinutes(20);
    for (let i = 0; i < 4; i++) await schedule({ cart_id: await butcherCart(), delivery_date: date, slot_id: 10101 });
    expect(await checkHolds(t.database.db, cartId)).toEqual({
      ok: false,
      problems: [{ vendor_loc_id: 101, message: 'Your hold on this time slot expired and the slot is now full. Please choose another.' }],
    });
  });
});
