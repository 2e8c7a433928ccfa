import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import { isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { BatchCache } from '../platform/batch-cache.ts';
import { onCatalogueChanges } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { perDatabase } from '../platform/read-cache.ts';
import { productSummaries } from './product-summaries.ts';

/** One product's card in one delivery area, for the delivery speeds or one visit speed (dine-in, pickup). */
interface CardRef {
  productId: number;
  locId: number;
  visit: SpeedValue | undefined;
}

function areaKey(ref: Pick<CardRef, 'locId' | 'visit'>): string {
  return `${ref.locId}|${ref.visit ?? ''}`;
}

/** The card cache's settings (exported for its budget test). */
export const cardCacheOptions = { name: 'product-cards', maxBytes: cacheBudgets.productCards, freshMs: 10_000, staleMs: 20_000 };

/**
 * Product cards (listings, search results, "Similar Items") per area, kept 10 s and served up to 30 s old while
 * refreshing. Why: the embedded database answers one query at a time, and two card queries per page would by
 * themselves use the whole 25 ms budget at ten concurrent shoppers. A card's "in stock" may therefore lag up to
 * 30 s; the product page and add to cart always read stock live.
 */
const cards = perDatabase<Kysely<Database>, BatchCache<CardRef, ProductSummary>>((db) => {
  const cache = new BatchCache<CardRef, ProductSummary>({
    ...cardCacheOptions,
    keyOf: (ref) => `${areaKey(ref)}|${ref.productId}`,
    loadMany: (refs) => summariesByArea(db, refs),
  });
  // A product's price or stock changed on any instance: its cards in every area go (decision 042).
  onCatalogueChanges(db, (change) => {
    if (change === 'all') cache.clear();
    else cache.deleteWhere((key) => change.has(Number(key.slice(key.lastIndexOf('|') + 1))));
  });
  return cache;
});

/** One query per area among refs (concurrent pages of different areas may share a batch), answers in refs' order. */
async function summariesByArea(db: Kysely<Database>, refs: readonly CardRef[]): Promise<(ProductSummary | undefined)[]> {
  const idsByArea = new Map<string, { ref: CardRef; ids: number[] }>();
  for (const ref of refs) {
    const entry = idsByArea.get(areaKey(ref)) ?? { ref, ids: [] };
    entry.ids.push(ref.productId);
    idsByArea.set(areaKey(ref), entry);
  }
  const found = new Map<string, ProductSummary>();
  await Promise.all(
    [...idsByArea].map(async ([key, { ref, ids }]) => {
      for (const summary of await productSummaries(db, ids, ref.locId, ref.visit)) found.set(`${key}|${summary.id}`, summary);
    }),
  );
  return refs.map((ref) => found.get(`${areaKey(ref)}|${ref.productId}`));
}

/** Same as productSummaries (order kept, products not sold in the area left out), mostly from memory. */
export async function cachedSummaries(
  db: Kysely<Database>,
  productIds: readonly number[],
  locId: number,
  courierType?: SpeedValue,
): Promise<ProductSummary[]> {
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  return cards(db).getMany(productIds.map((productId) => ({ productId, locId, visit })));
}
