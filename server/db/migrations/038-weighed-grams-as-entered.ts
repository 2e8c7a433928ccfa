import { sql, type Kysely } from 'kysely';

/**
 * A weighed line keeps the weight as the seller entered it (QA: 1.00 lb was stored as 454 g and charged $41.67, not the
 * $41.63 that 453.59 g costs): order_items.weighed_grams becomes a double precision, grams with their fraction (the
 * console converts pounds to grams to the milligram, src/rules/weight-entry.ts), so the charge is priced from the weight
 * itself and its money rounded once (src/rules/catch-weight.ts lineFinalCents). Whole grams already stored stay as they
 * were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items alter column weighed_grams type double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items alter column weighed_grams type integer using round(weighed_grams)::integer`.execute(db);
}
