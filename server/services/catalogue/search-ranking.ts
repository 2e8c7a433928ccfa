import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SortKey } from '../../../src/rules/listing.ts';
import { catalogueSpeeds, type SpeedValue } from '../../../src/rules/speeds.ts';
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
 * How many postings a search reads at most, in popularity order, in the area: a one-word search needs no more per
 * word than it lists; a search of several words checks the others on each candidate (an index probe each), so its
 * candidates are bounded in all, shared between the words that may stand for its rarest one (at least 100 each).
 */
const postingsRead = { perWordOfOne: searchResultLimit, severalInAll: 1000, severalPerWord: 100 } as const;

/** How many postings of each driver lexeme a search reads (postingsRead). */
export function postingsPerWord(query: ReadQuery): number {
  return query.readings.length > 1
    ? Math.max(postingsRead.severalPerWord, Math.ceil(postingsRead.severalInAll / query.drivers.length))
    : postingsRead.perWordOfOne;
}

/** Codes of the offer keys (migration 018's search_speed_code): coalesce(area, 0) * 8 + code. */
const speedCodes: Record<SpeedValue, number> = { local: 1, courier: 2, 'farm-direct': 3, 'dine-in': 4, pickup: 5 };

/**
 * The offer keys a product sold in area locId (at the speed, when one is asked for) has one of: the area's own offers
 * and the nationwide ones (area 0), at the speeds offeredInArea allows.
 */
export function offerKeys(locId: number, speed: SpeedValue | undefined): number[] {
  const speeds = speed ? [speed] : catalogueSpeeds(undefined);
  return speeds.flatMap((s) => [locId * 8 + speedCodes[s], speedCodes[s]]);
}

/**
 * The best matches offered in the area (at the speed, when one is asked for), best first: exact name matches, then
 * name matches of the corrected words, then matches in categories and descriptions, each by popularity, then id.
 * Names: the postings of the query's rarest group (search_postings, migration 018), each word's read in popularity
 * order in the area and cut off after a bounded number, then the whole query checked on the names those postings
 * carry (migration 020), so the cost of a text is bounded by what it reads, not by how many products match.
 * Categories and descriptions are searched only when names give fewer than `enough` (a page), in the same statement.
 */
export async function rankedProducts(
  db: Kysely<Database>,
  query: ReadQuery,
  locId: number,
  speed: SpeedValue | undefined,
  enough: number,
): Promise<Ranking> {
  const all = query.all;
  if (all === undefined) return { ranked: [], version: undefined };
  const keys = offerKeys(locId, speed);
  const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
  // One statement, one round trip: the name matches, the description fallback only when they are fewer than `enough`
  // (a one-time filter: the function is not called otherwise), and the dictionary's version beside them (one row of
  // nulls but the version when nothing matches).
  const descriptions = (named: RawBuilder<unknown>) => sql`
      select d.id, 2 as tier, d.popularity
      from search_in_descriptions(${tsquery(all)}, ${keys}::int[], ${descriptionCandidates}, ${searchResultLimit}) d
      where ${named} < ${enough}`;
  let statement: RawBuilder<RankingRow>;
  if (query.drivers.length > 0) {
    const perWord = postingsPerWord(query);
    const exact = query.exact === undefined ? sql`false` : sql`c.name_vector @@ ${tsquery(query.exact)}`;
    statement = sql<RankingRow>`
      with lexemes as (
        select distinct l.lexeme from unnest(${query.drivers}::text[]) as w(word)
        cross join lateral unnest(tsvector_to_array(to_tsvector('english', w.word))) as l(lexeme)
      ), candidates as (
        select c.product_id, c.popularity, c.name_vector from lexemes d cross join lateral (
          select p.product_id, p.popularity, p.name_vector from search_postings p
          where p.lexeme = d.lexeme and p.offer_keys && ${keys}::int[]
          order by p.popularity desc, p.product_id limit ${perWord}
        ) c
      ), named as (
        -- A product found by two of the words is one row: its name, so its tier, is the same.
        select distinct c.product_id as id, case when ${exact} then 0 else 1 end as tier, c.popularity
        from candidates c
        where c.name_vector @@ ${tsquery(all)}
        order by 2, 3 desc, 1 limit ${searchResultLimit}
      )
      select v.version, ${matchesText(sql`
        select id, tier, popularity from named
        union all
        ${descriptions(sql`(select count(*) from named)`)}`)} as matches from search_words_version v`;
  } else statement = sql<RankingRow>`select v.version, ${matchesText(descriptions(sql`0`))} as matches from search_words_version v`;
  const answer = (await statement.execute(db)).rows[0];
  return withDescribed(parseMatches(answer?.matches ?? null), answer === undefined ? undefined : Number(answer.version));
}

/** Name matches (tiers 0 and 1) and description matches (tier 2) as one ranking: each product once, at its best tier. */
export function withDescribed(matches: readonly RankedProduct[], version: number | undefined): Ranking {
  const found = matches.filter((r) => r.tier < 2);
  const seen = new Set(found.map((r) => r.id));
  const described = matches.filter((r) => r.tier === 2).sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  for (const row of described) if (!seen.has(row.id) && found.length < searchResultLimit) found.push(row);
  return { ranked: found.sort((a, b) => a.tier - b.tier || b.popularity - a.popularity || a.id - b.id), version };
}

/** The description matches alone (names gave fewer than a page) and the dictionary's version: one statement. */
export async function describedProducts(
  db: Kysely<Database>,
  all: string,
  keys: readonly number[],
): Promise<{ matches: RankedProduct[]; version: number }> {
  const rows = await sql<RankingRow>`select v.version, ${matchesText(sql`
      select d.id, 2 as tier, d.popularity
      from search_in_descriptions(to_tsquery('english', ${all}), ${keys}::int[], ${descriptionCandidates}, ${searchResultLimit}) d`)} as matches
    from search_words_version v`.execute(db);
  const answer = rows.rows[0];
  return { matches: parseMatches(answer?.matches ?? null), version: Number(answer?.version ?? 0) };
}

/**
 * The ranking statement's one row: the dictionary's version and every match as one text ('id tier popularity', comma
 * separated; null when nothing matched). Why one text: up to 600 rows of four fields each cost the embedded
 * database's protocol parser a message and four decoded strings apiece, about a tenth of a cold search's CPU; one
 * string split in JS costs almost nothing.
 */
interface RankingRow {
  version: number;
  matches: string | null;
}

/** The matches of a select of (id, tier, popularity), as the one text RankingRow carries. */
const matchesText = (select: RawBuilder<unknown>) => sql`(select string_agg(m.id || ' ' || m.tier || ' ' || m.popularity, ',') from (${select}) m)`;

/** RankingRow's matches back as rows; a part that does not read as three numbers is a bug in the statement. */
export function parseMatches(text: string | null): RankedProduct[] {
  if (text === null || text === '') return [];
  return text.split(',').map((part) => {
    const [id, tier, popularity] = part.split(' ').map(Number);
    if (id === undefined || tier === undefined || popularity === undefined || [id, tier, popularity].some((n) => !Number.isFinite(n)))
      throw new Error(`search ranking: unreadable match '${part}'`);
    return { id, tier, popularity };
  });
}

/** A search's matches, best first, and the dictionary's version its statement saw (none when it ran no statement). */
export interface Ranking {
  ranked: RankedProduct[];
  version: number | undefined;
}

/**
 * Products whose categories or descriptions a search reads at most, in whatever order the full-text index gives:
 * search_in_descriptions (migration 020) ranks the first 1,000 matches a bitmap read of the index gives (stopped
 * early) by popularity. Walking products in popularity order instead cost a whole-table walk when two common words
 * never meet ('beef chicken': 100,000 rows, 0.8 s), and the planner picks that walk from its estimates, so the function
 * asks for the bitmap read with SET clauses (for its call only). With more than 1,000 matches the best of those 1,000
 * are listed, not the best of all.
 */
const descriptionCandidates = 1000;

/**
 * The ranked products in the shopper's sort: the ranking itself, or by name, or by the lowest price offered in the
 * area (one query for at most searchResultLimit products; `knownCents`, when the caller read the prices the cards
 * show already: a chosen restaurant's). Ties keep the ranking's order.
 */
export async function sortedIds(
  db: Kysely<Database>,
  ranked: readonly RankedProduct[],
  sort: SortKey | 'default',
  locId: number,
  speed: SpeedValue | undefined,
  knownCents?: ReadonlyMap<number, number>,
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
  const prices = knownCents
    ? [...knownCents].map(([id, cents]) => ({ id, cents }))
    : await db
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
