import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { productReply } from '../../src/api/contract/product.contract.ts';
import { reviewsReply, writeReviewReply, type ReviewsData } from '../../src/api/contract/reviews.contract.ts';
import { REVIEWS_PER_PAGE, reviewMessages } from '../../src/rules/reviews.ts';
import type { OrderStatus } from '../../server/db/schema.ts';
import type { FulfilmentState } from '../../src/rules/fulfilment.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date('2026-12-01T14:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

/** The hand-written product the issue names: it shows 2410 reviews. */
const popularName = 'Ground Beef 80/20';

async function productId(name: string): Promise<number> {
  return (await t.database.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function reviews(prodid: number, params: Record<string, string | number> = {}, token?: string): Promise<ReviewsData> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/connect/index/reviews?${query({ prodid, store_id: 1, ...params })}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode).toBe(200);
  const body = json(response);
  assert(body, reviewsReply);
  if (!body.data) throw new Error('no reviews data');
  return body.data;
}

function write(token: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/product/review',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { store_id: 1, ...body },
  });
}

/** A placed order of the customer holding one line of the product, straight in the database; returns the line's id. */
async function orderLine(customerId: number, prodid: number, status: OrderStatus, fulfilment: FulfilmentState = 'delivered'): Promise<number> {
  const db = t.database.db;
  const offer = await sql<{ offer_id: number; variant_id: number; loc_id: number; price_cents: number }>`
    select o.id as offer_id, v.id as variant_id, o.loc_id, o.price_cents from product_variants v join variant_offers o on o.variant_id = v.id
    where v.product_id = ${prodid} order by o.id limit 1`.execute(db);
  const pick = offer.rows[0];
  if (!pick) throw new Error(`product ${prodid} has no offer`);
  const order = await db
    .insertInto('orders')
    .values({
      customer_id: customerId,
      cart_id: `cart-${customerId}-${prodid}-${Math.random()}`,
      status,
      fulfilment_state: fulfilment,
      email: 'reviewer@example.com',
      zipcode: newYork.zipcode,
      speed_id: 1,
      retailer_loc_id: null,
      address_id: null,
      shipping_address: null,
      payment_mode: 2,
      payment_method: 'card',
      payment_gateway: null,
      payment_ref: null,
      payment_method_id: null,
      payment_token: null,
      charge_started_at: null,
      card_brand: null,
      card_last4: null,
      upi_id: null,
      payment_message: null,
      subtotal_cents: pick.price_cents,
      discount_cents: 0,
      delivery_fee_cents: 0,
      fee_cents: 0,
      taxes_cents: 0,
      tip_percent: 0,
      tip_cents: 0,
      grand_total_cents: pick.price_cents,
      coupon_code: null,
      gift_message: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deliverable = await db
    .insertInto('order_deliverables')
    .values({
      order_id: order.id,
      loc_id: pick.loc_id,
      vendor_name: 'Shop',
      speed: 'local',
      delivery_method: 'Local Delivery',
      delivery_date: null,
      slot_template_id: null,
      slot_start: null,
      slot_end: null,
      delivery_fee_cents: 0,
      packaging_fee_cents: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      deliverable_id: deliverable.id,
      offer_id: pick.offer_id,
      variant_id: pick.variant_id,
      product_id: prodid,
      product_name: 'x',
      bottle_size: 0,
      qty: 1,
      price_cents: pick.price_cents,
      row_total_cents: pick.price_cents,
      tax_cents: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return line.id;
}

describe('the seeded reviews', () => {
  it('every product shows exactly the reviews the table holds, and its rating from them', async () => {
    const mismatched = await sql<{ n: number }>`
      select count(*)::int as n from products p
      left join (select product_id, count(*) as n, sum(rating) as s from reviews group by product_id) r on r.product_id = p.id
      left join review_totals t on t.product_id = p.id
      where coalesce(r.n, 0) <> coalesce(t.review_count, 0) or coalesce(r.n, 0) <> p.review_count
        or coalesce(r.s, 0) <> coalesce(t.stars_1 + 2 * t.stars_2 + 3 * t.stars_3 + 4 * t.stars_4 + 5 * t.stars_5, 0)`.execute(t.database.db);
    expect(mismatched.rows[0]?.n).toBe(0);
  });

  it("a product's reviews of one rating take that rating's words in turn: none repeats before all have been used", async () => {
    // The walk saw 'Priya S.' twice on one page, three hours apart: samples were drawn by hash.
    const repeats = await sql<{ n: number }>`
      select count(*)::int as n from (
        select r.product_id, r.rating, r.sample,
          row_number() over (partition by r.product_id, r.rating order by r.created_at desc, r.id) as turn,
          (select count(*) from review_samples s where s.rating = r.rating) as words
        from reviews r where r.sample is not null
      ) ranked
      where turn <= words
      group by product_id, rating, sample having count(*) > 1`.execute(t.database.db);
    expect(repeats.rows).toEqual([]);
    const reviewed = await sql<{ n: number }>`select count(distinct product_id)::int as n from reviews`.execute(t.database.db);
    expect(reviewed.rows[0]?.n).toBeGreaterThan(10);
  });

  it('the product page carries the count, average, breakdown and newest page; GET reviews pages through the rest', async () => {
    const id = await productId(popularName);
    const response = await t.app.inject({
      method: 'GET',
      url: `/connect/index/product?${query({ prodid: id, store_id: 1, loc_id: newYork.loc_id, zipCode: newYork.zipcode })}`,
    });
    const body = json(response);
    assert(body, productReply);
    const product = body.data;
    if (!product) throw new Error('no product');
    expect(product.review_count).toBe(2410);
    expect(product.reviews).toHaveLength(REVIEWS_PER_PAGE);
    expect(product.rating_breakdown.map((b) => b.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(product.rating_breakdown.reduce((n, b) => n + b.count, 0)).toBe(2410);
    const average = product.rating_breakdown.reduce((n, b) => n + b.stars * b.count, 0) / 2410;
    expect(product.rating).toBe(average.toFixed(1));

    const first = await reviews(id);
    expect(first.reviews.map((r) => r.id)).toEqual(product.reviews.map((r) => r.id));
    expect(first.pagination).toEqual({
      total_records: 2410,
      total_page: Math.ceil(2410 / REVIEWS_PER_PAGE),
      limit: REVIEWS_PER_PAGE,
      current_page: 0,
    });
    expect(first.can_review).toBe(false);

    const second = await reviews(id, { page: 1, limit: 10 });
    const firstTen = await reviews(id, { page: 0, limit: 20 });
    expect(second.reviews.map((r) => r.id)).toEqual(firstTen.reviews.slice(10, 20).map((r) => r.id));
    const dates = firstTen.reviews.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await reviews(id, { page: 241, limit: 10 });
    expect(last.reviews).toHaveLength(0);
    for (const review of firstTen.reviews) {
      expect(review.title).not.toBe('');
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
  });

  it('an unknown product is a 404; a bad page or limit a 400 naming it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/connect/index/reviews?prodid=999999' })).statusCode).toBe(404);
    for (const [field, value] of [
      ['limit', '500'],
      ['page', '-1'],
      ['prodid', 'abc'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/connect/index/reviews?${query({ prodid: 1, [field]: value })}` });
      expect(response.statusCode).toBe(400);
      const body = json(response);
      assert(body, badRequestBody);
      expect(body.errors.map((e) => e.field)).toContain(field);
    }
  });
});

describe('writing a review', () => {
  const words = { rating: 4, title: 'Good fish', detail: 'Cooked it in ten minutes.' };

  it('needs a signed-in caller (401)', async () => {
    expect((await write(undefined, { product_id: 1, ...words })).statusCode).toBe(401);
  });

  it('refuses a customer who never bought the product (403), and an order not paid (403)', async () => {
    const { token, customerId } = await signedInCustomer(t, 'never-bought@example.com');
    const id = await productId(popularName);
    const response = await write(token, { product_id: id, ...words });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 0, message: reviewMessages.notEligible });
    await orderLine(customerId, id, 'pending_payment');
    await orderLine(customerId, id, 'payment_failed');
    expect((await write(token, { product_id: id, ...words })).statusCode).toBe(403);
    expect((await reviews(id, {}, token)).can_review).toBe(false);
  });

  it('refuses a paid order not yet received: placed, on its way, refused or canceled (403); delivered, picked up or served may', async () => {
    const { token, customerId } = await signedInCustomer(t, 'not-received@example.com');
    const id = await productId(popularName);
    for (const state of ['placed', 'accepted', 'packed', 'out_for_delivery', 'ready_for_pickup', 'refused', 'canceled'] as const) {
      await orderLine(customerId, id, 'processing', state);
    }
    expect((await write(token, { product_id: id, ...words })).statusCode).toBe(403);
    expect((await reviews(id, {}, token)).can_review).toBe(false);
    for (const state of ['delivered', 'picked_up', 'served'] as const) {
      const received = await signedInCustomer(t, `received-${state}@example.com`);
      await orderLine(received.customerId, id, 'complete', state);
      expect((await reviews(id, {}, received.token)).can_review).toBe(true);
    }
  });

  it('an unknown product is a 404', async () => {
    const { token } = await signedInCustomer(t, 'unknown-product@example.com');
    expect((await write(token, { product_id: 999999, ...words })).statusCode).toBe(404);
  });

  it('names the bad field in a 400', async () => {
    const { token } = await signedInCustomer(t, 'bad-fields@example.com');
    for (const [field, value, message] of [
      ['rating', 6, reviewMessages.ratingRequired],
      ['rating', '5', reviewMessages.ratingRequired],
      ['title', '   ', reviewMessages.titleRequired],
      ['title', 'x'.repeat(101), reviewMessages.titleTooLong],
      ['detail', '', reviewMessages.detailRequired],
      ['detail', 'x'.repeat(2001), reviewMessages.detailTooLong],
    ] as const) {
      const response = await write(token, { product_id: 1, ...words, [field]: value });
      expect(response.statusCode).toBe(400);
      const body = json(response);
      assert(body, badRequestBody);
      expect(body.errors).toContainEqual({ field, message });
    }
  });

  it('a buyer writes one review per order line: it comes first, counts in the figures, and a second is refused (409)', async () => {
    const { token, customerId } = await signedInCustomer(t, 'buyer@example.com');
    const id = await productId('Whole Free-Range Chicken');
    const before = await reviews(id);
    await orderLine(customerId, id, 'processing');
    expect((await reviews(id, {}, token)).can_review).toBe(true);

    const hostile = { rating: 1, title: '<img src=x onerror=alert(1)>', detail: '<script>alert("x")</script> & "quotes" \'single\'' };
    const response = await write(token, { product_id: id, ...hostile });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    assert(body, writeReviewReply);
    expect(body.data).toMatchObject({ ...hostile, nickname: 'Test S.', created_at: '2026-12-01T14:00:00Z' });

    const after = await reviews(id, {}, token);
    expect(after.reviews[0]).toEqual(body.data);
    expect(after.review_count).toBe(before.review_count + 1);
    expect(after.rating_breakdown.find((b) => b.stars === 1)?.count).toBe((before.rating_breakdown.find((b) => b.stars === 1)?.count ?? 0) + 1);
    expect(after.can_review).toBe(false);

    const again = await write(token, { product_id: id, ...words });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 0, message: reviewMessages.alreadyReviewed });

    // A second order of it may be reviewed too (one review per product and order line).
    await orderLine(customerId, id, 'complete');
    expect((await write(token, { product_id: id, ...words })).statusCode).toBe(200);
    expect((await reviews(id)).review_count).toBe(before.review_count + 2);
  });
});
