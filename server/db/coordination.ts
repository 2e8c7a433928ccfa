import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What several server instances on one database agree through it (decision 042):
 * - which instance runs each background sweep: a PostgreSQL session-level advisory lock per sweep kind, held on a
 *   connection of its own, so the lock goes when its holder dies (the connection closes) and the next instance to
 *   try takes it over;
 * - that the catalogue changed: migration 029's triggers call pg_notify on the channel below when prices, stock or
 *   the catalogue change, and every instance LISTENs, so each drops what its caches hold of it.
 * On PGlite (one process) there is nobody to share with: the sweeps are always this process's, and the triggers'
 * notifications reach the same process through PGlite's own listen.
 */
export interface Coordination {
  /** Whether this instance may run the sweep now: it holds the sweep's lock, or takes it because nobody does. */
  holdsSweep(sweep: string): Promise<boolean>;
  /** Calls `listener` with each payload committed on the channel (any instance's transaction); returns the unsubscribe. */
  onCatalogueChange(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

/** Migration 029's channel. */
export const catalogueChannel = 'store_catalogue';

/** The payload that means "drop everything": any statement-level change, and a lost (so possibly missed) listen. */
export const everythingChanged = 'all';

/** The coordination session's application_name (then '-' and the process id): pg_stat_activity shows who holds a sweep. */
export const coordinationApplicationName = 'store-coordination';

/** The advisory lock's first key: this store's locks (a second key per sweep), apart from any other user's. */
export const sweepLockClass = 27_029;

/** A stable small number for a sweep's name: the lock's second key. */
export function sweepLockKey(sweep: string): number {
  let hash = 0;
  for (const char of sweep) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

class Listeners {
  private readonly set = new Set<(payload: string) => void>();
  add(listener: (payload: string) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(payload: string): void {
    for (const listener of this.set) listener(payload);
  }
}

/** PGlite: one process, so every sweep is its own; the triggers' notifications come back through PGlite's listen. */
export async function pgliteCoordination(pglite: PGlite): Promise<Coordination> {
  const listeners = new Listeners();
  const unlisten = await pglite.listen(catalogueChannel, (payload) => listeners.emit(payload));
  return {
    holdsSweep: async () => true,
    onCatalogueChange: (listener) => listeners.add(listener),
    close: () => unlisten(),
  };
}

/**
 * PostgreSQL: one connection outside the pool for the LISTEN and the sweep locks (a pooled connection goes back to
 * the pool after each query, and a session lock or a LISTEN with it). Opened on demand and again after it is lost;
 * losing it loses the locks (PostgreSQL releases them with the session) and maybe notifications, so the caches are
 * told everything changed.
 */
export function postgresCoordination(databaseUrl: string, onError: (error: unknown) => void = () => undefined): Coordination {
  const listeners = new Listeners();
  const held = new Set<string>();
  let session: Promise<pg.Client> | undefined;
  let sessionClient: pg.Client | undefined;
  let closed = false;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      application_name: `${coordinationApplicationName}-${process.pid}`,
    });
    client.on('notification', (message) => {
      if (message.channel === catalogueChannel) listeners.emit(message.payload ?? everythingChanged);
    });
    let gone = false;
    const lost = (error?: unknown) => {
      if (error) onError(error);
      if (gone) return;
      gone = true;
      if (sessionClient === client) {
        session = undefined;
        sessionClient = undefined;
      }
      held.clear();
      if (!closed) listeners.emit(everythingChanged);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${catalogueChannel}`);
    sessionClient = client;
    return client;
  };
  const connected = (): Promise<pg.Client> => {
    if (!session) {
      const opening = open();
      session = opening;
      opening.catch(() => {
        if (session === opening) session = undefined;
      });
    }
    return session;
  };
  // Listen from the start: a change made before the first sweep must still reach the caches.
  connected().catch(onError);

  return {
    async holdsSweep(sweep) {
      if (closed) return false;
      const client = await connected();
      if (held.has(sweep)) return true;
      const result = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [sweepLockClass, sweepLockKey(sweep)]);
      if (result.rows[0]?.taken === true) held.add(sweep);
      return held.has(sweep);
    },
    onCatalogueChange: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      const client = await session?.catch(() => undefined);
      session = undefined;
      // Ending the session releases its locks: the next instance to try takes the sweeps over at once.
      await client?.end().catch(() => undefined);
    },
  };
}
