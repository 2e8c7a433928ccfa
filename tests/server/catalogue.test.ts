import { assert, is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListReply, listingReply, type ListingData } from '../../src/api/contract/catalogue.contract.ts';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { allOfferedIn, filteredReply, isNonDecreasing, lowestCents, newYork, postFilters, query } from './catalogue-helpers.ts';
import { getJson, json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const FISH = 1005;
const SALMON = 2017;
const WHITE_FISH = 2018;
const BEEF = 1002;

async function listing(params: Record<string, string | number>) {
  const { status, body } = await getJson(t, `/connect/index/category?${query({ store_id: 1, ...newYork, ...params })}`);
  expect(status).toBe(200);
  assert(body, listingReply);
  return body;
}

const filters = (payload: Record<string, unknown>) => postFilters(t, payload);

async function filtered(payload: Record<string, unknown>): Promise<ListingData> {
  const body = await filteredReply(t, payload);
  if (!body.data) throw new Error('listing without data');
  return body.data;
}

function fieldsOf(body: unknown): string[] {
  assert(body, badRequestBody);
  return body.errors.map((e) => e.field);
}

async function categoriesOf(productIds: number[]): Promise<Map<number, Set<number>>> {
  const rows = await t.database.db
    .selectFrom('product_categories')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', productIds.length > 0 ? productIds : [0])
    .execute();
  const map = new Map<number, Set<number>>();
  for (const row of rows) map.set(row.product_id, (map.get(row.product_id) ?? new Set()).add(row.category_id));
  return map;
}

describe('GET /connect/index/categorylist', () => {
  it('lists top-level categories by position with their sub-categories', async () => {
    const { status, body } = await getJson(t, '/connect/index/categorylist?store_id=1&courier_type=');
    expect(status).toBe(200);
    assert(body, categoryListReply);
    expect(body.code).toBe(1);
    const tree = body.data ?? [];
    expect(tree[0]?.category_name).toBe('Chicken');
    expect(tree.map((c) => c.category_id)).toContain(1017);
    const fish = tree.find((c) => c.category_id === FISH);
    expect(fish?.child.map((c) => c.category_name)).toEqual(['Salmon', 'White Fish', 'Tuna & Swordfish', 'Whole Fish']);
    expect(fish?.child.every((c) => c.child.length === 0)).toBe(true);
  });

  it('accepts a courier type and refuses an unknown one', async () => {
    expect((await getJson(t, '/connect/index/categorylist?store_id=1&courier_type=courier')).status).toBe(200);
    const bad = await getJson(t, '/connect/index/categorylist?store_id=1&courier_type=drone');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['courier_type']);
  });
});

describe('GET /connect/index/category', () => {
  it('lists the category in the area, 20 a page by default, most popular first', async () => {
    const body = await listing({ catid: FISH });
    expect(body.code).toBe(1);
    const data = body.data;
    if (!data) throw new Error('no data');
    expect(data.pagination.limit).toBe(20);
    expect(data.pagination.current_page).toBe(0);
    expect(data.products.length).toBe(Math.min(20, data.pagination.total_records));
    expect(data.pagination.total_page).toBe(Math.ceil(data.pagination.total_records / 20));
    const ids = data.products.map((p) => p.id);
    const membership = await categoriesOf(ids);
    expect(ids.every((id) => membership.get(id)?.has(FISH))).toBe(true);
    expect(await allOfferedIn(t.database.db, ids, newYork.loc_id)).toBe(true);
    const popularity = await t.database.db.selectFrom('products').select(['id', 'popularity']).where('id', 'in', ids).execute();
    const byId = new Map(popularity.map((p) => [p.id, p.popularity]));
    expect(isNonDecreasing(ids.map((id) => -(byId.get(id) ?? 0)))).toBe(true);
  });

  it('gives every product in the area exactly once across pages', async () => {
    const first = await listing({ catid: BEEF, page: 0, limit: 10 });
    const total = first.data?.pagination.total_records ?? 0;
    expect(total).toBeGreaterThan(10);
    const seen: number[] = [];
    for (let page = 0; page < (first.data?.pagination.total_page ?? 0); page++) {
      seen.push(...((await listing({ catid: BEEF, page, limit: 10 })).data?.products.map((p) => p.id) ?? []));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('sorts by price over the whole result, not page by page', async () => {
    for (const limit of [10, 20, 50]) {
      const page0 = await listing({ catid: FISH, sort: 'price_asc', page: 0, limit: 10 });
      const page1 = await listing({ catid: FISH, sort: 'price_asc', page: 1, limit: 10 });
      const prices = [...(page0.data?.products ?? []), ...(page1.data?.products ?? [])].map(lowestCents);
      expect(prices.length).toBeGreaterThan(10);
      expect(isNonDecreasing(prices)).toBe(true);
      const desc = await listing({ catid: FISH, sort: 'price_desc', page: 0, limit });
      expect(isNonDecreasing((desc.data?.products ?? []).map((p) => -lowestCents(p)))).toBe(true);
    }
  });

  it('sorts by name both ways', async () => {
    const asc = (await listing({ catid: FISH, sort: 'name_asc', limit: 50 })).data?.products.map((p) => p.name.toLowerCase()) ?? [];
    expect(asc).toEqual([...asc].sort());
    const desc = (await listing({ catid: FISH, sort: 'name_desc', limit: 50 })).data?.products.map((p) => p.name.toLowerCase()) ?? [];
    expect(desc).toEqual([...desc].sort().reverse());
  });

  it('keeps only products with an offer at the chosen speed', async () => {
    const all = await listing({ catid: BEEF, limit: 50 });
    const farm = await listing({ catid: BEEF, limit: 50, courier_type: 'farm-direct' });
    expect(farm.code).toBe(1);
    expect(farm.data?.products.every((p) => p.speed_types.includes('farm-direct'))).toBe(true);
    expect(farm.data?.pagination.total_records ?? 0).toBeLessThan(all.data?.pagination.total_records ?? 0);
  });

  it('says the category is empty when nothing in it is sold at that speed here', async () => {
    const body = await listing({ catid: FISH, courier_type: 'farm-direct' });
    expect(body.code).toBe(-1);
    expect(body.message).toBe('This category contains no products');
    expect(body.data?.products).toEqual([]);
  });

  it('answers an unknown category with code -1', async () => {
    const body = await listing({ catid: 999999 });
    expect(body.code).toBe(-1);
    expect(body.message).toBe('This category contains no products');
  });

  it('answers an area that is not served with code -1', async () => {
    const body = await listing({ catid: FISH, loc_id: 999 });
    expect(body.code).toBe(-1);
    expect(body.message).toMatch(/do not deliver/);
  });

  it('gives an empty page, not an error, past the last page', async () => {
    const body = await listing({ catid: FISH, page: 500, limit: 50 });
    expect(body.code).toBe(1);
    expect(body.data?.products).toEqual([]);
    expect(body.data?.pagination.current_page).toBe(500);
    expect(body.data?.pagination.total_records).toBeGreaterThan(0);
  });

  it('offers price, size and sub-category filters built from what is listed', async () => {
    const data = (await listing({ catid: FISH })).data;
    const parameters = data?.filters.map((f) => f.parameter);
    expect(parameters).toEqual(['priceranges', 'size', 'catid']);
    const price = data?.filters.find((f) => f.parameter === 'priceranges');
    expect(price?.options.every((o) => /^\d+-\d*$/.test(o.value))).toBe(true);
    const size = data?.filters.find((f) => f.parameter === 'size');
    expect(size?.options.map((o) => o.label)).toContain('500 g');
    expect(size?.options.map((o) => o.label)).toContain('1 kg');
    const catid = data?.filters.find((f) => f.parameter === 'catid');
    expect(catid?.options[0]).toEqual({ label: 'Shop All', value: String(FISH) });
    expect(catid?.options.map((o) => o.label)).toContain('Salmon');
  });

  it('refuses malformed input naming every field', async () => {
    const { status, body } = await getJson(
      t,
      `/connect/index/category?${query({ catid: 'fish', store_id: 1, zipcode: '1000', loc_id: 'x', page: -1, limit: 30, sort: 'cheapest' })}`,
    );
    expect(status).toBe(400);
    expect(fieldsOf(body).sort()).toEqual(['catid', 'limit', 'loc_id', 'page', 'sort', 'zipcode']);
  });

  it('refuses a page size other than 10, 20 or 50', async () => {
    for (const limit of [0, 5, 21, 100, 'all']) {
      const { status, body } = await getJson(t, `/connect/index/category?${query({ catid: FISH, ...newYork, limit })}`);
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(['limit']);
    }
  });

  it('treats blank optional parameters as not given', async () => {
    const body = await listing({ catid: FISH, courier_type: '', sort: '', page: '', limit: '' });
    expect(body.code).toBe(1);
    expect(body.data?.pagination.limit).toBe(20);
  });
});

describe('POST /connect/index/filters', () => {
  it('filters by sub-category, ORing values in a group', async () => {
    const salmon = await filtered({ parent_category_id: FISH, catid: [SALMON] });
    const white = await filtered({ parent_category_id: FISH, catid: [WHITE_FISH] });
    const both = await filtered({ parent_category_id: FISH, catid: [SALMON, WHITE_FISH] });
    expect(salmon.pagination.total_records).toBeGreaterThan(0);
    expect(both.pagination.total_records).toBe(salmon.pagination.total_records + white.pagination.total_records);
    const membership = await categoriesOf(salmon.products.map((p) => p.id));
    expect(salmon.products.every((p) => membership.get(p.id)?.has(SALMON))).toBe(true);
  });

  it('filters by price range and size, ANDing groups', async () => {
    const cheap = await filtered({ parent_category_id: FISH, priceranges: ['10-25'] });
    expect(cheap.products.length).toBeGreaterThan(0);
    expect(cheap.products.every((p) => lowestCents(p) >= 1000 && lowestCents(p) < 2500)).toBe(true);
    const sized = await filtered({ parent_category_id: FISH, size: [1000] });
    expect(sized.products.every((p) => p.child.some((c) => c.bottle_size === 1000))).toBe(true);
    const both = await filtered({ parent_category_id: FISH, priceranges: ['10-25'], size: ['1000'] });
    expect(both.pagination.total_records).toBeLessThanOrEqual(Math.min(cheap.pagination.total_records, sized.pagination.total_records));
    expect(both.products.every((p) => lowestCents(p) < 2500 && p.child.some((c) => c.bottle_size === 1000))).toBe(true);
  });

  it('applies minprice and maxprice as inclusive bounds', async () => {
    const data = await filtered({ parent_category_id: FISH, minprice: 15, maxprice: '30.50', sort: 'price_asc' });
    expect(data.products.every((p) => lowestCents(p) >= 1500 && lowestCents(p) <= 3050)).toBe(true);
  });

  it('ignores filter values that do not exist', async () => {
    const plain = await filtered({ parent_category_id: FISH });
    const unknown = await filtered({
      parent_category_id: FISH,
      catid: [BEEF, 999999],
      priceranges: ['cheap', '', '25-10'],
      size: [12345],
    });
    expect(unknown.pagination.total_records).toBe(plain.pagination.total_records);
    const shopAll = await filtered({ parent_category_id: FISH, catid: [FISH] });
    expect(shopAll.pagination.total_records).toBe(plain.pagination.total_records);
  });

  it('keeps the filters when nothing matches, with code -1', async () => {
    const { body } = await filters({ parent_category_id: FISH, minprice: 9000, maxprice: 9001 });
    assert(body, listingReply);
    expect(body.code).toBe(-1);
    expect(body.message).toBe('No products match the selected filters.');
    expect(body.data?.filters.length).toBeGreaterThan(0);
  });

  it('sorts and pages filtered results globally', async () => {
    const page0 = await filtered({ parent_category_id: BEEF, sort: 'price_desc', limit: 10, page: 0, size: [500, 1000] });
    const page1 = await filtered({ parent_category_id: BEEF, sort: 'price_desc', limit: 10, page: 1, size: [500, 1000] });
    const prices = [...page0.products, ...page1.products].map((p) => -lowestCents(p));
    expect(isNonDecreasing(prices)).toBe(true);
    expect(page1.pagination.current_page).toBe(1);
  });

  it('refuses values of the wrong type', async () => {
    const { status, body } = await filters({
      parent_category_id: 'fish',
      priceranges: '10-25',
      size: ['big'],
      catid: [1.5],
      minprice: 'ten',
    });
    expect(status).toBe(400);
    expect(fieldsOf(body).sort()).toEqual(['catid.0', 'minprice', 'parent_category_id', 'priceranges', 'size.0']);
  });

  it('refuses more than 50 values in one filter', async () => {
    const { status, body } = await filters({ parent_category_id: FISH, catid: Array.from({ length: 51 }, (_, i) => 3000 + i) });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(['catid']);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/connect/index/filters',
      headers: { 'content-type': 'application/json' },
      payload: '{"parent_category_id":',
    });
    expect(response.statusCode).toBe(400);
    expect(is(json(response), badRequestBody)).toBe(true);
  });
});
