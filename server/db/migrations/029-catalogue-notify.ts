import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: every server instance's catalogue caches hear of a change committed through any other (decision 042).
 *
 * - An offer's price or stock changing (an order taking stock, a give-back, a seller's edit) notifies
 *   `product:<id>` for its product, row by row: the instances drop that product's cards and pages only.
 * - Anything else on the catalogue's tables (rows added or removed, products, categories, pictures, areas, banners)
 *   notifies `all`, once per statement: rare, and the caches then reload from scratch.
 * pg_notify's messages go out when the transaction commits (none for one rolled back), one per distinct payload.
 */
const statementTables = [
  'categories',
  'products',
  'product_categories',
  'product_images',
  'product_variants',
  'vendors',
  'vendor_locations',
  'service_areas',
  'related_products',
  'banners',
  'ads',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function store_catalogue_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('store_catalogue', 'all');
      return null;
    end $$`.execute(db);
  await sql`
    create function store_offer_changed() returns trigger language plpgsql as $$
    begin
      if new.price_cents is distinct from old.price_cents or new.stock is distinct from old.stock then
        perform pg_notify('store_catalogue', 'product:' || (select product_id from product_variants where id = new.variant_id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger variant_offers_changed after update of price_cents, stock on variant_offers
    for each row execute function store_offer_changed()`.execute(db);
  await sql`
    create trigger variant_offers_added_or_removed after insert or delete or truncate on variant_offers
    for each statement execute function store_catalogue_changed()`.execute(db);
  for (const table of statementTables) {
    await sql`
      create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function store_catalogue_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of statementTables) await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists variant_offers_added_or_removed on variant_offers`.execute(db);
  await sql`drop trigger if exists variant_offers_changed on variant_offers`.execute(db);
  await sql`drop function if exists store_offer_changed()`.execute(db);
  await sql`drop function if exists store_catalogue_changed()`.execute(db);
}
