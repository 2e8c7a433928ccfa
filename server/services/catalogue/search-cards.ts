import { sql, type Kysely } from 'kysely';
import type { ProductSummary, SpeedType } from '../../../src/api/contract/product-summary.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { sizeUnits } from '../../../src/rules/sizes.ts';
import { catalogueSpeeds, isVisitSpeed, speedValues, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { onCatalogueChange, perCatalogue } from '../platform/catalogue-changes.ts';
import type { Log } from '../platform/log.ts';
import { cachedSummaries } from './cached-summaries.ts';
import { readInChunks, type ChunkRead } from './load-in-chunks.ts';
import { BackgroundLoad } from './search-loading.ts';

/**
 * Every product's card data in memory, for a search page (decision 067): a cold search's page asked the card cache,
 * which missed (a search's products are spread over the whole catalogue) and sent two statements (~3 ms of CPU each
 * on the embedded database). Here a page's cards are built from flat arrays, as productSummaries builds them: per
 * product its id, name, first picture, age mark, unit and weight flag; per offer its variant, size, area, speed,
 * price and stock, grouped by product then variant. Bounded by cacheBudgets.searchCards; dropped on every `all`
 * notice (a product, picture, variant or offer added, changed or removed) and loaded again in the background from the
 * next search, which does not wait for it (search-loading.ts); a product whose price or stock changed (`product:<id>`)
 * is read through the card cache until the next load.
 */
export class CardStore {
  readonly productIds: Int32Array;
  private readonly names: string[];
  private readonly images: (string | null)[];
  /** Bit 0: age restricted; bit 1: sold by weight. */
  private readonly flags: Uint8Array;
  /** Index into sizeUnits. */
  private readonly units: Uint8Array;
  /** A product's offers: offerStart[i] up to offerStart[i + 1], by variant id. */
  private readonly offerStart: Int32Array;
  private readonly variantIds: Int32Array;
  private readonly bottleSizes: Int32Array;
  /** The offer's area; -1 for every area (area_loc_id null). */
  private readonly areas: Int32Array;
  /** Index into speedValues. */
  private readonly speeds: Uint8Array;
  private readonly prices: Int32Array;
  private readonly stocks: Int32Array;
  /** Product id → its index + 1 (ids are dense: a typed array, not a map). */
  private readonly slots: Int32Array;
  readonly bytes: number;

  /** `products` and `offers`: the load's two texts, its chunks' joined (see loadCardStore). */
  constructor(products: string, offers: string) {
    const rows = products === '' ? [] : products.split('\u001e');
    const ids: number[] = [];
    this.names = [];
    this.images = [];
    const flags: number[] = [];
    const units: number[] = [];
    for (const row of rows) {
      const [id = '', name = '', image = '', age = '', weight = '', unit = ''] = row.split('\u001f');
      ids.push(Number(id));
      this.names.push(name);
      // '+' marks a picture; none at position 0 gives the placeholder, as productSummaries (the seed's pictures are the
      // placeholder's own URL, sent as none: 9 MB fewer at 100k products).
      this.images.push(image === '' ? null : image.slice(1));
      flags.push((age === '1' ? 1 : 0) | (weight === '1' ? 2 : 0));
      units.push(
        Math.max(
          0,
          sizeUnits.findIndex((u) => u === unit),
        ),
      );
    }
    this.productIds = Int32Array.from(ids);
    this.flags = Uint8Array.from(flags);
    this.units = Uint8Array.from(units);

    // Offers: seven whole numbers each (product, variant, size, area, speed, price, stock), ',' between, by product then
    // variant. Scanned by hand: a split would make millions of strings at 100k products.
    const numbers = scanIntegers(offers);
    const count = Math.floor(numbers.length / 7);
    this.variantIds = new Int32Array(count);
    this.bottleSizes = new Int32Array(count);
    this.areas = new Int32Array(count);
    this.speeds = new Uint8Array(count);
    this.prices = new Int32Array(count);
    this.stocks = new Int32Array(count);
    const maxId = ids.reduce((a, b) => Math.max(a, b), 0);
    this.slots = new Int32Array(maxId + 1);
    this.productIds.forEach((id, i) => (this.slots[id] = i + 1));
    this.offerStart = new Int32Array(ids.length + 1);
    let product = 0;
    for (let o = 0; o < count; o++) {
      const slot = this.slots[numbers[o * 7] ?? 0] ?? 0;
      // Offers come by product id as the products do: fill the starts of products with none up to this one.
      while (product < slot - 1) this.offerStart[++product] = o;
      this.variantIds[o] = numbers[o * 7 + 1] ?? 0;
      this.bottleSizes[o] = numbers[o * 7 + 2] ?? 0;
      this.areas[o] = numbers[o * 7 + 3] ?? -1;
      this.speeds[o] = numbers[o * 7 + 4] ?? 0;
      this.prices[o] = numbers[o * 7 + 5] ?? 0;
      this.stocks[o] = numbers[o * 7 + 6] ?? 0;
    }
    while (product < ids.length) this.offerStart[++product] = count;

    let bytes = 0;
    for (const array of [
      this.productIds,
      this.flags,
      this.units,
      this.offerStart,
      this.variantIds,
      this.bottleSizes,
      this.areas,
      this.speeds,
      this.prices,
      this.stocks,
      this.slots,
    ])
      bytes += array.byteLength;
    // Each string's characters (two bytes at most) and ~40 bytes of header and array slot.
    for (const name of this.names) bytes += 2 * name.length + 40;
    for (const image of this.images) bytes += image === null ? 8 : 2 * image.length + 40;
    this.bytes = bytes;
  }

  /** How many products the store holds. */
  get size(): number {
    return this.productIds.length;
  }

  /**
   * The product's card in the area (productSummaries' answer for it), or undefined when nothing of it is offered there
   * or the store does not hold it. `visit`: a visit speed, or undefined for the delivery speeds (cachedSummaries').
   */
  card(productId: number, locId: number, visit: SpeedValue | undefined): ProductSummary | undefined {
    const slot = this.slots[productId] ?? 0;
    if (slot === 0) return undefined;
    const index = slot - 1;
    let allowed = 0;
    for (const speed of catalogueSpeeds(visit)) allowed |= 1 << speedValues.indexOf(speed);
    const sizes: { id: number; bottle_size: number; cents: number; stock: number }[] = [];
    let speedsSeen = 0;
    const end = this.offerStart[index + 1] ?? 0;
    for (let o = this.offerStart[index] ?? 0; o < end; o++) {
      const area = this.areas[o] ?? -1;
      const speedBit = 1 << (this.speeds[o] ?? 0);
      if ((area !== locId && area !== -1) || (allowed & speedBit) === 0) continue;
      speedsSeen |= speedBit;
      const variant = this.variantIds[o] ?? 0;
      const last = sizes[sizes.length - 1];
      const cents = this.prices[o] ?? 0;
      const stock = this.stocks[o] ?? 0;
      if (last?.id === variant) {
        last.cents = Math.min(last.cents, cents);
        last.stock = Math.max(last.stock, stock);
      } else sizes.push({ id: variant, bottle_size: this.bottleSizes[o] ?? 0, cents, stock });
    }
    if (sizes.length === 0) return undefined;
    const flags = this.flags[index] ?? 0;
    return {
      id: productId,
      name: this.names[index] ?? '',
      image: this.images[index] ?? `/media/products/${productId}/0.svg`,
      // By size; variants of one size (none in the seed) by id.
      child: sizes
        .sort((a, b) => a.bottle_size - b.bottle_size || a.id - b.id)
        .map((s) => ({ id: s.id, bottle_size: s.bottle_size, price: centsToDollars(s.cents) })),
      speed_types: speedValues.filter((_speed, i): _speed is SpeedType => (speedsSeen & (1 << i)) !== 0),
      stock_status: sizes.some((s) => s.stock > 0) ? 'in stock' : 'out of stock',
      age_restricted: (flags & 1) !== 0,
      size_unit: sizeUnits[this.units[index] ?? 0] ?? 'g',
      sold_by_weight: (flags & 2) !== 0,
    };
  }
}

/** The whole numbers of `text` (digits with an optional '-'; anything else separates them). */
export function scanIntegers(text: string): Int32Array {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count += 1;
  const numbers = new Int32Array(text === '' ? 0 : count + 1);
  let n = 0;
  let value = 0;
  let negative = false;
  let inNumber = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (code === 45) negative = true;
    else if (inNumber || negative) {
      numbers[n++] = negative ? -value : value;
      value = 0;
      negative = false;
      inNumber = false;
    }
  }
  return numbers.subarray(0, n);
}

/**
 * Every product and offer, a chunk of products at a time (load-in-chunks.ts), each chunk as two texts (one row, not
 * 60,000: the embedded database's protocol decodes each row and value apiece). Products by id: id, name, '+' and the
 * first picture's URL (nothing when there is none or it is the placeholder's), age mark and weight flag as 0/1, unit;
 * offers by product and variant, each as seven numbers. Chunks follow each other in id order, so their texts joined
 * are the whole catalogue's. Not one snapshot: a change committed between two chunks is notified (`all`, or a
 * product's price or stock, read through the card cache from the load's start: `changed`), as after a load.
 */
export async function loadCardStore(db: Kysely<Database>, budget = Infinity): Promise<CardStore | undefined> {
  const speedList = sql.join(speedValues.map((speed) => sql.lit(speed)));
  const products: string[] = [];
  const offers: string[] = [];
  const whole = await readInChunks(
    async (after, limit) => {
      const rows = await sql<{ products: string | null; offers: string | null } & ChunkRead>`
      with chunk as (select id, name, age_restricted, sold_by_weight, size_unit from products where id > ${after} order by id limit ${limit})
      -- Pictures and offers joined laterally, by their indexes: a join scanned every picture and offer once per chunk.
      -- Offers in their key's order (variant, seller, speed): a sort is not stable, and ties would leave a variant's
      -- offers in an order that depends on the chunk's size and the plan.
      select
        (select string_agg(concat_ws(chr(31), p.id, p.name,
            case when i.url = '/media/products/' || p.id || '/0.svg' then '' else coalesce('+' || i.url, '') end,
            p.age_restricted::int, p.sold_by_weight::int, p.size_unit), chr(30) order by p.id)
          from chunk p left join lateral (select url from product_images i where i.product_id = p.id and i.position = 0 offset 0) i on true) as products,
        (select string_agg(concat_ws(',', v.product_id, v.id, v.bottle_size, coalesce(o.area_loc_id, -1),
            array_position(array[${speedList}]::text[], o.speed::text) - 1, o.price_cents, o.stock), ',' order by v.product_id, v.id, o.loc_id, o.speed)
          from product_variants v cross join lateral (select * from variant_offers o where o.variant_id = v.id offset 0) o
          where v.product_id > ${after} and v.product_id <= (select max(id) from chunk)) as offers,
        (select count(*)::int from chunk) as count,
        (select max(id) from chunk) as last`.execute(db);
      const row = rows.rows[0];
      if (row?.products) products.push(row.products);
      if (row?.offers) offers.push(row.offers);
      return { count: row?.count ?? 0, last: row?.last ?? null, chars: (row?.products?.length ?? 0) + (row?.offers?.length ?? 0) };
    },
    undefined,
    budget,
  );
  return whole ? new CardStore(products.join('\u001e'), offers.join(',')) : undefined;
}

/** More products than this changed price or stock since the load: the next search loads the store again. */
const maxChanged = 2_000;

interface StoreState {
  store: BackgroundLoad<CardStore>;
  /** Products whose price or stock changed since the held store's load began: read through the card cache. */
  changed: Set<number>;
}

// Per database, not per handle: the listing reader's handle and search's share one store (listing-memory.ts).
const states = perCatalogue<Kysely<Database>, StoreState>((db) => {
  const changed = new Set<number>();
  // Changes notified from a load's start on may be missing from what it reads. Nothing is held while a load runs
  // (a load starts only when nothing is), so the set always describes the store a search reads.
  const state: StoreState = {
    store: new BackgroundLoad(
      (budget) => loadCardStore(db, budget),
      cacheBudgets.searchCards,
      () => changed.clear(),
    ),
    changed,
  };
  onCatalogueChange(db, (change) => {
    if (change === 'all') return state.store.drop();
    changed.add(change.productId);
    if (changed.size > maxChanged) state.store.drop();
  });
  return state;
});

/** Whether the store is held (within its budget): a listing's page takes its cards from memory only then. */
export function cardStoreHeld(db: Kysely<Database>): boolean {
  return states(db).store.current() !== undefined;
}

/** Starts loading the store in the background unless it is held or loading (searchProducts and listings, at each request). */
export function startCardStore(db: Kysely<Database>, log?: Log): void {
  void states(db).store.start(log);
}

/** The store once loaded, waiting for its load (tests, the bench's warm-up); undefined when over `budget`. */
export function cardStore(db: Kysely<Database>, budget: number = cacheBudgets.searchCards): Promise<CardStore | undefined> {
  return states(db).store.loaded(budget);
}

/**
 * cachedSummaries' answer for a search page (order kept, products not offered in the area left out): from the store,
 * and through the card cache for products changed since it was loaded (or all of them when it is over its budget).
 */
export async function searchCards(
  db: Kysely<Database>,
  productIds: readonly number[],
  locId: number,
  courierType: SpeedValue | undefined,
  budget?: number,
): Promise<ProductSummary[]> {
  if (productIds.length === 0) return [];
  // Never waits for a load (decision 067): until the store is held, the card cache answers, as before it existed.
  const { store: load, changed } = states(db);
  const store = load.current(budget);
  if (!store) return cachedSummaries(db, productIds, locId, courierType);
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  // Taken before the read: a notice arriving during it must not leave a product on neither side.
  const fresh = new Set(productIds.filter((id) => changed.has(id)));
  const read = new Map((fresh.size === 0 ? [] : await cachedSummaries(db, [...fresh], locId, courierType)).map((card) => [card.id, card]));
  const cards: ProductSummary[] = [];
  for (const id of productIds) {
    const card = fresh.has(id) ? read.get(id) : store.card(id, locId, visit);
    if (card) cards.push(card);
  }
  return cards;
}
