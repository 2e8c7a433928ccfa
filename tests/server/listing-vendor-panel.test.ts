import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingData, ListingFilter } from '../../src/api/contract/catalogue.contract.ts';
import { priceBucketValue, priceBuckets } from '../../src/rules/listing.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { filteredReply } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * A listing under the vendor filter (the cart's seller link, spec 3 "a vendor filter is added from the cart") shows
 * the vendor's cards at the vendor's prices, and its price filter matches those prices: the panel's price ranges are
 * the vendor's too. Decision 082 left them the area's, so a range could be offered that matched none of its cards
 * while one its cards fall in was missing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BEEF = 1002;
const HIGH_PLAINS = 11; // farm-direct, every served area

const priceOptions = (data: ListingData): string[] => data.filters.find((f: ListingFilter) => f.name === 'Price')?.options.map((o) => o.value) ?? [];

/** The price ranges a listing's cards fall in (each card's lowest price): what its panel must offer, no more. */
function rangesOfCards(data: ListingData): string[] {
  const lowest = data.products.map((p) => Math.min(...p.child.map((c) => dollarsToCents(c.price) ?? Number.POSITIVE_INFINITY)));
  return priceBuckets
    .filter((b) => lowest.some((cents) => cents >= b.minCents && (b.maxCents === undefined || cents < b.maxCents)))
    .map(priceBucketValue);
}

async function listing(payload: Record<string, unknown>): Promise<ListingData> {
  const reply = await filteredReply(t, { parent_category_id: BEEF, ...payload });
  if (!reply.data) throw new Error('no data');
  return reply.data;
}

describe("the vendor filter's price ranges are the vendor's", () => {
  it("offers the ranges of the vendor's own prices, not the area's, and keeps the area's panel apart", async () => {
    // High Plains asks $300 more for all its beef: every card of its listing is over $200.
    await sql`update variant_offers o set price_cents = o.price_cents + 30000 from product_variants v, product_categories pc, vendor_locations l
      where v.id = o.variant_id and pc.product_id = v.product_id and pc.category_id = ${BEEF} and l.id = o.loc_id
        and l.vendor_id = ${HIGH_PLAINS}`.execute(t.database.db);

    // The area's panel first (kept for the listing's other pages and filters), with its lower ranges.
    const area = await listing({ minprice: 0 });
    expect(priceOptions(area).length).toBeGreaterThan(1);

    const ranch = await listing({ vendor: [HIGH_PLAINS] });
    expect(ranch.pagination.total_records).toBe(ranch.products.length);
    expect(rangesOfCards(ranch)).toEqual(['200-']);
    expect(priceOptions(ranch)).toEqual(['200-']);
    // Its other pages and filters read the same panel; the area's is still its own.
    const ranchSorted = await listing({ vendor: [HIGH_PLAINS], sort: 'price_desc' });
    expect(priceOptions(ranchSorted)).toEqual(['200-']);
    expect(priceOptions(await listing({ minprice: 0, sort: 'price_desc' }))).toEqual(priceOptions(area));
  });
});
