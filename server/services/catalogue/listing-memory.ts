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
import { BackgroundLoad } from './search-loading.ts';

/** A category's listing at one speed: its products in each order, and its filter panel. */
interface CategoryView {
  /** Positions in name order (sort_name, product_id): name_asc, and name_desc read backwards. */
  byName: Int32Array;
  /** Popularity desc, product id: the default order. */
  byRank: Int32Array;
  /** Price, product id: price_asc, and price_desc read backwards. */
  byPrice: Int32Array;
  panel: PanelRow;
}

/**
 * One served area's listings in one channel (delivery, dine-in or pickup), in memory (decision 071): area_products'
 * rows for it, the very rows the listing statement reads (migration 017), so a page, its total and its filter panel
 * are what the statement answers. Rows are read in the statement's name order (sort_name collate "C", product id): a
 * position is the name rank, so no name is held. Every category's orders and panel at each of the channel's speeds
 * are made as it loads (in the background, not by the first request that asks), and made again for the categories
 * of a product whose price a notice changed.
 */
export class AreaListing {
  private readonly productIds: Int32Array;
  private readonly popularity: Int32Array;
  /** Patched in place by a `product:<id>` notice (a price change), with the views of the product's categories. */
  private readonly prices: Int32Array;
  private readonly masks: Uint8Array;
  /** Index into sizeUnits. */
  private readonly units: Uint8Array;
  /** A position's sizes, speed sizes (size × 8 + speed bit) and categories: xStart[p] up to xStart[p + 1]. */
  private readonly sizeStart: Int32Array;
  private readonly sizes: Int32Array;
  private readonly speedSizeStart: Int32Array;
  private readonly speedSizes: Int32Array;
  private readonly categoryStart: Int32Array;
  private readonly categories: Int32Array;
  /** Product id → position + 1. */
  private readonly slots: Int32Array;
  /** Category → its products' positions in name order. */
  private readonly members = new Map<number, Int32Array>();
  private readonly views = new Map<number, Map<number, CategoryView>>();
  /** The speed bits a listing of this channel can ask for (0: any). */
  private readonly bits: readonly number[];
  readonly bytes: number;
  private readonly byPopularity = (a: number, b: number) => (this.popularity[b] ?? 0) - (this.popularity[a] ?? 0);
  private readonly byPriceCents = (a: number, b: number) => (this.prices[a] ?? 0) - (this.prices[b] ?? 0);

  /** `numbers`: the load statement's rows as whole numbers (see loadAreaListing), in name order. */
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
    this.popularity = Int32Array.from(popularity);
    this.prices = Int32Array.from(prices);
    this.masks = Uint8Array.from(masks);
    this.units = Uint8Array.from(units);
    this.sizeStart = Int32Array.from(lists.sizes);
    this.sizes = Int32Array.from(lists.sizeValues);
    this.speedSizeStart = Int32Array.from(lists.speed);
    this.speedSizes = Int32Array.from(lists.speedValues);
    this.categoryStart = Int32Array.from(lists.cats);
    this.categories = Int32Array.from(lists.catValues);
    this.slots = new Int32Array(ids.reduce((a, b) => Math.max(a, b), 0) + 1);
    this.productIds.forEach((id, p) => (this.slots[id] = p + 1));

    // Every category's positions in the three orders, from one order of all the area's products each: a category's
    // positions taken in the global order are in its own order (names: the rows' own order).
    const inOrder = (global: Int32Array) => {
      const lists = new Map<number, number[]>();
      for (const p of global) {
        for (const category of this.categoriesOf(p)) {
          const list = lists.get(category) ?? [];
          list.push(p);
          lists.set(category, list);
        }
      }
      return lists;
    };
    const byName = Int32Array.from({ length: ids.length }, (_, p) => p);
    const byRank = this.sorted(byName, this.byPopularity);
    const ranked = inOrder(byRank);
    const priced = inOrder(this.sorted(byName, this.byPriceCents));
    for (const [category, positions] of inOrder(byName)) {
      const members = Int32Array.from(positions);
      this.members.set(category, members);
      this.buildViews(category, members, Int32Array.from(ranked.get(category) ?? []), Int32Array.from(priced.get(category) ?? []));
    }

    let bytes = 0;
    for (const array of [this.productIds, this.popularity, this.prices, this.masks, this.units, this.sizeStart, this.sizes])
      bytes += array.byteLength;
    for (const array of [this.speedSizeStart, this.speedSizes, this.categoryStart, this.categories, this.slots]) bytes += array.byteLength;
    // The members and the views: at each of the channel's speeds (the delivery channel: any speed and each of three)
    // two orders, and positions at a speed (at "any", the members themselves), 4 bytes each; a panel ~300 bytes and
    // ~100 of map entries per category and speed.
    const speeds = this.bits.length;
    const listed = this.categories.length;
    bytes += 4 * listed + 4 * listed * (3 * speeds - 1) + 400 * this.members.size * speeds;
    this.bytes = bytes;
  }

  /** How many products the area lists in this channel. */
  get size(): number {
    return this.productIds.length;
  }

  private categoriesOf(position: number): Int32Array {
    return this.categories.subarray(this.categoryStart[position] ?? 0, this.categoryStart[position + 1] ?? 0);
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
    const view = this.views.get(categoryId)?.get(bit) ?? this.emptyView(categoryId, bit);
    const total = view.byName.length;
    const take = (positions: Int32Array, backwards: boolean): number[] => {
      const ids: number[] = [];
      for (let k = offset; k < Math.min(total, offset + limit); k++) ids.push(this.productIds[positions[backwards ? total - 1 - k : k] ?? 0] ?? 0);
      return ids;
    };
    const ids =
      order === 'default'
        ? take(view.byRank, false)
        : order === 'name_asc' || order === 'name_desc'
          ? take(view.byName, order === 'name_desc')
          : take(view.byPrice, order === 'price_desc');
    return { ids, total, panel: view.panel };
  }

  /** Positions ordered by `compare`, ties by product id (the statement's second key; descending reads it backwards). */
  private sorted(positions: Int32Array, compare: (a: number, b: number) => number): Int32Array {
    return positions.slice().sort((a, b) => compare(a, b) || (this.productIds[a] ?? 0) - (this.productIds[b] ?? 0));
  }

  /** A category's views at each speed of the channel, from its positions in the three orders at any speed. */
  private buildViews(categoryId: number, byName: Int32Array, byRank: Int32Array, byPrice: Int32Array): void {
    const bySpeed = new Map<number, CategoryView>();
    for (const bit of this.bits) {
      const atSpeed = (positions: Int32Array) => (bit === 0 ? positions : positions.filter((p) => ((this.masks[p] ?? 0) & bit) !== 0));
      const names = atSpeed(byName);
      bySpeed.set(bit, { byName: names, byRank: atSpeed(byRank), byPrice: atSpeed(byPrice), panel: this.panel(categoryId, names, bit) });
    }
    this.views.set(categoryId, bySpeed);
  }

  /** A category with no product here (at this speed): nothing listed, an empty panel. */
  private emptyView(categoryId: number, bit: number): CategoryView {
    const none = new Int32Array(0);
    return { byName: none, byRank: none, byPrice: none, panel: this.panel(categoryId, none, bit) };
  }

  /** area_listing_facets' panel for the category at the speed, as the statement's panel columns read it. */
  private panel(categoryId: number, positions: Int32Array, bit: number): PanelRow {
    const present = priceBuckets.map(() => false);
    // A size and its unit as size × units + unit: sorted, that is the statement's order (value, then unit's text).
    const sizeKeys = new Set<number>();
    const others = new Set<number>();
    const unitCount = sizeUnits.length;
    for (const p of positions) {
      const cents = this.prices[p] ?? 0;
      priceBuckets.forEach((bucket, b) => {
        if (cents >= bucket.minCents && (bucket.maxCents === undefined || cents < bucket.maxCents)) present[b] = true;
      });
      const unit = this.units[p] ?? 0;
      if (bit === 0) {
        for (let k = this.sizeStart[p] ?? 0; k < (this.sizeStart[p + 1] ?? 0); k++) sizeKeys.add((this.sizes[k] ?? 0) * unitCount + unit);
      } else {
        for (let k = this.speedSizeStart[p] ?? 0; k < (this.speedSizeStart[p + 1] ?? 0); k++) {
          const key = this.speedSizes[k] ?? 0;
          if ((key & 7) === bit) sizeKeys.add((key >> 3) * unitCount + unit);
        }
      }
      for (const category of this.categoriesOf(p)) if (category !== categoryId) others.add(category);
    }
    const sizes = [...sizeKeys].sort((a, b) => a - b);
    return {
      available: positions.length,
      price_buckets: present,
      size_values: sizes.map((key) => Math.floor(key / unitCount)),
      size_units: sizes.map((key) => sizeUnits[key % unitCount] ?? 'g'),
      category_values: [...others],
    };
  }

  /**
   * The products' rows read again after a `product:<id>` notice (a price or stock change): each price set and the
   * views of its categories made again. False when a row came or went or its speeds changed (no such notice should do
   * that): then the whole area is loaded again.
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
    // Their categories' price orders and panels (price buckets) made again; names and popularity did not change.
    for (const category of repriced) {
      const members = this.members.get(category);
      const ranked = this.views.get(category)?.get(0)?.byRank;
      if (members && ranked) this.buildViews(category, members, ranked, this.sorted(members, this.byPriceCents));
    }
    return true;
  }
}

/** The channel a speed lists in (migration 017): a visit speed's own, else delivery. */
function channelOf(speed: SpeedValue | undefined): string {
  return isVisitSpeed(speed) ? speed : 'delivery';
}

/**
 * One area's rows in one statement, as one text (as search-cards.ts loads: one row, not 100,000): per product its id,
 * popularity, lowest price, speed mask, unit, then its sizes, speed sizes and categories each as a count and values.
 */
async function loadAreaListing(db: Kysely<Database>, locId: number, channel: string): Promise<AreaListing> {
  const unitList = sql.join(sizeUnits.map((unit) => sql.lit(unit)));
  const list = (column: string) => sql`cardinality(${sql.ref(column)}), array_to_string(${sql.ref(column)}, ',')`;
  const rows = await sql<{ rows: string | null }>`
    select string_agg(concat_ws(',', a.product_id, a.popularity, a.price_cents, a.speed_mask,
        coalesce(array_position(array[${unitList}]::text[], a.size_unit) - 1, 0),
        ${list('a.sizes')}, ${list('a.speed_sizes')}, ${list('a.category_ids')}), ',' order by a.sort_name, a.product_id) as rows
    from area_products a
    where a.area_loc_id = ${locId} and a.channel = ${channel}`.execute(db);
  return new AreaListing(scanIntegers(rows.rows[0]?.rows ?? ''), channel);
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
            () => loadAreaListing(db, locId, channel),
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
