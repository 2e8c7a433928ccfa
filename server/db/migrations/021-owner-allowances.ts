import { sql, type Kysely } from 'kysely';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';

/**
 * Allowances only their owner can spend (issue 26).
 *
 * - orders.email_canonical: the order's email as one mailbox (case, a trailing dot, a +tag, Gmail's dots do not
 *   count), which the email's pay-on-delivery limit counts by. Filled for the open unpaid orders, the only ones that
 *   limit reads.
 * - coupon_redemptions.email_normalized now holds the same canonical form, so `name+again@` does not get a
 *   once-per-customer coupon twice; existing rows are rewritten.
 * - sign_in_known_addresses: the addresses an account signed in from, which keep their own allowance of wrong
 *   passwords when the account's ceiling across addresses is reached (a stranger cannot lock the owner out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('email_canonical', 'text').execute();
  await db.schema.createIndex('orders_email_canonical_idx').on('orders').columns(['email_canonical', 'status']).execute();
  const open = await sql<{ email: string }>`select distinct email from orders
    where status in ('awaiting_confirmation', 'pending_payment_on_delivery')`.execute(db);
  for (const { email } of open.rows) {
    await sql`update orders set email_canonical = ${canonicalEmail(email)}
      where email = ${email} and status in ('awaiting_confirmation', 'pending_payment_on_delivery')`.execute(db);
  }
  const used = await sql<{ email_normalized: string }>`select distinct email_normalized from coupon_redemptions`.execute(db);
  for (const { email_normalized: stored } of used.rows) {
    const canonical = canonicalEmail(stored);
    if (canonical !== stored) await sql`update coupon_redemptions set email_normalized = ${canonical} where email_normalized = ${stored}`.execute(db);
  }
  await db.schema
    .createTable('sign_in_known_addresses')
    .addColumn('email_canonical', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_known_addresses_pk', ['email_canonical', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_known_addresses').execute();
  await db.schema.dropIndex('orders_email_canonical_idx').execute();
  await db.schema.alterTable('orders').dropColumn('email_canonical').execute();
}
