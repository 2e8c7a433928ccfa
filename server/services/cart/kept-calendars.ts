/**
 * The vendors' delivery calendars kept per database (decision 078). A guest checkout read its vendor's calendar three
 * times (next delivery date, delivery schedule, place order), each a statement with three JSON aggregates, and a
 * statement costs Node a socket write and the database a backend wake-up: a third of a checkout's CPU on PostgreSQL
 * is such round trips. Calendars change a few times a year, through the seller console or by hand in SQL.
 *
 * Coherence: migration 035's triggers notify `calendar` on any change of the calendar tables, migration 029's `all` on
 * any change of vendors (a name), and a lost listen counts as `all`: every instance drops its calendars then. The
 * instance making a change through the console drops its own at once, after the commit (catalogue-changes.ts's
 * calendarChanged). A read that began before a drop does not store what it read (the generation), so a slow read
 * cannot bring an old calendar back. Entries are at most `maxAgeMs` old whatever happens.
 */
export class KeptCalendars<V> {
  readonly #entries = new Map<number, { value: V; at: number }>();
  #generation = 0;

  constructor(
    private readonly options: { maxAgeMs: number; maxEntries: number; now: () => number } = {
      maxAgeMs: 60_000,
      maxEntries: 10_000,
      now: () => performance.now(),
    },
  ) {}

  /** The generation a read starts in: pass it to `store` with what the read found. */
  get generation(): number {
    return this.#generation;
  }

  /** The kept calendar of the vendor, while it is younger than maxAgeMs. */
  get(vendorId: number): V | undefined {
    const entry = this.#entries.get(vendorId);
    if (!entry) return undefined;
    if (this.options.now() - entry.at > this.options.maxAgeMs) {
      this.#entries.delete(vendorId);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a read that began in `generation` found, unless a drop came since. */
  store(generation: number, vendorId: number, value: V): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.options.maxEntries) this.#entries.clear();
    this.#entries.set(vendorId, { value, at: this.options.now() });
  }

  /** A calendar changed somewhere: forget them all (a change is rare; which vendor's is not worth telling apart). */
  drop(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
