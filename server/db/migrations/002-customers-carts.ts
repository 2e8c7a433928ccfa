import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('is_guest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('newsletter', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notification', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('dob', 'date')
    .addColumn('gender', 'text')
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A registered account per email; guests may come back with the same email many times.
  await sql`create unique index customers_email_registered_idx on customers (email_normalized) where not is_guest`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'ordered', 'cleared')`),
    )
    .addColumn('coupon_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('carts_customer_idx').on('carts').columns(['customer_id', 'status']).execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('variant_offers.id'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty between 1 and 24`))
    .addColumn('delivery_date', 'date')
    .addColumn('timeslot', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_items_line_unique', ['cart_id', 'offer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cart_items', 'carts', 'sessions', 'customers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
