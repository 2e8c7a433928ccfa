import type { Kysely, Transaction } from 'kysely';
import { perDatabase } from './read-cache.ts';

/**
 * What a catalogue-change notification says (migration 029, decision 042): one product's offers changed (price,
 * stock), or anything else, which drops everything.
 */
export type CatalogueChange = { productId: number; visitStock?: boolean } | 'all';

/**
 * migration 029's payload: 'product:<id>', 'product:<id>:visit' (042: a restaurant's visit offer sold out or back in
 * stock) or 'all' (anything unknown counts as 'all': drop rather than keep).
 */
export function parseCatalogueChange(payload: string): CatalogueChange {
  const match = /^product:(\d+)(:visit)?$/.exec(payload);
  if (!match) return 'all';
  return match[2] ? { productId: Number(match[1]), visitStock: true } : { productId: Number(match[1]) };
}

/** Each database handle's caches that drop entries on a change; they add themselves when they are first made. */
const handlers = perDatabase<object, Set<(change: CatalogueChange) => void>>(() => new Set());

/** A handle made from another with a plugin (plannedEachRunDb) → the handle it was made from. */
const madeFrom = new WeakMap<object, object>();

/**
 * `view` reaches the same database as `db` (a Kysely handle with a plugin, or a transaction opened on db): caches keyed
 * on either hear the same changes.
 */
export function sameDatabase(view: object, db: object): void {
  madeFrom.set(view, madeFrom.get(db) ?? db);
}

/** A transaction on db whose handle reaches db's caches (the kept rows: decision 078). */
export function tiedTransaction<D, T>(db: Kysely<D>, work: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => {
    sameDatabase(trx, db);
    return work(trx);
  });
}

/** Whether a transaction handle was tied to its database by sameDatabase (a cache keyed on it is the database's). */
export function isTiedToDatabase(view: object): boolean {
  return madeFrom.has(view);
}

const root = (db: object): object => madeFrom.get(db) ?? db;

/**
 * perDatabase keyed on the database a handle reaches, not the handle: every view of one database (the listing
 * reader's, the routes') shares one structure. `create` gets the first handle asked with.
 */
export function perCatalogue<D extends object, C>(create: (db: D) => C): (db: D) => C {
  const byRoot = new WeakMap<object, C>();
  return (db) => {
    const key = root(db);
    let made = byRoot.get(key);
    if (made === undefined) {
      made = create(db);
      byRoot.set(key, made);
    }
    return made;
  };
}

/** `drop` hears every catalogue change on db, from this instance or any other. */
export function onCatalogueChange(db: object, drop: (change: CatalogueChange) => void): void {
  handlers(root(db)).add(drop);
}

/**
 * Like onCatalogueChange, with one turn's product notices together: a statement changing thousands of offers' prices
 * sends thousands of notices, and a cache that looks through its entries for each would block this instance for
 * seconds; once a turn, it looks once. Delivered in a microtask, before any request of a later turn reads the cache.
 * 'all' comes at once, and takes the turn's products with it.
 */
export function onCatalogueChanges(db: object, drop: (change: ReadonlySet<number> | 'all') => void): void {
  let pending: Set<number> | undefined;
  onCatalogueChange(db, (change) => {
    if (change === 'all') {
      pending = undefined;
      drop('all');
      return;
    }
    if (pending === undefined) {
      const batch = new Set<number>();
      pending = batch;
      queueMicrotask(() => {
        if (pending !== batch) return;
        pending = undefined;
        drop(batch);
      });
    }
    pending.add(change.productId);
  });
}

/** Tells db's caches of a change. */
export function catalogueChanged(db: object, change: CatalogueChange): void {
  for (const drop of handlers(root(db))) drop(change);
}

/**
 * Rows kept until a change notice drops them (decision 078), by the payload their tables' triggers notify: a vendor's
 * delivery calendar (migration 035), a session or its customer's role, email or guest flag (migration 036). Only
 * their kept rows hear these, not the catalogue's caches.
 */
const keptKinds = ['calendar', 'sessions'] as const;
export type KeptKind = (typeof keptKinds)[number];

const isKeptKind = (payload: string): payload is KeptKind => (keptKinds as readonly string[]).includes(payload);

const keptHandlers = perDatabase<object, Map<KeptKind, Set<() => void>>>(() => new Map());

/** `drop` hears every change of the kind's rows on db, from this instance or any other, and every 'all'. */
export function onKeptChange(db: object, kind: KeptKind, drop: () => void): void {
  const byKind = keptHandlers(root(db));
  const set = byKind.get(kind) ?? new Set();
  byKind.set(kind, set);
  set.add(drop);
  onCatalogueChange(db, (change) => {
    if (change === 'all') drop();
  });
}

/** Tells db's kept rows of the kind they changed (the store's own writes, after their commit). */
export function keptChanged(db: object, kind: KeptKind): void {
  for (const drop of keptHandlers(root(db)).get(kind) ?? []) drop();
}

/** buildApp calls it for each notification the database delivers on migration 029's channel. */
export function databaseChanged(db: object, payload: string): void {
  if (isKeptKind(payload)) keptChanged(db, payload);
  else catalogueChanged(db, parseCatalogueChange(payload));
}
