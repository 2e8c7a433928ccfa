import { sql, type Kysely } from 'kysely';
import { stateTaxRates2026 } from './state-tax-rates-2026.ts';

/**
 * The cart page: coupons, vendor calendars (closed weekdays, holidays, delivery weekdays), driver slots with their
 * capacity, the seats carts hold, each cart group's chosen date, and the sales tax table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // Basis points for percent (1000 = 10 %), cents for fixed.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('min_subtotal_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_subtotal_cents >= 0`),
    )
    .addColumn('expires_at', 'timestamptz')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 0`))
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_percent_at_most_100', sql`kind <> 'percent' or amount <= 10000`)
    .execute();
  // Shoppers type codes in any case: 'welcome10' is WELCOME10, and no two codes may differ only by case.
  await sql`create unique index coupons_code_idx on coupons (lower(code))`.execute(db);

  await db.schema
    .createTable('vendor_closed_days')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addPrimaryKeyConstraint('vendor_closed_days_pk', ['vendor_id', 'weekday'])
    .execute();

  await db.schema
    .createTable('vendor_holidays')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vendor_holidays_pk', ['vendor_id', 'date'])
    .execute();

  // A vendor with rows here delivers only on those weekdays (farms: Tuesday and Friday); none means every open day.
  await db.schema
    .createTable('vendor_delivery_days')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addPrimaryKeyConstraint('vendor_delivery_days_pk', ['vendor_id', 'weekday'])
    .execute();

  // The Same Day slots a shop's drivers run every delivery day; the template id is the API's slot_id.
  await db.schema
    .createTable('driver_slot_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id').onDelete('cascade'))
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('end_time', 'text', (c) => c.notNull().check(sql`end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
    .addCheckConstraint('driver_slot_templates_order', sql`start_time < end_time`)
    .addUniqueConstraint('driver_slot_templates_unique', ['loc_id', 'start_time'])
    .execute();

  // One row per slot and date once anyone asks for a seat: the row holding a slot locks (SELECT ... FOR UPDATE),
  // and `booked` counts the seats placed orders took (the checkout turns a cart's hold into a booking).
  await db.schema
    .createTable('driver_slots')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('driver_slot_templates.id').onDelete('cascade'))
    .addColumn('slot_date', 'date', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`booked >= 0`),
    )
    .addPrimaryKeyConstraint('driver_slots_pk', ['template_id', 'slot_date'])
    .execute();

  // A seat a cart holds in a slot for one of its vendor groups (one per cart and group) until expires_at.
  // An expired row is no longer counted against capacity but still says which slot the shopper chose.
  await db.schema
    .createTable('slot_holds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('driver_slot_templates.id').onDelete('cascade'))
    .addColumn('slot_date', 'date', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('slot_holds_cart_group_unique', ['cart_id', 'loc_id'])
    .execute();
  await db.schema.createIndex('slot_holds_slot_idx').on('slot_holds').columns(['template_id', 'slot_date', 'expires_at']).execute();

  // The date chosen for each vendor group of a cart (a group is one vendor location, so one speed).
  await db.schema
    .createTable('cart_deliveries')
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id').onDelete('cascade'))
    .addColumn('delivery_date', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cart_deliveries_pk', ['cart_id', 'loc_id'])
    .execute();

  // Rates in parts per million (6.875 % = 68750): basis points cannot hold Minnesota's or Missouri's rates.
  await db.schema
    .createTable('state_tax_rates')
    .addColumn('state', 'text', (c) => c.primaryKey().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('general_rate_ppm', 'integer', (c) => c.notNull().check(sql`general_rate_ppm between 0 and 200000`))
    .addColumn('grocery_rate_ppm', 'integer', (c) => c.notNull().check(sql`grocery_rate_ppm between 0 and 200000`))
    .addColumn('grocery_exempt', 'boolean', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addCheckConstraint('state_tax_rates_exempt_means_zero', sql`grocery_exempt = (grocery_rate_ppm = 0)`)
    .execute();
  const rows = stateTaxRates2026.map(
    (r) => sql`(${r.state}, ${r.state_name}, ${r.general_rate_ppm}, ${r.grocery_rate_ppm}, ${r.grocery_exempt}, ${r.note})`,
  );
  await sql`insert into state_tax_rates (state, state_name, general_rate_ppm, grocery_rate_ppm, grocery_exempt, note)
    values ${sql.join(rows)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'state_tax_rates',
    'cart_deliveries',
    'slot_holds',
    'driver_slots',
    'driver_slot_templates',
    'vendor_delivery_days',
    'vendor_holidays',
    'vendor_closed_days',
    'coupons',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
