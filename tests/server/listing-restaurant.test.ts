import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply, type ListingData } from '../../src/api/contract/catalogue.contract.ts';
import { homeSections, homepageReply, type HomepageData } from '../../src/api/contract/home.contract.ts';
import { productReply } from '../../src/api/contract/product.contract.ts';
import { centsToDollars } from '../../src/rules/money.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { getJson, json, startTestApp, type TestApp } from './test-app.ts';

/**
 * Dine-In and Pick-Up with a restaurant chosen on /ship/options: listing and search cards show that restaurant's
 * offers (its prices, only what it sells), as its product page does and as the cart charges — not the lowest price of
 * any restaurant in the area.
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
const HUDSON_PRIME = 402;
/** Pick-Up at the Oyster Room: Hudson Prime opens at 5 PM, after the last pick-up time (walk 7 #1). */
const OYSTER_ROOM = 403;

async function listing(params: Record<string, string | number>): Promise<ListingData> {
  const { body } = await getJson(t, `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, page: 0, limit: 50, ...params })}`);
  assert(body, listingReply);
  if (!body.data) throw new Error(`no listing: ${body.message ?? ''}`);
  return body.data;
}

async function search(q: string, params: Record<string, string | number>): Promise<ListingData> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/connect/index/search?${query({ store_id: 1, ...newYork, page: 0, limit: 50, ...params })}`,
    payload: { q },
  });
  const body = json(response);
  assert(body, listingReply);
  return body.data ?? { products: [], filters: [], pagination: { total_records: 0, total_page: 0, limit: 50, current_page: 0 } };
}

/** The restaurant's own sizes and prices per product at the speed (what its product page offers), read directly. */
async function menuOf(restaurant: number, speed: string): Promise<Map<number, { id: number; price: string }[]>> {
  const rows = await sql<{ product_id: number; variant_id: number; cents: number }>`
    select v.product_id, v.id as variant_id, o.price_cents as cents from variant_offers o
    join product_variants v on v.id = o.variant_id
    where o.loc_id = ${restaurant} and o.speed = ${speed} order by v.product_id, v.bottle_size, v.id`.execute(t.database.db);
  const menu = new Map<number, { id: number; price: string }[]>();
  for (const row of rows.rows)
    menu.set(row.product_id, [...(menu.get(row.product_id) ?? []), { id: row.variant_id, price: centsToDollars(row.cents) }]);
  return menu;
}

const sizesOf = (card: { child: { id: number; price: string }[] }) => card.child.map((c) => ({ id: c.id, price: c.price }));

describe('listings and search with the chosen restaurant (vendor_location_id)', () => {
  it("a Dine-In listing's cards show the chosen restaurant's prices, each restaurant its own, like its product page", async () => {
    const gramercy = await listing({ courier_type: 'dine-in', vendor_location_id: GRAMERCY });
    const hudson = await listing({ courier_type: 'dine-in', vendor_location_id: HUDSON_PRIME });
    const menu = await menuOf(GRAMERCY, 'dine-in');
    expect(gramercy.products.length).toBeGreaterThan(0);
    for (const card of gramercy.products) {
      expect(sizesOf(card)).toEqual(menu.get(card.id));
      expect(card.vendor_loc_id).toBe(GRAMERCY);
      expect(card.speed_types).toEqual(['dine-in']);
    }
    // Asked second, Hudson's page is not Gramercy's kept one (the reply cache's key names the restaurant).
    const hudsonMenu = await menuOf(HUDSON_PRIME, 'dine-in');
    for (const card of hudson.products) expect(sizesOf(card)).toEqual(hudsonMenu.get(card.id));
    expect(hudson.products.map(sizesOf)).not.toEqual(gramercy.products.map(sizesOf));

    // The product page for the same restaurant offers the card's sizes at the card's prices.
    const [first] = gramercy.products;
    if (!first) throw new Error('no card');
    const page = await getJson(
      t,
      `/connect/index/product?${query({ prodid: first.id, store_id: 1, loc_id: newYork.loc_id, zipCode: newYork.zipcode, courier_type: 'dine-in', vendor_location_id: GRAMERCY })}`,
    );
    assert(page.body, productReply);
    expect(page.body.data?.child.map((c) => ({ id: c.id, price: c.price }))).toEqual(sizesOf(first));

    // Sorted by price, the restaurant's own prices are in order.
    const sorted = await listing({ courier_type: 'dine-in', vendor_location_id: GRAMERCY, sort: 'price_asc' });
    const lowest = sorted.products.map((p) => Math.min(...p.child.map((c) => Number(c.price))));
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
  });

  it('a product the chosen restaurant does not sell is neither listed nor found for it, and the totals say so', async () => {
    const before = await listing({ courier_type: 'pickup', vendor_location_id: OYSTER_ROOM });
    const gone = before.products.find((p) => p.name === 'USDA Prime Ribeye Steak');
    if (!gone) throw new Error('The Oyster Room lists no ribeye for pick-up');
    // The Oyster Room stops selling the ribeye for pick-up; Gramercy still does.
    await sql`delete from variant_offers o using product_variants v
      where v.id = o.variant_id and v.product_id = ${gone.id} and o.loc_id = ${OYSTER_ROOM} and o.speed = 'pickup'`.execute(t.database.db);

    // Kept first pages are dropped on the catalogue's notice, which PostgreSQL delivers after the commit (within a
    // second, decision 042's bound): the listing is read until it has come.
    await expect
      .poll(async () => (await listing({ courier_type: 'pickup', vendor_location_id: OYSTER_ROOM })).products.map((p) => p.id))
      .not.toContain(gone.id);
    const after = await listing({ courier_type: 'pickup', vendor_location_id: OYSTER_ROOM });
    expect(after.pagination.total_records).toBe(before.pagination.total_records - 1);
    const gramercy = await listing({ courier_type: 'pickup', vendor_location_id: GRAMERCY });
    expect(gramercy.products.map((p) => p.id)).toContain(gone.id);
    // Filtered the same way (the filters call narrows to the restaurant too).
    const { body } = await t.app
      .inject({
        method: 'POST',
        url: '/connect/index/filters',
        payload: {
          store_id: 1,
          ...newYork,
          parent_category_id: BEEF,
          courier_type: 'pickup',
          vendor_location_id: OYSTER_ROOM,
          size: [gone.child[0]?.bottle_size ?? 0],
          page: 0,
          limit: 50,
        },
      })
      .then((r) => ({ body: json(r) }));
    assert(body, listingReply);
    expect(body.data?.products.map((p) => p.id) ?? []).not.toContain(gone.id);

    const found = await search('ribeye', { courier_type: 'pickup', vendor_location_id: OYSTER_ROOM });
    expect(found.products.map((p) => p.id)).not.toContain(gone.id);
    const atGramercy = await search('ribeye', { courier_type: 'pickup', vendor_location_id: GRAMERCY });
    const card = atGramercy.products.find((p) => p.id === gone.id);
    expect(card && sizesOf(card)).toEqual((await menuOf(GRAMERCY, 'pickup')).get(gone.id));
    expect(card?.vendor_loc_id).toBe(GRAMERCY);
    expect(atGramercy.pagination.total_records).toBe(found.pagination.total_records + 1);
  });

  it("search results show the chosen restaurant's prices, in its price order; a delivery speed ignores the restaurant", async () => {
    const found = await search('steak', { courier_type: 'dine-in', vendor_location_id: GRAMERCY, sort: 'price_desc' });
    const menu = await menuOf(GRAMERCY, 'dine-in');
    expect(found.products.length).toBeGreaterThan(1);
    for (const card of found.products) expect(sizesOf(card)).toEqual(menu.get(card.id));
    const lowest = found.products.map((p) => Math.min(...p.child.map((c) => Number(c.price))));
    expect(lowest).toEqual([...lowest].sort((a, b) => b - a));

    const delivery = await search('steak', { vendor_location_id: GRAMERCY });
    const plain = await search('steak', {});
    expect(delivery).toEqual(plain);
  });
});

describe('the store home and Similar Items with the chosen restaurant (vendor_location_id)', () => {
  async function home(params: Record<string, string | number>): Promise<HomepageData> {
    const { body } = await getJson(t, `/connect/index/homepage?${query({ store_id: 1, ...newYork, ...params })}`);
    assert(body, homepageReply);
    if (!body.data) throw new Error(`no home: ${body.message ?? ''}`);
    return body.data;
  }
  const cardsOf = (data: HomepageData) => [...data.topproduct, ...homeSections(data).flatMap((s) => s.products)];

  it("a Dine-In or Pick-Up home's carousels hold only the chosen restaurant's products, at its prices, each restaurant its own", async () => {
    for (const speed of ['dine-in', 'pickup'] as const) {
      for (const restaurant of [GRAMERCY, speed === 'pickup' ? OYSTER_ROOM : HUDSON_PRIME]) {
        const menu = await menuOf(restaurant, speed);
        const cards = cardsOf(await home({ courier_type: speed, vendor_location_id: restaurant }));
        expect(cards.length, `${speed} at ${restaurant}`).toBeGreaterThan(0);
        for (const card of cards) {
          expect(sizesOf(card), `${card.name} ${speed} at ${restaurant}`).toEqual(menu.get(card.id));
          expect(card.vendor_loc_id).toBe(restaurant);
          expect(card.speed_types).toEqual([speed]);
        }
      }
    }
    // Asked second, Hudson's home is not Gramercy's kept one (the home cache's key names the restaurant).
    const gramercy = cardsOf(await home({ courier_type: 'dine-in', vendor_location_id: GRAMERCY }));
    const hudson = cardsOf(await home({ courier_type: 'dine-in', vendor_location_id: HUDSON_PRIME }));
    expect(hudson.map(sizesOf)).not.toEqual(gramercy.map(sizesOf));
    // A delivery speed ignores the restaurant; a visit speed without one keeps the area's home.
    expect(await home({ courier_type: 'local', vendor_location_id: GRAMERCY })).toEqual(await home({ courier_type: 'local' }));
    expect(cardsOf(await home({ courier_type: 'dine-in' })).some((card) => card.vendor_loc_id !== undefined)).toBe(false);
  });

  it("the product page's Similar Items show only what the chosen restaurant sells, at its prices", async () => {
    const menu = await menuOf(GRAMERCY, 'dine-in');
    const hudsonMenu = await menuOf(HUDSON_PRIME, 'dine-in');
    // A product of both restaurants with similar items either sells.
    const related = await sql<{ product_id: number }>`
      select rp.product_id from related_products rp group by rp.product_id order by count(*) desc, rp.product_id`.execute(t.database.db);
    const productId = related.rows.map((r) => r.product_id).find((id) => menu.has(id) && hudsonMenu.has(id));
    if (productId === undefined) throw new Error('no product with similar items sold at both restaurants');
    const page = async (restaurant: number) => {
      const { body } = await getJson(
        t,
        `/connect/index/product?${query({ prodid: productId, store_id: 1, loc_id: newYork.loc_id, zipCode: newYork.zipcode, courier_type: 'dine-in', vendor_location_id: restaurant })}`,
      );
      assert(body, productReply);
      if (!body.data) throw new Error(`no product page: ${body.message ?? ''}`);
      return body.data.related_products;
    };
    for (const [restaurant, itsMenu] of [
      [GRAMERCY, menu],
      [HUDSON_PRIME, hudsonMenu],
    ] as const) {
      const cards = await page(restaurant);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(sizesOf(card), `${card.name} at ${restaurant}`).toEqual(itsMenu.get(card.id));
        expect(card.vendor_loc_id).toBe(restaurant);
        expect(card.speed_types).toEqual(['dine-in']);
      }
    }
  });
});
