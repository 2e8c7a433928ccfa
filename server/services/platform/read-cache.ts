/**
 * A small in-process cache for catalogue reads that are expensive to compute and slow to change (category
 * listings, search rankings, the category tree). Why it is safe across many server instances: it only holds
 * what the database can recompute, for a bounded time, so every instance converges within `freshMs + staleMs`.
 *
 * - Concurrent misses for one key share a single load (ten shoppers opening the same big category cost one query).
 * - After `freshMs` an entry is served once more while it reloads in the background (no latency spike at expiry);
 *   after `freshMs + staleMs` it is not served at all.
 * - At most `maxEntries` keys, least recently used dropped first.
 */
export interface ReadCacheOptions {
  maxEntries: number;
  freshMs: number;
  staleMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.storedAt;
      if (age < this.options.freshMs + this.options.staleMs) {
        // Map keeps insertion order: re-inserting marks the key most recently used.
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (age >= this.options.freshMs) {
          // A failed background reload keeps the stale value until it expires; the next read tries again.
          this.load(key, load).catch(() => undefined);
        }
        return entry.value;
      }
      this.entries.delete(key);
    }
    return this.load(key, load);
  }

  /** Forget everything (tests, or after the catalogue is reseeded in-process). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.entries.delete(key);
        this.entries.set(key, { value, storedAt: this.now() });
        while (this.entries.size > this.options.maxEntries) {
          const oldest = this.entries.keys().next();
          if (oldest.done) break;
          this.entries.delete(oldest.value);
        }
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}

/** One set of caches per database handle, so two apps (or two test files) never see each other's data. */
export function perDatabase<D extends object, C>(create: () => C): (db: D) => C {
  const byDb = new WeakMap<D, C>();
  return (db) => {
    let caches = byDb.get(db);
    if (!caches) {
      caches = create();
      byDb.set(db, caches);
    }
    return caches;
  };
}
