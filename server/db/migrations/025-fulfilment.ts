import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: who runs the store, and the order's life after payment.
 *
 * - customers.role: 'shopper' (every existing account), 'seller' or 'staff'. Sellers and staff sign in through the
 *   same sessions (argon2id, captcha, lockout); the role rides on the session (findSession).
 * - seller_locations: the seller locations (vendor_locations.id, the spec's loc_id) a seller user answers for.
 * - orders.fulfilment_state: where the order is in its life (src/rules/fulfilment.ts), apart from the payment
 *   status: 'placed' until a seller accepts it.
 * - order_events: each fulfilment transition with its time, actor and reason (the shopper's timeline, the staff's
 *   audit trail).
 * - order_items.weighed_grams: what the seller weighed at packing, for the lines sold by weight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('shopper'))
    .execute();
  await sql`alter table customers add constraint customers_role_check check (role in ('shopper', 'seller', 'staff'))`.execute(db);
  await db.schema
    .createTable('seller_locations')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addPrimaryKeyConstraint('seller_locations_pk', ['customer_id', 'loc_id'])
    .execute();
  await db.schema.createIndex('seller_locations_loc_idx').on('seller_locations').column('loc_id').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('fulfilment_state', 'text', (c) => c.notNull().defaultTo('placed'))
    .execute();
  await db.schema.createIndex('orders_fulfilment_state_idx').on('orders').columns(['fulfilment_state', 'status']).execute();
  await db.schema.createIndex('order_deliverables_loc_date_idx').on('order_deliverables').columns(['loc_id', 'delivery_date']).execute();
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();
  await db.schema.alterTable('order_items').addColumn('weighed_grams', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('weighed_grams').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropIndex('order_deliverables_loc_date_idx').execute();
  await db.schema.dropIndex('orders_fulfilment_state_idx').execute();
  await db.schema.alterTable('orders').dropColumn('fulfilment_state').execute();
  await db.schema.dropTable('seller_locations').execute();
  await db.schema.alterTable('customers').dropColumn('role').execute();
}
