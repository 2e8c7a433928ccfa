import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import { searchTextLimit, type ListingData } from '../../../src/api/contract/catalogue.contract.ts';
import { totalPages, type SortKey } from '../../../src/rules/listing.ts';
import { isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { readQuery } from './search-dictionary.ts';
import type { Log } from '../platform/log.ts';
import { cardStore, searchCards, startCardStore } from './search-cards.ts';
import { restaurantCard, restaurantOffers, lowestCents } from './restaurant-offers.ts';
import { searchDescriptions, startDescriptionIndex } from './search-descriptions.ts';
import { rankedProducts, sortedIds, type RankedProduct } from './search-ranking.ts';
import { rankedFromNames } from './search-name-matches.ts';
import { loadedNames, searchNames } from './search-names.ts';
import { searchVocabulary, vocabularyVersion } from './search-vocabulary.ts';

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

export interface SearchRequest {
  text: string;
  locId: number;
  speed?: SpeedValue | undefined;
  /** With a visit speed: the restaurant chosen on /ship/options (catalogueRestaurant): its offers only, at its prices. */
  restaurantLocId?: number | undefined;
  sort?: SortKey | undefined;
  page: number;
  limit: number;
  /** Where a failed background load of search's structures is reported (the app's logger). */
  log?: Log | undefined;
}

export type SearchResult = { kind: 'not-served' } | { kind: 'no-words' } | { kind: 'results'; data: ListingData };

/**
 * No text's answer is cached, a new text as fast as a repeated one (decision 021): the typed words are read against
 * the catalogue's vocabulary (typos, run-together and split words, prefixes), the best name matches in the area are
 * found in the name index in memory (decision 064; descriptions from the database when names are fewer than a page),
 * ranked by tier and popularity, and the page's cards come from the card store in memory (decision 067).
 * A search never waits for these structures to load (at a process's first search, after a catalogue notice): it
 * starts their loads in the background and answers meanwhile as before they existed (the ranking and description
 * statements, the card cache).
 */
export async function searchProducts(db: Kysely<Database>, request: SearchRequest): Promise<SearchResult> {
  if (!(await isServedLocation(db, request.locId))) return { kind: 'not-served' };
  const words = searchWords(request.text);
  if (words.length === 0) return { kind: 'no-words' };
  startCardStore(db, request.log);
  startDescriptionIndex(db, request.log);

  const ranked = await rankedWithFallback(db, words, request.locId, request.speed, request.limit, request.log);
  const { ids, products } = await searchPage(db, ranked, request);
  return {
    kind: 'results',
    data: {
      products,
      filters: [],
      pagination: {
        total_records: ids.length,
        total_page: totalPages(ids.length, request.limit),
        limit: request.limit,
        current_page: request.page,
      },
    },
  };
}

/**
 * The page's products in the shopper's sort, and every match's id (the total). With a chosen restaurant (Dine-In or
 * Pick-Up): only the matches it sells, priced and sorted at its prices (one statement: restaurant-offers.ts), so a
 * card never offers what it does not sell nor another restaurant's price.
 */
async function searchPage(
  db: Kysely<Database>,
  ranked: readonly RankedProduct[],
  request: SearchRequest,
): Promise<{ ids: number[]; products: ProductSummary[] }> {
  const { speed, restaurantLocId, locId } = request;
  const sort = request.sort ?? 'default';
  const pageOf = (ids: readonly number[]) => ids.slice(request.page * request.limit, (request.page + 1) * request.limit);
  if (!isVisitSpeed(speed) || restaurantLocId === undefined) {
    const ids = await sortedIds(db, ranked, sort, locId, speed);
    return { ids, products: await searchCards(db, pageOf(ids), locId, speed) };
  }
  const restaurant = { locId: restaurantLocId, areaLocId: locId, speed };
  const offers = await restaurantOffers(
    db,
    ranked.map((r) => r.id),
    restaurant,
  );
  const cents = new Map([...offers].map(([id, sizes]) => [id, lowestCents(sizes)]));
  const ids = await sortedIds(
    db,
    ranked.filter((r) => offers.has(r.id)),
    sort,
    locId,
    speed,
    cents,
  );
  const cards = await searchCards(db, pageOf(ids), locId, speed);
  return {
    ids,
    products: cards.flatMap((card) => {
      const sizes = offers.get(card.id);
      return sizes ? [restaurantCard(card, sizes, restaurant)] : [];
    }),
  };
}

/**
 * Like a search engine's "last" matching strategy: when every word together finds nothing, the last words are
 * dropped one by one ('flank stek' → 'flank'), so a word the catalogue does not have never empties the page.
 * The words are read with the vocabulary in memory; when the ranking saw a newer dictionary (a product write added or
 * removed a word since it was loaded: the name index's version, or the description statement's), the vocabulary is
 * loaded again and the search made again.
 */
async function rankedWithFallback(
  db: Kysely<Database>,
  words: readonly string[],
  locId: number,
  speed: SpeedValue | undefined,
  enough: number,
  log: Log | undefined,
): Promise<RankedProduct[]> {
  let vocabulary = await searchVocabulary(db);
  // Names from memory (decision 064); from the database's postings while the index loads or when it is over its budget.
  const names = loadedNames(db, log);
  for (let attempt = 1; ; attempt++) {
    let seen: number | undefined;
    let ranked: RankedProduct[] = [];
    for (let count = words.length; count > 0 && ranked.length === 0; count--) {
      const query = readQuery(vocabulary, words.slice(0, count));
      const ranking = names
        ? await rankedFromNames(db, names, vocabulary, query, locId, speed, enough)
        : await rankedProducts(db, query, locId, speed, enough);
      seen ??= ranking.version;
      ranked = ranking.ranked;
    }
    // No word meant anything to this vocabulary, so nothing was read: is it still current? The index knows the version
    // it was loaded with, and is dropped when the catalogue changes.
    seen ??= names?.version ?? (await vocabularyVersion(db));
    if (seen <= vocabulary.version || attempt === 2) return ranked;
    vocabulary = await searchVocabulary(db, seen);
  }
}

/**
 * Resolves once search's structures in memory (names, descriptions, cards) are loaded for the current catalogue: for
 * tests and the bench's warm-up, which want the searches that follow to read memory. Searches themselves never wait.
 */
export async function whenSearchLoaded(db: Kysely<Database>): Promise<void> {
  await Promise.all([searchNames(db), searchDescriptions(db), cardStore(db)]);
}
