import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import type { Database } from '../../db/schema.ts';
import { BatchCache } from '../platform/batch-cache.ts';
import { productSummaries } from './product-summaries.ts';
import { perDatabase } from '../platform/read-cache.ts';

/**
 * Product cards (listings, search results, "Similar Items") per area, kept 10 s and served up to 30 s old while
 * refreshing. Why: the embedded database answers one query at a time, and two card queries per page would by
 * themselves use the whole 25 ms budget at ten concurrent shoppers. A card's "in stock" may therefore lag up to
 * 30 s; the product page and add to cart always read stock live.
 */
const cards = perDatabase<Kysely<Database>, BatchCache<string, ProductSummary>>(
  () => new BatchCache<string, ProductSummary>({ maxEntries: 50_000, freshMs: 10_000, staleMs: 20_000 }),
);

/** Same as productSummaries (order kept, products not sold in the area left out), mostly from memory. */
export async function cachedSummaries(db: Kysely<Database>, productIds: readonly number[], locId: number): Promise<ProductSummary[]> {
  const keyOf = (id: number) => `${locId}|${id}`;
  const idOf = new Map(productIds.map((id) => [keyOf(id), id]));
  return cards(db).getMany(
    productIds.map(keyOf),
    async (missing) => {
      const ids = missing.flatMap((key) => idOf.get(key) ?? []);
      const found = await productSummaries(db, ids, locId);
      return new Map(found.map((summary) => [keyOf(summary.id), summary]));
    },
  );
}
