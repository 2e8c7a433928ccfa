import { sql, type Kysely } from 'kysely';

/**
 * Face passes (issue 11, the order-time face check).
 *
 * - kyc_applications.face_embedding: the verified selfie's face embedding (a float vector, as JSON), written by verify
 *   on a match before the photos are deleted: the only trace of the face kept, so a later selfie can be compared.
 *   Cleared when the application is refused (under 21).
 * - kyc_applications.check_selfie_key: a fresh selfie uploaded to a verified application for one face check, kept
 *   only until that check (connect/verifyorder/verify) has run.
 * - face_passes: one matched check for one customer's cart, valid until expires_at (15 minutes) and taken by the
 *   order placed from that cart (used_at, order_id): a pass cannot be used twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_applications').addColumn('face_embedding', 'jsonb').addColumn('check_selfie_key', 'text').execute();
  await db.schema
    .createTable('face_passes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('kyc_applications.id').onDelete('cascade'))
    .addColumn('face_match_percent', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('face_passes_cart_idx').on('face_passes').columns(['cart_id', 'customer_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_passes').execute();
  await db.schema.alterTable('kyc_applications').dropColumn('face_embedding').dropColumn('check_selfie_key').execute();
}
