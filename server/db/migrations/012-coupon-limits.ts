import { sql, type Kysely } from 'kysely';

/**
 * Per-customer coupon limits (issue 14: WELCOME10 was reusable on every order of the same customer).
 *
 * - coupons.per_customer_limit: how many live orders one customer may place with the coupon (null: no limit). A
 *   customer is counted by account and by email, so a guest (a new guest row each checkout) is counted by email and a
 *   shopper who used it as a guest and then registered with the same email has used it too.
 * - coupon_redemptions: one row per order placed with a coupon, written in the order's transaction. An order whose
 *   payment failed or that was cancelled no longer counts (its status says so), so the shopper may use the coupon again.
 * - WELCOME10, the seed's welcome coupon, becomes once per customer in databases seeded before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('per_customer_limit', 'integer', (c) => c.check(sql`per_customer_limit >= 1`))
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('coupon_redemptions_customer_idx').on('coupon_redemptions').columns(['coupon_id', 'customer_id']).execute();
  await db.schema.createIndex('coupon_redemptions_email_idx').on('coupon_redemptions').columns(['coupon_id', 'email_normalized']).execute();
  await sql`update coupons set per_customer_limit = 1 where lower(code) = 'welcome10'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.alterTable('coupons').dropColumn('per_customer_limit').execute();
}
