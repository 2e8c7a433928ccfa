import { assert } from 'superstruct';
import { afterAll, describe, expect, test } from 'vitest';
import { consoleMeReply, consoleOrdersReply } from '../../src/api/contract/fulfilment.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { startSession } from '../../server/services/accounts/accounts.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock } from './cart-page-helpers.ts';
import { checkoutNow, today, tokenize } from './checkout-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp } from './test-app.ts';
import { dineInRestaurant, paidDineInOrder, restaurantOffers } from './wallet-fixtures.ts';

/**
 * The seller console's default days were New York's for every seller: at 10:30 pm in San Francisco (1:30 am in New
 * York) a San Francisco restaurant's console had already moved on to New York's next day, hiding tonight's tables. A
 * seller's day is its location's own (src/rules/local-day.ts, as a table's day is decided).
 */
const clock = manualClock(checkoutNow);
const t = await startTestApp({ clock: clock.now, payments: new TestPaymentGateway(clock.now), rateLimits: generousLimits });
afterAll(() => t.close());

/** Seed restaurants: 421 in San Francisco (CA), 401 Gramercy in New York. */
const pacificRestaurant = 421;

async function sellerOf(email: string, locIds: number[]): Promise<string> {
  const made = await addStoreUser(t.database.db, { email, password: 'Secret123!', role: 'seller', locIds });
  if (made.kind === 'invalid') throw new Error(made.message);
  return startSession(t.database.db, made.customerId);
}

async function listed(token: string, query = ''): Promise<string[]> {
  const reply = json(await t.app.inject({ method: 'GET', url: `/api/seller/orders${query}`, headers: { authorization: `Bearer ${token}` } }));
  assert(reply, consoleOrdersReply);
  return (reply.data ?? []).map((o) => o.order_number);
}

async function consoleMe(token: string) {
  const reply = json(await t.app.inject({ method: 'GET', url: '/api/console/me', headers: { authorization: `Bearer ${token}` } }));
  assert(reply, consoleMeReply);
  return reply.data;
}

describe("a seller's console counts its days by its location's clock", () => {
  test("at 10:30 pm in San Francisco (1:30 am in New York) tonight's tables are still today's there, not in New York", async () => {
    const me = await signedInCustomer(t, 'local-day-diner@example.com');
    const place = async (loc: number) => {
      const [offer] = await restaurantOffers(t.database, 'dine-in', 1, { priceCents: 2400, stock: 50 }, loc);
      if (!offer) throw new Error(`no dine-in offer at ${loc}`);
      const card = { payment_mode: 2, card_token: await tokenize(t, '4242424242424242') };
      const placed = await paidDineInOrder(t, me, [{ offer, qty: 1 }], card, loc, false);
      expect(placed.code).toBe(1);
      return placed.orderNumber;
    };
    // Both tables are tonight's (12/01, 7 pm), booked at 9 am New York time.
    const pacificOrder = await place(pacificRestaurant);
    const newYorkOrder = await place(dineInRestaurant);
    const pacificSeller = await sellerOf('local-day-sf@example.com', [pacificRestaurant]);
    const newYorkSeller = await sellerOf('local-day-ny@example.com', [dineInRestaurant]);
    const bothSeller = await sellerOf('local-day-both@example.com', [dineInRestaurant, pacificRestaurant]);
    expect(await listed(pacificSeller)).toContain(pacificOrder);

    // 06:30 UTC on 12/02: 1:30 am on 12/02 in New York, 10:30 pm on 12/01 in San Francisco.
    clock.set('2026-12-02T06:30:00Z');
    expect(await listed(pacificSeller)).toContain(pacificOrder);
    expect(await listed(newYorkSeller)).not.toContain(newYorkOrder);
    // A seller of both: each location by its own day.
    const both = await listed(bothSeller);
    expect(both).toContain(pacificOrder);
    expect(both).not.toContain(newYorkOrder);
    // A date asked for is that date, wherever the location is.
    expect(await listed(newYorkSeller, `?date=${today}`)).toContain(newYorkOrder);
    // Today and Tomorrow are each location's own too (086 left: one Today, the earliest, for every location): for the
    // seller of both, Today is 12/01 in San Francisco and 12/02 in New York, Tomorrow 12/02 and 12/03.
    const todays = await listed(bothSeller, '?day=today');
    expect(todays).toContain(pacificOrder);
    expect(todays).not.toContain(newYorkOrder);
    expect(await listed(bothSeller, '?day=tomorrow')).not.toContain(pacificOrder);
    expect(await listed(newYorkSeller, '?day=today')).not.toContain(newYorkOrder);

    // The console's Today and 'Your day' count from each location's day (the server's clock, its test clock's too).
    expect((await consoleMe(pacificSeller))?.loc_days).toEqual([{ loc_id: pacificRestaurant, today: '2026-12-01' }]);
    expect((await consoleMe(bothSeller))?.loc_days).toEqual([
      { loc_id: dineInRestaurant, today: '2026-12-02' },
      { loc_id: pacificRestaurant, today: '2026-12-01' },
    ]);
  });
});
