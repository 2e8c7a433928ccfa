import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply } from '../../src/api/contract/catalogue.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { noFilterMatchMessage, vendorFilterName } from '../../src/rules/listing.ts';
import { filteredReply, newYork, postFilters, query } from './catalogue-helpers.ts';
import { getJson, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BEEF = 1002;
const FISH = 1005;
const HUDSON_STREET_BUTCHERS = 1; // local, New York (loc 101)
const FULTON_FISH = 2; // local, New York
const COLDCHAIN = 9; // courier, every served area
const GREEN_PASTURES = 10; // farm-direct, every served area
const HIGH_PLAINS = 11; // farm-direct, every served area

const filters = (payload: Record<string, unknown>) => postFilters(t, payload);
const filtered = (payload: Record<string, unknown>) => filteredReply(t, payload);

/** Every product id of a listing, walking its pages (the unfiltered category call). */
async function allListed(categoryId: number, courierType = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const { body } = await getJson(
      t,
      `/connect/index/category?${query({ store_id: 1, ...newYork, catid: categoryId, courier_type: courierType, page, limit: 50 })}`,
    );
    assert(body, listingReply);
    const products = body.data?.products ?? [];
    ids.push(...products.map((p) => p.id));
    if (products.length < 50) return ids;
  }
}

/** Brute force: the products the vendors offer to a New York shopper at these speeds. */
async function offeredBy(vendorIds: number[], speeds: string[]): Promise<Set<number>> {
  const rows = await sql<{ product_id: number }>`
    select distinct v.product_id from variant_offers o
    join vendor_locations l on l.id = o.loc_id join product_variants v on v.id = o.variant_id
    where l.vendor_id = any(${vendorIds}::int[]) and (o.area_loc_id = ${newYork.loc_id} or o.area_loc_id is null)
      and o.speed = any(${speeds}::text[])`.execute(t.database.db);
  return new Set(rows.rows.map((r) => r.product_id));
}

const delivery = ['local', 'courier', 'farm-direct'];

describe('POST /connect/index/filters with vendor', () => {
  it('lists only the products the vendor offers in the area, all of them, and names the vendor in a Vendor group', async () => {
    const listed = await allListed(BEEF);
    const mine = await offeredBy([HIGH_PLAINS], delivery);
    const expected = listed.filter((id) => mine.has(id));
    expect(expected.length).toBeGreaterThan(0);
    // The ranch does not sell every beef product listed here (the butcher and the courier do), so the filter narrows.
    expect(expected.length).toBeLessThan(listed.length);

    const reply = await filtered({ parent_category_id: BEEF, vendor: [HIGH_PLAINS] });
    expect(reply.code).toBe(1);
    const data = reply.data;
    if (!data) throw new Error('no data');
    expect(data.pagination.total_records).toBe(expected.length);
    expect(data.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.slice(0, 50).sort((a, b) => a - b));
    // Same order as the unfiltered listing (the filter only removes products).
    expect(data.products.map((p) => p.id)).toEqual(expected.slice(0, 50));
    expect(data.filters.find((f) => f.parameter === 'vendor')).toEqual({
      id: 4,
      name: vendorFilterName,
      parameter: 'vendor',
      options: [{ label: 'High Plains Ranch', value: String(HIGH_PLAINS) }],
    });
  });

  it('pages through exactly the vendor products, in order, without overlap', async () => {
    const listed = await allListed(BEEF);
    const mine = await offeredBy([COLDCHAIN], delivery);
    const expected = listed.filter((id) => mine.has(id));
    expect(expected.length).toBeGreaterThan(10);
    const pages: number[][] = [];
    const totalPages = Math.ceil(expected.length / 10);
    for (let page = 0; page < totalPages; page++) {
      const reply = await filtered({ parent_category_id: BEEF, vendor: [COLDCHAIN], page, limit: 10 });
      expect(reply.data?.pagination).toEqual({ total_records: expected.length, total_page: totalPages, limit: 10, current_page: page });
      pages.push(reply.data?.products.map((p) => p.id) ?? []);
    }
    expect(pages.flat()).toEqual(expected);
    // Past the last page: no products, the total still known (code 1, as for any filter).
    const past = await filtered({ parent_category_id: BEEF, vendor: [COLDCHAIN], page: totalPages, limit: 10 });
    expect(past.data?.products).toEqual([]);
    expect(past.data?.pagination.total_records).toBe(expected.length);
  });

  it('takes several vendors as OR, and ANDs them with the other groups', async () => {
    const listed = await allListed(BEEF);
    const either = await offeredBy([HUDSON_STREET_BUTCHERS, GREEN_PASTURES], delivery);
    const expected = listed.filter((id) => either.has(id));
    const reply = await filtered({ parent_category_id: BEEF, vendor: [GREEN_PASTURES, HUDSON_STREET_BUTCHERS] });
    expect(reply.data?.pagination.total_records).toBe(expected.length);
    expect(reply.data?.filters.find((f) => f.parameter === 'vendor')?.options.map((o) => o.label)).toEqual([
      'Green Pastures Farm',
      'Hudson Street Butchers — West Village',
    ]);

    const withPrice = await filtered({ parent_category_id: BEEF, vendor: [HUDSON_STREET_BUTCHERS], priceranges: ['0-25'] });
    const butcherOnly = await filtered({ parent_category_id: BEEF, vendor: [HUDSON_STREET_BUTCHERS] });
    const priceOnly = await filtered({ parent_category_id: BEEF, priceranges: ['0-25'] });
    const both = withPrice.data?.pagination.total_records ?? -1;
    expect(both).toBeLessThanOrEqual(butcherOnly.data?.pagination.total_records ?? 0);
    expect(both).toBeLessThanOrEqual(priceOnly.data?.pagination.total_records ?? 0);
    const mine = await offeredBy([HUDSON_STREET_BUTCHERS], delivery);
    expect(withPrice.data?.products.every((p) => mine.has(p.id))).toBe(true);
  });

  it('narrows by the speed asked for: a Same Day butcher has nothing at Next Day', async () => {
    const reply = await filtered({ parent_category_id: BEEF, vendor: [HUDSON_STREET_BUTCHERS], courier_type: 'courier' });
    expect(reply.code).toBe(-1);
    expect(reply.message).toBe(noFilterMatchMessage);
    expect(reply.data?.products).toEqual([]);

    const local = await filtered({ parent_category_id: BEEF, vendor: [HUDSON_STREET_BUTCHERS], courier_type: 'local' });
    const listed = await allListed(BEEF, 'local');
    const mine = await offeredBy([HUDSON_STREET_BUTCHERS], ['local']);
    expect(local.data?.pagination.total_records).toBe(listed.filter((id) => mine.has(id)).length);
  });

  it('matches nothing for a vendor with nothing here (never everyone else under its name)', async () => {
    const unknown = await filtered({ parent_category_id: FISH, vendor: [999_999] });
    expect(unknown.code).toBe(-1);
    expect(unknown.message).toBe(noFilterMatchMessage);
    expect(unknown.data?.pagination.total_records).toBe(0);
    expect(unknown.data?.filters.some((f) => f.parameter === 'vendor')).toBe(false);

    // A Chicago butcher (vendor 3) sells nothing to a New York shopper.
    const elsewhere = await filtered({ parent_category_id: BEEF, vendor: [3] });
    expect(elsewhere.data?.pagination.total_records).toBe(0);
    expect(elsewhere.data?.filters.find((f) => f.parameter === 'vendor')?.options).toEqual([
      { label: 'Halsted Meat Market — Lincoln Park', value: '3' },
    ]);

    // The fishmonger has fish, not beef.
    const fish = await filtered({ parent_category_id: FISH, vendor: [FULTON_FISH] });
    expect(fish.data?.pagination.total_records).toBeGreaterThan(0);
  });

  it("shows the seller's own prices, stock, speeds and location on each card, and sorts by the seller's price", async () => {
    // The courier sells many beef products the butcher sells too: their cards must not show the cheaper seller's price.
    const reply = await filtered({ parent_category_id: BEEF, vendor: [COLDCHAIN], limit: 50 });
    const cards = reply.data?.products ?? [];
    expect(cards.length).toBeGreaterThan(5);
    const ids = cards.map((c) => c.id);
    const offers = await sql<{
      product_id: number;
      variant_id: number;
      bottle_size: number;
      cents: number;
      stock: number;
      loc_id: number;
      speed: string;
    }>`
      select v.product_id, v.id as variant_id, v.bottle_size, o.price_cents as cents, o.stock, o.loc_id, o.speed
      from variant_offers o join vendor_locations l on l.id = o.loc_id join product_variants v on v.id = o.variant_id
      where l.vendor_id = ${COLDCHAIN} and v.product_id = any(${ids}::int[])
        and (o.area_loc_id = ${newYork.loc_id} or o.area_loc_id is null) and o.speed = any(${delivery}::text[])`.execute(t.database.db);
    let differs = 0;
    const unfiltered = await filtered({ parent_category_id: BEEF, limit: 50 });
    for (const card of cards) {
      const mine = offers.rows.filter((o) => o.product_id === card.id);
      const sizes = [...new Set(mine.map((o) => o.variant_id))];
      const expected = sizes
        .map((variantId) => {
          const of = mine.filter((o) => o.variant_id === variantId);
          return { id: variantId, bottle_size: of[0]?.bottle_size ?? 0, price: (Math.min(...of.map((o) => o.cents)) / 100).toFixed(2) };
        })
        .sort((a, b) => a.bottle_size - b.bottle_size || a.id - b.id);
      expect(card.child, card.name).toEqual(expected);
      expect(card.stock_status).toBe(mine.some((o) => o.stock > 0) ? 'in stock' : 'out of stock');
      expect(new Set(mine.map((o) => o.loc_id))).toContain(card.vendor_loc_id);
      expect(card.speed_types.every((speed) => mine.some((o) => o.speed === speed))).toBe(true);
      const all = unfiltered.data?.products.find((p) => p.id === card.id);
      if (all && JSON.stringify(all.child) !== JSON.stringify(card.child)) differs++;
    }
    // The seed gives the same product different prices at different sellers: some cards must differ from the area's.
    expect(differs).toBeGreaterThan(0);
    // Without a vendor filter a card names no seller.
    expect(unfiltered.data?.products.every((p) => p.vendor_loc_id === undefined)).toBe(true);

    const byPrice = await filtered({ parent_category_id: BEEF, vendor: [COLDCHAIN], sort: 'price_asc', limit: 50 });
    const lows = (byPrice.data?.products ?? []).map((p) => Math.min(...p.child.map((c) => Number(c.price))));
    expect(lows.every((low, i) => i === 0 || (lows[i - 1] ?? low) <= low)).toBe(true);
  });

  it.each([
    ['text', ['abc']],
    ['zero', [0]],
    ['negative', [-1]],
    ['a fraction', [1.5]],
    ['not an array', 1],
    ['too many values', Array.from({ length: 51 }, (_, i) => i + 1)],
  ])('answers 400 naming vendor for %s', async (_label, vendor) => {
    const { status, body } = await filters({ parent_category_id: BEEF, vendor });
    expect(status).toBe(400);
    assert(body, badRequestBody);
    // An element's error names its place in the array ('vendor.0'), as for the other filter groups.
    expect(body.errors.map((e) => e.field.replace(/\.\d+$/, ''))).toEqual(['vendor']);
  });

  it('accepts vendor ids as text, as a form would send them', async () => {
    const asText = await filtered({ parent_category_id: BEEF, vendor: [String(HUDSON_STREET_BUTCHERS)] });
    const asNumber = await filtered({ parent_category_id: BEEF, vendor: [HUDSON_STREET_BUTCHERS] });
    expect(asText.data).toEqual(asNumber.data);
  });
});
