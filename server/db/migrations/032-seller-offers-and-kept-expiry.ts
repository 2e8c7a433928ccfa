import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, decision 047.
 * - The listing's vendor filter reads a seller's offers by location (vendor_locations → variant_offers.loc_id): without
 *   an index on loc_id every filtered page scanned all offers. The index carries what the filter reads (area, speed,
 *   variant), so the seller's offers are found by key.
 * - Lines kept for an old zip expire (decision 047): the sweep finds the old ones by the time they were kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index variant_offers_loc_idx on variant_offers (loc_id, speed, area_loc_id, variant_id) include (price_cents, stock)`.execute(db);
  await db.schema.createIndex('cart_kept_lines_created_idx').on('cart_kept_lines').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cart_kept_lines_created_idx').ifExists().execute();
  await db.schema.dropIndex('variant_offers_loc_idx').ifExists().execute();
}
