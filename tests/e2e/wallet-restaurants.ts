import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';

/**
 * Partner restaurants for the wallet journey. Part A of issue 12 adds the 'restaurant' vendor kind (migration 010) and
 * seeds restaurants in every served city; until that is in this branch, this does the same for the journeys' store:
 * two New York restaurants in the star category of the butcher (loc 101), where a dine-in order is eaten today, so
 * what it leaves in the wallet is redeemable at them. Nothing is added when the seed already has restaurants.
 */
export async function partnerRestaurants(db: Kysely<Database>): Promise<void> {
  const existing = await sql<{ n: number }>`select count(*)::int as n from vendors where kind::text = 'restaurant'`.execute(db);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  await sql`alter table vendors drop constraint if exists vendors_kind_check`.execute(db);
  await sql`alter table vendors add constraint vendors_kind_check check (kind in ('local', 'courier', 'farm-direct', 'restaurant'))`.execute(db);
  const butcher = await db.selectFrom('vendor_locations').select('price_category').where('id', '=', 101).executeTakeFirstOrThrow();
  const restaurants: [number, string, string][] = [
    [9101, 'Harbor Oyster Bar', '12 Pier Street'],
    [9102, 'Sake House', '88 Mott Street'],
  ];
  for (const [vendorId, name, street] of restaurants) {
    await sql`insert into vendors (id, name, kind) values (${vendorId}, ${name}, 'restaurant')`.execute(db);
    await db
      .insertInto('vendor_locations')
      .values({
        id: vendorId * 100 + 1,
        vendor_id: vendorId,
        name,
        street1: street,
        street2: null,
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
        telephone: '2125550188',
        price_category: butcher.price_category,
        ships_nationwide: false,
      })
      .execute();
  }
}
