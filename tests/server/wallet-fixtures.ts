import { sql } from 'kysely';
import { assert } from 'superstruct';
import { expect } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { post, type OfferPick } from './cart-page-helpers.ts';
import { readyCart } from './checkout-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * Wallet test fixtures. Part A of issue 12 adds the 'restaurant' vendor kind (migration 010) and seeds partner
 * restaurants; until that lands here, partnerRestaurants does the same for a test database: it widens the kind check
 * and adds restaurants in New York (in the category of the butcher, loc 101, where dine-in orders are eaten today,
 * and in another one) and one in Illinois.
 */
export interface Restaurants {
  /** The butcher's star category: a dine-in order at loc 101 is redeemable at restaurants of this category in NY. */
  category: number;
  /** NY, same category: two locations of one vendor, and a second vendor. */
  sameCategory: { vendorId: number; locId: number }[];
  /** NY, another category. */
  otherCategory: { vendorId: number; locId: number };
  /** IL, same category. */
  otherState: { vendorId: number; locId: number };
}

export async function partnerRestaurants(database: DatabaseHandle): Promise<Restaurants> {
  const db = database.db;
  await sql`alter table vendors drop constraint if exists vendors_kind_check`.execute(db);
  await sql`alter table vendors add constraint vendors_kind_check check (kind in ('local', 'courier', 'farm-direct', 'restaurant'))`.execute(db);
  const butcher = await db.selectFrom('vendor_locations').select('price_category').where('id', '=', 101).executeTakeFirstOrThrow();
  const category = butcher.price_category;
  const other = category === 5 ? 4 : category + 1;
  const rows: [number, string, number, string, string, string, number][] = [
    [9101, 'Harbor Oyster Bar', 910101, '12 Pier Street', 'New York', 'NY', category],
    [9102, 'Sake House', 910201, '88 Mott Street', 'New York', 'NY', category],
    [9103, 'The Chop Room', 910301, '5 Madison Avenue', 'New York', 'NY', other],
    [9104, 'Lakeside Grill', 910401, '200 Wacker Drive', 'Chicago', 'IL', category],
  ];
  for (const [vendorId, name, locId, street, city, state, stars] of rows) {
    await sql`insert into vendors (id, name, kind) values (${vendorId}, ${name}, 'restaurant') on conflict do nothing`.execute(db);
    await db
      .insertInto('vendor_locations')
      .values({
        id: locId,
        vendor_id: vendorId,
        name,
        street1: street,
        street2: null,
        city,
        state,
        zipcode: state === 'NY' ? '10001' : '60601',
        telephone: '2125550188',
        price_category: stars,
        ships_nationwide: false,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  return {
    category,
    sameCategory: [
      { vendorId: 9101, locId: 910101 },
      { vendorId: 9102, locId: 910201 },
    ],
    otherCategory: { vendorId: 9103, locId: 910301 },
    otherState: { vendorId: 9104, locId: 910401 },
  };
}

/**
 * A dine-in order (speed 3) of the customer's, eaten at the butcher's (loc 101), placed through the API and paid by
 * card: what buying for dine-in leaves in the wallet. Returns its order number.
 */
export async function paidDineInOrder(
  t: TestApp,
  me: { token: string; customerId: number },
  lines: readonly { offer: OfferPick; qty: number }[],
  payment: Record<string, unknown>,
): Promise<{ status: number; orderNumber: string; code: number }> {
  const cartId = await readyCart(t, me.token, me.customerId, lines);
  const { status, body } = await post(
    t,
    '/api/placeorder/placeorder',
    { store_id: 1, cart_id: cartId, speed_id: 3, retailer_id: 101, ...payment },
    me.token,
  );
  expect(status).toBe(200);
  assert(body, placeOrderReply);
  return { status, orderNumber: body.order_id ?? '', code: body.code };
}
