import type { Kysely } from 'kysely';
import { catalogueRestaurant } from '../../src/rules/speeds.ts';
import type { Database } from '../db/schema.ts';
import { servedAreas } from '../services/catalogue/catalogue-cache.ts';
import { restaurantRefusal, type ChosenVisit } from '../services/catalogue/chosen-restaurant.ts';
import { badRequest } from './errors.ts';

/**
 * The restaurant a catalogue read narrows to (catalogueRestaurant), checked first: a 400 naming vendor_location_id
 * for one that does not sell the visit in the area (restaurantRefusal), before any kept page, home or product is
 * looked up by it, so a made-up id never makes an entry of its own. From memory: no statement per request.
 */
export async function checkedRestaurant(db: Kysely<Database>, visit: ChosenVisit): Promise<number | undefined> {
  const refusal = restaurantRefusal(await servedAreas(db), visit);
  if (refusal) throw badRequest([refusal]);
  return catalogueRestaurant(visit.speed, visit.restaurantLocId);
}
