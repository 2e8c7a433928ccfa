import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { allowedEdits, fullTextQuery, oneLetterDeletions, readWord, splits, type DictionaryWord, type WordReading } from './search-spelling.ts';

/** Typed words this long are also matched by trigram similarity, which finds two edits in one word. */
const trigramFrom = 6;

/** What the typed words may mean, as full-text queries: the words as typed, and with every reading allowed. */
export interface ReadQuery {
  readings: WordReading[];
  /** Every typed word as typed (the last also as a prefix); undefined when one of them is no catalogue word. */
  exact: string | undefined;
  /** Every reading: corrections, splits, joins, prefixes. Undefined when no typed word means anything. */
  all: string | undefined;
  /** `all` restricted to the name (weight A of products.search_vector). */
  allInName: string | undefined;
}

/**
 * One round trip to the catalogue's vocabulary (search_words, migration 015) for every typed word: the word itself,
 * the halves of it run together, it joined with the next word, words sharing a one-letter deletion with it (one
 * edit, a swapped letter included, and many two-edit typos), words similar by trigrams (long words) and, for the last
 * word, whether it begins a catalogue word. The dictionary holds about a thousand words at 100,000 products (bare
 * numbers are left out), so every branch is an index lookup in a small table.
 */
export async function readQuery(db: Kysely<Database>, words: readonly string[]): Promise<ReadQuery> {
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
  const fields = sql`word, joined, in_names as "inNames", in_texts as "inTexts"`;
  const branches = [
    sql`select ${fields} from search_words where joined = any(${[...exactKeys]}::text[])`,
    ...(deletions.size > 0 ? [sql`select ${fields} from search_words where search_word_deletes(joined) && ${[...deletions]}::text[]`] : []),
    ...trigramWords.map((word) => sql`select ${fields} from search_words where joined % ${word}`),
    // Only whether the last word begins some longer word matters; the most common few stand for all.
    sql`(select ${fields} from search_words where joined like ${`${last}%`} and joined <> ${last} order by in_texts desc limit 3)`,
  ];
  const result = await sql<DictionaryWord>`${sql.join(branches, sql` union `)}`.execute(db);
  const found = result.rows;
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
  return {
    readings,
    exact: fullTextQuery(readings, joins, 'exact'),
    all: fullTextQuery(readings, joins, 'all'),
    allInName: fullTextQuery(readings, joins, 'all', 'A'),
  };
}
