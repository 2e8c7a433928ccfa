import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: who changed a location's day, and why (decision 044). Staff may close or reopen any seller location's
 * date, change a slot's seats for a date and set stock, as the location's seller does; each change, a seller's or
 * staff's, is kept here with its time, actor and (staff's required) reason, in the change's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('capacity_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table capacity_changes add constraint capacity_changes_change_check check (change in ('close', 'reopen', 'seats', 'stock'))`.execute(
    db,
  );
  await db.schema.createIndex('capacity_changes_loc_idx').on('capacity_changes').columns(['loc_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('capacity_changes').execute();
}
