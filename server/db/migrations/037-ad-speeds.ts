import { sql, type Kysely } from 'kysely';

/**
 * Which offer speeds an ad speaks of (null: none in particular), so the store home shows a Dine-In or Pick-Up
 * shopper no delivery promotion (src/rules/promos.ts). The seed's three ads are all about delivery: free Same Day
 * delivery from $75, the courier's next-day delivery and Farm Direct's Saturday delivery; a database seeded before
 * this migration gets their speeds here, a new one from the seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ads add column speeds text[]`.execute(db);
  await sql`update ads set speeds = array['local'] where text like 'Free delivery over %'`.execute(db);
  await sql`update ads set speeds = array['courier'] where text like 'Next-day %'`.execute(db);
  await sql`update ads set speeds = array['farm-direct'] where text like 'Farm Direct:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ads drop column if exists speeds`.execute(db);
}
