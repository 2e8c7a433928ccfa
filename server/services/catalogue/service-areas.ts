import type { Kysely } from 'kysely';
import type { ServedCity } from '../../../src/api/contract/location.contract.ts';
import type { Database } from '../../db/schema.ts';
import { placeOfZip } from '../platform/zip-directory.ts';

export type ZipLookup =
  { served: true; zipcode: string; city: string; state: string; loc_id: number } | { served: false; zipcode: string; city?: string; state?: string };

export async function lookupZip(db: Kysely<Database>, zipcode: string): Promise<ZipLookup> {
  const area = await db.selectFrom('service_areas').select(['zipcode', 'city', 'state', 'loc_id']).where('zipcode', '=', zipcode).executeTakeFirst();
  if (area) return { served: true, ...area };
  const place = await placeOfZip(zipcode);
  return place ? { served: false, zipcode, city: place.city, state: place.state } : { served: false, zipcode };
}

/** Every served city with its zips, ordered by state then city. */
export async function servedCities(db: Kysely<Database>): Promise<ServedCity[]> {
  const rows = await db
    .selectFrom('service_areas')
    .select(['city', 'state', 'zipcode'])
    .orderBy('state')
    .orderBy('city')
    .orderBy('zipcode')
    .execute();
  const byCity = new Map<string, ServedCity>();
  for (const row of rows) {
    const key = `${row.state}|${row.city}`;
    let entry = byCity.get(key);
    if (!entry) {
      entry = { city: row.city, state: row.state, postcodes: [] };
      byCity.set(key, entry);
    }
    entry.postcodes.push(row.zipcode);
  }
  return [...byCity.values()];
}

/** Served zips of one city (names compared case-insensitively, trimmed). */
export function zipsOfCity(cities: ServedCity[], city: string, state: string): string[] {
  const wantCity = city.trim().toLowerCase();
  const wantState = state.trim().toLowerCase();
  return cities.filter((c) => c.city.toLowerCase() === wantCity && c.state.toLowerCase() === wantState).flatMap((c) => c.postcodes);
}
