import { sql, type Kysely } from 'kysely';
import { handsOver } from '../../../src/rules/dine-in.ts';
import { visitSpeedValues, type VisitSpeedValue } from '../../../src/rules/speeds.ts';
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
 * The served areas and, in each, the restaurants that sell at a visit speed (Dine-In, Pick-Up): what a request's
 * loc_id and chosen restaurant (vendor_location_id) are checked against before anything is read or kept for them.
 */
export interface ServedAreas {
  /** loc_ids getaddressbyzipcode hands out. */
  areas: ReadonlySet<number>;
  /**
   * area loc_id → restaurant location → the visit speeds it has offers in stock at in that area (visitSpeedValues'
   * order): a restaurant whose offers at a speed are all at stock 0 has nothing to serve and does not serve it now.
   */
  visits: ReadonlyMap<number, ReadonlyMap<number, readonly VisitSpeedValue[]>>;
}

const noRestaurants: ReadonlyMap<number, readonly VisitSpeedValue[]> = new Map();

/**
 * The restaurants that sell at a visit speed in the area, each with those speeds: the one rule both the chosen
 * restaurant's check (chosen-restaurant.ts) and the Delivery Options list (partner-restaurants.ts) go by, so a
 * restaurant offered there is never refused. None in an area we do not serve.
 */
export function restaurantsServing(served: ServedAreas, areaLocId: number): ReadonlyMap<number, readonly VisitSpeedValue[]> {
  return (served.areas.has(areaLocId) && served.visits.get(areaLocId)) || noRestaurants;
}

/** Whether the restaurant location sells at the visit speed in the area (a served area, a restaurant of it). */
export function restaurantServes(served: ServedAreas, visit: { restaurantLocId: number; areaLocId: number; speed: VisitSpeedValue }): boolean {
  return restaurantsServing(served, visit.areaLocId).get(visit.restaurantLocId)?.includes(visit.speed) ?? false;
}

/**
 * The category tree and the served areas with their restaurants: tens of rows that change only with the catalogue,
 * read by every listing, search, home and product call. Kept for a minute so each of those calls saves a round trip.
 */
const caches = perDatabase<Kysely<Database>, { categories: ReadCache<CategoryRow[]>; areas: ReadCache<ServedAreas> }>((db) => {
  const made = {
    categories: new ReadCache<CategoryRow[]>(categoryCacheOptions),
    areas: new ReadCache<ServedAreas>(areaCacheOptions),
  };
  // An offer's price or stock is not in the categories; anything else may be (decision 042). Whether a restaurant has
  // a visit offer in stock is in the served areas (who serves a mode): a visit offer sold out or back in stock
  // (migration 042's ':visit' notice) drops them; any other stock change does not.
  onCatalogueChange(db, (change) => {
    if (change !== 'all') {
      if (change.visitStock) made.areas.clear();
      return;
    }
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

/**
 * The served areas and their restaurants (two statements a minute per instance at most; dropped on any catalogue
 * change but a price or stock one, and when a restaurant's visit offer sells out or comes back in stock).
 * A restaurant's visit offers carry its area (migration 010), so they are read by migration 032's index by location,
 * a few rows per restaurant: a restaurant with none at a speed, or none in stock, does not serve it.
 */
export function servedAreas(db: Kysely<Database>): Promise<ServedAreas> {
  return caches(db).areas.get('all', async () => {
    const rows = await db.selectFrom('service_areas').select('loc_id').distinct().execute();
    const areas = new Set(rows.map((r) => r.loc_id));
    const offered = await sql<{
      loc_id: number;
      area_loc_id: number | null;
      speed: VisitSpeedValue;
      in_stock: boolean;
      opens_at: string | null;
      closes_at: string | null;
    }>`
      select o.loc_id, o.area_loc_id, o.speed, bool_or(o.stock > 0) as in_stock, l.opens_at, l.closes_at
      from vendors v
      join vendor_locations l on l.vendor_id = v.id
      join variant_offers o on o.loc_id = l.id and o.speed = any(${[...visitSpeedValues]}::text[])
      where v.kind = 'restaurant'
      group by o.loc_id, o.area_loc_id, o.speed, l.opens_at, l.closes_at`.execute(db);
    const sold = new Map<number, Map<number, Set<VisitSpeedValue>>>();
    for (const row of offered.rows) {
      if (!row.in_stock) continue;
      // Pick-Up only where the hours leave a pick-up time (the offer rule's handsOver): walk 7 #1.
      const hours = row.opens_at && row.closes_at ? { opens_at: row.opens_at, closes_at: row.closes_at } : undefined;
      if (row.speed === 'pickup' && !handsOver(hours)) continue;
      // An offer of no one area (none are seeded) is sold in every served area.
      for (const area of row.area_loc_id === null ? areas : [row.area_loc_id]) {
        const inArea = sold.get(area) ?? new Map<number, Set<VisitSpeedValue>>();
        sold.set(area, inArea);
        inArea.set(row.loc_id, (inArea.get(row.loc_id) ?? new Set<VisitSpeedValue>()).add(row.speed));
      }
    }
    // Each restaurant's speeds in visitSpeedValues' order, whatever order the rows came in.
    const visits = new Map(
      [...sold].map(([area, inArea]) => [area, new Map([...inArea].map(([loc, speeds]) => [loc, visitSpeedValues.filter((s) => speeds.has(s))]))]),
    );
    return { areas, visits };
  });
}

/** Whether loc_id is one of the delivery areas getaddressbyzipcode hands out. */
export async function isServedLocation(db: Kysely<Database>, locId: number): Promise<boolean> {
  return (await servedAreas(db)).areas.has(locId);
}

/** The words the home page uses for an area we do not serve. */
export const notServedMessage = 'We do not deliver to this area yet. Please choose another pincode.';
