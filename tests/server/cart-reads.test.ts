import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCartLines, loadCartLinesAndTax, loadDeliveryChoices, taxRateForZip } from '../../server/services/cart/cart-view.ts';
import { makeCart, pickOffers, type OfferPick } from './cart-page-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Decision 072's folded reads, at the service: the delivery choices (dates and seat holds in one full join) and the
 * cart lines with the zip's sales tax (one statement; the tax alone for an empty cart) answer what the separate
 * reads answered.
 */
let t: TestApp;
let butcher: OfferPick[];
let courier: OfferPick[];

beforeAll(async () => {
  t = await startTestApp();
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 2, 0, { priceCents: 1000, stock: 24 });
  courier = await pickOffers(t, { speed: 'courier', locId: 201 }, 2, 0, { priceCents: 1000, stock: 24 });
});
afterAll(() => t.close());

const offer = (picks: OfferPick[], index: number): OfferPick => {
  const pick = picks[index];
  if (!pick) throw new Error('no offer picked');
  return pick;
};

describe('loadDeliveryChoices', () => {
  it('answers a date alone, a held seat alone, and both, per vendor location', async () => {
    const db = t.database.db;
    const { cartId } = await makeCart(t, [
      { offer: offer(butcher, 0), qty: 1 },
      { offer: offer(courier, 0), qty: 1 },
    ]);
    expect(await loadDeliveryChoices(db, cartId)).toEqual(new Map());

    const template = await db
      .selectFrom('driver_slot_templates')
      .select(['id', 'start_time', 'end_time'])
      .where('loc_id', '=', 101)
      .executeTakeFirstOrThrow();
    const expiresAt = new Date('2030-01-01T12:00:00Z');
    await db.insertInto('cart_deliveries').values({ cart_id: cartId, loc_id: 201, delivery_date: '2029-12-28' }).execute();
    await db
      .insertInto('slot_holds')
      .values({ cart_id: cartId, loc_id: 101, template_id: template.id, slot_date: '2029-12-27', expires_at: expiresAt })
      .execute();
    const hold = { templateId: template.id, start: template.start_time, end: template.end_time, slotDate: '2029-12-27', expiresAt };
    expect(await loadDeliveryChoices(db, cartId)).toEqual(
      new Map([
        [201, { date: '2029-12-28', hold: null }],
        [101, { date: null, hold }],
      ]),
    );

    await db.insertInto('cart_deliveries').values({ cart_id: cartId, loc_id: 101, delivery_date: '2029-12-27' }).execute();
    const both = await loadDeliveryChoices(db, cartId);
    expect(both.get(101)).toEqual({ date: '2029-12-27', hold });
    expect(both.get(201)).toEqual({ date: '2029-12-28', hold: null });
    expect(both.size).toBe(2);
  });
});

describe('loadCartLinesAndTax', () => {
  it("answers the cart's lines as loadCartLines does and its zip's tax, with lines and without", async () => {
    const db = t.database.db;
    const tax = await taxRateForZip(db, '10001');
    const { cartId } = await makeCart(t, [
      { offer: offer(butcher, 1), qty: 2 },
      { offer: offer(courier, 1), qty: 1 },
    ]);
    expect(await loadCartLinesAndTax(db, cartId, '10001')).toEqual({ lines: await loadCartLines(db, cartId), tax });

    const empty = await makeCart(t, []);
    expect(await loadCartLinesAndTax(db, empty.cartId, '10001')).toEqual({ lines: [], tax });
  });

  it('refuses a zip without a sales tax rate, as the tax read alone does', async () => {
    const { cartId } = await makeCart(t, [{ offer: offer(courier, 0), qty: 1 }]);
    await expect(loadCartLinesAndTax(t.database.db, cartId, '99999')).rejects.toThrow('No sales tax rate for the state of zip 99999');
  });
});
