import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDeliveryDateReply } from '../../src/api/contract/cart-page.contract.ts';
import { homepageReply } from '../../src/api/contract/home.contract.ts';
import { productReply } from '../../src/api/contract/product.contract.ts';
import { onPostgresRun } from './database-images.ts';
import { signedInAs } from './account-helpers.ts';
import { post } from './cart-page-helpers.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { getJson, startTestApp, type TestApp } from './test-app.ts';

/**
 * Several server instances on one database (decision 042). On PostgreSQL: two apps, each with its own pool, caches
 * and coordination session, as two servers behind a load balancer would be. On PGlite (one process) the same
 * checks run on one app: its own change reaches its own caches through PGlite's listen.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = onPostgresRun() ? await startTestApp({ sameDatabaseAs: first }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

const area = { store_id: 1, loc_id: newYork.loc_id, zipCode: newYork.zipcode, dineinTime: '', courier_type: '' };

async function pagePrice(t: TestApp, productId: number): Promise<string> {
  const { status, body } = await getJson(t, `/connect/index/product?${query({ ...area, prodid: productId })}`);
  expect(status).toBe(200);
  assert(body, productReply);
  if (!body.data) throw new Error(`no product ${productId}`);
  return body.data.price;
}

/** The card's prices, one per size ('123.45,123.45'). */
async function homeCardPrices(t: TestApp, productId: number): Promise<string | undefined> {
  const { status, body } = await getJson(t, `/connect/index/homepage?store_id=1&zipcode=${newYork.zipcode}&loc_id=${newYork.loc_id}`);
  expect(status).toBe(200);
  assert(body, homepageReply);
  return body.data?.topproduct
    .find((card) => card.id === productId)
    ?.child.map((size) => size.price)
    .join(',');
}

/** Asks `read` until it answers `want`, for at most `withinMs`; the time it took. */
async function timeUntil(read: () => Promise<unknown>, want: unknown, withinMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    if ((await read()) === want) return performance.now() - start;
    if (performance.now() - start > withinMs) throw new Error(`still not ${String(want)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('caches coherent across instances', () => {
  it("a price change made through one instance is on the other's product page and home cards within a second", async () => {
    const home = await getJson(first, `/connect/index/homepage?store_id=1&zipcode=${newYork.zipcode}&loc_id=${newYork.loc_id}`);
    assert(home.body, homepageReply);
    const card = home.body.data?.topproduct[0];
    if (!card) throw new Error('the home has no top product');
    // Every offer of the product in the area at one new price, so the lowest (the card's and the page's) is it.
    const newCents = 123_45;
    // Both instances hold the old price in their caches (fresh for 2 s on the page, 30 s on the home).
    expect(await pagePrice(second, card.id)).not.toBe('123.45');
    const oldPrices = card.child.map((size) => size.price).join(',');
    const newPrices = card.child.map(() => '123.45').join(',');
    expect(await homeCardPrices(second, card.id)).toBe(oldPrices);
    const variants = first.database.db.selectFrom('product_variants').select('id').where('product_id', '=', card.id);
    await first.database.db.updateTable('variant_offers').set({ price_cents: newCents }).where('variant_id', 'in', variants).execute();

    const pageMs = await timeUntil(() => pagePrice(second, card.id), '123.45', 1000);
    const homeMs = await timeUntil(() => homeCardPrices(second, card.id), newPrices, 1000);
    expect(pageMs).toBeLessThan(1000);
    expect(homeMs).toBeLessThan(1000);
  });

  it('a stock change (an order taking the last units) reaches the other instance within a second', async () => {
    const home = await getJson(second, `/connect/index/homepage?store_id=1&zipcode=${newYork.zipcode}&loc_id=${newYork.loc_id}`);
    assert(home.body, homepageReply);
    const card = home.body.data?.topproduct[1];
    if (!card) throw new Error('the home has a second top product');
    const variants = first.database.db.selectFrom('product_variants').select('id').where('product_id', '=', card.id);
    await first.database.db.updateTable('variant_offers').set({ stock: 0 }).where('variant_id', 'in', variants).execute();
    const stockOf = async () => {
      const { body } = await getJson(second, `/connect/index/product?${query({ ...area, prodid: card.id })}`);
      assert(body, productReply);
      return body.data?.stock_status;
    };
    expect(await timeUntil(stockOf, 'out of stock', 1000)).toBeLessThan(1000);
  });

  it("a vendor's holiday added by hand in SQL through one instance is in the other's next delivery date within a second", async () => {
    const db = first.database.db;
    const shop = await db.selectFrom('vendor_locations').select('vendor_id').where('id', '=', 201).executeTakeFirstOrThrow();
    const nextDate = async () => {
      const { status, body } = await post(second, '/connect/delivery/nextDeliveryDate', {
        vendors: [{ vendor_id: shop.vendor_id, delivery_type: 'courier' }],
        store_id: 1,
      });
      expect(status).toBe(200);
      assert(body, nextDeliveryDateReply);
      return body.response[0]?.delivery_date;
    };
    // The other instance keeps the vendor's calendar from here on (decision 078).
    const before = await nextDate();
    if (!before) throw new Error('the vendor has no next delivery date');
    expect(await nextDate()).toBe(before);
    await db.insertInto('vendor_holidays').values({ vendor_id: shop.vendor_id, date: before, name: 'Stocktaking' }).execute();
    const closedMs = await timeUntil(async () => ((await nextDate()) ?? '') > before, true, 1000);
    expect(closedMs).toBeLessThan(1000);
    await db.deleteFrom('vendor_holidays').where('vendor_id', '=', shop.vendor_id).where('date', '=', before).execute();
    expect(await timeUntil(nextDate, before, 1000)).toBeLessThan(1000);
  });

  it("a role changed and a session revoked by hand in SQL through one instance reach the other's kept session within a second", async () => {
    const db = first.database.db;
    const { token, customerId } = await signedInCustomer(first, 'several-instances-session@example.com');
    const roleThere = () => signedInAs(second, token);
    // The other instance keeps the session from here on (decision 078).
    expect(await roleThere()).toBe('shopper');
    expect(await roleThere()).toBe('shopper');
    await db.updateTable('customers').set({ role: 'staff' }).where('id', '=', customerId).execute();
    expect(await timeUntil(roleThere, 'staff', 1000)).toBeLessThan(1000);
    await db.updateTable('sessions').set({ revoked_at: new Date() }).where('customer_id', '=', customerId).execute();
    expect(await timeUntil(roleThere, 401, 1000)).toBeLessThan(1000);
  });
});
