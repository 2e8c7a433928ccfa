import { sql, type Kysely } from 'kysely';

/**
 * Pay by bank (issue 23, item 9): payment mode 1 is a US bank account debited by ACH, and an order paid so keeps the
 * shopper's online mandate (the address and browser it was accepted from), which the debit carries, so that a debit
 * re-sent by the payment reconciler is the very same request under its idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_payment_mode_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_mode_check check (payment_mode in (1, 2, 3, 4))`.execute(db);
  await db.schema.alterTable('orders').addColumn('bank_mandate', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('bank_mandate').execute();
  await sql`alter table orders drop constraint if exists orders_payment_mode_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_mode_check check (payment_mode in (2, 3, 4))`.execute(db);
}
