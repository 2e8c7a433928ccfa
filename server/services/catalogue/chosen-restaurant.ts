import type { FieldError } from '../../../src/api/contract/envelope.ts';
import { restaurantNotServedRefusal } from '../../../src/rules/messages.ts';
import { catalogueRestaurant, isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import { restaurantServes, type ServedAreas } from './catalogue-cache.ts';

/** What a catalogue or cart call says of the shopper's area, mode and chosen restaurant. */
export interface ChosenVisit {
  /** The area (service_areas.loc_id) the call is for. */
  locId: number;
  speed: SpeedValue | undefined;
  /** vendor_location_id as the request sent it. */
  restaurantLocId: number | undefined;
}

/**
 * The request's chosen restaurant, when it is refused: with Dine-In or Pick-Up, vendor_location_id must name a
 * restaurant location that sells at that speed in the request's area (one of the restaurants /ship/options offers
 * there). A delivery speed never uses it (catalogueRestaurant), so it is not checked; a visit without one is the
 * area's restaurants together. Answered from memory (catalogue-cache.ts): no statement per request.
 */
export function restaurantRefusal(served: ServedAreas, visit: ChosenVisit): FieldError | undefined {
  const restaurantLocId = catalogueRestaurant(visit.speed, visit.restaurantLocId);
  if (restaurantLocId === undefined || !isVisitSpeed(visit.speed)) return undefined;
  if (restaurantServes(served, { restaurantLocId, areaLocId: visit.locId, speed: visit.speed })) return undefined;
  return { field: 'vendor_location_id', message: restaurantNotServedRefusal(visit.speed === 'dine-in' ? 'Dine-In' : 'Pick-Up') };
}
