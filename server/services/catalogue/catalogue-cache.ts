import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { onCatalogueChange } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';

export interface CategoryRow {
  id: number;
  name: string;
  parent_id: number | null;
}

/** The category tree's and the served areas' cache settings (exported for their budget tests). */
export const categoryCacheOptions = { name: 'categories', maxBytes: cacheBudgets.categories, freshMs: 60_000, staleMs: 600_000 };
export const areaCacheOptions = { name: 'service-areas', maxBytes: cacheBudgets.serviceAreas, freshMs: 60_000, staleMs: 600_000 };

/**
 * The category tree and the served areas: tens of rows that change only with the catalogue, read by every
 * listing, search and product call. Kept for a minute so each of those calls saves a round trip.
 */
const caches = perDatabase<Kysely<Database>, { categories: ReadCache<CategoryRow[]>; areas: ReadCache<Set<number>> }>((db) => {
  const made = {
    categories: new ReadCache<CategoryRow[]>(categoryCacheOptions),
    areas: new ReadCache<Set<number>>(areaCacheOptions),
  };
  // An offer's price or stock is not in either; anything else may be (decision 042).
  onCatalogueChange(db, (change) => {
    if (change !== 'all') return;
    made.categories.clear();
    made.areas.clear();
  });
  return made;
});

/** Every category in display order (position, then id). */
export function categoryRows(db: Kysely<Database>): Promise<CategoryRow[]> {
  return caches(db).categories.get('all', () =>
    db.selectFrom('categories').select(['id', 'name', 'parent_id']).orderBy('position').orderBy('id').execute(),
  );
}

/** Whether loc_id is one of the delivery areas getaddressbyzipcode hands out. */
export async function isServedLocation(db: Kysely<Database>, locId: number): Promise<boolean> {
  const areas = await caches(db).areas.get('all', async () => {
    const rows = await db.selectFrom('service_areas').select('loc_id').distinct().execute();
    return new Set(rows.map((r) => r.loc_id));
  });
  return areas.has(locId);
}

/** The words the home page uses for an area we do not serve. */
export const notServedMessage = 'We do not deliver to this area yet. Please choose another pincode.';
