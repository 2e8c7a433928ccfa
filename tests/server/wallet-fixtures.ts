import { assert } from 'superstruct';
import { expect } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { staffScope } from '../../server/services/fulfilment/console-scope.ts';
import { moveOrder, weighedLines, type MoveOutcome } from '../../server/services/fulfilment/order-transitions.ts';
import type { FulfilmentEvent } from '../../src/rules/fulfilment.ts';
import { makeCart, post, type OfferPick } from './cart-page-helpers.ts';
import { today } from './checkout-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * Wallet test fixtures over the seed's partner restaurants (migration 010, issue 12 part A): dine-in orders are eaten
 * at Gramercy Chop House (loc 401, New York, 4 star), so what they leave in the wallet is redeemable at the New York
 * restaurants of its category (only itself in the seed), not at another category in New York nor in another state.
 */
export const dineInRestaurant = 401;
/** Hudson Prime Steakhouse (loc 402, New York, 5 star): opens at 5 pm, so it seats no one before 17:00. */
export const eveningRestaurant = 402;
/** The visit a dine-in order in these tests is for: tonight at 7 pm (the test clock is 9 am in New York). */
export const dineInVisit = `${today} 19:00`;
/** That visit's instant: 7 pm in New York (Eastern Standard Time in December). */
export const dineInVisitInstant = `${today}T19:00:00-05:00`;

export interface Restaurants {
  /** Gramercy's star category. */
  category: number;
  /** New York, Gramercy's category (Gramercy first). */
  sameCategory: { vendorId: number; locId: number }[];
  /** New York, another category. */
  otherCategory: { vendorId: number; locId: number };
  /** Illinois, the same category. */
  otherState: { vendorId: number; locId: number };
}

export async function seededRestaurants(database: DatabaseHandle): Promise<Restaurants> {
  const rows = await database.db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(['vendor_locations.id as locId', 'vendors.id as vendorId', 'vendor_locations.state', 'vendor_locations.price_category'])
    .where('vendors.kind', '=', 'restaurant')
    .orderBy('vendor_locations.id')
    .execute();
  const home = rows.find((r) => r.locId === dineInRestaurant);
  if (!home) throw new Error('the seed has no restaurant 401');
  const pick = (r: { vendorId: number; locId: number }) => ({ vendorId: r.vendorId, locId: r.locId });
  const otherCategory = rows.find((r) => r.state === home.state && r.price_category !== home.price_category);
  const otherState = rows.find((r) => r.state !== home.state && r.price_category === home.price_category);
  if (!otherCategory || !otherState) throw new Error('the seed lacks the restaurants these tests compare');
  return {
    category: home.price_category,
    sameCategory: rows.filter((r) => r.state === home.state && r.price_category === home.price_category).map(pick),
    otherCategory: pick(otherCategory),
    otherState: pick(otherState),
  };
}

/** Offers of the restaurant (Gramercy unless `loc` says) at a visit speed, of products sold without an ID check, priced and stocked for the test. */
export async function restaurantOffers(
  database: DatabaseHandle,
  speed: 'dine-in' | 'pickup',
  count: number,
  set: { priceCents: number; stock: number },
  loc: number = dineInRestaurant,
): Promise<OfferPick[]> {
  const db = database.db;
  const rows = await db
    .selectFrom('variant_offers')
    .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['variant_offers.id', 'variant_offers.variant_id', 'variant_offers.loc_id'])
    .where('variant_offers.speed', '=', speed)
    .where('variant_offers.loc_id', '=', loc)
    .where('products.age_restricted', '=', false)
    .orderBy('variant_offers.variant_id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} ${speed} offers at ${loc}`);
  for (const row of rows) {
    await db.updateTable('variant_offers').set({ price_cents: set.priceCents, stock: set.stock }).where('id', '=', row.id).execute();
  }
  return rows.map((r) => ({ offerId: r.id, variantId: r.variant_id, locId: r.loc_id }));
}

/**
 * A dine-in order of the customer's at Gramercy, or at `loc` (speed 3, the restaurant as retailer, tonight's visit), placed
 * through the API and paid as `payment` says: what buying for dine-in leaves in the wallet. Returns its order number.
 */
export async function paidDineInOrder(
  t: TestApp,
  me: { token: string; customerId: number },
  lines: readonly { offer: OfferPick; qty: number }[],
  payment: Record<string, unknown>,
  loc: number = dineInRestaurant,
  serve = true,
): Promise<{ status: number; orderNumber: string; code: number }> {
  const { cartId } = await makeCart(t, lines, { customerId: me.customerId });
  const { status, body } = await post(
    t,
    '/api/placeorder/placeorder',
    { store_id: 1, cart_id: cartId, speed_id: 3, retailer_id: loc, pickup_date: dineInVisit, ...payment },
    me.token,
  );
  expect(status).toBe(200);
  assert(body, placeOrderReply);
  const orderNumber = body.order_id ?? '';
  // Wallet entries come when the restaurant serves the order (issue 24): a paid order is served here, as in the store.
  if (serve && body.code === 1) await serveOrder(t, orderNumber);
  return { status, orderNumber, code: body.code };
}

const quietLog = { info: () => undefined, error: () => undefined };

/**
 * The restaurant's side, as staff would do it: accept, pick, pack (every weighed line 500 g) and serve. The last
 * outcome; an order that cannot move that way (unpaid, a pick-up) stops at the first refusal.
 */
export async function serveOrder(t: TestApp, orderNumber: string): Promise<MoveOutcome> {
  // The app's own gateway: packing captures the card hold it authorised.
  const deps = { db: t.database.db, payments: t.payments, mail: { send: async () => undefined } };
  const actor = { role: 'staff' as const, userId: 0, scope: staffScope };
  let outcome: MoveOutcome = { kind: 'not-found' };
  // Made ready and served at the table's time (dineInVisit, 7 pm in New York on the test clock's day), never before
  // it (fulfilment.ts tableDayRefusal): the wall clock may still be the day before.
  const now = new Date(Math.max(Date.now(), Date.parse(dineInVisitInstant)));
  for (const event of ['accept', 'pick', 'pack', 'serve'] as const satisfies readonly FulfilmentEvent[]) {
    const order = await t.database.db.selectFrom('orders').select('id').where('increment_id', '=', orderNumber).executeTakeFirst();
    const weights = order && event === 'pack' ? (await weighedLines(t.database.db, order.id)).map((l) => ({ itemId: l.id, grams: 500 })) : [];
    outcome = await moveOrder(deps, actor, { orderNumber, event, reason: 'served in the test', weights, weightsConfirmed: true }, now, quietLog);
    if (outcome.kind !== 'moved') return outcome;
  }
  return outcome;
}
