import { sql, type Kysely } from 'kysely';

/**
 * Checkout: saved addresses, the payment provider's customer per customer, saved cards (brand, last 4 and expiry
 * only: never a number or a CVC), and orders with their items and per-vendor deliverables.
 *
 * Orders keep no foreign key to carts, offers or shops: an order is a record of what was sold (names, prices and the
 * address are copied in), and the catalogue may be cleared and seeded again without touching it (clearCatalogue
 * truncates only while nothing outside the catalogue points into it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('address_type', 'text', (c) => c.notNull().check(sql`address_type in ('shipping', 'billing')`))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('country', 'text', (c) =>
      c
        .notNull()
        .defaultTo('US')
        .check(sql`country = 'US'`),
    )
    .addColumn('zipcode', 'text', (c) => c.notNull().check(sql`zipcode ~ '^[0-9]{5}$'`))
    .addColumn('telephone', 'text', (c) => c.notNull().check(sql`telephone ~ '^[0-9]{10}$'`))
    .addColumn('email', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_customer_idx').on('addresses').columns(['customer_id', 'address_type']).execute();
  // At most one default shipping address per customer, whatever two requests do at once.
  await sql`create unique index addresses_one_default_idx on addresses (customer_id) where is_default and address_type = 'shipping'`.execute(db);

  // The customer's record at the payment provider (Stripe's cus_..., or the test gateway's own id).
  await db.schema
    .createTable('payment_customers')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull().check(sql`gateway in ('test', 'stripe')`))
    .addColumn('gateway_customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_customers_pk', ['customer_id', 'gateway'])
    .execute();

  // Saved cards: the provider's payment method id and what a card preview shows. Nothing else of the card, ever.
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull().check(sql`gateway in ('test', 'stripe')`))
    .addColumn('gateway_customer_id', 'text', (c) => c.notNull())
    .addColumn('gateway_method_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('exp_month', 'integer', (c) => c.notNull().check(sql`exp_month between 1 and 12`))
    .addColumn('exp_year', 'integer', (c) => c.notNull().check(sql`exp_year between 2000 and 2100`))
    .addColumn('holder_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_methods_gateway_unique', ['gateway', 'gateway_method_id'])
    .execute();
  await db.schema.createIndex('payment_methods_customer_idx').on('payment_methods').column('customer_id').execute();

  // Order numbers as shoppers see them ('100000123'): a sequence, so two checkouts never share one.
  await sql`create sequence order_increment_seq start with 100000001`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('increment_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`nextval('order_increment_seq')::text`),
    )
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'processing', 'pending_payment_on_delivery', 'payment_failed', 'complete', 'canceled')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('speed_id', 'integer', (c) => c.notNull().check(sql`speed_id in (1, 2, 3, 10, 11)`))
    .addColumn('retailer_loc_id', 'integer')
    .addColumn('address_id', 'integer')
    // What the address said when the order was placed: the saved address may change or go later.
    .addColumn('shipping_address', 'jsonb')
    .addColumn('payment_mode', 'integer', (c) => c.notNull().check(sql`payment_mode in (2, 3, 4)`))
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_gateway', 'text')
    .addColumn('payment_ref', 'text')
    .addColumn('payment_method_id', 'integer')
    // A fresh card's one-time token (tok_... / pm_...), kept so a retried charge reuses the same idempotent request.
    .addColumn('payment_token', 'text')
    // Set by the request that charges the order, so a duplicate request waits for it instead of charging too.
    .addColumn('charge_started_at', 'timestamptz')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text', (c) => c.check(sql`card_last4 ~ '^[0-9]{4}$'`))
    .addColumn('upi_id', 'text')
    .addColumn('payment_message', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().check(sql`discount_cents >= 0`))
    .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().check(sql`delivery_fee_cents >= 0`))
    .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('taxes_cents', 'integer', (c) => c.notNull().check(sql`taxes_cents >= 0`))
    .addColumn('tip_percent', 'integer', (c) => c.notNull().check(sql`tip_percent in (0, 5, 10, 15, 20)`))
    .addColumn('tip_cents', 'integer', (c) => c.notNull().check(sql`tip_cents >= 0`))
    .addColumn('grand_total_cents', 'integer', (c) => c.notNull().check(sql`grand_total_cents >= 0`))
    .addColumn('coupon_code', 'text')
    .addColumn('gift_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The idempotency key of place order: one live order per cart. A failed payment frees the cart for another try.
  await sql`create unique index orders_cart_live_idx on orders (cart_id) where status <> 'payment_failed'`.execute(db);
  await db.schema.createIndex('orders_customer_idx').on('orders').columns(['customer_id', 'created_at']).execute();

  // One per vendor group: who delivers (or hands over) what, on which date and in which driver slot.
  await db.schema
    .createTable('order_deliverables')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_name', 'text', (c) => c.notNull())
    .addColumn('speed', 'text', (c) => c.notNull().check(sql`speed in ('local', 'courier', 'farm-direct')`))
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'date')
    .addColumn('slot_template_id', 'integer')
    .addColumn('slot_start', 'text')
    .addColumn('slot_end', 'text')
    .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().check(sql`delivery_fee_cents >= 0`))
    .addColumn('packaging_fee_cents', 'integer', (c) => c.notNull().check(sql`packaging_fee_cents >= 0`))
    .execute();
  await db.schema.createIndex('order_deliverables_order_idx').on('order_deliverables').column('order_id').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('deliverable_id', 'integer', (c) => c.notNull().references('order_deliverables.id').onDelete('cascade'))
    .addColumn('offer_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('bottle_size', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('row_total_cents', 'integer', (c) => c.notNull().check(sql`row_total_cents >= 0`))
    .addColumn('tax_cents', 'integer', (c) => c.notNull().check(sql`tax_cents >= 0`))
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_items', 'order_deliverables', 'orders', 'payment_methods', 'payment_customers', 'addresses']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop sequence if exists order_increment_seq`.execute(db);
}
