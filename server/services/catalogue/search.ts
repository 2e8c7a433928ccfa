import { sql, type Kysely } from 'kysely';
import { searchTextLimit, type ListingData } from '../../../src/api/contract/catalogue.contract.ts';
import { totalPages, type SortKey } from '../../../src/rules/listing.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { cachedSummaries } from './cached-summaries.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { buildListingIndex, noSelection, selectPage, type ListingIndex, type ListingRow } from './listing-index.ts';
import { offeredInArea } from './product-summaries.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';

/** At most this many words of a query count; the rest of a pasted paragraph is noise. */
const maxWords = 8;

/**
 * The words of what the shopper typed: letters, marks and digits of any script, lower-cased, at most 8 of them
 * from the first 100 characters. Everything else (quotes, operators, SQL, emoji) is a separator, so the text can
 * never change the shape of a query, and it reaches the database only as bound parameters.
 */
export function searchWords(text: string): string[] {
  const words =
    text
      .slice(0, searchTextLimit)
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, maxWords);
}

/** 'ribeye ste' → 'ribeye:* & ste:*': every word must match, the last ones as prefixes while the shopper types. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

export interface SearchRequest {
  text: string;
  locId: number;
  speed?: SpeedValue | undefined;
  sort?: SortKey | undefined;
  page: number;
  limit: number;
}

export type SearchResult = { kind: 'not-served' } | { kind: 'no-words' } | { kind: 'results'; data: ListingData };

/**
 * The same query from many shoppers (and the search bar's count, then the results page) is ranked at most every
 * 2 minutes; pages and sorts come from memory like category listings. A new query pays the full ranking (see
 * bench/RESULTS.md, "Cold").
 */
const rankings = perDatabase<Kysely<Database>, ReadCache<ListingIndex>>(
  () => new ReadCache<ListingIndex>({ maxEntries: 512, freshMs: 120_000, staleMs: 600_000 }),
);

export async function searchProducts(db: Kysely<Database>, request: SearchRequest): Promise<SearchResult> {
  if (!(await isServedLocation(db, request.locId))) return { kind: 'not-served' };
  const words = searchWords(request.text);
  if (words.length === 0) return { kind: 'no-words' };

  const key = `${words.join(' ')}|${request.locId}|${request.speed ?? ''}`;
  const index = await rankings(db).get(key, async () => buildListingIndex(await rankedRows(db, words, request.locId, request.speed)));
  const { ids, total } = selectPage(index, noSelection, request.sort ?? 'default', request.page, request.limit);
  return {
    kind: 'results',
    data: {
      products: await cachedSummaries(db, ids, request.locId, request.speed),
      filters: [],
      pagination: {
        total_records: total,
        total_page: totalPages(total, request.limit),
        limit: request.limit,
        current_page: request.page,
      },
    },
  };
}

/**
 * Products matching every word as a prefix (full text over name A, category B, description C), or whose name is
 * close to the text (trigram word similarity, so 'salmn' finds salmon), that are offered in the area. Ranked by
 * ts_rank_cd plus the name similarity; the rank becomes the listing's default order.
 */
async function rankedRows(db: Kysely<Database>, words: string[], locId: number, speed: SpeedValue | undefined): Promise<ListingRow[]> {
  const text = words.join(' ');
  const atSpeed = speed ? sql`variant_offers.speed = ${speed}` : sql`true`;
  // The tsquery is written out at each use (not a CTE or join) so the planner sees a constant and can use the GIN indexes.
  const query = sql`to_tsquery('english', ${prefixQuery(words)})`;
  const result = await sql<{ id: number; name: string; popularity: number; price_cents: number; sizes: number[]; score: number }>`
    select p.id, p.name, p.popularity, agg.price_cents, agg.sizes,
           (ts_rank_cd(p.search_vector, ${query}) + word_similarity(${text}, lower(p.name)))::float8 as score
    from products p
    join lateral (
      select min(variant_offers.price_cents)::int as price_cents,
             array_agg(distinct product_variants.bottle_size) filter (where ${atSpeed}) as sizes
      from product_variants
      join variant_offers on variant_offers.variant_id = product_variants.id
      where product_variants.product_id = p.id and ${offeredInArea(locId, speed)}
    ) agg on agg.sizes is not null
    where p.search_vector @@ ${query} or ${text} <% lower(p.name)`.execute(db);
  // Equal scores are common (many 'salmon fillet's): the more popular comes first, then the lower id.
  const ranked = result.rows.sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.id - b.id);
  return ranked.map((row, i) => ({
    id: row.id,
    name: row.name,
    price_cents: row.price_cents,
    sizes: row.sizes,
    categories: [],
    weight: ranked.length - i,
  }));
}
