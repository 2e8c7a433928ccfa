import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cacheBudgets, jsonBytes } from '../platform/cache-budgets.ts';
import { perDatabase } from '../platform/read-cache.ts';
import { oneLetterDeletions, type DictionaryWord } from './search-spelling.ts';

/**
 * The catalogue's vocabulary (search_words, migration 015) in memory, with the lookups a search makes for every typed
 * word: exact words, words sharing a one-letter deletion (search_word_deletes' SymSpell index), words similar by
 * trigrams (pg_trgm's `%`) and the most common completions of a prefix. Why in memory: the dictionary is small (about
 * 1,100 words at 100,000 products: bare numbers are left out) and the lookups were one statement of every search, its
 * planning and four index probes on the embedded database's one connection. It holds the vocabulary, not texts or
 * results. The name index (search-names.ts) and the description statement carry the dictionary's version
 * (search_words_version, migration 020), so a search made with an outdated vocabulary is read again. Kept only within
 * its byte budget (cache-budgets.ts).
 */
export class Vocabulary {
  private readonly byJoined = new Map<string, DictionaryWord[]>();
  private readonly byDeletion = new Map<string, DictionaryWord[]>();
  private readonly byTrigram = new Map<string, DictionaryWord[]>();
  private readonly trigramCount = new Map<DictionaryWord, number>();
  /** Sorted by `joined` in code-unit order, as `like 'x%'` with text_pattern_ops compares. */
  private readonly sorted: DictionaryWord[];
  /**
   * Its weight for the cache budget (decision 053): the words' JSON bytes, and for every key of the lookups its text
   * and a reference (8 bytes) per word filed under it.
   */
  readonly bytes: number;

  constructor(
    readonly version: number,
    readonly words: readonly DictionaryWord[],
  ) {
    let bytes = jsonBytes(words);
    for (const entry of words) {
      push(this.byJoined, entry.joined, entry);
      const deletions = oneLetterDeletions(entry.joined);
      for (const deletion of deletions) {
        push(this.byDeletion, deletion, entry);
        bytes += deletion.length + 8;
      }
      const grams = trigrams(entry.joined);
      this.trigramCount.set(entry, grams.size);
      for (const gram of grams) push(this.byTrigram, gram, entry);
      bytes += 8 + grams.size * (3 + 8) + 8;
    }
    this.bytes = bytes;
    this.sorted = [...words].sort((a, b) => (a.joined < b.joined ? -1 : a.joined > b.joined ? 1 : 0));
  }

  /** Words whose `joined` is one of these. */
  exact(keys: Iterable<string>): DictionaryWord[] {
    return [...keys].flatMap((key) => this.byJoined.get(key) ?? []);
  }

  /** Words sharing one of these one-letter deletions (search_word_deletes(joined) && deletions). */
  sharingDeletion(deletions: Iterable<string>): DictionaryWord[] {
    return [...deletions].flatMap((deletion) => this.byDeletion.get(deletion) ?? []);
  }

  /** Words as similar to `word` as pg_trgm's `%` asks (similarity ≥ 0.3 by its default threshold). */
  similar(word: string): DictionaryWord[] {
    const grams = trigrams(word);
    const shared = new Map<DictionaryWord, number>();
    for (const gram of grams) for (const entry of this.byTrigram.get(gram) ?? []) shared.set(entry, (shared.get(entry) ?? 0) + 1);
    return [...shared]
      .filter(([entry, count]) => trigramSimilarity(count, grams.size, this.trigramCount.get(entry) ?? 0) >= similarityThreshold)
      .map(([entry]) => entry);
  }

  /** The `limit` words that `prefix` begins (not itself) most common in names, then anywhere. */
  completions(prefix: string, limit: number): DictionaryWord[] {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sorted[middle]?.joined ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    const found: DictionaryWord[] = [];
    for (let i = low; i < this.sorted.length; i++) {
      const entry = this.sorted[i];
      if (!entry?.joined.startsWith(prefix)) break;
      if (entry.joined !== prefix) found.push(entry);
    }
    return found.sort((a, b) => b.inNames - a.inNames || b.inTexts - a.inTexts).slice(0, limit);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** pg_trgm's default pg_trgm.similarity_threshold. */
const similarityThreshold = 0.3;

/** pg_trgm's similarity: shared trigrams over all distinct trigrams of both, in single precision as it computes it. */
function trigramSimilarity(shared: number, left: number, right: number): number {
  return Math.fround(shared / (left + right - shared));
}

/**
 * pg_trgm's trigrams of a text: each run of letters and digits, lower-cased, padded with two spaces before and one
 * after ('  beef '), cut into every three consecutive characters; distinct.
 */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const letters = [...`  ${word} `];
    for (let i = 0; i + 3 <= letters.length; i++) found.add(letters.slice(i, i + 3).join(''));
  }
  return found;
}

interface VocabularyRow {
  version: number;
  word: string | null;
  joined: string | null;
  inNames: number | null;
  inTexts: number | null;
}

/** The vocabulary as the database has it now (one statement), with its version. */
async function loadVocabulary(db: Kysely<Database>): Promise<Vocabulary> {
  const rows = await sql<VocabularyRow>`
    select v.version, w.word, w.joined, w.in_names as "inNames", w.in_texts as "inTexts"
    from search_words_version v left join search_words w on true`.execute(db);
  const words: DictionaryWord[] = [];
  for (const row of rows.rows) {
    if (row.word !== null && row.joined !== null)
      words.push({ word: row.word, joined: row.joined, inNames: row.inNames ?? 0, inTexts: row.inTexts ?? 0 });
  }
  return new Vocabulary(Number(rows.rows[0]?.version ?? 0), words);
}

/** Per database: the vocabulary last loaded, or its load in progress (concurrent searches share one load). */
const loaded = perDatabase<Kysely<Database>, { current?: Promise<Vocabulary> }>(() => ({}));

/**
 * The vocabulary, from memory once loaded. `atLeast`: the dictionary's version a search's statement saw; a vocabulary
 * older than that is loaded again (versions only grow: every change to search_words adds one).
 */
export async function searchVocabulary(db: Kysely<Database>, atLeast = 0, budget: number = cacheBudgets.searchVocabulary): Promise<Vocabulary> {
  const state = loaded(db);
  const current = state.current;
  if (current) {
    const vocabulary = await current.catch(() => undefined);
    if (vocabulary && vocabulary.version >= atLeast) return vocabulary;
    // Another search may have started the reload meanwhile.
    if (state.current !== current) return searchVocabulary(db, atLeast, budget);
  }
  const load = loadVocabulary(db);
  state.current = load;
  // A vocabulary heavier than its budget serves the searches that asked for it and is not kept.
  load.then(
    (vocabulary) => {
      if (vocabulary.bytes > budget && state.current === load) delete state.current;
    },
    () => {
      if (state.current === load) delete state.current;
    },
  );
  return load;
}

/** The dictionary's version alone: for a search whose words found nothing to ask the database about. */
export async function vocabularyVersion(db: Kysely<Database>): Promise<number> {
  const rows = await sql<{ version: number }>`select version from search_words_version`.execute(db);
  return Number(rows.rows[0]?.version ?? 0);
}
