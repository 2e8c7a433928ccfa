import { sql, type Kysely } from 'kysely';

/**
 * Listings filtered by size or sub-category without heap reads (issue 15; decision 022, revision 019). Migration 017's
 * three sort indexes carry speed_mask and the price, so an unfiltered or price-filtered page is an index-only scan; a
 * size or sub-category filter still read each walked entry's heap row for its arrays, and in name or price order those
 * rows are scattered (the heap is in rank order): a deep filtered page or a filtered count read one heap page per entry.
 * The indexes now also carry speed_sizes and category_ids, so every filter is checked in the index. A size at any
 * delivery speed is speed_sizes' three speed keys (every delivery offer has a speed bit), so `sizes` is only read for
 * the two visit channels, whose listings are a few rows. The tables, triggers and functions are unchanged.
 */
const withFilters = {
  rank: sql`(area_loc_id, channel, category_id, rank, product_id) include (speed_mask, price_cents, speed_sizes, category_ids)`,
  price: sql`(area_loc_id, channel, category_id, price_cents, product_id) include (speed_mask, speed_sizes, category_ids)`,
  name: sql`(area_loc_id, channel, category_id, sort_name, product_id) include (speed_mask, price_cents, speed_sizes, category_ids)`,
};

/** 017's definitions, for down. */
const withoutFilters = {
  rank: sql`(area_loc_id, channel, category_id, rank, product_id) include (speed_mask, price_cents)`,
  price: sql`(area_loc_id, channel, category_id, price_cents, product_id) include (speed_mask)`,
  name: sql`(area_loc_id, channel, category_id, sort_name, product_id) include (speed_mask, price_cents)`,
};

async function recreate(db: Kysely<unknown>, definitions: typeof withFilters): Promise<void> {
  for (const [sort, columns] of Object.entries(definitions)) {
    const index = sql.raw(`area_category_products_${sort}_idx`);
    await sql`drop index if exists ${index}`.execute(db);
    await sql`create index ${index} on area_category_products ${columns}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recreate(db, withFilters);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recreate(db, withoutFilters);
}
