import DataLoader from 'dataloader';
import { jsonBytes } from './cache-budgets.ts';
import { ReadCache, type FreshnessOptions } from './read-cache.ts';

/**
 * A cache of many small values fetched in batches (the cards of a page: twenty products, one query). Each value is
 * cached as ReadCache caches one (bounded, least recently used dropped first, served stale while reloading,
 * concurrent misses for a key sharing one load); the loads one call starts, for what it finds missing or stale, go
 * out as one batch. A key the loader finds nothing for is remembered as absent (a product not sold in an area).
 *
 * DataLoader does the batching: the loads started in one tick become one `loadMany` call. Its own cache is off:
 * the ReadCache is the cache, and DataLoader's would never expire.
 */
export interface BatchCacheOptions<R, V> extends Omit<FreshnessOptions<V>, 'sizeOf'> {
  /** A value's weight in bytes; default its JSON's. An absence weighs its key. */
  sizeOf?: (value: V) => number;
  /** The cache key of a reference. */
  keyOf: (ref: R) => string;
  /** The values for refs, in their order; undefined for a ref that has none. */
  loadMany: (refs: readonly R[]) => Promise<readonly (V | undefined)[]>;
}

/** An entry: the value, or a remembered absence (the cache holds no undefined). */
interface Found<V> {
  value: V | undefined;
}

export class BatchCache<R, V> {
  private readonly entries: ReadCache<Found<V>>;
  private readonly loader: DataLoader<R, Found<V>>;

  constructor(private readonly options: BatchCacheOptions<R, V>) {
    const sizeOf = options.sizeOf ?? jsonBytes;
    this.entries = new ReadCache<Found<V>>({ ...options, sizeOf: (found) => (found.value === undefined ? 16 : sizeOf(found.value)) });
    this.loader = new DataLoader<R, Found<V>>(async (refs) => (await options.loadMany(refs)).map((value) => ({ value })), { cache: false });
  }

  /** The bytes the values held weigh now (never above maxBytes). */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** Drops every value (another instance changed the rows behind them). */
  clear(): void {
    this.entries.clear();
  }

  /** Drops the values whose key `drop` picks. */
  deleteWhere(drop: (key: string) => boolean): void {
    this.entries.deleteWhere((key) => drop(key));
  }

  /** Values for refs, in refs' order, absent ones left out. */
  async getMany(refs: readonly R[]): Promise<V[]> {
    // Every card's promise is awaited, failed or not: when a batch fails (a pool timeout), each card of it rejects,
    // and a rejection nobody awaits ends the process. The first failure is the answer.
    const settled = await Promise.allSettled(refs.map((ref) => this.entries.get(this.options.keyOf(ref), () => this.loader.load(ref))));
    const values: V[] = [];
    for (const outcome of settled) {
      if (outcome.status === 'rejected') throw outcome.reason;
      if (outcome.value.value !== undefined) values.push(outcome.value.value);
    }
    return values;
  }
}
