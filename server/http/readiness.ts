import { sql, type Kysely } from 'kysely';
import { newStorageKey, type FileStorage } from '../adapters/storage/storage-port.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

/**
 * Whether this process should be sent traffic: 'starting' until the server listens, 'ready', then 'draining' from the
 * shutdown signal on (the load balancer takes it out while requests in flight finish). A caller that builds the app
 * itself (serve-store.ts) moves it; an app given none makes its own, ready once the app is.
 */
export class Readiness {
  private phase: 'starting' | 'ready' | 'draining' = 'starting';

  get state(): 'starting' | 'ready' | 'draining' {
    return this.phase;
  }

  ready(): void {
    if (this.phase === 'starting') this.phase = 'ready';
  }

  drain(): void {
    this.phase = 'draining';
  }
}

/** A check's answer: a probe says no more than this (no error text on a public port); the log has the reason. */
export type CheckOutcome = 'ok' | 'failed' | 'slow';

/** A dependency that answers slower than this counts as not ready (a load balancer's probe waits 2-5 s). */
export const readinessCheckMs = 2_000;

async function within(ms: number, check: () => Promise<unknown>, onError: (error: unknown) => void): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<CheckOutcome>((resolve) => {
    // After the timer, one more turn of the loop: a check whose answer arrived while a synchronous stretch (PGlite's
    // WebAssembly) held the loop past the deadline is read before the timer's verdict.
    timer = setTimeout(() => setImmediate(() => resolve('slow')), ms);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok' as const,
        (error: unknown) => {
          onError(error);
          return 'failed' as const;
        },
      ),
      slow,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessReport {
  status: 'ready' | 'starting' | 'draining' | 'unavailable';
  checks: { database: CheckOutcome; migrations: CheckOutcome; storage: CheckOutcome };
}

/**
 * /readyz's checks: the database answers, every migration this build knows has run (remembered once true: a schema
 * never goes back), and the uploads storage answers (the disk folder, or the S3 bucket).
 */
export function readinessProbe(db: Kysely<Database>, storage: FileStorage, readiness: Readiness, log: (error: unknown, check: string) => void) {
  let migrated = false;
  return async (): Promise<ReadinessReport> => {
    const [database, migrations, files] = await Promise.all([
      within(
        readinessCheckMs,
        () => sql`select 1`.execute(db),
        (error) => log(error, 'database'),
      ),
      migrated
        ? Promise.resolve<CheckOutcome>('ok')
        : within(
            readinessCheckMs,
            async () => {
              const pending = await pendingMigrations(db);
              if (pending.length > 0) throw new Error(`migrations not run: ${pending.join(', ')}`);
              migrated = true;
            },
            (error) => log(error, 'migrations'),
          ),
      // A read of a key nobody wrote: the folder or the bucket answers "nothing there" when it is reachable.
      within(
        readinessCheckMs,
        () => storage.get(newStorageKey()),
        (error) => log(error, 'storage'),
      ),
    ]);
    const checks = { database, migrations, storage: files };
    const healthy = database === 'ok' && migrations === 'ok' && files === 'ok';
    const status = readiness.state !== 'ready' ? readiness.state : healthy ? 'ready' : 'unavailable';
    return { status, checks };
  };
}
