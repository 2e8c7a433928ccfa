import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { onCatalogueChange } from '../platform/catalogue-changes.ts';
import type { Log } from '../platform/log.ts';
import { perDatabase } from '../platform/read-cache.ts';
import { readInChunks, type ChunkRead } from './load-in-chunks.ts';
import { BackgroundLoad } from './search-loading.ts';
import { stemmedForms } from './search-names.ts';
import { searchResultLimit, type RankedProduct } from './search-ranking.ts';
import { BitsetCursor, end, IntersectionCursor, ListCursor, UnionCursor, type Cursor } from './sorted-cursors.ts';
import { operands, operandText, parseTsquery, stemmed, type QueryTree } from './search-tsquery.ts';
import type { Vocabulary } from './search-vocabulary.ts';

/**
 * Products' search vectors (name, categories, description: products.search_vector) held in memory (decision 067): the
 * description matches a search needs when names are fewer than a page, without search_in_descriptions' statement
 * (~3 ms of CPU on the embedded database). Products in ranking order (popularity desc, id) with their offer keys; per
 * lexeme, its products in that order. A stemmed query is evaluated on sorted lists of products: an operand is its
 * lexeme's postings (a prefix: those of every lexeme it begins, united), `&` and `|` intersect and unite them, lazily
 * (sorted-cursors.ts); the best 300 offered in the area are the first 300 of the result in order. Unlike the statement, which ranks the first 1,000 matches of a
 * bitmap read of the full-text index, every match is ranked: the same answer whenever a text matches at most 1,000
 * products, the most popular matches when it matches more. Dropped on every `all` notice, as the name index, and
 * loaded again in the background (search-loading.ts): searches meanwhile ask search_in_descriptions.
 */
export class DescriptionIndex {
  private readonly lexemeIds = new Map<string, number>();
  /** Lexemes sorted, for prefixes: the id of each in `sorted` order. */
  private readonly sorted: string[];
  private readonly sortedIds: Int32Array;
  readonly productIds: Int32Array;
  readonly popularity: Int32Array;
  private readonly keyStart: Int32Array;
  private readonly keys: Int32Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  /** The postings of a lexeme in at least 1 product of 32, as bits too: as small as its list, and a seek reads one word. */
  private readonly bitsets = new Map<number, Uint32Array>();
  readonly bytes: number;

  /** `rows`: the load's products in ranking order, each its fields split by U+001F (see loadDescriptionIndex). */
  constructor(rows: readonly string[]) {
    const count = rows.length;
    this.productIds = new Int32Array(count);
    this.popularity = new Int32Array(count);
    this.keyStart = new Int32Array(count + 1);
    const keys: number[] = [];
    const productLexemes: number[] = [];
    const lexemeStart = new Int32Array(count + 1);
    const lexemes: string[] = [];
    rows.forEach((row, i) => {
      const [id = '', popularity = '', offerKeys = '', vector = ''] = row.split('\u001f');
      this.productIds[i] = Number(id);
      this.popularity[i] = Number(popularity);
      if (offerKeys !== '') for (const key of offerKeys.split(',')) keys.push(Number(key));
      this.keyStart[i + 1] = keys.length;
      if (vector !== '')
        for (const lexeme of vector.split('\u001d')) {
          let lexemeId = this.lexemeIds.get(lexeme);
          if (lexemeId === undefined) {
            lexemeId = lexemes.length;
            lexemes.push(lexeme);
            this.lexemeIds.set(lexeme, lexemeId);
          }
          productLexemes.push(lexemeId);
        }
      lexemeStart[i + 1] = productLexemes.length;
    });
    this.keys = Int32Array.from(keys);
    // Postings: each lexeme's products in ranking order (the products' own order).
    this.postingStart = new Int32Array(lexemes.length + 1);
    for (const lexeme of productLexemes) this.postingStart[lexeme + 1] = (this.postingStart[lexeme + 1] ?? 0) + 1;
    for (let i = 1; i < this.postingStart.length; i++) this.postingStart[i] = (this.postingStart[i] ?? 0) + (this.postingStart[i - 1] ?? 0);
    const filled = this.postingStart.slice();
    this.postings = new Int32Array(productLexemes.length);
    for (let product = 0; product < count; product++)
      for (let j = lexemeStart[product] ?? 0; j < (lexemeStart[product + 1] ?? 0); j++) {
        const lexeme = productLexemes[j] ?? 0;
        const slot = filled[lexeme] ?? 0;
        this.postings[slot] = product;
        filled[lexeme] = slot + 1;
      }
    for (let lexeme = 0; lexeme < lexemes.length; lexeme++) {
      const list = this.postingsOf(lexeme);
      if (list.length * 32 >= count && list.length > 64) this.bitsets.set(lexeme, BitsetCursor.bitsOf(list, count));
    }
    const order = [...lexemes.keys()].sort((a, b) => ((lexemes[a] ?? '') < (lexemes[b] ?? '') ? -1 : 1));
    this.sorted = order.map((id) => lexemes[id] ?? '');
    this.sortedIds = Int32Array.from(order);
    let bytes = 0;
    for (const array of [
      this.productIds,
      this.popularity,
      this.keyStart,
      this.keys,
      this.postingStart,
      this.postings,
      this.sortedIds,
      ...this.bitsets.values(),
    ])
      bytes += array.byteLength;
    // Each lexeme's text, its map entry and its slot in `sorted` (~60 bytes of overhead).
    for (const lexeme of lexemes) bytes += 2 * lexeme.length + 60;
    this.bytes = bytes;
  }

  /** How many products the index holds. */
  get size(): number {
    return this.productIds.length;
  }

  /**
   * search_in_descriptions' answer for a stemmed query (every match ranked, see the class): the best `wanted`
   * products matching it and offered under one of `keys`, by popularity then id, as tier 2.
   */
  matching(tree: QueryTree, keys: readonly number[], wanted: number = searchResultLimit): RankedProduct[] {
    const found: RankedProduct[] = [];
    const cursor = this.cursor(tree);
    for (let product = cursor.seek(0); product !== end && found.length < wanted; product = cursor.seek(product + 1))
      if (this.offeredUnder(product, keys)) found.push({ id: this.productIds[product] ?? 0, tier: 2, popularity: this.popularity[product] ?? 0 });
    return found;
  }

  /**
   * The products matching a tree, in ranking order (their indexes, ascending), read lazily (sorted-cursors.ts): a
   * lexeme's postings as they are, a prefix's lexemes' postings united, `&` intersected and `|` united.
   */
  private cursor(tree: QueryTree): Cursor {
    if (tree.kind === 'operand') {
      if (!tree.prefix) {
        const id = this.lexemeIds.get(tree.text);
        return id === undefined ? new ListCursor(new Int32Array(0)) : this.lexemeCursor(id);
      }
      const lists: Cursor[] = [];
      for (let i = this.firstFrom(tree.text); i < this.sorted.length && (this.sorted[i] ?? '').startsWith(tree.text); i++)
        lists.push(this.lexemeCursor(this.sortedIds[i] ?? 0));
      return lists.length === 1 && lists[0] ? lists[0] : new UnionCursor(lists);
    }
    const children = tree.children.map((child) => this.cursor(child));
    return tree.kind === 'or' ? new UnionCursor(children) : new IntersectionCursor(children);
  }

  private lexemeCursor(lexeme: number): Cursor {
    const list = this.postingsOf(lexeme);
    const bits = this.bitsets.get(lexeme);
    return bits ? new BitsetCursor(bits, list.length) : new ListCursor(list);
  }

  private postingsOf(lexeme: number): Int32Array {
    return this.postings.subarray(this.postingStart[lexeme] ?? 0, this.postingStart[lexeme + 1] ?? 0);
  }

  /** The first index in `sorted` whose lexeme is not before `text`. */
  private firstFrom(text: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.sorted[middle] ?? '') < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private offeredUnder(product: number, keys: readonly number[]): boolean {
    for (let j = this.keyStart[product] ?? 0; j < (this.keyStart[product + 1] ?? 0); j++) if (keys.includes(this.keys[j] ?? -1)) return true;
    return false;
  }
}

/**
 * Every product with a search vector and a search_names row (search_in_descriptions joins it for the offer keys), a
 * chunk of products at a time by id (load-in-chunks.ts), as texts: products split by U+001E, fields by U+001F (id,
 * popularity, offer keys comma-separated, the vector's lexemes split by U+001D); then put in ranking order (popularity
 * desc, id) here, where the chunks meet. A change committed between two chunks is notified (`all`) and drops the load.
 */
export async function loadDescriptionIndex(db: Kysely<Database>, budget = Infinity): Promise<DescriptionIndex | undefined> {
  const rows: string[] = [];
  const whole = await readInChunks(
    async (after, limit) => {
      const read = await sql<{ products: string | null } & ChunkRead>`
      with chunk as (select id, popularity, search_vector from products where id > ${after} order by id limit ${limit})
      select
        (select string_agg(concat_ws(chr(31), p.id, p.popularity, array_to_string(n.offer_keys, ','),
            array_to_string(tsvector_to_array(p.search_vector), chr(29))), chr(30) order by p.id)
          -- Each product's row by its key: a join would scan every search_names row once per chunk.
          from chunk p cross join lateral (select offer_keys from search_names n where n.product_id = p.id offset 0) n
          where p.search_vector is not null) as products,
        (select count(*)::int from chunk) as count,
        (select max(id) from chunk) as last`.execute(db);
      const row = read.rows[0];
      if (row?.products) for (const product of row.products.split('\u001e')) rows.push(product);
      return { count: row?.count ?? 0, last: row?.last ?? null, chars: row?.products?.length ?? 0 };
    },
    undefined,
    budget,
  );
  return whole ? new DescriptionIndex(inRankingOrder(rows)) : undefined;
}

/** Rows whose first two fields are the product's id and popularity, by popularity (highest first), then id. */
function inRankingOrder(rows: string[]): string[] {
  const fieldsOf = (row: string) => {
    const idEnd = row.indexOf('\u001f');
    const popularityEnd = row.indexOf('\u001f', idEnd + 1);
    return { id: Number(row.slice(0, idEnd)), popularity: Number(row.slice(idEnd + 1, popularityEnd < 0 ? undefined : popularityEnd)) };
  };
  const keyed = rows.map((row) => ({ row, ...fieldsOf(row) }));
  keyed.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  return keyed.map((k) => k.row);
}

const states = perDatabase<Kysely<Database>, BackgroundLoad<DescriptionIndex>>((db) => {
  const index = new BackgroundLoad((budget) => loadDescriptionIndex(db, budget), cacheBudgets.searchDescriptions);
  // A price or stock change is in no vector or offer key; anything else may be.
  onCatalogueChange(db, (change) => {
    if (change === 'all') index.drop();
  });
  return index;
});

/** Starts loading the index in the background unless it is held or loading (searchProducts, at every search). */
export function startDescriptionIndex(db: Kysely<Database>, log?: Log): void {
  void states(db).start(log);
}

/** The index once loaded, waiting for its load (tests, the bench's warm-up); undefined when over `budget`. */
export function searchDescriptions(db: Kysely<Database>, budget: number = cacheBudgets.searchDescriptions): Promise<DescriptionIndex | undefined> {
  return states(db).loaded(budget);
}

/**
 * The description matches of a query's `all` text from the index, with the name index's version (the dictionary it
 * was read with); undefined when the index is not loaded yet, is over its budget, or a word's stemmed form cannot be read (the caller
 * then asks search_in_descriptions).
 */
export async function describedFromMemory(
  db: Kysely<Database>,
  vocabulary: Vocabulary,
  all: string,
  keys: readonly number[],
  version: number,
): Promise<{ matches: RankedProduct[]; version: number } | undefined> {
  // Never waits for a load (decision 067): until the index is held, search_in_descriptions answers.
  const index = states(db).current();
  if (!index) return undefined;
  try {
    const tree = parseTsquery(all);
    const { forms } = await stemmedForms(db, vocabulary, tree ? operands(tree).map(operandText) : [], []);
    const query = tree && stemmed(tree, forms);
    return { matches: query ? index.matching(query, keys) : [], version };
  } catch {
    return undefined;
  }
}
