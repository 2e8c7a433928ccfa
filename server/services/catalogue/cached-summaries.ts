import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import type { Database } from '../../db/schema.ts';
import { BatchCache } from '../platform/batch-cache.ts';
import { perDatabase } from '../platform/read-cache.ts';
import { productSummaries } from './product-summaries.ts';

/** One product's card in one delivery area. */
interface CardRef {
  productId: number;
  locId: number;
}

/**
 * Product cards (listings, search results, "Similar Items") per area, kept 10 s and served up to 30 s old while
 * refreshing. Why: the embedded database answers one query at a time, and two card queries per page would by
 * themselves use the whole 25 ms budget at ten concurrent shoppers. A card's "in stock" may therefore lag up to
 * 30 s; the product page and add to cart always read stock live.
 */
const cards = perDatabase<Kysely<Database>, BatchCache<CardRef, ProductSummary>>(
  (db) =>
    new BatchCache<CardRef, ProductSummary>({
      maxEntries: 50_000,
      freshMs: 10_000,
      staleMs: 20_000,
      keyOf: (ref) => `${ref.locId}|${ref.productId}`,
      loadMany: (refs) => summariesByArea(db, refs),
    }),
);

/** One query per area among refs (concurrent pages of different areas may share a batch), answers in refs' order. */
async function summariesByArea(db: Kysely<Database>, refs: readonly CardRef[]): Promise<(ProductSummary | undefined)[]> {
  const idsByArea = new Map<number, number[]>();
  for (const ref of refs) idsByArea.set(ref.locId, [...(idsByArea.get(ref.locId) ?? []), ref.productId]);
  const found = new Map<string, ProductSummary>();
  await Promise.all(
    [...idsByArea].map(async ([locId, ids]) => {
      for (const summary of await productSummaries(db, ids, locId)) found.set(`${locId}|${summary.id}`, summary);
    }),
  );
  return refs.map((ref) => found.get(`${ref.locId}|${ref.productId}`));
}

/** Same as productSummaries (order kept, products not sold in the area left out), mostly from memory. */
export async function cachedSummaries(db: Kysely<Database>, productIds: readonly number[], locId: number): Promise<ProductSummary[]> {
  return cards(db).getMany(productIds.map((productId) => ({ productId, locId })));
}
