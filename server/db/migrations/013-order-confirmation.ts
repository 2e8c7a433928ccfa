import { sql, type Kysely } from 'kysely';

/**
 * Pay on delivery that cannot drain stock (issue 14).
 *
 * - orders.status gains 'awaiting_confirmation': a pay-on-delivery order whose email was not confirmed yet. It holds
 *   its stock and seats until it is confirmed (then 'pending_payment_on_delivery') or released ('canceled').
 * - order_confirmations: the emailed link's token (its SHA-256 only, as password resets), when it stops working and
 *   when it was used.
 * - order_releases: the operator's record of every unconfirmed order released, what it gave back and why.
 * - orders_status_created_idx: the sweep and the open-unpaid-order limits read recent orders by status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending_payment', 'processing', 'awaiting_confirmation', 'pending_payment_on_delivery', 'payment_failed', 'complete', 'canceled'))`.execute(
    db,
  );
  await db.schema
    .createTable('order_confirmations')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_confirmations_expires_idx')
    .on('order_confirmations')
    .columns(['expires_at'])
    .where(sql.ref('confirmed_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('order_releases')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_created_idx').execute();
  await db.schema.dropTable('order_releases').execute();
  await db.schema.dropTable('order_confirmations').execute();
  await sql`update orders set status = 'canceled' where status = 'awaiting_confirmation'`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending_payment', 'processing', 'pending_payment_on_delivery', 'payment_failed', 'complete', 'canceled'))`.execute(
    db,
  );
}
