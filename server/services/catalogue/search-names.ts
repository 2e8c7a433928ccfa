import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { onCatalogueChange } from '../platform/catalogue-changes.ts';
import type { Log } from '../platform/log.ts';
import { perDatabase } from '../platform/read-cache.ts';
import { readInChunks, type ChunkRead } from './load-in-chunks.ts';
import { BackgroundLoad } from './search-loading.ts';
import { operandText, parseTsquery, type QueryTree } from './search-tsquery.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/**
 * Products' names as search reads them (search_names, migrations 015/018), held in memory (decision 064): a cold
 * search's name matches are found here instead of by the ranking statement's posting walk, which cost 8–27 ms of
 * server CPU per text (its planning on the embedded database most of it). Per product: its id, popularity, offer keys
 * and the English lexemes of its name; per lexeme: its products in popularity order (search_postings' walk order).
 * Flat typed arrays, not an object per product: 100,000 products weigh a few megabytes (measured in
 * bench/analysis/throughput.md), bounded by cacheBudgets.searchNames. Dropped on every catalogue notice but a price or
 * stock change (migrations 029 and 034), from any instance, and loaded again in the background from the next search,
 * which does not wait for it (search-loading.ts).
 */
export class NameIndex {
  /** Lexeme → its id; lexemes by id. */
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  readonly productIds: Int32Array;
  readonly popularity: Int32Array;
  private readonly nameStart: Int32Array;
  private readonly nameLexemes: Int32Array;
  private readonly keyStart: Int32Array;
  private readonly keys: Int32Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  /** Bytes held: the typed arrays, and each lexeme's text and map entry (~50 bytes of overhead each). */
  readonly bytes: number;

  /** `names`: the load's text, its chunks' joined (see loadNameIndex); `version`: search_words_version, read with the first. */
  constructor(
    readonly version: number,
    names: string,
  ) {
    const rows = names === '' ? [] : names.split('\u001e');
    const count = rows.length;
    this.productIds = new Int32Array(count);
    this.popularity = new Int32Array(count);
    this.nameStart = new Int32Array(count + 1);
    this.keyStart = new Int32Array(count + 1);
    const nameLexemes: number[] = [];
    const keys: number[] = [];
    rows.forEach((row, i) => {
      const [id = '', popularity = '', offerKeys = '', lexemes = ''] = row.split('\u001f');
      this.productIds[i] = Number(id);
      this.popularity[i] = Number(popularity);
      if (offerKeys !== '') for (const key of offerKeys.split(',')) keys.push(Number(key));
      if (lexemes !== '') for (const lexeme of lexemes.split('\u001d')) nameLexemes.push(this.lexemeId(lexeme));
      this.nameStart[i + 1] = nameLexemes.length;
      this.keyStart[i + 1] = keys.length;
    });
    this.nameLexemes = Int32Array.from(nameLexemes);
    this.keys = Int32Array.from(keys);
    // Postings: each lexeme's products, best first (popularity desc, then id), as search_postings_walk_idx walks them.
    const order = [...this.productIds.keys()].sort(
      (a, b) => (this.popularity[b] ?? 0) - (this.popularity[a] ?? 0) || (this.productIds[a] ?? 0) - (this.productIds[b] ?? 0),
    );
    const perLexeme = new Int32Array(this.lexemes.length + 1);
    for (const lexeme of this.nameLexemes) perLexeme[lexeme + 1] = (perLexeme[lexeme + 1] ?? 0) + 1;
    for (let i = 1; i < perLexeme.length; i++) perLexeme[i] = (perLexeme[i] ?? 0) + (perLexeme[i - 1] ?? 0);
    this.postingStart = perLexeme.slice();
    const filled = perLexeme.slice();
    this.postings = new Int32Array(this.nameLexemes.length);
    for (const product of order) {
      for (let j = this.nameStart[product] ?? 0; j < (this.nameStart[product + 1] ?? 0); j++) {
        const lexeme = this.nameLexemes[j] ?? 0;
        const slot = filled[lexeme] ?? 0;
        this.postings[slot] = product;
        filled[lexeme] = slot + 1;
      }
    }
    let bytes = 0;
    for (const array of [
      this.productIds,
      this.popularity,
      this.nameStart,
      this.nameLexemes,
      this.keyStart,
      this.keys,
      this.postingStart,
      this.postings,
    ])
      bytes += array.byteLength;
    for (const lexeme of this.lexemes) bytes += 2 * lexeme.length + 50;
    this.bytes = bytes;
  }

  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemes.push(lexeme);
      this.lexemeIds.set(lexeme, id);
    }
    return id;
  }

  /** How many products the index holds. */
  get size(): number {
    return this.productIds.length;
  }

  /**
   * The first `limit` products with `lexeme` in their name offered under one of `keys`, best first (the walk of
   * search_postings_walk_idx with `offer_keys && keys`): indexes into this index's arrays.
   */
  walk(lexeme: string, keys: readonly number[], limit: number): number[] {
    const id = this.lexemeIds.get(lexeme);
    if (id === undefined) return [];
    const found: number[] = [];
    for (let i = this.postingStart[id] ?? 0; i < (this.postingStart[id + 1] ?? 0) && found.length < limit; i++) {
      const product = this.postings[i] ?? 0;
      if (this.offeredUnder(product, keys)) found.push(product);
    }
    return found;
  }

  private offeredUnder(product: number, keys: readonly number[]): boolean {
    for (let j = this.keyStart[product] ?? 0; j < (this.keyStart[product + 1] ?? 0); j++) if (keys.includes(this.keys[j] ?? -1)) return true;
    return false;
  }

  /**
   * A stemmed tree as a test of a product's name (`name_vector @@ query`, search-tsquery.ts's `matches`), read from the
   * arrays as they are: each operand's lexeme looked up once, a prefix's verdict on a lexeme kept, since a search
   * tests hundreds of names with the same tree.
   */
  nameTest(tree: QueryTree): (product: number) => boolean {
    const names = this.nameLexemes;
    const test = (node: QueryTree): ((from: number, to: number) => boolean) => {
      if (node.kind !== 'operand') {
        const children = node.children.map(test);
        return node.kind === 'and'
          ? (from, to) => children.every((child) => child(from, to))
          : (from, to) => children.some((child) => child(from, to));
      }
      const text = node.text;
      if (node.prefix) {
        const begins = new Map<number, boolean>();
        return (from, to) => {
          for (let j = from; j < to; j++) {
            const lexeme = names[j] ?? 0;
            let verdict = begins.get(lexeme);
            if (verdict === undefined) begins.set(lexeme, (verdict = (this.lexemes[lexeme] ?? '').startsWith(text)));
            if (verdict) return true;
          }
          return false;
        };
      }
      const id = this.lexemeIds.get(text);
      return (from, to) => {
        if (id !== undefined) for (let j = from; j < to; j++) if (names[j] === id) return true;
        return false;
      };
    };
    const root = test(tree);
    return (product) => root(this.nameStart[product] ?? 0, this.nameStart[product + 1] ?? 0);
  }
}

/**
 * search_names as texts, a chunk of products at a time (load-in-chunks.ts): products split by U+001E, fields by U+001F
 * (id, popularity, offer keys comma-separated, lexemes split by U+001D). Texts, not 100,000 rows of arrays: the
 * embedded database's protocol decodes a row and each array element apiece. The dictionary's version is read with
 * the first chunk: a name changed after it is notified (`all`), which drops this load or what it made.
 */
export async function loadNameIndex(db: Kysely<Database>, budget = Infinity): Promise<NameIndex | undefined> {
  let version: number | undefined;
  const names: string[] = [];
  const whole = await readInChunks(
    async (after, limit) => {
      const rows = await sql<{ version: number; names: string | null } & ChunkRead>`
      with chunk as (select * from search_names where product_id > ${after} order by product_id limit ${limit})
      select v.version,
        (select string_agg(concat_ws(chr(31), n.product_id, n.popularity, array_to_string(n.offer_keys, ','),
          array_to_string(tsvector_to_array(n.name_vector), chr(29))), chr(30) order by n.product_id) from chunk n) as names,
        (select count(*)::int from chunk) as count,
        (select max(product_id) from chunk) as last
      from search_words_version v`.execute(db);
      const row = rows.rows[0];
      version ??= Number(row?.version ?? 0);
      if (row?.names) names.push(row.names);
      return { count: row?.count ?? 0, last: row?.last ?? null, chars: row?.names?.length ?? 0 };
    },
    undefined,
    budget,
  );
  return whole ? new NameIndex(version ?? 0, names.join('\u001e')) : undefined;
}

interface IndexState {
  index: BackgroundLoad<NameIndex>;
  forms: Map<string, QueryTree | undefined>;
  vectors: Map<string, string[]>;
  /** The vocabulary whose forms were all read (stemmedForms). */
  prefilled?: Vocabulary;
}

const states = perDatabase<Kysely<Database>, IndexState>((db) => {
  const state: IndexState = {
    index: new BackgroundLoad((budget) => loadNameIndex(db, budget), cacheBudgets.searchNames),
    forms: new Map(),
    vectors: new Map(),
  };
  // A price or stock change is in no name or offer key; anything else may be (rows added, removed, renamed, moved).
  onCatalogueChange(db, (change) => {
    if (change === 'all') state.index.drop();
  });
  return state;
});

/**
 * The name index if loaded, at once: a search never waits for its load (decision 067), which this starts in the
 * background (errors to `log`) unless it is loaded or loading. Undefined until then, or when it weighs more than its
 * budget: searches then walk the postings in the database (search-ranking.ts), as before the index.
 */
export function loadedNames(db: Kysely<Database>, log?: Log): NameIndex | undefined {
  const { index } = states(db);
  void index.start(log);
  return index.current();
}

/** The name index once loaded, waiting for its load (tests, the bench's warm-up); undefined when over `budget`. */
export function searchNames(db: Kysely<Database>, budget: number = cacheBudgets.searchNames): Promise<NameIndex | undefined> {
  return states(db).index.loaded(budget);
}

/** At most this many stemmed forms and vectors are kept per database (typed prefixes are unbounded); then all go. */
const maxForms = 50_000;

/**
 * to_tsquery('english', …) of each operand text and tsvector_to_array(to_tsvector('english', …)) of each word, from
 * memory or (those not seen yet: mostly a half-typed last word) in one statement. They depend on the text alone (the
 * 'english' configuration never changes under a running server), so they are kept across catalogue changes.
 */
export async function stemmedForms(
  db: Kysely<Database>,
  vocabulary: Vocabulary,
  operandTexts: readonly string[],
  words: readonly string[],
): Promise<{ forms: ReadonlyMap<string, QueryTree | undefined>; vectors: ReadonlyMap<string, string[]> }> {
  const state = states(db);
  if (state.forms.size > maxForms || state.vectors.size > maxForms) {
    state.forms.clear();
    state.vectors.clear();
    delete state.prefilled;
  }
  // Once per vocabulary: every form a search of it can ask for (see vocabularyForms), so a cold text needs no statement.
  // Should one of them be refused (a word to_tsquery cannot read), searches read their own forms as they need them.
  if (state.prefilled !== vocabulary) {
    state.prefilled = vocabulary;
    const all = vocabularyForms(vocabulary);
    await readForms(db, state, all.operandTexts, all.words).catch(() => undefined);
  }
  await readForms(db, state, operandTexts, words);
  return { forms: state.forms, vectors: state.vectors };
}

/** The forms and vectors of these operands and words that `state` does not hold yet, in one statement. */
async function readForms(db: Kysely<Database>, state: IndexState, operandTexts: readonly string[], words: readonly string[]): Promise<void> {
  const missingForms = [...new Set(operandTexts.filter((text) => !state.forms.has(text)))];
  const missingVectors = [...new Set(words.filter((word) => !state.vectors.has(word)))];
  if (missingForms.length === 0 && missingVectors.length === 0) return;
  const rows = await sql<{ forms: string[]; vectors: string[] }>`
    select array(select to_tsquery('english', q)::text from unnest(${missingForms}::text[]) with ordinality as f(q, i) order by i) as forms,
      array(select array_to_string(tsvector_to_array(to_tsvector('english', w)), chr(29)) from unnest(${missingVectors}::text[]) with ordinality as v(w, i) order by i) as vectors`.execute(
    db,
  );
  const row = rows.rows[0];
  // Parsed before any is kept: an unreadable one keeps none of this statement's.
  const forms = missingForms.map((text, i) => [text, parseTsquery(row?.forms[i] ?? '')] as const);
  for (const [text, form] of forms) state.forms.set(text, form);
  missingVectors.forEach((word, i) =>
    state.vectors.set(
      word,
      (row?.vectors[i] ?? '').split('\u001d').filter((lexeme) => lexeme !== ''),
    ),
  );
}

/**
 * The operands and words a search can ask to stem, given the vocabulary: search-spelling.ts writes catalogue words
 * ('word'), and a prefix only of a typed last word that begins a catalogue word, so some prefix of a word's joined
 * form ('joined':*, from its first letter); drivers are catalogue words. About ten per word: ~10,000 at 100,000 products.
 */
function vocabularyForms(vocabulary: Vocabulary): { operandTexts: string[]; words: string[] } {
  const operandTexts = new Set<string>();
  for (const entry of vocabulary.words) {
    operandTexts.add(operandText({ kind: 'operand', text: entry.word, prefix: false }));
    operandTexts.add(operandText({ kind: 'operand', text: entry.word, prefix: true }));
    const letters = [...entry.joined];
    for (let end = 1; end <= letters.length; end++)
      operandTexts.add(operandText({ kind: 'operand', text: letters.slice(0, end).join(''), prefix: true }));
  }
  return { operandTexts: [...operandTexts], words: vocabulary.words.map((entry) => entry.word) };
}

/** How many stemmed forms and vectors are held (for the memory figures). */
export function heldForms(db: Kysely<Database>): { forms: number; vectors: number } {
  const state = states(db);
  return { forms: state.forms.size, vectors: state.vectors.size };
}
