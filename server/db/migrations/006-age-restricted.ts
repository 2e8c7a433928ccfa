import { sql, type Kysely } from 'kysely';

/**
 * Age-restricted products (issue 11): drinks for pairing, which only a verified customer over 21 may order. Existing
 * products stay unrestricted (the default). A drink's sizes are millilitres, not grams, so products say which unit
 * their variants' bottle_size is in. customers.is_verified already exists (002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('age_restricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('size_unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('g')
        .check(sql`size_unit in ('g', 'ml')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('size_unit').dropColumn('age_restricted').execute();
}
