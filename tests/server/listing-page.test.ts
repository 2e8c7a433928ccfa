import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceBuckets, sortKeys } from '../../src/rules/listing.ts';
import { isVisitSpeed, type SpeedValue } from '../../src/rules/speeds.ts';
import type { Database } from '../../server/db/schema.ts';
import { noSelection, type ListingOrder, type ListingSelection } from '../../server/services/catalogue/listing-index.ts';
import { listingPage, type ListingPageRequest } from '../../server/services/catalogue/listing-page.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { mulberry32 } from '../../server/db/seed/seed-catalogue.ts';

/**
 * The listing statement (decision 022) answers from indexes and facet counts: a total from the facets when one size or
 * one sub-category filters, a count otherwise, the page bounded by that total, sizes checked in the index (migration
 * 019). Whatever path a request takes, its page, total, listed count and panel must be what a brute-force pass over the
 * category's entries gives, for varied keys: every sort, speed, several and unknown filter values, pages past the end.
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  product_id: number;
  rank: number;
  price_cents: number;
  sort_name: string;
  speed_mask: number;
  sizes: number[];
  speed_sizes: number[];
  category_ids: number[];
  size_unit: string;
}

const bits = { local: 1, courier: 2, 'farm-direct': 4 } as const;

const entryCache = new Map<string, Entry[]>();

/** A category's entries in one area and channel (read once: the test never writes). */
async function entriesOf(locId: number, channel: string, categoryId: number): Promise<Entry[]> {
  const key = `${locId} ${channel} ${categoryId}`;
  const known = entryCache.get(key);
  if (known) return known;
  const read = await sql<Entry>`
    select s.product_id, s.rank, s.price_cents, s.sort_name, s.speed_mask, s.sizes, s.speed_sizes, s.category_ids, a.size_unit
    from area_category_products s
    join area_products a on (a.area_loc_id, a.channel, a.product_id) = (s.area_loc_id, s.channel, s.product_id)
    where s.area_loc_id = ${locId} and s.channel = ${channel} and s.category_id = ${categoryId}`.execute(db);
  entryCache.set(key, read.rows);
  return read.rows;
}

/** What the listing must answer, computed in TypeScript from the category's entries. */
async function bruteForce(request: ListingPageRequest) {
  const channel = isVisitSpeed(request.speed) ? request.speed : 'delivery';
  const bit = request.speed === undefined || isVisitSpeed(request.speed) ? 0 : bits[request.speed];
  const entries = await entriesOf(request.locId, channel, request.categoryId);
  const listed = entries.filter((e) => bit === 0 || (e.speed_mask & bit) !== 0);
  const sizesOf = (e: Entry) => (bit === 0 ? e.sizes : e.speed_sizes.filter((k) => k % 8 === bit).map((k) => (k - bit) / 8));
  const others = (e: Entry) => e.category_ids.filter((c) => c !== request.categoryId);
  const knownSizes = new Set(listed.flatMap(sizesOf));
  const knownCategories = new Set(listed.flatMap(others));
  const { selection } = request;
  const sizeGroup = selection.sizes.some((s) => knownSizes.has(s));
  const categoryGroup = selection.categoryIds.some((c) => knownCategories.has(c));
  const matching = listed.filter(
    (e) =>
      (selection.priceRanges.length === 0 ||
        selection.priceRanges.some((r) => e.price_cents >= r.minCents && (r.maxCents === undefined || e.price_cents < r.maxCents))) &&
      (selection.minCents === undefined || e.price_cents >= selection.minCents) &&
      (selection.maxCents === undefined || e.price_cents <= selection.maxCents) &&
      (!sizeGroup || sizesOf(e).some((s) => selection.sizes.includes(s))) &&
      (!categoryGroup || e.category_ids.some((c) => selection.categoryIds.includes(c))),
  );
  const byKey: Record<ListingOrder, (a: Entry, b: Entry) => number> = {
    default: (a, b) => a.rank - b.rank || a.product_id - b.product_id,
    name_asc: (a, b) => Buffer.compare(Buffer.from(a.sort_name), Buffer.from(b.sort_name)) || a.product_id - b.product_id,
    name_desc: (a, b) => Buffer.compare(Buffer.from(b.sort_name), Buffer.from(a.sort_name)) || b.product_id - a.product_id,
    price_asc: (a, b) => a.price_cents - b.price_cents || a.product_id - b.product_id,
    price_desc: (a, b) => b.price_cents - a.price_cents || b.product_id - a.product_id,
  };
  const sizeUnits = [...new Set(listed.flatMap((e) => sizesOf(e).map((s) => `${s}|${e.size_unit}`)))];
  return {
    ids: [...matching]
      .sort(byKey[request.order])
      .slice(request.offset, request.offset + request.limit)
      .map((e) => e.product_id),
    total: matching.length,
    available: listed.length,
    priceBuckets: priceBuckets.filter((b) =>
      listed.some((e) => e.price_cents >= b.minCents && (b.maxCents === undefined || e.price_cents < b.maxCents)),
    ),
    sizes: sizeUnits.map((k) => k.split('|')).sort(([a = '', u = ''], [b = '', v = '']) => Number(a) - Number(b) || (u < v ? -1 : 1)),
    categoryIds: [...knownCategories].sort((a, b) => a - b),
  };
}

describe('a listing page', () => {
  it('is what a brute-force pass over the category gives, for varied keys and every path of the statement', async () => {
    const categories = await sql<{ id: number; children: number[] }>`
      select c.id, coalesce(array_agg(k.id) filter (where k.id is not null), '{}') as children
      from categories c left join categories k on k.parent_id = c.id group by c.id order by c.id`.execute(db);
    const rng = mulberry32(19);
    const pick = <T>(items: readonly T[]): T => {
      const item = items[Math.floor(rng() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    };
    const some = <T>(items: readonly T[]): T[] => (rng() < 0.3 ? [pick(items), pick(items)] : [pick(items)]);
    const paths = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const category = pick(categories.rows);
      const filters = rng();
      const selection: ListingSelection = {
        ...noSelection,
        // Each filter alone (a facet total for one size or sub-category), together, several values, unknown values.
        priceRanges: filters < 0.5 && rng() < 0.4 ? some(priceBuckets) : [],
        sizes: filters > 0.3 && rng() < 0.6 ? some([250, 500, 750, 1000, 2000, 7]) : [],
        categoryIds: filters > 0.6 && rng() < 0.7 ? some([...category.children, category.id, 99999]) : [],
        ...(rng() < 0.1 ? { minCents: 1000, maxCents: 6000 } : {}),
      };
      const limit = pick([10, 20, 50]);
      const page = rng() < 0.6 ? 0 : Math.floor(rng() * 12);
      const request: ListingPageRequest = {
        categoryId: category.id,
        locId: pick([101, 103]),
        speed: rng() < 0.3 ? undefined : pick<SpeedValue>(['local', 'courier', 'farm-direct', 'dine-in', 'pickup']),
        order: pick(['default', ...sortKeys] as const),
        offset: page * limit,
        limit,
        selection,
      };
      const expected = await bruteForce(request);
      const got = await listingPage(db, request);
      const context = JSON.stringify(request);
      expect(got.ids, context).toEqual(expected.ids);
      expect(got.cards.map((c) => c.id)).toEqual(expected.ids);
      expect([got.total, got.available], context).toEqual([expected.total, expected.available]);
      expect(got.facets.priceBuckets, context).toEqual(expected.priceBuckets);
      expect(
        [...got.facets.sizes].flatMap(([size, units]) => [...units].sort().map((unit) => [String(size), unit])),
        context,
      ).toEqual(expected.sizes);
      expect(
        [...got.facets.categoryIds].sort((a, b) => a - b),
        context,
      ).toEqual(expected.categoryIds);
      paths.add(`${got.total > 0 ? 'some' : 'none'} ${request.offset >= got.total ? 'past the end' : 'in range'}`);
    }
    // The keys reached every outcome: matching products on the page, past the end, and none at all.
    expect([...paths].sort()).toEqual(['none past the end', 'some in range', 'some past the end']);
  }, 180_000);
});
