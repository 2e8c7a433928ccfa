import { sql, type Kysely } from 'kysely';
import { assert } from 'superstruct';
import { expect } from 'vitest';
import { listingReply, type ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import type { Database } from '../../server/db/schema.ts';
import { json, type TestApp } from './test-app.ts';

/** New York: zip 10001 is served by the butcher location 101. 90210 is deliberately not served. */
export const newYork = { zipcode: '10001', loc_id: 101 } as const;
export const chicago = { zipcode: '60601', loc_id: 103 } as const;

export function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/** A card's price as the listing sorts it: the lowest of its sizes' prices. */
export function lowestCents(product: ProductSummary): number {
  return Math.min(...product.child.map((c) => dollarsToCents(c.price) ?? Number.POSITIVE_INFINITY));
}

/** Whether every product id has at least one offer a shopper in area locId can buy. */
export async function allOfferedIn(db: Kysely<Database>, productIds: number[], locId: number): Promise<boolean> {
  if (productIds.length === 0) return true;
  const result = await sql<{ n: number }>`
    select count(distinct v.product_id)::int as n from product_variants v
    join variant_offers o on o.variant_id = v.id
    where v.product_id = any(${productIds}::int[]) and (o.area_loc_id = ${locId} or o.area_loc_id is null)`.execute(db);
  return result.rows[0]?.n === new Set(productIds).size;
}

export function isNonDecreasing(values: readonly number[]): boolean {
  return values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v);
}

/** POST /connect/index/filters for New York's 10001, first page of 50, with the given filters: status and body. */
export async function postFilters(t: TestApp, payload: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/connect/index/filters',
    payload: { store_id: 1, ...newYork, page: 0, limit: 50, ...payload },
  });
  return { status: response.statusCode, body: json(response) };
}

/** The filtered listing's reply, which must be a 200 in the contract's shape. */
export async function filteredReply(t: TestApp, payload: Record<string, unknown>): Promise<ListingReply> {
  const { status, body } = await postFilters(t, payload);
  expect(status).toBe(200);
  assert(body, listingReply);
  return body;
}

/** Asks `read` until it answers true, for at most `withinMs` (a notice's delivery, a background load; never a fixed sleep). */
export async function within(withinMs: number, read: () => Promise<boolean>): Promise<void> {
  const start = performance.now();
  while (!(await read())) {
    if (performance.now() - start > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
