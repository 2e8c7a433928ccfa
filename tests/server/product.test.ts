import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { productReply, type ProductDetail } from '../../src/api/contract/product.contract.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(params: Record<string, string | number>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/connect/index/product?${query({ store_id: 1, loc_id: newYork.loc_id, dineinTime: '', zipCode: newYork.zipcode, courier_type: '', ...params })}`,
  });
  return { status: response.statusCode, body: json(response) };
}

async function detail(prodid: number, locId: number = newYork.loc_id): Promise<ProductDetail> {
  const { status, body } = await get({ prodid, loc_id: locId });
  expect(status).toBe(200);
  assert(body, productReply);
  expect(body.code).toBe(1);
  if (!body.data) throw new Error('no product');
  return body.data;
}

async function productIdNamed(name: string): Promise<number> {
  const row = await t.database.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

const cents = (dollars: string) => dollarsToCents(dollars) ?? Number.NaN;

describe('GET /connect/index/product', () => {
  it('returns the product with its sizes, offers in the area and related products', async () => {
    const product = await detail(1);
    expect(product.id).toBe(1);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.image).toBe(product.images[0]);
    expect(product.additional_images.map((i) => i.additional_image)).toEqual(product.images);
    // Its newest reviews come with it (issue 23 item 10; reviews.test.ts checks them against the table).
    expect(product.reviews).toHaveLength(Math.min(5, product.review_count));
    expect(product.stock_status).toBe('in stock');

    const sizes = product.child.map((c) => c.bottle_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    for (const size of product.child) {
      expect(size.speed_id.length).toBeGreaterThan(0);
      expect(cents(size.price)).toBe(Math.min(...size.speed_id.map((o) => cents(o.Price))));
      expect(cents(size.maximumprice)).toBeGreaterThanOrEqual(cents(size.price));
    }
    expect(cents(product.price)).toBe(Math.min(...product.child.map((c) => cents(c.price))));

    const related = product.related_products.map((p) => p.id);
    expect(related.length).toBeGreaterThan(0);
    expect(related).not.toContain(product.id);
  });

  it('offers only what a shopper in the area can buy', async () => {
    const product = await detail(1);
    const allowed = await t.database.db
      .selectFrom('variant_offers')
      .innerJoin('product_variants', 'product_variants.id', 'variant_offers.variant_id')
      .select(['variant_offers.loc_id', 'variant_offers.speed', 'product_variants.id as variant_id'])
      .where('product_variants.product_id', '=', 1)
      .where((eb) => eb.or([eb('variant_offers.area_loc_id', '=', newYork.loc_id), eb('variant_offers.area_loc_id', 'is', null)]))
      .execute();
    const key = (variant: number, loc: number, speed: string) => `${variant}|${loc}|${speed}`;
    const allowedKeys = new Set(allowed.map((o) => key(o.variant_id, o.loc_id, o.speed)));
    const shown = product.child.flatMap((c) => c.speed_id.map((o) => key(c.id, o.Loc_id, o.Type)));
    expect(new Set(shown)).toEqual(allowedKeys);
    for (const [locId, entry] of Object.entries(product.vendor_list)) {
      expect(product.child.flatMap((c) => c.speed_id.map((o) => String(o.Loc_id)))).toContain(locId);
      expect(product.child.map((c) => c.id)).toContain(entry.prod_id);
    }
  });

  it('says out of stock when nothing in the area is left', async () => {
    const lobster = await detail(await productIdNamed('Live Maine Lobster'));
    expect(lobster.stock_status).toBe('out of stock');
    expect(lobster.child.every((c) => c.stock_status === 'out of stock')).toBe(true);
  });

  it('keeps a missing country of origin as null', async () => {
    const product = await detail(await productIdNamed('Grass-Fed Sirloin Steak'));
    expect(product.child.length).toBeGreaterThan(0);
    expect(product.child.every((c) => c.country_of_manufacture === null)).toBe(true);
  });

  it('says when the product is not sold in the area', async () => {
    const result = await sql<{ id: number; loc_id: number }>`
      select p.id, a.loc_id from products p
      cross join (select distinct loc_id from service_areas) a
      where not exists (
        select 1 from product_variants v join variant_offers o on o.variant_id = v.id
        where v.product_id = p.id and (o.area_loc_id = a.loc_id or o.area_loc_id is null)
      )
      limit 1`.execute(t.database.db);
    const missing = result.rows[0];
    expect(missing).toBeDefined();
    if (!missing) return;
    const { status, body } = await get({ prodid: missing.id, loc_id: missing.loc_id });
    expect(status).toBe(200);
    assert(body, productReply);
    expect(body).toEqual({ code: -1, message: 'This product is not available in your area.' });
  });

  it('says when there is no such product', async () => {
    const { body } = await get({ prodid: 99999999 });
    expect(body).toEqual({ code: -1, message: 'Product not found' });
  });

  it('refuses malformed ids naming the fields', async () => {
    for (const prodid of ['abc', '-1', '1.5', '0', '99999999999']) {
      const { status, body } = await get({ prodid });
      expect(status).toBe(400);
      assert(body, badRequestBody);
      expect(body.errors.map((e) => e.field)).toEqual(['prodid']);
    }
    const { status, body } = await get({ prodid: 1, loc_id: '', zipCode: '12' });
    expect(status).toBe(400);
    assert(body, badRequestBody);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['loc_id', 'zipCode']);
  });

  it('answers an area that is not served with code -1', async () => {
    const { body } = await get({ prodid: 1, loc_id: 201 });
    assert(body, productReply);
    expect(body.code).toBe(-1);
  });
});
