import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeOverGuestCart } from '../../server/services/cart/cart-merge.ts';
import { loadDeliveryChoices } from '../../server/services/cart/cart-view.ts';
import { makeCart, pickOffers, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** Sign-in's merge of a guest cart carries the guest's delivery dates and seat holds (QA walk: they were dropped). */
let t: TestApp;
let butcher: OfferPick[];
let fish: OfferPick[];
const date = '2026-12-02';
const expires = new Date('2030-01-01T00:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
  butcher = await pickOffers(t, { speed: 'local', locId: 101 }, 4, 0, { priceCents: 1000, stock: 24 });
  fish = await pickOffers(t, { speed: 'local', locId: 102 }, 4, 0, { priceCents: 1500, stock: 24 });
});
afterAll(async () => {
  await t.close();
});

function take<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error('seed too small');
  return item;
}

async function slotAt(locId: number, start: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('driver_slot_templates')
    .select('id')
    .where('loc_id', '=', locId)
    .where('start_time', '=', start)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A date and a held seat for a vendor group, as the delivery schedule call leaves them. */
async function choose(cartId: string, locId: number, start: string, day = date): Promise<void> {
  const db = t.database.db;
  await db.insertInto('cart_deliveries').values({ cart_id: cartId, loc_id: locId, delivery_date: day }).execute();
  await db
    .insertInto('slot_holds')
    .values({ cart_id: cartId, loc_id: locId, template_id: await slotAt(locId, start), slot_date: day, expires_at: expires })
    .execute();
}

async function rowsOf(cartId: string) {
  const db = t.database.db;
  const [dates, holds] = await Promise.all([
    db.selectFrom('cart_deliveries').select(['loc_id', 'delivery_date']).where('cart_id', '=', cartId).orderBy('loc_id').execute(),
    db.selectFrom('slot_holds').select(['loc_id', 'template_id', 'slot_date']).where('cart_id', '=', cartId).orderBy('loc_id').execute(),
  ]);
  return { dates, holds };
}

describe('sign-in merge: delivery dates and seat holds', () => {
  it("carries the guest's date and held slot into the account's cart, which has another seller's choice", async () => {
    const me = await signedInCustomer(t, 'merge-dates@example.com');
    const own = await makeCart(t, [{ offer: take(butcher, 0), qty: 1 }], { customerId: me.customerId });
    await choose(own.cartId, 101, '14:00');
    const guest = await makeCart(t, [{ offer: take(fish, 0), qty: 1 }]);
    await choose(guest.cartId, 102, '10:00');

    const result = await takeOverGuestCart(t.database.db, me.customerId, guest.cartId, undefined);
    expect(result.cartId).toBe(own.cartId);
    // Two carts with lines became one: the sign-in notice may say 'combined' (decision 087 left).
    expect(result.combined).toBe(true);

    const choices = await loadDeliveryChoices(t.database.db, own.cartId);
    expect(choices.get(101)).toMatchObject({ date, hold: { start: '14:00', slotDate: date } });
    expect(choices.get(102)).toMatchObject({ date, hold: { start: '10:00', end: '12:00', slotDate: date, expiresAt: expires } });
    // The guest cart, closed, keeps no date and no hold: the seat moved, it is not held twice nor left orphaned.
    expect(await rowsOf(guest.cartId)).toEqual({ dates: [], holds: [] });
  });

  it("where both carts chose for the same seller, the guest's (latest) choice wins and the account's seat is released", async () => {
    const me = await signedInCustomer(t, 'merge-both@example.com');
    const own = await makeCart(t, [{ offer: take(butcher, 1), qty: 1 }], { customerId: me.customerId });
    await choose(own.cartId, 101, '16:00', '2026-12-03');
    const guest = await makeCart(t, [{ offer: take(butcher, 2), qty: 1 }]);
    await choose(guest.cartId, 101, '12:00');

    await takeOverGuestCart(t.database.db, me.customerId, guest.cartId, undefined);

    expect(await rowsOf(own.cartId)).toEqual({
      dates: [{ loc_id: 101, delivery_date: date }],
      holds: [{ loc_id: 101, template_id: await slotAt(101, '12:00'), slot_date: date }],
    });
    expect(await rowsOf(guest.cartId)).toEqual({ dates: [], holds: [] });
  });

  it('releases the seat held by an empty account cart when the guest cart is adopted', async () => {
    const me = await signedInCustomer(t, 'merge-adopt@example.com');
    const own = await makeCart(t, [], { customerId: me.customerId });
    await choose(own.cartId, 101, '18:00');
    const guest = await makeCart(t, [{ offer: take(fish, 1), qty: 1 }]);
    await choose(guest.cartId, 102, '10:00');

    const result = await takeOverGuestCart(t.database.db, me.customerId, guest.cartId, undefined);
    expect(result.cartId).toBe(guest.cartId);
    // Only adopted (the account's was empty): nothing was combined.
    expect(result.combined).toBeUndefined();
    expect(await rowsOf(own.cartId)).toEqual({ dates: [], holds: [] });
    expect((await rowsOf(guest.cartId)).holds).toHaveLength(1);
  });
});
