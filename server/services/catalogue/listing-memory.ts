import { sql, type Kysely } from 'kysely';
import { priceBuckets } from '../../../src/rules/listing.ts';
import { sizeUnits } from '../../../src/rules/sizes.ts';
import { isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { onCatalogueChange, perCatalogue } from '../platform/catalogue-changes.ts';
import type { Log } from '../platform/log.ts';
import type { ListingOrder } from './listing-index.ts';
import { facetsOf, speedBit, type ListingPage, type ListingPageRequest, type PanelRow } from './listing-page.ts';
import { cardStore, cardStoreHeld, scanIntegers, searchCards, startCardStore } from './search-cards.ts';
import { readInChunks, type ChunkRead } from './load-in-chunks.ts';
import { BackgroundLoad } from './search-loading.ts';

/** A category's products in the three orders (at any speed of the channel), and its size and panel at each speed. */
interface CategoryListing {
  /** Positions in name order (sort_name, product_id): name_asc, and name_desc read backwards. */
  byName: Int32Array;
  /** Popularity desc, product id: the default order. */
  byRank: Int32Array;
  /** Price, product id: price_asc, and price_desc read backwards. */
  byPrice: Int32Array;
  /** Speed bit (0: any) → the products listed at it and the filter panel there. */
  atSpeed: Map<number, PanelRow>;
}

/** A product's sizes and unit, needed only while the panels are made (at load): not kept. */
interface SizesAtLoad {
  units: Uint8Array;
  sizeStart: Int32Array;
  sizes: Int32Array;
  speedSizeStart: Int32Array;
  /** Size × 8 + speed bit. */
  speedSizes: Int32Array;
}

/**
 * One served area's listings in one channel (delivery, dine-in or pickup), in memory (decision 071): area_products'
 * rows for it, the very rows the listing statement reads (migration 017), so a page, its total and its filter panel
 * are what the statement answers. Rows are read in the statement's name order (sort_name collate "C", product id): a
 * position is the name rank, so no name is held. Every category's three orders (at any speed) and its panel at each
 * of the channel's speeds are made as it loads (in the background, not by the first request that asks); a page at one
 * delivery speed walks the order and skips the products not sold at it. A price notice makes the price order and
 * the panels' price buckets of the product's categories again.
 */
export class AreaListing {
  private readonly productIds: Int32Array;
  /** Patched in place by a `product:<id>` notice (a price change). */
  private readonly prices: Int32Array;
  private readonly masks: Uint8Array;
  /** A position's categories: categories[categoryStart[p]] up to categoryStart[p + 1]. */
  private readonly categoryStart: Int32Array;
  private readonly categories: Int32Array;
  /** Product id → position + 1. */
  private readonly slots: Int32Array;
  private readonly listings = new Map<number, CategoryListing>();
  /** The speed bits a listing of this channel can ask for (0: any). */
  private readonly bits: readonly number[];
  readonly bytes: number;
  private readonly byPriceCents = (a: number, b: number) => (this.prices[a] ?? 0) - (this.prices[b] ?? 0);

  /** `numbers`: the load's rows as whole numbers (see loadAreaListing), in name order. */
  constructor(
    numbers: Int32Array,
    readonly channel: string,
  ) {
    this.bits = channel === 'delivery' ? [0, 1, 2, 4] : [0];
    const ids: number[] = [];
    const popularity: number[] = [];
    const prices: number[] = [];
    const masks: number[] = [];
    const units: number[] = [];
    const lists = { sizes: [0], sizeValues: [] as number[], speed: [0], speedValues: [] as number[], cats: [0], catValues: [] as number[] };
    let i = 0;
    const next = () => numbers[i++] ?? 0;
    const list = (starts: number[], values: number[]) => {
      const count = next();
      for (let k = 0; k < count; k++) values.push(next());
      starts.push(values.length);
    };
    while (i < numbers.length) {
      ids.push(next());
      popularity.push(next());
      prices.push(next());
      masks.push(next());
      units.push(next());
      list(lists.sizes, lists.sizeValues);
      list(lists.speed, lists.speedValues);
      list(lists.cats, lists.catValues);
    }
    this.productIds = Int32Array.from(ids);
    this.prices = Int32Array.from(prices);
    this.masks = Uint8Array.from(masks);
    this.categoryStart = Int32Array.from(lists.cats);
    this.categories = Int32Array.from(lists.catValues);
    this.slots = new Int32Array(ids.reduce((a, b) => Math.max(a, b), 0) + 1);
    this.productIds.forEach((id, p) => (this.slots[id] = p + 1));
    const sizes: SizesAtLoad = {
      units: Uint8Array.from(units),
      sizeStart: Int32Array.from(lists.sizes),
      sizes: Int32Array.from(lists.sizeValues),
      speedSizeStart: Int32Array.from(lists.speed),
      speedSizes: Int32Array.from(lists.speedValues),
    };

    // Every category's positions in the three orders, from one order of all the area's products each: a category's
    // positions taken in the global order are in its own order (names: the rows' own order).
    const inOrder = (global: Int32Array) => {
      const found = new Map<number, number[]>();
      for (const p of global) {
        for (const category of this.categoriesOf(p)) {
          const positions = found.get(category) ?? [];
          positions.push(p);
          found.set(category, positions);
        }
      }
      return found;
    };
    const byName = Int32Array.from({ length: ids.length }, (_, p) => p);
    const ranked = inOrder(this.sorted(byName, (a, b) => (popularity[b] ?? 0) - (popularity[a] ?? 0)));
    const priced = inOrder(this.sorted(byName, this.byPriceCents));
    let listed = 0;
    for (const [category, positions] of inOrder(byName)) {
      const members = Int32Array.from(positions);
      const atSpeed = new Map<number, PanelRow>();
      for (const bit of this.bits) atSpeed.set(bit, this.panel(category, this.atSpeed(members, bit), bit, sizes));
      this.listings.set(category, {
        byName: members,
        byRank: Int32Array.from(ranked.get(category) ?? []),
        byPrice: Int32Array.from(priced.get(category) ?? []),
        atSpeed,
      });
      listed += members.length;
    }

    let bytes = 0;
    for (const array of [this.productIds, this.prices, this.masks, this.categoryStart, this.categories, this.slots]) bytes += array.byteLength;
    // The three orders, 4 bytes a position; a panel ~300 bytes and ~100 of map entries per category and speed.
    bytes += 12 * listed + 400 * this.listings.size * this.bits.length;
    this.bytes = bytes;
  }

  /** How many products the area lists in this channel. */
  get size(): number {
    return this.productIds.length;
  }

  private categoriesOf(position: number): Int32Array {
    return this.categories.subarray(this.categoryStart[position] ?? 0, this.categoryStart[position + 1] ?? 0);
  }

  /** The positions sold at the speed bit (0: all of them), in their order. */
  private atSpeed(positions: Int32Array, bit: number): Int32Array {
    return bit === 0 ? positions : positions.filter((p) => ((this.masks[p] ?? 0) & bit) !== 0);
  }

  /** Whether the product is listed here under the category. */
  filedUnder(productId: number, categoryId: number): boolean {
    const slot = this.slots[productId] ?? 0;
    return slot > 0 && this.categoriesOf(slot - 1).includes(categoryId);
  }

  /**
   * A page of the category at the speed bit (0: the whole channel) in the order, its total, and the listing's panel:
   * the listing statement's answer without a filter (its total is then the listing's size).
   */
  page(categoryId: number, bit: number, order: ListingOrder, offset: number, limit: number): { ids: number[]; total: number; panel: PanelRow } {
    const listing = this.listings.get(categoryId);
    const panel = listing?.atSpeed.get(bit) ?? this.panel(categoryId, new Int32Array(0), bit);
    if (!listing) return { ids: [], total: panel.available, panel };
    const [positions, backwards] =
      order === 'default'
        ? [listing.byRank, false]
        : order === 'name_asc' || order === 'name_desc'
          ? [listing.byName, order === 'name_desc']
          : [listing.byPrice, order === 'price_desc'];
    // The order walked from its start (or end), the products not sold at the speed skipped: a first page at a speed
    // most of the category is sold at reads a few dozen positions, a deep one (decision 077) up to the category's
    // size in typed-array reads. With no speed every position matches, so the walk starts at the offset.
    const ids: number[] = [];
    let matched = bit === 0 ? offset : 0;
    for (let k = matched; k < positions.length && ids.length < limit; k++) {
      const p = positions[backwards ? positions.length - 1 - k : k] ?? 0;
      if (bit !== 0 && ((this.masks[p] ?? 0) & bit) === 0) continue;
      if (matched++ >= offset) ids.push(this.productIds[p] ?? 0);
    }
    return { ids, total: panel.available, panel };
  }

  /** Positions ordered by `compare`, ties by product id (the statement's second key; descending reads it backwards). */
  private sorted(positions: Int32Array, compare: (a: number, b: number) => number): Int32Array {
    return positions.slice().sort((a, b) => compare(a, b) || (this.productIds[a] ?? 0) - (this.productIds[b] ?? 0));
  }

  /** Which price buckets the positions' prices fall in (the statement's six `exists` probes). */
  private priceBucketsOf(positions: Int32Array): boolean[] {
    const present = priceBuckets.map(() => false);
    for (const p of positions) {
      const cents = this.prices[p] ?? 0;
      priceBuckets.forEach((bucket, b) => {
        if (cents >= bucket.minCents && (bucket.maxCents === undefined || cents < bucket.maxCents)) present[b] = true;
      });
    }
    return present;
  }

  /**
   * area_listing_facets' panel for the category at the speed, as the statement's panel columns read it, from the
   * positions listed at that speed; `sizes` absent (no product listed): no size.
   */
  private panel(categoryId: number, positions: Int32Array, bit: number, sizes?: SizesAtLoad): PanelRow {
    // A size and its unit as size × units + unit: sorted, that is the statement's order (value, then unit's text).
    const sizeKeys = new Set<number>();
    const others = new Set<number>();
    const unitCount = sizeUnits.length;
    for (const p of positions) {
      if (sizes) {
        const unit = sizes.units[p] ?? 0;
        if (bit === 0) {
          for (let k = sizes.sizeStart[p] ?? 0; k < (sizes.sizeStart[p + 1] ?? 0); k++) sizeKeys.add((sizes.sizes[k] ?? 0) * unitCount + unit);
        } else {
          for (let k = sizes.speedSizeStart[p] ?? 0; k < (sizes.speedSizeStart[p + 1] ?? 0); k++) {
            const key = sizes.speedSizes[k] ?? 0;
            if ((key & 7) === bit) sizeKeys.add((key >> 3) * unitCount + unit);
          }
        }
      }
      for (const category of this.categoriesOf(p)) if (category !== categoryId) others.add(category);
    }
    const keys = [...sizeKeys].sort((a, b) => a - b);
    return {
      available: positions.length,
      price_buckets: this.priceBucketsOf(positions),
      size_values: keys.map((key) => Math.floor(key / unitCount)),
      size_units: keys.map((key) => sizeUnits[key % unitCount] ?? 'g'),
      category_values: [...others],
    };
  }

  /**
   * The products' rows read again after a `product:<id>` notice (a price or stock change): each price set, and the
   * price order and panels' price buckets of its categories made again. False when a row came or went or its speeds
   * changed (no such notice should do that): then the whole area is loaded again.
   */
  patch(productIds: readonly number[], rows: readonly { product_id: number; price_cents: number; speed_mask: number }[]): boolean {
    const byId = new Map(rows.map((row) => [row.product_id, row]));
    const repriced = new Set<number>();
    for (const id of productIds) {
      const slot = this.slots[id] ?? 0;
      const row = byId.get(id);
      if ((slot === 0) !== (row === undefined)) return false;
      if (!row) continue;
      const p = slot - 1;
      if (row.speed_mask !== this.masks[p]) return false;
      if (row.price_cents === this.prices[p]) continue;
      this.prices[p] = row.price_cents;
      for (const category of this.categoriesOf(p)) repriced.add(category);
    }
    // Names, popularity, sizes and categories did not change: the other orders and the panels' other parts stay.
    for (const category of repriced) {
      const listing = this.listings.get(category);
      if (!listing) continue;
      listing.byPrice = this.sorted(listing.byName, this.byPriceCents);
      for (const [bit, panel] of listing.atSpeed) {
        listing.atSpeed.set(bit, { ...panel, price_buckets: this.priceBucketsOf(this.atSpeed(listing.byName, bit)) });
      }
    }
    return true;
  }
}

/** The channel a speed lists in (migration 017): a visit speed's own, else delivery. */
function channelOf(speed: SpeedValue | undefined): string {
  return isVisitSpeed(speed) ? speed : 'delivery';
}

/**
 * One area's rows as texts (as search-cards.ts loads: one row per statement, not 100,000), a chunk of products at a
 * time by id (load-in-chunks.ts): per product its id, popularity, lowest price, speed mask, unit, then its sizes,
 * speed sizes and categories each as a count and values. Then the area's name order, from its own statement (the
 * database's collation decides it; not asked when the rows were too heavy to keep): the products' ids alone, a small
 * text. A product whose row is not in both (added or removed between the statements, which is notified as `all` and
 * drops the load) is left out.
 */
export async function loadAreaListing(db: Kysely<Database>, locId: number, channel: string, budget = Infinity): Promise<AreaListing | undefined> {
  const unitList = sql.join(sizeUnits.map((unit) => sql.lit(unit)));
  const list = (column: string) => sql`cardinality(${sql.ref(column)}), array_to_string(${sql.ref(column)}, ',')`;
  const records = new Map<number, string>();
  const whole = await readInChunks(
    async (after, limit) => {
      const read = await sql<{ rows: string | null } & ChunkRead>`
      with chunk as (select * from area_products
        where area_loc_id = ${locId} and channel = ${channel} and product_id > ${after} order by product_id limit ${limit})
      select
        (select string_agg(concat_ws(',', a.product_id, a.popularity, a.price_cents, a.speed_mask,
            coalesce(array_position(array[${unitList}]::text[], a.size_unit) - 1, 0),
            ${list('a.sizes')}, ${list('a.speed_sizes')}, ${list('a.category_ids')}), chr(30)) from chunk a) as rows,
        (select count(*)::int from chunk) as count,
        (select max(product_id) from chunk) as last`.execute(db);
      const row = read.rows[0];
      for (const record of row?.rows ? row.rows.split('\u001e') : []) records.set(Number(record.slice(0, record.indexOf(','))), record);
      return { count: row?.count ?? 0, last: row?.last ?? null, chars: row?.rows?.length ?? 0 };
    },
    undefined,
    budget,
  );
  if (!whole) return undefined;
  const order = await sql<{ ids: string | null }>`
    select string_agg(product_id::text, ',' order by sort_name, product_id) as ids
    from area_products where area_loc_id = ${locId} and channel = ${channel}`.execute(db);
  const ids = order.rows[0]?.ids ?? '';
  const inNameOrder = ids === '' ? [] : ids.split(',').flatMap((id) => records.get(Number(id)) ?? []);
  return new AreaListing(scanIntegers(inNameOrder.join(',')), channel);
}

interface AreaState {
  load: BackgroundLoad<AreaListing>;
  /** Products notified (price or stock) and not yet read again: their categories' listings use the statement. */
  pending: Set<number>;
  /** Products being read again. */
  patching: Set<number>;
  locId: number;
  channel: string;
}

interface MemoryState {
  areas: Map<string, AreaState>;
  area(locId: number, channel: string): AreaState;
  /** Reads the pending products' rows again for the areas held (one statement), unless a read is running. */
  patchSoon(): void;
}

const states = perCatalogue<Kysely<Database>, MemoryState>((db) => {
  const areas = new Map<string, AreaState>();
  let running: Promise<void> | undefined;
  const heldBytesBut = (key: string) => {
    let bytes = 0;
    for (const [other, state] of areas) if (other !== key) bytes += state.load.current(Infinity)?.bytes ?? 0;
    return bytes;
  };
  const patch = async () => {
    // Every notice of this turn in one statement (an order taking stock of several products sends several).
    await Promise.resolve();
    const work = [...areas.values()].flatMap((state) => {
      const index = state.load.current(Infinity);
      if (!index || state.pending.size === 0) return [];
      const ids = [...state.pending];
      state.pending.clear();
      for (const id of ids) state.patching.add(id);
      return [{ state, index, ids }];
    });
    try {
      if (work.length === 0) return;
      const ids = [...new Set(work.flatMap((w) => w.ids))];
      let rows: { area_loc_id: number; channel: string; product_id: number; price_cents: number; speed_mask: number }[] | undefined;
      try {
        // area_products is read by raw statements only (it is not in the Kysely schema); every column is a number
        // or text the table declares.
        const read = await sql<{ area_loc_id: number; channel: string; product_id: number; price_cents: number; speed_mask: number }>`
          select area_loc_id, channel, product_id, price_cents, speed_mask::int as speed_mask
          from area_products where product_id = any(${ids}::int[])`.execute(db);
        rows = read.rows;
      } catch {
        // What changed is unknown: the areas are loaded again rather than answer from rows that may be old.
      }
      for (const { state, index, ids: itsIds } of work) {
        // Dropped meanwhile (an `all` notice): the rows read are not applied to a newer load.
        if (state.load.current(Infinity) !== index) continue;
        const own = rows?.filter((row) => row.area_loc_id === state.locId && row.channel === state.channel);
        if (!own || !index.patch(itsIds, own)) state.load.drop();
      }
    } finally {
      for (const { state, ids } of work) for (const id of ids) state.patching.delete(id);
      running = [...areas.values()].some((state) => state.pending.size > 0 && state.load.current(Infinity)) ? patch() : undefined;
    }
  };
  onCatalogueChange(db, (change) => {
    if (change === 'all') {
      for (const state of areas.values()) {
        state.load.drop();
        state.pending.clear();
      }
      return;
    }
    // Loading areas too: their load may have read the product before the change.
    for (const state of areas.values()) state.pending.add(change.productId);
    if ([...areas.values()].some((state) => state.load.current(Infinity))) running ??= patch();
  });
  return {
    areas,
    area(locId, channel) {
      const key = `${locId}:${channel}`;
      let state = areas.get(key);
      if (!state) {
        state = {
          load: new BackgroundLoad(
            (budget) => loadAreaListing(db, locId, channel, budget),
            () => cacheBudgets.listingIndex - heldBytesBut(key),
          ),
          pending: new Set(),
          patching: new Set(),
          locId,
          channel,
        };
        areas.set(key, state);
      }
      return state;
    },
    patchSoon() {
      running ??= patch();
    },
  };
});

/**
 * An unfiltered listing page from memory (decision 071): the area's index and the card store (decision 067) both held,
 * and no product of the category waiting to be read again after a notice; else undefined, and the statement answers
 * (the loads it lacks are started, never awaited), or the index is over its budget (`options.budget`: a smaller one
 * for a test). The same page, total, cards and panel as listingPage.
 */
export async function listingPageFromMemory(
  db: Kysely<Database>,
  request: Pick<ListingPageRequest, 'categoryId' | 'locId' | 'speed' | 'order' | 'offset' | 'limit'>,
  options: { log?: Log | undefined; budget?: number | undefined } = {},
): Promise<(ListingPage & { panel: PanelRow }) | undefined> {
  const { log, budget } = options;
  const memory = states(db);
  const area = memory.area(request.locId, channelOf(request.speed));
  const index = area.load.current(budget);
  if (!index) void area.load.start(log);
  if (!cardStoreHeld(db)) startCardStore(db, log);
  if (!index || !cardStoreHeld(db)) return undefined;
  if (area.pending.size > 0) memory.patchSoon();
  for (const waiting of [area.pending, area.patching]) {
    for (const id of waiting) if (index.filedUnder(id, request.categoryId)) return undefined;
  }
  const { ids, total, panel } = index.page(request.categoryId, speedBit(request.speed), request.order, request.offset, request.limit);
  const cards = await searchCards(db, ids, request.locId, request.speed);
  // Every listed product has an offer in the area; a card missing means the two structures disagree: ask the database.
  if (cards.length !== ids.length) return undefined;
  return { ids, cards, total, available: panel.available, facets: facetsOf(panel), panel };
}

/** The bytes of every area index held (the bench's report of what decision 071 costs in memory). */
export function listingIndexBytes(db: Kysely<Database>): number {
  let bytes = 0;
  for (const state of states(db).areas.values()) bytes += state.load.current(Infinity)?.bytes ?? 0;
  return bytes;
}

/**
 * Waits until the area's index (for the speed's channel) and the card store are held, for tests and the bench's
 * warm-up; false when either is over its budget (`budget`: a smaller one for a test). Listings themselves never wait.
 */
export async function whenListingLoaded(db: Kysely<Database>, locId: number, speed: SpeedValue | undefined, budget?: number): Promise<boolean> {
  const index = await states(db).area(locId, channelOf(speed)).load.loaded(budget);
  const cards = await cardStore(db);
  return index !== undefined && cards !== undefined;
}
