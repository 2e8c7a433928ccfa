/**
 * A cache of many small values fetched in batches (the cards of a page: twenty products, one query). Like
 * ReadCache: bounded, least recently used dropped first, served stale once while reloading, concurrent misses for
 * a key share one load. A key the loader does not return is remembered as absent (a product not sold in an area).
 */
export interface BatchCacheOptions {
  maxEntries: number;
  freshMs: number;
  staleMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V | undefined;
  storedAt: number;
}

export class BatchCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V | undefined>>();
  private readonly now: () => number;

  constructor(private readonly options: BatchCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Values for keys, in keys' order, absent ones left out; loads what is missing in one call. */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<V[]> {
    const now = this.now();
    const results = new Map<K, Promise<V | undefined> | Entry<V>>();
    const missing: K[] = [];
    const stale: K[] = [];
    for (const key of new Set(keys)) {
      const entry = this.entries.get(key);
      const age = entry ? now - entry.storedAt : Number.POSITIVE_INFINITY;
      if (entry && age < this.options.freshMs + this.options.staleMs) {
        this.entries.delete(key);
        this.entries.set(key, entry);
        results.set(key, entry);
        if (age >= this.options.freshMs && !this.loading.has(key)) stale.push(key);
        continue;
      }
      const pending = this.loading.get(key);
      if (pending) results.set(key, pending);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const batch = this.loadBatch(missing, load);
      for (const key of missing) results.set(key, batch.then((found) => found.get(key)));
    }
    // Refreshing stale keys never delays this answer; a failed refresh keeps the stale values until they expire.
    if (stale.length > 0) this.loadBatch(stale, load).catch(() => undefined);

    const values: V[] = [];
    for (const key of keys) {
      const result = results.get(key);
      const value = result instanceof Promise ? await result : result?.value;
      if (value !== undefined) values.push(value);
    }
    return values;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private loadBatch(keys: K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    const batch = load(keys).then((found) => {
      const storedAt = this.now();
      for (const key of keys) {
        this.entries.delete(key);
        this.entries.set(key, { value: found.get(key), storedAt });
      }
      while (this.entries.size > this.options.maxEntries) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.entries.delete(oldest.value);
      }
      return found;
    });
    const settled = batch.finally(() => {
      for (const key of keys) this.loading.delete(key);
    });
    for (const key of keys) {
      this.loading.set(
        key,
        settled.then((found) => found.get(key)),
      );
    }
    // The per-key promises may never be awaited (nobody else asked): keep their rejection from going unhandled.
    for (const key of keys) this.loading.get(key)?.catch(() => undefined);
    return settled;
  }
}
