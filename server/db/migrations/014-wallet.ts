import { sql, type Kysely } from 'kysely';

/**
 * The prepaid wallet (issue 12, part B).
 *
 * - wallet_entries: what a paid dine-in order holds for its customer at the restaurant it was bought for, one row per
 *   order item, in the product's unit (ml for drinks, portions for food). ordered = consumed + remaining + withdrawn
 *   (withdrawn: units taken back by a refund); remaining never goes below zero. price_category and state are the
 *   restaurant's when the order was paid: the entry is redeemable at any partner of that state and star category.
 * - wallet_redemptions: the units one order took from one entry, at the restaurant where they were redeemed; a failed
 *   payment deletes them and gives the units back.
 * - cart_items.wallet_entry_id / wallet_loc_id: a cart line redeemed from the wallet (priced 0, no stock taken), at that
 *   restaurant. The line key becomes (cart, offer, size, entry), nulls not distinct, so a paid line and wallet lines of the
 *   same offer live side by side and add to cart still finds its one paid line per offer.
 * - order_items.wallet_entry_id: the ordered line that was a redemption.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`unit in ('ml', 'portion')`))
    .addColumn('ordered', 'integer', (c) => c.notNull().check(sql`ordered > 0`))
    .addColumn('consumed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`consumed >= 0`),
    )
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('withdrawn', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`withdrawn >= 0`),
    )
    .addColumn('price_category', 'integer', (c) => c.notNull().check(sql`price_category between 1 and 5`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('wallet_entries_units_add_up', sql`ordered = consumed + remaining + withdrawn`)
    .execute();
  await db.schema.createIndex('wallet_entries_customer_idx').on('wallet_entries').columns(['customer_id', 'state', 'price_category']).execute();

  await db.schema
    .createTable('wallet_redemptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('wallet_entries.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('wallet_redemptions_order_idx').on('wallet_redemptions').column('order_id').execute();

  await db.schema
    .alterTable('cart_items')
    .addColumn('wallet_entry_id', 'integer', (c) => c.references('wallet_entries.id').onDelete('cascade'))
    .addColumn('wallet_loc_id', 'integer', (c) => c.references('vendor_locations.id'))
    .execute();
  await sql`alter table cart_items add constraint cart_items_wallet_pair check ((wallet_entry_id is null) = (wallet_loc_id is null))`.execute(db);
  await sql`alter table cart_items drop constraint cart_items_line_unique`.execute(db);
  await sql`alter table cart_items add constraint cart_items_line_unique unique nulls not distinct (cart_id, offer_id, variant_id, wallet_entry_id)`.execute(
    db,
  );

  await db.schema
    .alterTable('order_items')
    .addColumn('wallet_entry_id', 'integer', (c) => c.references('wallet_entries.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('wallet_entry_id').execute();
  await sql`delete from cart_items where wallet_entry_id is not null`.execute(db);
  await sql`alter table cart_items drop constraint cart_items_line_unique`.execute(db);
  await sql`alter table cart_items drop constraint cart_items_wallet_pair`.execute(db);
  await db.schema.alterTable('cart_items').dropColumn('wallet_entry_id').dropColumn('wallet_loc_id').execute();
  await sql`alter table cart_items add constraint cart_items_line_unique unique (cart_id, offer_id)`.execute(db);
  await db.schema.dropTable('wallet_redemptions').execute();
  await db.schema.dropTable('wallet_entries').execute();
}
