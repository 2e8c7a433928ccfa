import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDeliveryDateReply, type NextDeliveryDateEntry } from '../../src/api/contract/cart-page.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { seedDeliveryIfMissing } from '../../server/db/seed/seed-delivery.ts';
import { cartCall, makeCart, manualClock, pickOffers, post, showcart, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
// Tuesday Nov 24, 2026, 10:00 in New York; Thanksgiving (a holiday for every vendor) is Thursday Nov 26.
const clock = manualClock('2026-11-24T15:00:00Z');
let butcher: OfferPick[];
let courier: OfferPick[];
let farm: OfferPick[];
let next = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 10, 0, { priceCents: 1000, stock: 24 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 10, 0, { priceCents: 1000, stock: 24 });
  farm = await pickOffers(t, { speed: 'farm-direct', locId: 301 }, 10, 0, { priceCents: 1000, stock: 24 });
});
afterAll(async () => {
  await t.close();
});

const vendors = [
  { vendor_id: 1, delivery_type: 'local' }, // Hudson Street Butchers
  { vendor_id: 9, delivery_type: 'courier' }, // ColdChain Express
  { vendor_id: 10, delivery_type: 'farm-direct' }, // Green Pastures Farm: Tuesdays and Fridays
];

async function nextDates(at: string, body: Record<string, unknown> = { vendors }): Promise<NextDeliveryDateEntry[]> {
  clock.set(at);
  const { status, body: reply } = await post(t, '/connect/delivery/nextDeliveryDate', body);
  expect(status).toBe(200);
  assert(reply, nextDeliveryDateReply);
  expect(reply.status).toBe(1);
  return reply.response;
}

async function datesAt(at: string): Promise<string[]> {
  return (await nextDates(at)).map((e) => e.delivery_date);
}

describe('POST /connect/delivery/nextDeliveryDate', () => {
  it('before 3 pm New York time: Same Day today, Next Day tomorrow, farms on their next Tuesday or Friday', async () => {
    const entries = await nextDates('2026-11-24T15:00:00Z');
    expect(entries.map((e) => [e.vendor_id, e.delivery_type, e.delivery_date, e.cutoff])).toEqual([
      [1, 'local', '2026-11-24', '2026-11-24T20:00:00.000Z'],
      [9, 'courier', '2026-11-25', '2026-11-24T20:00:00.000Z'],
      // Two days' lead is Thursday, Thanksgiving; Friday is a farm delivery day.
      [10, 'farm-direct', '2026-11-27', '2026-11-24T20:00:00.000Z'],
    ]);
  });

  it('from 3 pm (EST) orders move to the next day, and the cutoff is no longer offered', async () => {
    expect(await datesAt('2026-11-24T19:59:00Z')).toEqual(['2026-11-24', '2026-11-25', '2026-11-27']);
    const after = await nextDates('2026-11-24T20:00:00Z');
    // Courier: Thursday is Thanksgiving, so Friday.
    expect(after.map((e) => e.delivery_date)).toEqual(['2026-11-25', '2026-11-27', '2026-11-27']);
    expect(after.every((e) => e.cutoff === null)).toBe(true);
  });

  it('uses 3 pm EDT in summer', async () => {
    // Wednesday Jul 15, 2026: 18:59 UTC is 14:59 in New York.
    expect((await datesAt('2026-07-15T18:59:00Z'))[0]).toBe('2026-07-15');
    expect((await datesAt('2026-07-15T19:00:00Z'))[0]).toBe('2026-07-16');
  });

  it('on the eve of a holiday, after the cutoff Same Day skips the holiday', async () => {
    expect(await datesAt('2026-11-25T19:00:00Z')).toEqual(['2026-11-25', '2026-11-27', '2026-11-27']);
    // The farm's three days' lead lands on Saturday, so its next delivery day is Tuesday.
    expect(await datesAt('2026-11-25T20:30:00Z')).toEqual(['2026-11-27', '2026-11-27', '2026-12-01']);
  });

  it('skips closed Sundays: Saturday after 3 pm delivers on Monday', async () => {
    expect((await datesAt('2026-11-28T21:00:00Z'))[0]).toBe('2026-11-30');
    // 03:00 UTC on Sunday is still Saturday 22:00 in New York.
    expect((await datesAt('2026-11-29T03:00:00Z'))[0]).toBe('2026-11-30');
  });

  it('lists the dates each vendor does not deliver over the next 60 days', async () => {
    const [local, , farmEntry] = await nextDates('2026-11-24T15:00:00Z');
    expect(local?.holidays).toEqual(expect.arrayContaining(['2026-11-26', '2026-11-29', '2026-12-25', '2027-01-01']));
    expect(local?.holidays).not.toContain('2026-11-27');
    expect(local?.holidays.every((d) => d >= '2026-11-24' && d < '2027-01-23')).toBe(true);
    // The farm: every day but Tuesdays and Fridays (and the holidays).
    expect(farmEntry?.holidays.slice(0, 6)).toEqual(['2026-11-25', '2026-11-26', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-02']);
    expect(farmEntry?.holidays).toContain('2026-12-25'); // a Friday, and Christmas
  });

  it("takes the spec's bare array of vendor_id and delivery_type too, answering the same", async () => {
    const wrapped = await nextDates('2026-11-24T15:00:00Z');
    const response = await t.app.inject({ method: 'POST', url: '/connect/delivery/nextDeliveryDate', payload: vendors });
    expect(response.statusCode).toBe(200);
    const reply: unknown = response.json();
    assert(reply, nextDeliveryDateReply);
    expect(reply).toEqual({ status: 1, response: wrapped });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/connect/delivery/nextDeliveryDate',
      payload: [{ vendor_id: 'x', delivery_type: 'local' }],
    });
    expect(bad.statusCode).toBe(400);
    const refusal: unknown = bad.json();
    assert(refusal, badRequestBody);
    expect(refusal.errors.map((e) => e.field)).toEqual(['vendors.0.vendor_id']);
  });

  it("takes the area shop's vendor_loc_id and says why each closed day is closed (issue 23)", async () => {
    const [byVendor] = await nextDates('2026-11-24T15:00:00Z', { vendors: [vendors[0]] });
    const entries = await nextDates('2026-11-24T15:00:00Z', {
      vendors: [
        { vendor_loc_id: 101, delivery_type: 'local' },
        { vendor_loc_id: 424242, delivery_type: 'local' },
      ],
    });
    expect(entries).toHaveLength(1);
    const [shop] = entries;
    expect(shop).toMatchObject({ vendor_id: 1, vendor_loc_id: 101, delivery_date: '2026-11-24', holidays: byVendor?.holidays });
    expect(shop?.closed?.map((c) => c.date)).toEqual(shop?.holidays);
    expect(shop?.closed).toEqual(
      expect.arrayContaining([
        { date: '2026-11-26', reason: 'Hudson Street Butchers — West Village is closed on 11/26/2026 (Thanksgiving).' },
        { date: '2026-11-29', reason: 'Hudson Street Butchers — West Village is closed on Sundays.' },
      ]),
    );
    // The same words getslot refuses that day with: the picker and the slot check never disagree.
    const slot = await post(t, '/connect/driverslot/getslot', { order_date: '2026-11-29', zipcode: '10001', vendor_loc_id: 101 });
    expect(slot.body).toMatchObject({ code: -1, message: 'Hudson Street Butchers — West Village is closed on Sundays.' });
    const [farmEntry] = await nextDates('2026-11-24T15:00:00Z', { vendors: [vendors[2]] });
    expect(farmEntry?.closed?.find((c) => c.date === '2026-11-25')?.reason).toBe('Green Pastures Farm delivers only on Tuesdays and Fridays.');
    const neither = await post(t, '/connect/delivery/nextDeliveryDate', { vendors: [{ delivery_type: 'local' }] });
    expect(neither.status).toBe(400);
    assert(neither.body, badRequestBody);
    expect(neither.body.errors.map((e) => e.field)).toEqual(['vendors.0.vendor_id']);
  });

  it('leaves unknown vendors out and refuses malformed bodies', async () => {
    const entries = await nextDates('2026-11-24T15:00:00Z', { vendors: [{ vendor_id: 424242, delivery_type: 'local' }, vendors[0]] });
    expect(entries.map((e) => e.vendor_id)).toEqual([1]);
    const bad = await post(t, '/connect/delivery/nextDeliveryDate', { vendors: [{ vendor_id: 'x', delivery_type: 'Same Day' }] });
    expect(bad.status).toBe(400);
    assert(bad.body, badRequestBody);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['vendors.0.delivery_type', 'vendors.0.vendor_id']);
  });
});

describe('POST /api/cart/deliveryschedule: dates', () => {
  async function freshCart(customerId: number | null = null) {
    const i = next++;
    const lines = [butcher[i], courier[i], farm[i]].map((offer) => {
      if (!offer) throw new Error('out of offers');
      return { offer, qty: 1 };
    });
    return makeCart(t, lines, { customerId });
  }

  const schedule = (payload: Record<string, unknown>, token?: string) => cartCall(t, '/api/cart/deliveryschedule', payload, token);

  it('saves a date the vendor delivers on and shows it on the group and its lines', async () => {
    clock.set('2026-11-24T15:00:00Z');
    const { cartId } = await freshCart();
    const saved = await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-27' });
    expect(saved.code).toBe(1);
    const group = saved.data.delivery_groups.find((g) => g.vendor_loc_id === 201);
    expect(group).toMatchObject({ delivery_date: '2026-11-27', timeslot: null, hold_expires_at: null });
    expect(saved.data.result.filter((l) => l.vendor_loc_id === 201).map((l) => l.delivery_date)).toEqual(['2026-11-27']);
    const farmSaved = await schedule({ cart_id: cartId, vendor_loc_id: 301, delivery_date: '2026-12-01', slot_id: null });
    expect(farmSaved.data.delivery_groups.find((g) => g.vendor_loc_id === 301)?.delivery_date).toBe('2026-12-01');
  });

  it('refuses a holiday, a date before the next delivery date, a closed day and a non-delivery weekday, changing nothing', async () => {
    clock.set('2026-11-24T15:00:00Z');
    const { cartId } = await freshCart();
    await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-27' });
    const cases: [number, string, string][] = [
      [201, '2026-11-26', 'ColdChain Express — Columbus Hub is closed on 11/26/2026 (Thanksgiving).'],
      [201, '2026-11-24', 'The earliest delivery date for ColdChain Express — Columbus Hub is 11/25/2026.'],
      [201, '2026-11-29', 'ColdChain Express — Columbus Hub is closed on Sundays.'],
      [301, '2026-12-02', 'Green Pastures Farm delivers only on Tuesdays and Fridays.'],
      [301, '2026-11-24', 'The earliest delivery date for Green Pastures Farm is 11/27/2026.'],
      [101, '2026-11-23', 'The earliest delivery date for Hudson Street Butchers — West Village is 11/24/2026.'],
      [201, '2027-03-02', 'ColdChain Express — Columbus Hub takes delivery dates up to 60 days ahead.'],
    ];
    for (const [locId, date, message] of cases) {
      const refused = await schedule({ cart_id: cartId, vendor_loc_id: locId, delivery_date: date });
      expect(refused).toMatchObject({ code: -1, message });
      expect(refused.data.delivery_groups.find((g) => g.vendor_loc_id === 201)?.delivery_date).toBe('2026-11-27');
    }
    const rows = await t.database.db.selectFrom('cart_deliveries').select(['loc_id', 'delivery_date']).where('cart_id', '=', cartId).execute();
    expect(rows).toEqual([{ loc_id: 201, delivery_date: '2026-11-27' }]);
  });

  it('after the cutoff the same date is refused; a saved date that has passed reads as not chosen', async () => {
    clock.set('2026-11-24T15:00:00Z');
    const { cartId } = await freshCart();
    expect((await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-25' })).code).toBe(1);
    clock.set('2026-11-24T20:00:00Z');
    const late = await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-25' });
    expect(late.message).toBe('The earliest delivery date for ColdChain Express — Columbus Hub is 11/27/2026.');
    expect(late.data.delivery_groups.find((g) => g.vendor_loc_id === 201)?.delivery_date).toBeNull();
    clock.set('2026-11-24T15:00:00Z');
  });

  it('refuses a slot for a group that is not Same Day', async () => {
    clock.set('2026-11-24T15:00:00Z');
    const { cartId } = await freshCart();
    const refused = await schedule({ cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-27', slot_id: 10101 });
    expect(refused).toMatchObject({ code: -1, message: 'This seller delivers without time slots.' });
  });

  it("answers 404 for a cart that is not the caller's or a seller not in the cart, and 400 for bad dates", async () => {
    clock.set('2026-11-24T15:00:00Z');
    const owner = await signedInCustomer(t, 'dates-owner@example.com');
    const other = await signedInCustomer(t, 'dates-other@example.com');
    const { cartId } = await freshCart(owner.customerId);
    const payload = { cart_id: cartId, vendor_loc_id: 201, delivery_date: '2026-11-27' };
    expect((await post(t, '/api/cart/deliveryschedule', payload, other.token)).status).toBe(404);
    expect((await post(t, '/api/cart/deliveryschedule', payload)).status).toBe(404);
    expect((await post(t, '/api/cart/deliveryschedule', { ...payload, vendor_loc_id: 302 }, owner.token)).status).toBe(404);
    expect(await t.database.db.selectFrom('cart_deliveries').select('loc_id').where('cart_id', '=', cartId).execute()).toEqual([]);
    for (const delivery_date of ['11/27/2026', '2026-02-30', '']) {
      expect((await post(t, '/api/cart/deliveryschedule', { ...payload, delivery_date }, owner.token)).status).toBe(400);
    }
    expect((await schedule(payload, owner.token)).code).toBe(1);
    expect((await showcart(t, { cart_id: cartId }, owner.token)).data.delivery_groups.find((g) => g.vendor_loc_id === 201)?.delivery_date).toBe(
      '2026-11-27',
    );
  });
});

describe('a database seeded before the delivery tables existed', () => {
  it('gets the delivery seed once, and only when it has none', async () => {
    const db = t.database.db;
    expect(await seedDeliveryIfMissing(db)).toBe(false);
    await db.deleteFrom('driver_slot_templates').execute();
    await db.deleteFrom('vendor_holidays').execute();
    expect(await seedDeliveryIfMissing(db)).toBe(true);
    const templates = await db
      .selectFrom('driver_slot_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(templates.n)).toBe(8 * 5);
    expect((await datesAt('2026-11-25T20:30:00Z'))[0]).toBe('2026-11-27');
  });
});
