import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dineinRetailerReply, type VisitRetailer } from '../../src/api/contract/dine-in.contract.ts';
import { restaurantNotServedRefusal } from '../../src/rules/messages.ts';
import { visitSpeedValues, type VisitSpeedValue } from '../../src/rules/speeds.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { post } from './cart-page-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';
import { onCatalogueChange, parseCatalogueChange, type CatalogueChange } from '../../server/services/platform/catalogue-changes.ts';

/**
 * Delivery Options (/ship/options) lists, for Dine-In and for Pick-Up, the restaurants the chosen-restaurant check
 * accepts at that speed in the shopper's area (decision 082's check, server/services/catalogue/chosen-restaurant.ts):
 * one rule, so a restaurant offered there is never chosen and then refused. The seed's restaurants all sell both, so
 * the case is made here: Gramercy stops selling for pick-up (Hudson Prime, open from 5 PM, never hands over).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const GRAMERCY = 401;
const HUDSON_PRIME = 402;
const BEEF = 1002;

async function listed(): Promise<Pick<VisitRetailer, 'loc_id' | 'speeds'>[]> {
  const { status, body } = await post(t, '/api/product/dineinRetailerList', { zipcode: newYork.zipcode, location: newYork.loc_id });
  expect(status).toBe(200);
  assert(body, dineinRetailerReply);
  return (body.data?.vendordata ?? []).map((r) => ({ loc_id: r.loc_id, speeds: r.speeds }));
}

/** What the check answers for a catalogue call with the restaurant chosen at that speed: 200, or 400 and the field it names. */
async function checked(restaurant: number, speed: VisitSpeedValue): Promise<string> {
  const url = `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, page: 0, limit: 10, courier_type: speed, vendor_location_id: restaurant })}`;
  const response = await t.app.inject({ method: 'GET', url });
  if (response.statusCode === 200) return 'accepted';
  const body: unknown = json(response);
  return `${response.statusCode} ${JSON.stringify(body && typeof body === 'object' && 'errors' in body ? body.errors : body)}`;
}

describe("Delivery Options' restaurants at each mode are the ones the chosen-restaurant check accepts", () => {
  it('drops a mode from a restaurant whose offers at it are all out of stock, and offers it again once one is back in stock', async () => {
    const before = await listed();
    const offers = await t.database.db
      .selectFrom('variant_offers')
      .select(['id', 'stock'])
      .where('loc_id', '=', GRAMERCY)
      .where('speed', '=', 'dine-in')
      .execute();
    expect(offers.length).toBeGreaterThan(0);
    const stockAll = (stock: number) =>
      t.database.db.updateTable('variant_offers').set({ stock }).where('loc_id', '=', GRAMERCY).where('speed', '=', 'dine-in').execute();
    try {
      // Nothing left to eat in at Gramercy: Delivery Options no longer offers it for Dine-In, and the check refuses it
      // (a stock change notifies its product only: the served areas hear it too).
      await stockAll(0);
      await expect.poll(listed).toEqual(before.map((r) => (r.loc_id === GRAMERCY ? { loc_id: GRAMERCY, speeds: ['pickup'] } : r)));
      expect(await checked(GRAMERCY, 'dine-in')).toBe(
        `400 ${JSON.stringify([{ field: 'vendor_location_id', message: restaurantNotServedRefusal('Dine-In') }])}`,
      );
      expect(await checked(GRAMERCY, 'pickup')).toBe('accepted');

      // One dish back in stock: Dine-In is offered and accepted again.
      const [first] = offers;
      await t.database.db
        .updateTable('variant_offers')
        .set({ stock: 3 })
        .where('id', '=', first?.id ?? 0)
        .execute();
      await expect.poll(listed).toEqual(before);
      expect(await checked(GRAMERCY, 'dine-in')).toBe('accepted');
    } finally {
      for (const offer of offers) await t.database.db.updateTable('variant_offers').set({ stock: offer.stock }).where('id', '=', offer.id).execute();
    }
  });

  it("tells a visit offer selling out or coming back apart from any other stock change (an order's stock no longer drops who serves)", async () => {
    const heard: CatalogueChange[] = [];
    onCatalogueChange(t.database.db, (change) => heard.push(change));
    const visit = await t.database.db
      .selectFrom('variant_offers')
      .select(['id', 'stock', 'variant_id'])
      .where('loc_id', '=', GRAMERCY)
      .where('speed', '=', 'pickup')
      .where('stock', '>', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const setStock = (stock: number) => t.database.db.updateTable('variant_offers').set({ stock }).where('id', '=', visit.id).execute();
    const product = (
      await t.database.db.selectFrom('product_variants').select('product_id').where('id', '=', visit.variant_id).executeTakeFirstOrThrow()
    ).product_id;
    // Notices come in commit order: once a price change of another product is heard, an earlier test's are all in.
    const fence = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .select(['variant_offers.id', 'variant_offers.price_cents', 'product_variants.product_id'])
      .where('product_variants.product_id', '<>', product)
      .orderBy('variant_offers.id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('variant_offers')
      .set({ price_cents: fence.price_cents + 1 })
      .where('id', '=', fence.id)
      .execute();
    await expect.poll(() => heard.some((c) => c !== 'all' && c.productId === fence.product_id)).toBe(true);
    heard.length = 0;
    try {
      await setStock(visit.stock - 1); // an order of one: still in stock, so no notice at all (migration 043)
      await setStock(0); // sold out
      const ofProduct = () => heard.filter((c) => c !== 'all' && c.productId === product);
      await expect.poll(() => ofProduct().some((c) => c !== 'all' && c.visitStock === true)).toBe(true);
      expect(ofProduct()).toEqual([{ productId: product, visitStock: true }]);
    } finally {
      await setStock(visit.stock);
      await t.database.db.updateTable('variant_offers').set({ price_cents: fence.price_cents }).where('id', '=', fence.id).execute();
    }
    expect(parseCatalogueChange('product:12')).toEqual({ productId: 12 });
    expect(parseCatalogueChange('product:12:visit')).toEqual({ productId: 12, visitStock: true });
    expect(parseCatalogueChange('product:12:other')).toBe('all');
  });

  it('lists a restaurant under the speeds it sells at in the area, and drops Pick-Up from one that stops selling it', async () => {
    const before = await listed();
    expect(before.map((r) => r.loc_id)).toEqual(expect.arrayContaining([GRAMERCY, HUDSON_PRIME]));
    // Hudson Prime sells for pick-up but opens at 5 PM, after the last pick-up time: it hands nothing over (walk 7 #1).
    expect(before.every((r) => r.speeds.join() === (r.loc_id === HUDSON_PRIME ? 'dine-in' : 'dine-in,pickup'))).toBe(true);
    expect(await checked(HUDSON_PRIME, 'pickup')).not.toBe('accepted');

    await sql`delete from variant_offers where loc_id = ${GRAMERCY} and speed = 'pickup'`.execute(t.database.db);
    // The served-areas cache is dropped on the catalogue's notice (PostgreSQL delivers it after the commit).
    await expect.poll(listed).toEqual(before.map((r) => (r.loc_id === GRAMERCY ? { loc_id: GRAMERCY, speeds: ['dine-in'] } : r)));

    // The list and the check agree for every restaurant of the list at every visit speed.
    for (const { loc_id, speeds } of await listed()) {
      for (const speed of visitSpeedValues) {
        const answer = await checked(loc_id, speed);
        if (speeds.includes(speed)) expect({ loc_id, speed, answer }).toEqual({ loc_id, speed, answer: 'accepted' });
        else expect(answer).toBe(`400 ${JSON.stringify([{ field: 'vendor_location_id', message: restaurantNotServedRefusal('Pick-Up') }])}`);
      }
    }
  });
});
