import { assert } from 'superstruct';
import { expect } from 'vitest';
import { cartReply, type CartData, type CartReply } from '../../src/api/contract/cart-page.contract.ts';
import { deliverySpeedValues, type SpeedValue } from '../../src/rules/speeds.ts';
import { newSecret } from '../../server/services/platform/tokens.ts';
import { json, type TestApp } from './test-app.ts';

/** A clock the tests move by hand: the server reads it through deps.clock. */
export function manualClock(start: string) {
  let current = new Date(start);
  return {
    now: () => current,
    set(iso: string) {
      current = new Date(iso);
    },
    advanceMinutes(minutes: number) {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

export async function post(t: TestApp, url: string, payload: Record<string, unknown>, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
  return { status: response.statusCode, body: json(response) };
}

/** A cart reply checked against the contract, with its data required. */
export async function cartCall(t: TestApp, url: string, payload: Record<string, unknown>, token?: string): Promise<CartReply & { data: CartData }> {
  const { status, body } = await post(t, url, payload, token);
  expect(status).toBe(200);
  assert(body, cartReply);
  const data = body.data;
  if (!data) throw new Error(`no cart in ${JSON.stringify(body)}`);
  return { ...body, data };
}

export interface OfferPick {
  offerId: number;
  variantId: number;
  locId: number;
}

/**
 * Offers of distinct variants at one seller and speed, in variant order, skipping `skip` of them: each test takes
 * its own, so no two tests share a line or its stock. The price and stock are set to what the test needs.
 */
export async function pickOffers(
  t: TestApp,
  where: { speed: SpeedValue; locId: number; areaLocId?: number | null },
  count: number,
  skip: number,
  set: { priceCents: number; stock: number },
): Promise<OfferPick[]> {
  const db = t.database.db;
  let query = db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id', 'loc_id'])
    .where('speed', '=', where.speed)
    .where('loc_id', '=', where.locId);
  if (where.areaLocId !== undefined) {
    query = where.areaLocId === null ? query.where('area_loc_id', 'is', null) : query.where('area_loc_id', '=', where.areaLocId);
  }
  const rows = await query.orderBy('variant_id').offset(skip).limit(count).execute();
  if (rows.length < count) throw new Error('not enough offers in the seed');
  for (const row of rows) {
    await db.updateTable('variant_offers').set({ price_cents: set.priceCents, stock: set.stock }).where('id', '=', row.id).execute();
  }
  return rows.map((r) => ({ offerId: r.id, variantId: r.variant_id, locId: r.loc_id }));
}

/** A cart made directly in the database (as add to cart would), returning its id and its line ids in order. */
export async function makeCart(
  t: TestApp,
  lines: readonly { offer: OfferPick; qty: number }[],
  options: { customerId?: number | null; zipcode?: string; locId?: number; couponCode?: string | null } = {},
): Promise<{ cartId: string; lineIds: number[] }> {
  const db = t.database.db;
  const cartId = newSecret();
  await db
    .insertInto('carts')
    .values({
      id: cartId,
      customer_id: options.customerId ?? null,
      zipcode: options.zipcode ?? '10001',
      loc_id: options.locId ?? 101,
      coupon_code: options.couponCode ?? null,
    })
    .execute();
  const lineIds: number[] = [];
  for (const line of lines) {
    const row = await db
      .insertInto('cart_items')
      .values({ cart_id: cartId, variant_id: line.offer.variantId, offer_id: line.offer.offerId, qty: line.qty, delivery_date: null, timeslot: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(row.id);
  }
  return { cartId, lineIds };
}

export async function cartLinesOf(t: TestApp, cartId: string) {
  return t.database.db.selectFrom('cart_items').select(['id', 'offer_id', 'qty']).where('cart_id', '=', cartId).orderBy('id').execute();
}

export const showcart = (t: TestApp, payload: Record<string, unknown>, token?: string) => cartCall(t, '/api/cart/showcart', payload, token);

/** One offer, as pickOffers picks them. */
export async function pickOne(
  t: TestApp,
  where: { speed: SpeedValue; locId: number; areaLocId?: number | null },
  skip: number,
  set: { priceCents: number; stock: number },
): Promise<OfferPick> {
  const [offer] = await pickOffers(t, where, 1, skip, set);
  if (!offer) throw new Error('not enough offers in the seed');
  return offer;
}

/**
 * A product only New York delivers: its Chicago butcher's and its nationwide offers go (the seed sells every size in
 * both cities). Its New York butcher's first size, at a known price and stock.
 */
export async function newYorkOnly(t: TestApp, product: string): Promise<OfferPick> {
  const db = t.database.db;
  const variants = db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('product_variants.id')
    .where('products.name', '=', product);
  await db
    .deleteFrom('variant_offers')
    .where('variant_id', 'in', variants)
    .where('speed', 'in', [...deliverySpeedValues])
    .where((eb) => eb.or([eb('area_loc_id', '=', 103), eb('area_loc_id', 'is', null)]))
    .execute();
  const offer = await db
    .updateTable('variant_offers')
    .set({ price_cents: 1250, stock: 40 })
    .where('variant_id', 'in', variants)
    .where('loc_id', '=', 101)
    .where('speed', '=', 'local')
    .returning(['id', 'variant_id', 'loc_id'])
    .execute();
  const [first] = offer.sort((a, b) => a.variant_id - b.variant_id);
  if (!first) throw new Error(`the New York butcher sells no ${product}`);
  return { offerId: first.id, variantId: first.variant_id, locId: first.loc_id };
}
