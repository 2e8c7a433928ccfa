import { LRUCache } from 'lru-cache';
import { jsonBytes } from './cache-budgets.ts';
import { cacheLookups } from './metrics.ts';

/**
 * A small in-process cache for catalogue reads that are expensive to compute and slow to change (category
 * listings, search rankings, the category tree). Why it is safe across many server instances: it only holds
 * what the database can recompute, for a bounded time, so every instance converges within `freshMs + staleMs`.
 *
 * - Concurrent misses for one key share a single load (ten shoppers opening the same big category cost one query).
 * - After `freshMs` an entry is still served while it reloads in the background (no latency spike at expiry);
 *   after `freshMs + staleMs` it is not served at all: the caller waits for the reload.
 * - At most `maxBytes` of values (each weighed once when stored, by `sizeOf`: its JSON bytes unless told), least
 *   recently used dropped first; a value heavier than the whole budget is answered but not kept (decision 053).
 *
 * lru-cache does the work: `fetch` with `allowStale` is the stale-while-revalidate, its in-flight fetch the shared
 * load. It has no notion of "too stale to serve", so that one rule is checked here before each fetch.
 */
export interface FreshnessOptions<V> {
  /** The cache's name in the metrics' hit/stale/miss counts (store_cache_lookups_total); unnamed: not counted. */
  name?: string;
  /** The budget: the most bytes of values the cache holds (server/services/platform/cache-budgets.ts). */
  maxBytes: number;
  /** A value's weight in bytes; default its JSON's (jsonBytes). Never below 1. */
  sizeOf?: (value: V) => number;
  freshMs: number;
  staleMs: number;
  /** The clock (milliseconds, never 0); tests move it by hand. */
  now?: () => number;
}

/** lru-cache's settings for the rules above. */
function staleWhileRevalidate<V>(options: FreshnessOptions<V>) {
  const sizeOf = options.sizeOf ?? jsonBytes;
  return {
    maxSize: options.maxBytes,
    sizeCalculation: (value: V) => Math.max(1, Math.ceil(sizeOf(value))),
    ttl: options.freshMs,
    allowStale: true,
    // A failed background reload keeps the stale value until it is too old; the next read tries again.
    noDeleteOnFetchRejection: true,
    // A load still finishes for its callers when its entry is evicted meanwhile (a full cache, a page of 5000 cards).
    ignoreFetchAbort: true,
    // Read the clock on every check (the default caches it for 1 ms behind a timer).
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  } as const;
}

/** Whether the key's entry is past `freshMs + staleMs`: no longer served, even while it reloads. */
function isTooStale<K extends NonNullable<unknown>, V extends NonNullable<unknown>, C>(cache: LRUCache<K, V, C>, key: K, staleMs: number): boolean {
  // freshMs minus the entry's age: negative once it is stale (0 for a key the cache does not hold, a miss anyway).
  return cache.getRemainingTTL(key) <= -staleMs;
}

export class ReadCache<V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, V, () => Promise<V>>;
  /** Counts the invalidations (decision 042): a load that began before one may hold what it dropped. */
  private generation = 0;

  constructor(private readonly options: FreshnessOptions<V>) {
    this.cache = new LRUCache<string, V, () => Promise<V>>({
      ...staleWhileRevalidate(options),
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const allowStale = !isTooStale(this.cache, key, this.options.staleMs);
    if (this.options.name !== undefined) cacheLookups.inc({ cache: this.options.name, outcome: this.outcomeOf(key, allowStale) });
    const value = await this.cache.fetch(key, { context: load, allowStale });
    // fetch answers undefined only for an aborted load, and nothing here aborts one.
    if (value === undefined) throw new Error(`ReadCache: no value loaded for ${key}`);
    // The change came while this loaded: the caller (who asked before it) gets the value, the cache does not keep it.
    if (generation !== this.generation) this.cache.delete(key);
    return value;
  }

  /** The bytes the values held weigh now (never above maxBytes). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /** Drops every entry (another instance changed what they were loaded from). */
  clear(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Drops the entries `drop` picks, by key and value (stale ones included). */
  deleteWhere(drop: (key: string, value: V) => boolean): void {
    this.generation++;
    for (const key of [...this.cache.keys()]) {
      const value = this.cache.peek(key, { allowStale: true });
      if (value !== undefined && drop(key, value)) this.cache.delete(key);
    }
  }

  /** What this lookup will be: fresh (hit), served stale while it reloads, or a load the caller waits for (miss). */
  private outcomeOf(key: string, allowStale: boolean): 'hit' | 'stale' | 'miss' {
    if (!this.cache.has(key, { updateAgeOnHas: false })) {
      // has() is false for a stale entry too: one still served is 'stale', one past freshMs + staleMs a miss.
      return allowStale && this.cache.getRemainingTTL(key) < 0 ? 'stale' : 'miss';
    }
    return 'hit';
  }
}

/** One set of caches per database handle, so two apps (or two test files) never see each other's data. */
export function perDatabase<D extends object, C>(create: (db: D) => C): (db: D) => C {
  const byDb = new WeakMap<D, C>();
  return (db) => {
    let caches = byDb.get(db);
    if (!caches) {
      caches = create(db);
      byDb.set(db, caches);
    }
    return caches;
  };
}
