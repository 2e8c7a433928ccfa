import { sql, type Kysely } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply } from '../../src/api/contract/catalogue.contract.ts';
import type { Database } from '../../server/db/schema.ts';
import { productSummaries } from '../../server/services/catalogue/product-summaries.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { getJson, startTestApp, type TestApp } from './test-app.ts';

/**
 * The listings' summaries (migrations 016, 017) are kept current in the writer's transaction: after any write to
 * offers, sizes, products, their categories or images, what the triggers left must equal a rebuild from scratch, and
 * the next listing shows it (cards included).
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

const FISH = 1005;

/** Rows the triggers left that a rebuild would not make, and the other way round (products, entries, non-zero facets). */
async function drift(): Promise<number> {
  const result = await sql<{ n: number }>`
    with fresh as (select * from area_product_rows(null)),
    fresh_entries as (select e.* from fresh r cross join lateral area_category_rows(r::area_products) e),
    fresh_facets as (
      select r.area_loc_id, r.channel, k.category_id, k.speed, k.kind, k.value, k.unit, count(*)::int as products
      from fresh r cross join lateral area_listing_facet_keys(r::area_products) k
      group by 1, 2, 3, 4, 5, 6, 7
    ),
    kept_facets as (
      select area_loc_id, channel, category_id, speed, kind, value, unit, products from area_listing_facets where products <> 0
    )
    select (
      (select count(*) from (select * from area_products except select * from fresh) a) +
      (select count(*) from (select * from fresh except select * from area_products) b) +
      (select count(*) from (select * from area_category_products except select * from fresh_entries) c) +
      (select count(*) from (select * from fresh_entries except select * from area_category_products) d) +
      (select count(*) from (select * from kept_facets except select * from fresh_facets) e) +
      (select count(*) from (select * from fresh_facets except select * from kept_facets) f)
    )::int as n`.execute(db);
  return result.rows[0]?.n ?? -1;
}

async function listingIds(params: Record<string, string | number>): Promise<{ ids: number[]; total: number }> {
  const { status, body } = await getJson(t, `/connect/index/category?${query({ store_id: 1, ...newYork, catid: FISH, limit: 50, ...params })}`);
  expect(status).toBe(200);
  assert(body, listingReply);
  return { ids: body.data?.products.map((p) => p.id) ?? [], total: body.data?.pagination.total_records ?? 0 };
}

/**
 * The listing once a change made straight in the database has reached it: its first pages are kept as finished replies
 * (decision 063) until the change notice drops them, at once on PGlite, within a second on PostgreSQL (LISTEN/NOTIFY
 * answers after the commit). Waits on what the listing shows, never on time; the caller's expect says what was wrong.
 */
async function listingIdsOnce(
  params: Record<string, string | number>,
  holds: (listing: { ids: number[]; total: number }) => boolean,
): Promise<{ ids: number[]; total: number }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const listing = await listingIds(params);
    if (holds(listing) || Date.now() > until) return listing;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A fish product with local offers in New York and nothing else there, for tests that move its offers. */
async function localOnlyFish(): Promise<{ productId: number; offerIds: number[] }> {
  const row = await sql<{ product_id: number; offer_ids: number[] }>`
    select v.product_id, array_agg(o.id order by o.id) as offer_ids
    from product_variants v
    join product_categories pc on pc.product_id = v.product_id and pc.category_id = ${FISH}
    join variant_offers o on o.variant_id = v.id and (o.area_loc_id = ${newYork.loc_id} or o.area_loc_id is null)
    group by v.product_id
    having bool_and(o.speed = 'local' and o.stock > 0)
    order by v.product_id limit 1`.execute(db);
  const found = row.rows[0];
  if (!found) throw new Error('no local-only fish in New York');
  return { productId: found.product_id, offerIds: found.offer_ids };
}

describe('area product summaries', () => {
  it('match a rebuild after the seed', async () => {
    expect(await drift()).toBe(0);
  });

  it('flip in_stock when an order takes the last units, and back when they are returned', async () => {
    const { productId, offerIds } = await localOnlyFish();
    const inStock = async () =>
      (
        await sql<{ in_stock: boolean }>`
          select in_stock from area_products
          where product_id = ${productId} and area_loc_id = ${newYork.loc_id} and channel = 'delivery'`.execute(db)
      ).rows[0]?.in_stock;
    expect(await inStock()).toBe(true);
    const stocks = await db.selectFrom('variant_offers').select(['id', 'stock']).where('id', 'in', offerIds).execute();
    // What place order does (stock - qty per line, in one transaction), then what a release gives back.
    await db.transaction().execute(async (trx) => {
      for (const offer of stocks) {
        await trx
          .updateTable('variant_offers')
          .set((eb) => ({ stock: eb('stock', '-', offer.stock) }))
          .where('id', '=', offer.id)
          .execute();
      }
    });
    expect(await inStock()).toBe(false);
    for (const offer of stocks) {
      await db
        .updateTable('variant_offers')
        .set((eb) => ({ stock: eb('stock', '+', offer.stock) }))
        .where('id', '=', offer.id)
        .execute();
    }
    expect(await inStock()).toBe(true);
    expect(await drift()).toBe(0);
  });

  it('write nothing for a stock change that leaves some stock', async () => {
    const { offerIds } = await localOnlyFish();
    const versions = () =>
      sql<{
        v: string;
      }>`select string_agg(xmin::text || ':' || product_id, ',' order by area_loc_id, channel, product_id) as v from area_products`.execute(db);
    const facetVersions = () =>
      sql<{
        v: string;
      }>`select string_agg(xmin::text, ',' order by area_loc_id, channel, category_id, speed, kind, value, unit) as v from area_listing_facets`.execute(
        db,
      );
    const before = [(await versions()).rows[0]?.v, (await facetVersions()).rows[0]?.v];
    await db
      .updateTable('variant_offers')
      .set((eb) => ({ stock: eb('stock', '+', 1) }))
      .where('id', '=', offerIds[0] ?? 0)
      .execute();
    expect([(await versions()).rows[0]?.v, (await facetVersions()).rows[0]?.v]).toEqual(before);
  });

  it('re-sort a price listing once an offer gets cheaper (at once on PGlite, within a second on PostgreSQL)', async () => {
    const { productId, offerIds } = await localOnlyFish();
    expect((await listingIds({ sort: 'price_asc' })).ids[0]).not.toBe(productId);
    await db
      .updateTable('variant_offers')
      .set({ price_cents: 1 })
      .where('id', '=', offerIds[0] ?? 0)
      .execute();
    expect((await listingIdsOnce({ sort: 'price_asc' }, (l) => l.ids[0] === productId)).ids[0]).toBe(productId);
    expect(await drift()).toBe(0);
  });

  it('add and remove a product from an area and a speed as its offers come and go', async () => {
    const { productId, offerIds } = await localOnlyFish();
    const farm = await listingIds({ courier_type: 'farm-direct' });
    expect(farm.ids).not.toContain(productId);
    const variant = await db.selectFrom('product_variants').select('id').where('product_id', '=', productId).orderBy('id').executeTakeFirstOrThrow();
    const farmLoc = await db.selectFrom('vendor_locations').select('id').where('ships_nationwide', '=', true).orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('variant_offers')
      .values({ variant_id: variant.id, loc_id: farmLoc.id, area_loc_id: null, speed: 'farm-direct', price_cents: 2, stock: 5 })
      .execute();
    const withFarm = await listingIdsOnce({ courier_type: 'farm-direct', sort: 'price_asc' }, (l) => l.ids[0] === productId);
    expect(withFarm.ids[0]).toBe(productId);
    expect(withFarm.total).toBe(farm.total + 1);
    expect(await drift()).toBe(0);

    const all = await listingIds({});
    await db
      .deleteFrom('variant_offers')
      .where('variant_id', 'in', db.selectFrom('product_variants').select('id').where('product_id', '=', productId))
      .execute();
    expect(offerIds.length).toBeGreaterThan(0);
    const without = await listingIdsOnce({}, (l) => l.total === all.total - 1);
    expect(without.total).toBe(all.total - 1);
    expect(await drift()).toBe(0);
  });

  it('follow a product out of a category and a rename into its new name order', async () => {
    const moved = await sql<{ product_id: number }>`
      select product_id from area_category_products
      where area_loc_id = ${newYork.loc_id} and channel = 'delivery' and category_id = ${FISH}
      order by product_id desc limit 1`.execute(db);
    const productId = moved.rows[0]?.product_id ?? 0;
    await db.updateTable('products').set({ name: '   aaa first by name' }).where('id', '=', productId).execute();
    expect((await listingIdsOnce({ sort: 'name_asc' }, (l) => l.ids[0] === productId)).ids[0]).toBe(productId);
    await db.deleteFrom('product_categories').where('product_id', '=', productId).where('category_id', '=', FISH).execute();
    expect((await listingIdsOnce({ sort: 'name_asc' }, (l) => !l.ids.includes(productId))).ids).not.toContain(productId);
    expect(await drift()).toBe(0);
  });

  it('serve each card as the live card query makes it', async () => {
    for (const speed of [undefined, 'local', 'farm-direct'] as const) {
      const { status, body } = await getJson(
        t,
        `/connect/index/category?${query({ store_id: 1, ...newYork, catid: FISH, limit: 50, ...(speed ? { courier_type: speed } : {}) })}`,
      );
      expect(status).toBe(200);
      assert(body, listingReply);
      const cards = body.data?.products ?? [];
      if (speed === undefined) expect(cards.length).toBeGreaterThan(0);
      const live = await productSummaries(
        db,
        cards.map((card) => card.id),
        newYork.loc_id,
        speed,
      );
      expect(cards).toEqual(live);
    }
  });

  it('put a new first image and the 21+ mark on the card at once', async () => {
    const { productId } = await localOnlyFish();
    await db.updateTable('products').set({ age_restricted: true }).where('id', '=', productId).execute();
    await db.deleteFrom('product_images').where('product_id', '=', productId).where('position', '=', 0).execute();
    await db.insertInto('product_images').values({ product_id: productId, position: 0, url: '/media/uploads/new-first.jpg' }).execute();
    const cards = await sql<{ image: string | null; age_restricted: boolean }>`
      select image, age_restricted from area_products where product_id = ${productId} and area_loc_id = ${newYork.loc_id}`.execute(db);
    expect(cards.rows).toContainEqual({ image: '/media/uploads/new-first.jpg', age_restricted: true });
    expect(await drift()).toBe(0);
  });
});
