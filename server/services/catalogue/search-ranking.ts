import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SortKey } from '../../../src/rules/listing.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { offeredInArea } from './product-summaries.ts';
import type { ReadQuery } from './search-dictionary.ts';

/**
 * A search lists at most this many products, the best ones (a search engine's "max total hits"): ranking every one of
 * 13,000 'chicken' products touches every one of their rows, 80–600 ms on the embedded database, where the best 300
 * are a walk down the popularity index. Fifteen pages of 20 is more than any shopper reads; a narrower text finds the rest.
 */
export const searchResultLimit = 300;

/** One product of a search, best first. Tier 0: every word as typed in the name; 1: in the name once corrected; 2: elsewhere. */
export interface RankedProduct {
  id: number;
  tier: number;
  popularity: number;
}

/**
 * The best matches offered in the area (at the speed, when one is asked for), best first: exact name matches, then
 * name matches of the corrected words, then matches in categories and descriptions, each by popularity, then id.
 * The name tiers are one UNION ALL of two queries in popularity order, each with the area check and its own limit, that
 * stops pulling rows as soon as enough passed: the corrected tier runs only when the exact one falls short, and each
 * either walks search_names' popularity index (a common word) or collects a rare word's few matches from the GIN
 * index, whichever the planner finds cheaper. Categories and descriptions are searched only when names fall short.
 */
export async function rankedProducts(db: Kysely<Database>, query: ReadQuery, locId: number, speed: SpeedValue | undefined): Promise<RankedProduct[]> {
  if (query.all === undefined) return [];
  const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
  const atSpeed = speed ? sql`variant_offers.speed = ${speed}` : sql`true`;
  const offered = (productId: RawBuilder<unknown>) => sql`exists (
    select 1 from product_variants
    join variant_offers on variant_offers.variant_id = product_variants.id
    where product_variants.product_id = ${productId} and ${offeredInArea(locId, speed)} and ${atSpeed})`;
  const inNames = (tier: number, condition: RawBuilder<unknown>, limit: number) =>
    sql`(select product_id as id, ${sql.lit(tier)} as tier, popularity from search_names
      where ${condition} and ${offered(sql.ref('search_names.product_id'))} order by popularity desc, product_id limit ${limit})`;

  const nameTiers: RawBuilder<unknown>[] = [];
  if (query.exact !== undefined) nameTiers.push(inNames(0, sql`name_vector @@ ${tsquery(query.exact)}`, searchResultLimit));
  if (query.exact !== query.all) {
    const notExact = query.exact === undefined ? sql`true` : sql`not (name_vector @@ ${tsquery(query.exact)})`;
    nameTiers.push(inNames(1, sql`name_vector @@ ${tsquery(query.all)} and ${notExact}`, searchResultLimit));
  }
  const named = await sql<RankedProduct>`select * from (${sql.join(nameTiers, sql` union all `)}) tiers limit ${searchResultLimit}`.execute(db);
  const found = [...named.rows];
  if (found.length < searchResultLimit) {
    // Without "and not in the name" (the planner cannot estimate it and walked 100,000 rows): names found again are dropped here.
    const seen = new Set(found.map((r) => r.id));
    const elsewhere = await sql<RankedProduct>`select id, 2 as tier, popularity from products
      where search_vector @@ ${tsquery(query.all)} and ${offered(sql.ref('products.id'))}
      order by popularity desc, id limit ${searchResultLimit + found.length}`.execute(db);
    for (const row of elsewhere.rows) if (!seen.has(row.id) && found.length < searchResultLimit) found.push(row);
  }
  return found.sort((a, b) => a.tier - b.tier || b.popularity - a.popularity || a.id - b.id);
}

/**
 * The ranked products in the shopper's sort: the ranking itself, or by name, or by the lowest price offered in the
 * area (one query for at most searchResultLimit products). Ties keep the ranking's order.
 */
export async function sortedIds(
  db: Kysely<Database>,
  ranked: readonly RankedProduct[],
  sort: SortKey | 'default',
  locId: number,
  speed: SpeedValue | undefined,
): Promise<number[]> {
  const ids = ranked.map((r) => r.id);
  if (sort === 'default' || ids.length === 0) return ids;
  const rankOf = new Map(ids.map((id, i) => [id, i]));
  const byRank = (a: number, b: number) => (rankOf.get(a) ?? 0) - (rankOf.get(b) ?? 0);
  if (sort === 'name_asc' || sort === 'name_desc') {
    const rows = await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
    const nameOf = new Map(rows.map((r) => [r.id, r.name.toLowerCase()]));
    const direction = sort === 'name_asc' ? 1 : -1;
    return [...ids].sort((a, b) => {
      const x = nameOf.get(a) ?? '';
      const y = nameOf.get(b) ?? '';
      // Code-point order, as listings sort names (listing-index.ts).
      return (x < y ? -1 : x > y ? 1 : 0) * direction || byRank(a, b);
    });
  }
  const prices = await db
    .selectFrom('product_variants')
    .innerJoin('variant_offers', 'variant_offers.variant_id', 'product_variants.id')
    .select(['product_variants.product_id as id', (eb) => eb.fn.min('variant_offers.price_cents').as('cents')])
    .where('product_variants.product_id', 'in', ids)
    .where(offeredInArea(locId, speed))
    .groupBy('product_variants.product_id')
    .execute();
  const centsOf = new Map(prices.map((p) => [p.id, Number(p.cents)]));
  const direction = sort === 'price_asc' ? 1 : -1;
  return [...ids].sort((a, b) => ((centsOf.get(a) ?? 0) - (centsOf.get(b) ?? 0)) * direction || byRank(a, b));
}
