import {
  allowedEdits,
  driverGroups,
  fullTextQuery,
  oneLetterDeletions,
  readWord,
  splits,
  type DictionaryWord,
  type WordReading,
} from './search-spelling.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/** Typed words this long are also matched by trigram similarity, which finds two edits in one word. */
const trigramFrom = 6;
/** A prefix being typed stands for at most this many of its most common completions in product names. */
const maxCompletions = 10;

/** What the typed words may mean, as full-text queries: the words as typed, and with every reading allowed. */
export interface ReadQuery {
  readings: WordReading[];
  /** Every typed word as typed (the last also as a prefix); undefined when one of them is no catalogue word. */
  exact: string | undefined;
  /** Every reading: corrections, splits, joins, prefixes. Undefined when no typed word means anything. */
  all: string | undefined;
  /** `all` restricted to the name (weight A of products.search_vector). */
  allInName: string | undefined;
  /** The catalogue words of the query's rarest group in product names: every name match has one of them. */
  drivers: string[];
}

/**
 * What the typed words may mean, from the catalogue's vocabulary (search_words, migration 015, held in memory by
 * search-vocabulary.ts): for every typed word, the word itself, the halves of it run together, it joined with the next
 * word, words sharing a one-letter deletion with it (one edit, a swapped letter included, and many two-edit typos),
 * words similar by trigrams (long words) and, for the last word, the catalogue words it begins.
 */
export function readQuery(vocabulary: Vocabulary, words: readonly string[]): ReadQuery {
  const exactKeys = new Set<string>();
  const deletions = new Set<string>();
  const trigramWords: string[] = [];
  words.forEach((word, i) => {
    exactKeys.add(word);
    for (const [first, second] of splits(word)) {
      exactKeys.add(first);
      // 'lambchop': the catalogue writes 'chops'; the second half may be a plural.
      for (const half of [second, `${second}s`, `${second}es`]) exactKeys.add(half);
    }
    const next = words[i + 1];
    if (next !== undefined) exactKeys.add(word + next);
    if (allowedEdits([...word].length) > 0) for (const deletion of oneLetterDeletions(word)) deletions.add(deletion);
    if ([...word].length >= trigramFrom) trigramWords.push(word);
  });
  const last = words[words.length - 1] ?? '';
  const found = [
    ...new Set([
      ...vocabulary.exact(exactKeys),
      ...vocabulary.sharingDeletion(deletions),
      ...trigramWords.flatMap((word) => vocabulary.similar(word)),
      // The most common completions of the last word in names stand for all of them.
      ...vocabulary.completions(last, maxCompletions),
    ]),
  ];
  const byJoined = new Map<string, DictionaryWord[]>();
  for (const entry of found) byJoined.set(entry.joined, [...(byJoined.get(entry.joined) ?? []), entry]);

  const readings = words.map((word, i) => readWord(word, i === words.length - 1, found, byJoined));
  const joins = new Map<number, string[]>();
  words.forEach((word, i) => {
    const next = words[i + 1];
    const joined = next === undefined ? undefined : byJoined.get(word + next);
    if (joined)
      joins.set(
        i,
        joined.map((entry) => entry.word),
      );
  });
  const inNamesOf = new Map(found.map((entry) => [entry.word, entry.inNames]));
  const completions = found.filter((entry) => entry.inNames > 0 && entry.joined !== last && entry.joined.startsWith(last)).map((entry) => entry.word);
  const weight = (group: readonly string[]) => group.reduce((sum, word) => sum + (inNamesOf.get(word) ?? 0), 0);
  const groups = driverGroups(readings, joins, completions);
  const drivers =
    groups.reduce<string[] | undefined>((best, group) => (best === undefined || weight(group) < weight(best) ? group : best), undefined) ?? [];
  return {
    readings,
    drivers,
    exact: fullTextQuery(readings, joins, 'exact'),
    all: fullTextQuery(readings, joins, 'all'),
    allInName: fullTextQuery(readings, joins, 'all', 'A'),
  };
}
