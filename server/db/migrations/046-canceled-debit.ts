import { sql, type Kysely } from 'kysely';

/**
 * A bank debit still on its way when the shopper canceled its order (decision 087 left it): the order ends at once,
 * and orders.canceled_debit says what became of its debit. 'on-its-way': the provider could not stop it (Stripe
 * cannot cancel most processing debits); the payment reconciler reads it, and refunds it in full once it clears.
 * 'refunded': it cleared and was refunded. 'not-taken': stopped at the provider, or returned by the bank: nothing was
 * taken and nothing is owed. Null for every other order (one canceled after its payment arrived is refunded at cancel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('canceled_debit', 'text').execute();
  await sql`alter table orders add constraint orders_canceled_debit_check check (canceled_debit in ('on-its-way', 'refunded', 'not-taken'))`.execute(
    db,
  );
  // The reconciler's pass reads only the debits still on their way.
  await sql`create index orders_canceled_debit_idx on orders (updated_at) where canceled_debit = 'on-its-way'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_canceled_debit_idx`.execute(db);
  await db.schema.alterTable('orders').dropColumn('canceled_debit').execute();
}
