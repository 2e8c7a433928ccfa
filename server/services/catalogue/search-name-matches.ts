import type { Kysely } from 'kysely';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { ReadQuery } from './search-dictionary.ts';
import { describedFromMemory } from './search-descriptions.ts';
import { stemmedForms, type NameIndex } from './search-names.ts';
import {
  describedProducts,
  offerKeys,
  postingsPerWord,
  rankedProducts,
  searchResultLimit,
  withDescribed,
  type RankedProduct,
  type Ranking,
} from './search-ranking.ts';
import { operands, operandText, parseTsquery, stemmed } from './search-tsquery.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/**
 * rankedProducts (search-ranking.ts) with the names read from the index in memory (decision 064), by the same rules:
 * the postings of the query's drivers walked in popularity order in the area, each cut off after postingsPerWord, the
 * whole query checked on the names they carry (tier 0 when every word matches as typed, 1 otherwise), the best 300.
 * Descriptions, when names give fewer than `enough`, from their index in memory (search-descriptions.ts, decision
 * 067); the database is asked only for the stemmed form of a word the vocabulary did not have when its forms were
 * read (stemmedForms), and for descriptions when their index is over its budget.
 */
export async function rankedFromNames(
  db: Kysely<Database>,
  index: NameIndex,
  vocabulary: Vocabulary,
  query: ReadQuery,
  locId: number,
  speed: SpeedValue | undefined,
  enough: number,
): Promise<Ranking> {
  const all = query.all;
  if (all === undefined) return { ranked: [], version: undefined };
  const keys = offerKeys(locId, speed);
  const named: RankedProduct[] = [];
  if (query.drivers.length > 0) {
    const allTree = parseTsquery(all);
    const exactTree = query.exact === undefined ? undefined : parseTsquery(query.exact);
    const texts = [...(allTree ? operands(allTree) : []), ...(exactTree ? operands(exactTree) : [])].map(operandText);
    let stems: Awaited<ReturnType<typeof stemmedForms>>;
    try {
      stems = await stemmedForms(db, vocabulary, texts, query.drivers);
    } catch {
      // A word to_tsquery's output could not be read for: this text is ranked by the statement, as before the index.
      return rankedProducts(db, query, locId, speed, enough);
    }
    const { forms, vectors } = stems;
    const allStemmed = allTree && stemmed(allTree, forms);
    const exactStemmed = exactTree && stemmed(exactTree, forms);
    const perWord = postingsPerWord(query);
    const lexemes = new Set(query.drivers.flatMap((word) => vectors.get(word) ?? []));
    const candidates = new Set<number>();
    for (const lexeme of lexemes) for (const product of index.walk(lexeme, keys, perWord)) candidates.add(product);
    const inName = allStemmed && index.nameTest(allStemmed);
    const exactInName = exactStemmed && index.nameTest(exactStemmed);
    if (inName)
      for (const product of candidates) {
        if (!inName(product)) continue;
        const tier = exactInName && exactInName(product) ? 0 : 1;
        named.push({ id: index.productIds[product] ?? 0, tier, popularity: index.popularity[product] ?? 0 });
      }
    named.sort((a, b) => a.tier - b.tier || b.popularity - a.popularity || a.id - b.id);
    named.length = Math.min(named.length, searchResultLimit);
  }
  if (named.length >= enough) return withDescribed(named, index.version);
  // Descriptions from memory (decision 067); from search_in_descriptions when their index is over its budget.
  const described = (await describedFromMemory(db, vocabulary, all, keys, index.version)) ?? (await describedProducts(db, all, keys));
  return withDescribed([...named, ...described.matches], described.version);
}
