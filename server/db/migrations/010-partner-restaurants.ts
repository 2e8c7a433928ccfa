import { sql, type Kysely } from 'kysely';

/**
 * Partner restaurants and bars, dine-in and pick-up (issue 12, part A).
 *
 * - vendors.kind gains 'restaurant': a partner restaurant or bar. Its rows in vendor_locations carry the star price
 *   category (1-5), address and telephone like any shop, plus opening hours (opens_at / closes_at, 'HH:MM' in the
 *   restaurant's own time, the same every day; closes_at after opens_at, so no night spans midnight) and a short
 *   description ('Steakhouse', 'Oyster bar' ...) and its coordinates (latitude / longitude: the locator measures
 *   from the shopper's zip to the door, not to the restaurant's zip). Shops, couriers and farms leave these null.
 * - variant_offers.speed and order_deliverables.speed gain 'dine-in' and 'pickup': a restaurant sells a product to
 *   be eaten or drunk there (dine-in, checked out as speed 3) or collected there (pickup, speed 2). Such offers have
 *   area_loc_id = the served area (service_areas.loc_id) the restaurant is in, like a local shop's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vendors drop constraint if exists vendors_kind_check`.execute(db);
  await sql`alter table vendors add constraint vendors_kind_check check (kind in ('local', 'courier', 'farm-direct', 'restaurant'))`.execute(db);
  for (const table of ['variant_offers', 'order_deliverables']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_speed_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_speed_check`)}
      check (speed in ('local', 'courier', 'farm-direct', 'dine-in', 'pickup'))`.execute(db);
  }
  await db.schema
    .alterTable('vendor_locations')
    .addColumn('opens_at', 'text', (c) => c.check(sql`opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('closes_at', 'text', (c) => c.check(sql`closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('description', 'text')
    .addColumn('latitude', 'double precision', (c) => c.check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (c) => c.check(sql`longitude between -180 and 180`))
    .execute();
  await sql`alter table vendor_locations add constraint vendor_locations_hours_check
    check ((opens_at is null and closes_at is null) or (opens_at is not null and closes_at is not null and opens_at < closes_at))`.execute(db);
  // The dine-in list and the locator read the restaurants of one city.
  await db.schema.createIndex('vendor_locations_city_idx').on('vendor_locations').columns(['state', 'city']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vendor_locations_city_idx').execute();
  await sql`alter table vendor_locations drop constraint vendor_locations_hours_check`.execute(db);
  await db.schema
    .alterTable('vendor_locations')
    .dropColumn('opens_at')
    .dropColumn('closes_at')
    .dropColumn('description')
    .dropColumn('latitude')
    .dropColumn('longitude')
    .execute();
  for (const table of ['variant_offers', 'order_deliverables']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_speed_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_speed_check`)} check (speed in ('local', 'courier', 'farm-direct'))`.execute(
      db,
    );
  }
  await sql`alter table vendors drop constraint if exists vendors_kind_check`.execute(db);
  await sql`alter table vendors add constraint vendors_kind_check check (kind in ('local', 'courier', 'farm-direct'))`.execute(db);
}
