import { jsonBytes } from './cache-budgets.ts';
import { onKeptChange, perCatalogue, type KeptKind } from './catalogue-changes.ts';

/**
 * Rows that change rarely but are read on every call, kept per database until a change notice drops them (decision
 * 078): the vendors' delivery calendars (three reads per guest checkout) and the sessions behind bearer tokens (one
 * read per signed-in call). A statement costs Node a socket write and the database a backend wake-up: on PostgreSQL a
 * third of a checkout's CPU was such round trips.
 *
 * Coherence: a change of the rows' tables notifies their kind on migration 029's channel (migrations 035, 036) when
 * its transaction commits, and every instance drops the kind's entries; a lost listen counts as everything changed.
 * The instance making a change through the store drops its own at once, after the commit (catalogue-changes.ts's
 * keptChanged), since a notice reaches it a moment later. A read that began before a drop does not store what it read
 * (the generation), so a slow read cannot bring an old row back. Entries are at most `maxAgeMs` old, and never past
 * the `until` a store gives (a session's expiry). At most `maxBytes` of values (each weighed once, as its JSON, like
 * every cache's budget: cache-budgets.ts), the oldest stored dropped first; a value heavier than the budget is not kept.
 */
export interface KeptOptions<V> {
  maxAgeMs: number;
  maxBytes: number;
  /** A value's weight; its JSON's bytes unless given. */
  sizeOf?: (value: V) => number;
  /** The clock in milliseconds; tests move it by hand. */
  now?: () => number;
}

export class KeptUntilChanged<K, V> {
  readonly #entries = new Map<K, { value: V; at: number; until: number; bytes: number }>();
  #bytes = 0;
  #generation = 0;

  constructor(private readonly options: KeptOptions<V>) {}

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The generation a read starts in: pass it to `store` with what the read found. */
  get generation(): number {
    return this.#generation;
  }

  /** The kept value, while it is younger than maxAgeMs and before its `until`. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (now - entry.at > this.options.maxAgeMs || now >= entry.until) {
      this.#delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a read that began in `generation` found (until `until`, a time of the clock, if given), unless a drop came since. */
  store(generation: number, key: K, value: V, until = Number.POSITIVE_INFINITY): void {
    if (generation !== this.#generation) return;
    const bytes = Math.max(1, Math.ceil((this.options.sizeOf ?? jsonBytes)(value)));
    this.#delete(key);
    if (bytes > this.options.maxBytes) return;
    // A Map iterates in insertion order: the first keys are the oldest stored.
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes + bytes <= this.options.maxBytes) break;
      this.#delete(oldest);
    }
    this.#entries.set(key, { value, at: this.#now(), until, bytes });
    this.#bytes += bytes;
  }

  #delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }

  /** A row changed somewhere: forget them all (changes are rare; which row is not worth telling apart). */
  drop(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The kept values' weight, within maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }
}

/** Each database's kept rows of one kind, made on first use and dropped by that kind's notices (and by 'all'). */
export function keptPerDatabase<K, V>(kind: KeptKind, options: KeptOptions<V>): (db: object) => KeptUntilChanged<K, V> {
  return perCatalogue((db: object) => {
    const kept = new KeptUntilChanged<K, V>(options);
    onKeptChange(db, kind, () => kept.drop());
    return kept;
  });
}
