import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply, type ListingData, type ListingFilter } from '../../src/api/contract/catalogue.contract.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { priceBucketValue, priceBuckets } from '../../src/rules/listing.ts';
import { restaurantNotServedRefusal } from '../../src/rules/messages.ts';
import { cacheLookups } from '../../server/services/platform/metrics.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * The chosen restaurant (vendor_location_id) is checked against the request's area and mode on every call that takes
 * it, before any kept page, home or product is looked up by it: a restaurant of another area, a location that is no
 * restaurant or no location at all is a 400 naming the field, and leaves no cache entry. A visit listing's filter
 * panel is the chosen restaurant's (its prices, its sizes), as its cards are.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BEEF = 1002;
const GRAMERCY = 401;
/** The Oyster Room (402) opens at 5 PM, after the last pick-up time: it hands nothing over (walk 7 #1). */
const OYSTER_ROOM = 403;
/** A Chicago restaurant: it sells Dine-In and Pick-Up there, not in New York. */
const RIVER_NORTH = 411;
/** New York's butcher: a location, but no restaurant. */
const BUTCHER = 101;
const NO_LOCATION = 987_654;

type Speed = 'dine-in' | 'pickup';

/** Every call that takes vendor_location_id, asked in New York at a speed with a restaurant. */
function calls(speed: Speed, restaurant: number, productId: number) {
  const area = { store_id: 1, ...newYork, courier_type: speed, vendor_location_id: restaurant };
  return {
    category: () => t.app.inject({ method: 'GET', url: `/connect/index/category?${query({ ...area, catid: BEEF, page: 0, limit: 20 })}` }),
    filters: () =>
      t.app.inject({
        method: 'POST',
        url: '/connect/index/filters',
        payload: { ...area, parent_category_id: BEEF, page: 0, limit: 20, minprice: 0 },
      }),
    search: () => t.app.inject({ method: 'POST', url: `/connect/index/search?${query({ ...area, page: 0, limit: 20 })}`, payload: { q: 'steak' } }),
    product: () =>
      t.app.inject({
        method: 'GET',
        url: `/connect/index/product?${query({ store_id: 1, prodid: productId, loc_id: newYork.loc_id, zipCode: newYork.zipcode, courier_type: speed, vendor_location_id: restaurant })}`,
      }),
    homepage: () => t.app.inject({ method: 'GET', url: `/connect/index/homepage?${query(area)}` }),
    movearea: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/movearea',
        payload: { store_id: 1, cart_id: 'no-such-cart', zipcode: newYork.zipcode, courier_type: speed, vendor_location_id: restaurant },
      }),
  };
}

/** The catalogue's kept replies, panels, homes and product pages: how often each was looked up so far. */
async function keptLookups(): Promise<Record<string, number>> {
  const counts: Record<string, number> = { 'listing-replies': 0, 'listing-panels': 0, home: 0, 'product-detail': 0 };
  for (const { labels, value } of (await cacheLookups.get()).values) {
    const cache = String(labels.cache);
    if (cache in counts) counts[cache] = (counts[cache] ?? 0) + value;
  }
  return counts;
}

async function listing(params: Record<string, string | number>): Promise<ListingData> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, page: 0, limit: 50, ...params })}`,
  });
  const body = json(response);
  assert(body, listingReply);
  if (!body.data) throw new Error(`no listing: ${body.message ?? ''}`);
  return body.data;
}

async function productOf(restaurant: number, speed: Speed): Promise<number> {
  const [first] = (await listing({ courier_type: speed, vendor_location_id: restaurant })).products;
  if (!first) throw new Error(`restaurant ${restaurant} lists no beef for ${speed}`);
  return first.id;
}

describe('a chosen restaurant outside the area or mode is refused on every call that takes it', () => {
  it('answers 400 naming vendor_location_id for another area’s restaurant, a shop and a made-up id, and keeps nothing for them', async () => {
    for (const speed of ['dine-in', 'pickup'] as const) {
      const productId = await productOf(GRAMERCY, speed);
      const before = await keptLookups();
      for (const restaurant of [RIVER_NORTH, BUTCHER, NO_LOCATION]) {
        for (const [route, send] of Object.entries(calls(speed, restaurant, productId))) {
          // Twice: a refused query string is checked again, not remembered (decision 065's parser).
          for (let i = 0; i < 2; i++) {
            const response = await send();
            expect({ route, restaurant, speed, status: response.statusCode, body: json(response) }).toMatchObject({
              status: 400,
              body: {
                errors: [{ field: 'vendor_location_id', message: restaurantNotServedRefusal(speed === 'dine-in' ? 'Dine-In' : 'Pick-Up') }],
              },
            });
          }
        }
      }
      // Refused before any kept reply, panel, home or product page was asked for by it: no entry of its own.
      expect(await keptLookups()).toEqual(before);
    }
  });

  it("answers the area's own restaurants at either speed; a delivery speed ignores the field, as before", async () => {
    for (const speed of ['dine-in', 'pickup'] as const) {
      const productId = await productOf(OYSTER_ROOM, speed);
      for (const [route, send] of Object.entries(calls(speed, OYSTER_ROOM, productId))) {
        const response = await send();
        // movearea gets past the restaurant to the cart, which does not exist.
        expect({ route, status: response.statusCode }).toEqual({ route, status: route === 'movearea' ? 404 : 200 });
      }
    }
    const delivery = await listing({ courier_type: 'local', vendor_location_id: RIVER_NORTH });
    expect(delivery).toEqual(await listing({ courier_type: 'local' }));
  });

  it('checks the restaurant against the zip movearea is asked for: Chicago’s restaurant in Chicago, not in New York', async () => {
    const move = (zipcode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/movearea',
        payload: { store_id: 1, cart_id: 'no-such-cart', zipcode, courier_type: 'dine-in', vendor_location_id: RIVER_NORTH },
      });
    expect((await move('60601')).statusCode).toBe(404);
    const refused = await move(newYork.zipcode);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ errors: [{ field: 'vendor_location_id' }] });
  });
});

const optionsOf = (data: ListingData, name: string): string[] =>
  data.filters.find((f: ListingFilter) => f.name === name)?.options.map((o) => o.value) ?? [];

/** The price buckets and sizes a listing's cards hold: what its filter panel must offer, no more. */
function rangesOfCards(data: ListingData): { prices: string[]; sizes: string[] } {
  const lowest = data.products.map((p) => Math.min(...p.child.map((c) => dollarsToCents(c.price) ?? Number.POSITIVE_INFINITY)));
  const prices = priceBuckets
    .filter((b) => lowest.some((cents) => cents >= b.minCents && (b.maxCents === undefined || cents < b.maxCents)))
    .map(priceBucketValue);
  const sizes = [...new Set(data.products.flatMap((p) => p.child.map((c) => c.bottle_size)))].filter((s) => s > 0).sort((a, b) => a - b);
  return { prices, sizes: sizes.map(String) };
}

describe("a visit listing's filter panel is the chosen restaurant's", () => {
  it("offers the price ranges and sizes of the restaurant's own offers, not the area's, and filters by its sizes", async () => {
    // The Oyster Room asks $300 more for every pick-up beef offer and stops selling its smallest size of them: its panel
    // must say so, while the area's (Gramercy's offers too) keeps the lower prices and that size.
    const smallest = await sql<{ size: number }>`
      select min(v.bottle_size)::int as size from variant_offers o
      join product_variants v on v.id = o.variant_id join product_categories pc on pc.product_id = v.product_id
      where o.loc_id = ${OYSTER_ROOM} and o.speed = 'pickup' and pc.category_id = ${BEEF}`.execute(t.database.db);
    const dropped = smallest.rows[0]?.size;
    if (dropped === undefined) throw new Error('The Oyster Room sells no beef for pick-up');
    await sql`update variant_offers o set price_cents = o.price_cents + 30000 from product_variants v, product_categories pc
      where v.id = o.variant_id and pc.product_id = v.product_id and pc.category_id = ${BEEF}
        and o.loc_id = ${OYSTER_ROOM} and o.speed = 'pickup'`.execute(t.database.db);
    await sql`delete from variant_offers o using product_variants v, product_categories pc
      where v.id = o.variant_id and pc.product_id = v.product_id and pc.category_id = ${BEEF}
        and o.loc_id = ${OYSTER_ROOM} and o.speed = 'pickup' and v.bottle_size = ${dropped}`.execute(t.database.db);

    const oysterListing = () => listing({ courier_type: 'pickup', vendor_location_id: OYSTER_ROOM });
    // Kept pages and panels are dropped on the catalogue's notice (PostgreSQL delivers it after the commit).
    await expect
      .poll(async () => (await oysterListing()).products.every((p) => p.child.every((c) => (dollarsToCents(c.price) ?? 0) >= 30000)))
      .toBe(true);
    const oyster = await oysterListing();
    expect(oyster.pagination.total_records).toBe(oyster.products.length);
    const ranges = rangesOfCards(oyster);
    expect(ranges.prices).toEqual(['200-']);
    expect(ranges.sizes).not.toContain(String(dropped));
    expect({ prices: optionsOf(oyster, 'Price'), sizes: optionsOf(oyster, 'Size') }).toEqual(ranges);

    // The area's pick-up listing (every restaurant) keeps the lower ranges and the size the Oyster Room dropped.
    const area = await listing({ courier_type: 'pickup' });
    expect(optionsOf(area, 'Price').length).toBeGreaterThan(1);
    expect(optionsOf(area, 'Size')).toContain(String(dropped));
    // Gramercy's own panel is its own too.
    const gramercy = await listing({ courier_type: 'pickup', vendor_location_id: GRAMERCY });
    expect({ prices: optionsOf(gramercy, 'Price'), sizes: optionsOf(gramercy, 'Size') }).toEqual(rangesOfCards(gramercy));

    // Filtered pages of the Oyster Room's listing show the same panel, and the size it no longer sells matches nothing.
    const filtered = await t.app.inject({
      method: 'POST',
      url: '/connect/index/filters',
      payload: {
        store_id: 1,
        ...newYork,
        parent_category_id: BEEF,
        courier_type: 'pickup',
        vendor_location_id: OYSTER_ROOM,
        size: [dropped],
        page: 0,
        limit: 50,
      },
    });
    const body = json(filtered);
    assert(body, listingReply);
    expect(body.data?.products ?? []).toEqual([]);
    expect(body.data && optionsOf(body.data, 'Price')).toEqual(ranges.prices);
    expect(body.data && optionsOf(body.data, 'Size')).toEqual(ranges.sizes);
  });
});
