import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { pgliteCoordination, postgresCoordination, type Coordination } from './coordination.ts';
import { DataDirHeldError, lockDataDir, unnamedUse, type DataDirLock, type DataDirUse } from './data-dir-lock.ts';
import type { Database } from './schema.ts';
import { namingPool } from './named-statements.ts';
import { pgliteWireConfig } from './pglite-wire.ts';
import { parseLsn, ReplicaGate, replicaRoutedPool } from './replica-reads.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data folder as an image OpenOptions.startFrom takes (PGlite only). */
  dumpImage?: () => Promise<Blob>;
  /** The pool's connections now: open, idle, and queries waiting for one (the metrics' gauge reads it). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Sweep locks and catalogue-change notifications shared with the other instances on this database (decision 042). */
  coordination: Coordination;
  /**
   * The catalogue's reads: on the streaming replica of DATABASE_READ_URL when one is given (decision 045), else `db`
   * itself. Only for reads nobody must see their own write in at once, and never inside a transaction.
   */
  readDb: Kysely<Database>;
  /** With a replica: how many read connections went to it, to the primary (replica behind or down), and waited for it. */
  readRouting?: () => { replica: number; primary: number; waited: number };
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

// DATE columns stay 'YYYY-MM-DD' strings (no time-zone shift); bigint counts become numbers (they fit).
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.DATE) return (value: string) => value;
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** A streaming replica of databaseUrl for the catalogue's reads (decision 045); only with databaseUrl. */
  databaseReadUrl?: string | undefined;
  /** How long a catalogue read waits for the replica to replay an announced change before it reads the primary. */
  replicaMaxWaitMs?: number | undefined;
  dataDir: string;
  /**
   * Who opens dataDir (PGlite in a folder only): the folder's lock names it, and a refused opener is told what to do
   * instead (data-dir-lock.ts). Default: an unnamed process of the store.
   */
  use?: DataDirUse | undefined;
  /**
   * A PGlite data folder image (PGlite's dumpDataDir) to start an in-memory database from, instead of running initdb:
   * about 0.4 s instead of 1.5–3 s, which is what the server tests pay per file.
   */
  startFrom?: Blob | undefined;
  /**
   * The longest any one statement may run, in milliseconds (0: no limit; default defaultStatementTimeoutMs). A query
   * that runs away (a bad plan on an unanalysed table, a pathological search) is cancelled by the server instead of
   * holding a connection, and a shutdown waiting for it, for minutes.
   */
  statementTimeoutMs?: number | undefined;
  /** PGlite's buffer cache (shared_buffers, e.g. '128MB'; default pgliteSharedBuffers). PostgreSQL's is its own. */
  sharedBuffers?: string | undefined;
  /** Told of every statement with its time (Kysely's log hook): the server's metrics. Absent: nothing is timed. */
  onStatement?: ((event: LogEvent) => void) | undefined;
}

/**
 * PGlite's buffer cache: 32 MB instead of PostgreSQL's default 128 MB. The whole cache is WebAssembly memory from the
 * start (a process that ran 200 cold listings peaked at 448 MB RSS with 128 MB, 377 MB with 64 MB, 345 MB with 32 MB),
 * while a miss is a read of a page the OS already caches: 32 MB read 10 % more pages per listing than 128 MB (48 vs 44
 * of about 360 touched). Decision 022.
 */
export const pgliteSharedBuffers = '32MB';

/** Far above any page's queries (milliseconds), far below "the server hangs". */
export const defaultStatementTimeoutMs = 15_000;

/** A replica on one network replays within milliseconds; one further behind than this is read around. */
export const defaultReplicaMaxWaitMs = 500;

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir ('memory://' for tests). */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const statementTimeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  const log = options.onStatement;
  if (options.databaseUrl) {
    const replica = options.databaseReadUrl
      ? { url: options.databaseReadUrl, maxWaitMs: options.replicaMaxWaitMs ?? defaultReplicaMaxWaitMs }
      : undefined;
    return openPostgres(options.databaseUrl, statementTimeoutMs, log, replica);
  }
  return openPglite(
    options.dataDir,
    options.use ?? unnamedUse,
    options.startFrom,
    statementTimeoutMs,
    options.sharedBuffers ?? pgliteSharedBuffers,
    log,
  );
}

function statsOf(pool: pg.Pool): DatabaseHandle['poolStats'] {
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}

// statement_timeout goes in every connection's start-up packet: every query on every pooled connection has it.
// So does jit = off: the store's queries are short index reads, and PostgreSQL 15 compiled the bigger ones (search,
// listings) for about 50 ms each, more than the query itself (issue 15).
async function connectedPool(url: string, variable: string, statementTimeoutMs: number): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types,
    connectionTimeoutMillis: 5000,
    statement_timeout: statementTimeoutMs,
    options: '-c jit=off',
    // Kept while idle (pg's default closes a connection after 10 s idle): a new one forks a backend, compiles the
    // triggers' PL/pgSQL and prepares the named statements again, some 9 ms more database CPU for a checkout after
    // 12 s of quiet (bench/analysis/checkout.md). Recycled hourly instead, so a connection's caches stay bounded and a
    // moved database is found again.
    idleTimeoutMillis: 0,
    maxLifetimeSeconds: 3600,
  });
  // A kept connection the server ends (a restart, pg_terminate_backend) leaves the pool, which opens another when
  // needed; unheard, the pool's 'error' would end the process.
  pool.on('error', (error) => console.error(`${variable}: an idle database connection was closed (${error.message}); the pool opens another`));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(`Cannot connect to ${variable} (${redact(url)}): ${reason}`);
  }
  return pool;
}

async function openPostgres(
  databaseUrl: string,
  statementTimeoutMs: number,
  log: OpenOptions['onStatement'],
  replica: { url: string; maxWaitMs: number } | undefined,
): Promise<DatabaseHandle> {
  const pool = await connectedPool(databaseUrl, 'DATABASE_URL', statementTimeoutMs);
  const readPool = replica
    ? await connectedPool(replica.url, 'DATABASE_READ_URL', statementTimeoutMs).catch(async (error: unknown) => {
        await pool.end();
        throw error;
      })
    : undefined;
  // Hot statements run by name: each connection plans them once (named-statements.ts). One naming per pg pool: the
  // read handle's fallback to the primary shares the primary's, so a name never means two texts on one connection.
  const primaryPool = namingPool(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primaryPool }), ...(log ? { log } : {}) });
  const coordination = postgresCoordination(databaseUrl, (error) => console.error('database coordination connection:', error));
  const handle: DatabaseHandle = {
    db,
    readDb: db,
    kind: 'postgres',
    coordination,
    async close() {
      await coordination.close();
      if (handle.readDb !== db) await handle.readDb.destroy();
      await db.destroy();
    },
    poolStats: statsOf(pool),
  };
  if (readPool && replica) {
    const complain = (error: unknown) => console.error('database read replica:', error);
    const gate = new ReplicaGate(
      {
        primary: async () => parseLsn((await pool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn ?? '0/0'),
        replayed: async () => {
          const lsn = (await readPool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0]?.lsn;
          return lsn ? parseLsn(lsn) : undefined;
        },
      },
      { maxWaitMs: replica.maxWaitMs },
      complain,
    );
    // Registered before buildApp's caches hear the same notification: the reads are held back before the caches drop.
    coordination.onCatalogueChange(() => gate.changed());
    const routed = replicaRoutedPool(namingPool(readPool), primaryPool, gate, complain);
    handle.readDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: routed.pool }), ...(log ? { log } : {}) });
    handle.readRouting = () => ({ ...routed.counts });
  }
  return handle;
}

async function openPglite(
  dataDir: string,
  use: DataDirUse,
  startFrom: Blob | undefined,
  statementTimeoutMs: number,
  sharedBuffers: string,
  log: OpenOptions['onStatement'],
): Promise<DatabaseHandle> {
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new DatabaseOpenError(`shared_buffers must look like 128MB (got ${sharedBuffers})`);
  const inMemory = dataDir.startsWith('memory://');
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.W_OK);
      // One process per folder (data-dir-lock.ts): taken before PGlite reads a page.
      lock = lockDataDir(dataDir, use);
    } catch (error) {
      if (error instanceof DataDirHeldError) throw new DatabaseOpenError(error.message, { cause: error });
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseOpenError(`DATA_DIR ${dataDir} cannot be created or written: ${reason}`);
    }
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
      ...(startFrom && inMemory ? { loadDataDir: startFrom } : {}),
    });
  } catch (error) {
    lock?.release();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(
      `The embedded database in ${dataDir} could not be opened (${reason}). ` +
        'If the folder is damaged, move it aside and start again to create a fresh database.',
    );
  }
  // PGlite is one session: set once, the limit covers every query. (The WebAssembly build has no timer signal to
  // cancel a statement with yet, so there the setting is a promise for when it does; the bounded shutdown in
  // main.ts and ANALYZE after seeding are what keep a runaway query from hanging the embedded server.)
  await pglite.exec(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
  // PGlite is one connection: the pool must hand it to one query at a time. Each query's messages reach it in one
  // call (pglite-wire.ts), and hot statements run by name, planned once (named-statements.ts).
  const pool = new pg.Pool({ ...pgliteWireConfig(pglite), types, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }), ...(log ? { log } : {}) });
  const coordination = await pgliteCoordination(pglite);
  return {
    db,
    readDb: db,
    kind: 'pglite',
    coordination,
    poolStats: statsOf(pool),
    dumpImage: () => pglite.dumpDataDir('none'),
    async close() {
      try {
        await coordination.close();
        await db.destroy();
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
