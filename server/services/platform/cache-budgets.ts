/**
 * Every in-process cache's budget in bytes (decision 053): what a cache may hold, however many or few its keys.
 * A budget by entries let one cache of big values (product pages, homes of many cards) grow with what it held, not
 * with how many; a budget by bytes bounds the server's memory under any mix of keys. The size of a value is its
 * JSON text's length in UTF-8 bytes (jsonBytes): what it would weigh on the wire, an estimate of the V8 heap it
 * takes (objects weigh about two to three times their JSON there), measured once when the value is stored.
 * Together at most about 181 MB of JSON, 144 MB of it search's and listings' structures (loaded only while within
 * their budgets; CATALOGUE_MEMORY_MB scales those four); the memory bench's browsing peak is bench/analysis/memory.md.
 */
/**
 * The search and listing structures' budgets together (searchNames, searchCards, searchDescriptions, listingIndex) at
 * the default CATALOGUE_MEMORY_MB. They hold a 100k catalogue (~90 MB of arrays); a bigger one passes them and its
 * searches and listings read the database instead (bench/analysis/throughput.md: at 1M, about six times the CPU
 * of each). An operator with the memory holds a bigger catalogue by raising CATALOGUE_MEMORY_MB (decision 087).
 */
export const defaultStructuresMb = 144;

/** CATALOGUE_MEMORY_MB's bounds (readConfig refuses others, naming the variable). */
export const structuresMbRange = { min: 16, max: 65_536 } as const;

let structuresScale = 1;

/** Sets the structures' budgets from CATALOGUE_MEMORY_MB (serveStore, once at start, before any load begins). */
export function useStructuresMemory(megabytes: number): void {
  structuresScale = megabytes / defaultStructuresMb;
}

/** A structure's budget: its default share of defaultStructuresMb, scaled by CATALOGUE_MEMORY_MB. */
const structure = (bytes: number): number => Math.round(bytes * structuresScale);

export const cacheBudgets = {
  /** Product cards per area (listings' similar items, search results, homes): ~600 B each, so ~13,000 cards. */
  productCards: 8 * 2 ** 20,
  /** Product pages, kept 2 s for the shoppers opening one at once: 5–15 kB each, so a few hundred hot pages. */
  productDetail: 4 * 2 ** 20,
  /** Listing replies, the first pages (listing-replies.ts): 10–20 kB of JSON each and their encodings, ~400 pages. */
  listingReplies: 8 * 2 ** 20,
  /** Listing filter panels (listing-replies.ts): a few hundred bytes each, so a few thousand area × category × speed. */
  listingPanels: 1 * 2 ** 20,
  /**
   * Listings' area indexes (listing-memory.ts, decision 071), all areas and channels together: each area × channel's
   * products as flat arrays and every category's three orders, ~50 B a product (~5 MB an area at 100k products).
   */
  get listingIndex(): number {
    return structure(32 * 2 ** 20);
  },
  /** Home pages per area, visit speed and chosen restaurant (Dine-In, Pick-Up): 20–60 kB each. */
  home: 2 * 2 ** 20,
  /** Each product's first picture's URL, named in its page's preload header: ~60 B each. */
  firstPictures: 512 * 2 ** 10,
  /** The category tree: tens of rows. */
  categories: 256 * 2 ** 10,
  /** The served areas' ids and each area's restaurants by visit speed (catalogue-cache.ts): a few kB. */
  serviceAreas: 64 * 2 ** 10,
  /** The search vocabulary with its lookups (search-vocabulary.ts): ~1,100 words at 100k products, ~1 MB. */
  searchVocabulary: 8 * 2 ** 20,
  /** Search's name index (search-names.ts): flat arrays of ids, keys and lexemes, ~5 MB at 100k products (decision 064). */
  get searchNames(): number {
    return structure(32 * 2 ** 20);
  },
  /** Search's card store (search-cards.ts): every product's card fields and offers as flat arrays (decision 067). */
  get searchCards(): number {
    return structure(48 * 2 ** 20);
  },
  /** Vendors' delivery calendars (delivery-dates.ts, decision 078): a few hundred bytes each, a few kB with many holidays. */
  vendorCalendars: 1 * 2 ** 20,
  /** Sessions by token hash (sessions.ts, decision 078): ~200 B each (the hash, the ids, the email), ~20,000 signed-in shoppers. */
  sessions: 4 * 2 ** 20,
  /** Search's description index (search-descriptions.ts): every product's search-vector lexemes as postings (decision 067). */
  get searchDescriptions(): number {
    return structure(32 * 2 ** 20);
  },
} as const;

/** A value's weight for a cache budget: its JSON text in UTF-8 bytes (a Set or Map counts as its members). */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value, (_key, member: unknown) => (member instanceof Set || member instanceof Map ? [...member] : member));
  return Buffer.byteLength(text ?? '', 'utf8');
}
