import { sql, type Kysely } from 'kysely';

/**
 * Issue 23: lines a new pincode or delivery option cannot sell may be kept for the old zip instead of removed.
 * cart_kept_lines holds them (the cart line as it was: offer, variant, quantity) with the zip they were kept for;
 * moving the cart back to that zip puts them back in the cart (server/services/cart/cart-area.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_kept_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('variant_offers.id'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty between 1 and 24`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_kept_lines_unique', ['cart_id', 'offer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_kept_lines').ifExists().execute();
}
