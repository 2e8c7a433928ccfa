import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import { filteredReply, newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BEEF = 1002;

/** The product's card in the beef listing filtered as asked, walking its pages. */
async function cardIn(productId: number, filters: Record<string, unknown>): Promise<ProductSummary | undefined> {
  for (let page = 0; ; page++) {
    const products = (await filteredReply(t, { parent_category_id: BEEF, ...filters, page, limit: 50 })).data?.products ?? [];
    const card = products.find((p) => p.id === productId);
    if (card || products.length < 50) return card;
  }
}

/**
 * Walk 9 S15: a listing filtered to one size showed a speed only another size is sold at. A New York beef product of
 * two sizes or more, delivered Same Day only, gets a nationwide farm-direct offer of its largest size alone.
 */
describe('a listing filtered to one size names only the speeds that size is sold at (walk 9 S15)', () => {
  let productId = 0;
  let smallest = 0;
  let largest = 0;
  let farmVendor = 0;
  beforeAll(async () => {
    const db = t.database.db;
    const row = await sql<{ product_id: number; sizes: number[] }>`
      select a.product_id, a.sizes from area_products a
      where a.area_loc_id = ${newYork.loc_id} and a.channel = 'delivery' and a.speed_mask = 1 and cardinality(a.sizes) >= 2
        and exists (select 1 from categories c where c.id = any(a.category_ids) and (c.id = ${BEEF} or c.parent_id = ${BEEF}))
      order by a.product_id limit 1`.execute(db);
    const found = row.rows[0];
    if (!found) throw new Error('the seed has no Same Day only beef product of two sizes in New York');
    productId = found.product_id;
    smallest = Math.min(...found.sizes);
    largest = Math.max(...found.sizes);
    const variant = await db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', productId)
      .where('bottle_size', '=', largest)
      .executeTakeFirstOrThrow();
    const farm = await db
      .selectFrom('vendor_locations')
      .select(['id', 'vendor_id'])
      .where('ships_nationwide', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    farmVendor = farm.vendor_id;
    await db
      .insertInto('variant_offers')
      .values({ variant_id: variant.id, loc_id: farm.id, area_loc_id: null, speed: 'farm-direct', price_cents: 9999, stock: 5 })
      .execute();
  });

  it('the smaller size’s card names Same Day alone; the larger size’s, both speeds', async () => {
    expect((await cardIn(productId, { size: [smallest] }))?.speed_types).toEqual(['local']);
    expect((await cardIn(productId, { size: [largest] }))?.speed_types).toEqual(['local', 'farm-direct']);
    // A size no listed product has filters nothing, and the card keeps every speed of the product.
    expect((await cardIn(productId, { size: [987_654] }))?.speed_types).toEqual(['local', 'farm-direct']);
  });

  it('under a vendor filter too: the chosen vendors’ speeds for that size', async () => {
    const sellers = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .innerJoin('vendor_locations', 'vendor_locations.id', 'variant_offers.loc_id')
      .select('vendor_locations.vendor_id')
      .distinct()
      .where('product_variants.product_id', '=', productId)
      .where('variant_offers.speed', '=', 'local')
      .where('variant_offers.area_loc_id', '=', newYork.loc_id)
      .execute();
    const vendor = [...sellers.map((s) => s.vendor_id), farmVendor];
    expect((await cardIn(productId, { size: [smallest], vendor }))?.speed_types).toEqual(['local']);
    expect((await cardIn(productId, { size: [largest], vendor }))?.speed_types).toEqual(['local', 'farm-direct']);
  });
});
