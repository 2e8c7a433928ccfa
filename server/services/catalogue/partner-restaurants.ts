import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DineinRetailer, NearbyRestaurant, VisitRetailer } from '../../../src/api/contract/dine-in.contract.ts';
import type { Database, VendorLocationsTable } from '../../db/schema.ts';
import { coordinatesOfZip, milesBetween } from '../platform/zip-distance.ts';
import { restaurantsServing, servedAreas } from './catalogue-cache.ts';
import { lookupZip } from './service-areas.ts';

/**
 * Partner restaurants and bars (issue 12): vendor_locations rows of 'restaurant' vendors, with stars, address,
 * hours and coordinates (migration 010). The dine-in list is the restaurants that sell at Dine-In or Pick-Up in the
 * shopper's served area; the locator lists those within reach of any zip, nearest first.
 */

/** How far the locator looks from the shopper's zip. */
export const locatorRadiusMiles = 30;

const columns = [
  'vendor_locations.id',
  'vendor_locations.vendor_id',
  'vendor_locations.name',
  'vendor_locations.street1',
  'vendor_locations.street2',
  'vendor_locations.city',
  'vendor_locations.state',
  'vendor_locations.zipcode',
  'vendor_locations.telephone',
  'vendor_locations.price_category',
  'vendor_locations.opens_at',
  'vendor_locations.closes_at',
  'vendor_locations.description',
  'vendor_locations.latitude',
  'vendor_locations.longitude',
] as const;

type RestaurantRow = Pick<
  Selectable<VendorLocationsTable>,
  | 'id'
  | 'vendor_id'
  | 'name'
  | 'street1'
  | 'street2'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'telephone'
  | 'price_category'
  | 'opens_at'
  | 'closes_at'
  | 'description'
  | 'latitude'
  | 'longitude'
>;

function restaurantsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(columns)
    .where('vendors.kind', '=', 'restaurant');
}

function toRetailer(row: RestaurantRow): DineinRetailer {
  return {
    loc_id: row.id,
    vendor_id: row.vendor_id,
    name: row.name,
    street1: row.street1,
    street2: row.street2 ?? '',
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    telephone: row.telephone,
    price_category: row.price_category,
    opens_at: row.opens_at ?? '',
    closes_at: row.closes_at ?? '',
    description: row.description ?? '',
  };
}

export type DineinListOutcome = { kind: 'not-served' } | { kind: 'retailers'; retailers: VisitRetailer[] };

/**
 * The restaurants with offers at Dine-In or Pick-Up in the served area of `zipcode` (dearest first, then by name),
 * each with those speeds, optionally of one star category (0 = All). The area's restaurants are the served-areas
 * cache's (restaurantsServing): the rule a chosen vendor_location_id is checked by (chosen-restaurant.ts), so the
 * Delivery Options screen never offers one that a later call refuses. An unserved zip, or a `location` that is not
 * the zip's area, is not served.
 */
export async function dineinRetailers(
  db: Kysely<Database>,
  request: { zipcode: string; location?: number | undefined; priceCategory?: number | undefined },
): Promise<DineinListOutcome> {
  const area = await lookupZip(db, request.zipcode);
  if (!area.served || (request.location !== undefined && request.location !== area.loc_id)) return { kind: 'not-served' };
  const serving = restaurantsServing(await servedAreas(db), area.loc_id);
  if (serving.size === 0) return { kind: 'retailers', retailers: [] };
  let query = restaurantsQuery(db).where('vendor_locations.id', 'in', [...serving.keys()]);
  if (request.priceCategory) query = query.where('vendor_locations.price_category', '=', request.priceCategory);
  const rows = await query.orderBy('vendor_locations.price_category', 'desc').orderBy('vendor_locations.name').execute();
  return { kind: 'retailers', retailers: rows.map((row) => ({ ...toRetailer(row), speeds: [...(serving.get(row.id) ?? [])] })) };
}

/** A restaurant by its loc_id, or undefined when that location is not a restaurant. */
export async function findRestaurant(db: Kysely<Database>, locId: number): Promise<DineinRetailer | undefined> {
  const row = await restaurantsQuery(db).where('vendor_locations.id', '=', locId).executeTakeFirst();
  return row ? toRetailer(row) : undefined;
}

/** Restaurants within locatorRadiusMiles of the zip's centre, nearest first; undefined for a zip the dataset lacks. */
export async function restaurantsNear(db: Kysely<Database>, zipcode: string): Promise<NearbyRestaurant[] | undefined> {
  const from = await coordinatesOfZip(zipcode);
  if (!from) return undefined;
  const rows = await restaurantsQuery(db).execute();
  const near: NearbyRestaurant[] = [];
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    const distance = milesBetween(from, { latitude: row.latitude, longitude: row.longitude });
    if (distance <= locatorRadiusMiles) near.push({ ...toRetailer(row), distance });
  }
  return near.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}

/**
 * For a query joined to vendor_locations: the seller's name as the shopper meets it, the one place that says it. A
 * shop or a restaurant is its location as Delivery Options' Select Retailer lists it ('Hudson Street Butchers — West
 * Village', 'The Oyster Room — Chelsea'), in the header, the wallet, the cart, the checkout, the order, its mails and
 * the consoles (walk 8 named a restaurant by its company in the cart; walk 9 a shop: decision 088 left).
 */
export function sellerName(): RawBuilder<string> {
  return sql<string>`vendor_locations.name`;
}

/**
 * For a query on vendors: the vendor as the shopper meets it where one name stands for all its locations (its
 * calendar's closed days, the listing's vendor filter): its one location's sellerName, or, with several, the company.
 * Read once per vendor (the calendars are kept; a listing names the few vendors asked for).
 */
export function vendorShownName(): RawBuilder<string> {
  return sql<string>`coalesce((
    select min(vendor_locations.name) from vendor_locations where vendor_locations.vendor_id = vendors.id having count(*) = 1
  ), vendors.name)`;
}
