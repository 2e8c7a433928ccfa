import type { Kysely } from 'kysely';
import { localToday } from '../../../src/rules/local-day.ts';
import type { LocationDay } from '../../../src/rules/fulfilment.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Each location's own day now, by its state's time zone (src/rules/local-day.ts, as a table's day is decided): a San
 * Francisco butcher's console at 10 pm Pacific still lists that day, not New York's next one (QA: every seller's
 * default dates were New York's).
 */
export async function locationDays(db: Kysely<Database>, locIds: readonly number[], now: Date): Promise<LocationDay[]> {
  if (locIds.length === 0) return [];
  const rows = await db
    .selectFrom('vendor_locations')
    .select(['id', 'state'])
    .where('id', 'in', [...locIds])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ loc_id: row.id, today: localToday(now, row.state) }));
}
