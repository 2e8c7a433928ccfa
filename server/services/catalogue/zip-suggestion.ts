import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { GeoLocate } from '../platform/geo-ip.ts';
import { coordinatesOfZip, milesBetween } from '../platform/zip-distance.ts';

/** A served zip further than this from the shopper's city is no suggestion: it would be another city. */
export const suggestionRadiusMiles = 60;

export interface ZipSuggestion {
  zipcode: string;
  city: string;
  state: string;
  /** The city the address was placed in. */
  fromCity: string;
}

/**
 * The served zip nearest to the city the caller's address is in (the pincode dialog's prefill, spec "A geo-IP
 * lookup may prefill the pincode"), or undefined when the address says nothing or no served zip is near it.
 */
export async function suggestZip(db: Kysely<Database>, locate: GeoLocate, ip: string): Promise<ZipSuggestion | undefined> {
  const place = await locate(ip);
  if (!place || place.country !== 'US') return undefined;
  const areas = await db.selectFrom('service_areas').select(['zipcode', 'city', 'state']).orderBy('zipcode').execute();
  let best: (ZipSuggestion & { miles: number }) | undefined;
  for (const area of areas) {
    const at = await coordinatesOfZip(area.zipcode);
    if (!at) continue;
    const miles = milesBetween(place, at);
    if (miles <= suggestionRadiusMiles && (!best || miles < best.miles)) best = { ...area, fromCity: place.city, miles };
  }
  return best ? { zipcode: best.zipcode, city: best.city, state: best.state, fromCity: best.fromCity } : undefined;
}
