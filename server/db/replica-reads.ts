import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Catalogue reads on a streaming replica (DATABASE_READ_URL, decision 045), kept coherent with the caches.
 *
 * A catalogue change is announced by the primary (migration 029's NOTIFY, decision 042) and every instance drops what
 * its caches hold of it; the next read refills them. On a replica that has not replayed the change yet, that refill
 * would put the old price back in the cache for its whole age. So each notification holds the replica's reads back
 * until the replica has replayed the primary's WAL as far as it went when the notification arrived (NOTIFY is sent
 * after the commit, so that position is past the change): a read waits for that, at most `maxWaitMs`, and is sent to
 * the primary instead if the replica is further behind.
 */

/** A pg_lsn ('16/B374D848') as a number, to compare positions. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1] ?? '0'}`) << 32n) | BigInt(`0x${match[2] ?? '0'}`);
}

export interface WalPositions {
  /** Where the primary's WAL ends now (pg_current_wal_insert_lsn: past every commit already announced). */
  primary(): Promise<bigint>;
  /** How far the replica has replayed (pg_last_wal_replay_lsn); undefined when it is not in recovery (nothing to wait for). */
  replayed(): Promise<bigint | undefined>;
}

export interface ReplicaGateOptions {
  /** The longest a read waits for the replica before it goes to the primary. */
  maxWaitMs: number;
  /** The first pause between two looks at the replica's position; doubled up to 50 ms while it stays behind. */
  pollMs?: number;
}

export type ReadTarget = 'replica' | 'primary';

/** Whether the replica has replayed every change announced so far, and the waits for it. */
export class ReplicaGate {
  /** Changes announced (each notification adds one)… */
  #announced = 0;
  /** …and how many of them the replica has replayed. */
  #replayed = 0;
  /** Changes a read already waited maxWaitMs for: until the replica has them, reads go to the primary at once. */
  #readAround = 0;
  #catchingUp: Promise<void> | undefined;
  readonly #waiters = new Set<{ change: number; done: () => void }>();
  readonly #pollMs: number;

  constructor(
    private readonly positions: WalPositions,
    private readonly options: ReplicaGateOptions,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.#pollMs = options.pollMs ?? 2;
  }

  /** A catalogue change was announced: reads from now on wait until the replica has it. Synchronous on purpose, so
   * it holds the reads back before the caches it is announced to drop anything. */
  changed(): void {
    this.#announced++;
    if (!this.#catchingUp) this.#catchingUp = this.#catchUp().finally(() => (this.#catchingUp = undefined));
  }

  /** Whether the replica has every change announced so far. */
  get current(): boolean {
    return this.#replayed >= this.#announced;
  }

  /**
   * Where a read starting now goes: the replica once it has every change announced so far, else (after maxWaitMs)
   * the primary. Once one read has waited that long for a change, the next ones go to the primary without waiting
   * until the replica has it: a page's several queries do not each wait for a replica that is far behind.
   */
  route(): Promise<ReadTarget> | ReadTarget {
    if (this.current) return 'replica';
    const change = this.#announced;
    if (this.#readAround >= change) return 'primary';
    return new Promise<ReadTarget>((resolve) => {
      const waiter = {
        change,
        done: () => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve('replica');
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        this.#readAround = Math.max(this.#readAround, change);
        resolve('primary');
      }, this.options.maxWaitMs);
      this.#waiters.add(waiter);
    });
  }

  async #catchUp(): Promise<void> {
    let pause = this.#pollMs;
    while (this.#replayed < this.#announced) {
      const upTo = this.#announced;
      try {
        // Read after the notification arrived: the primary's WAL already holds the change's commit.
        const target = await this.positions.primary();
        for (;;) {
          const replayed = await this.positions.replayed();
          if (replayed === undefined || replayed >= target) break;
          await new Promise((resolve) => setTimeout(resolve, pause));
          pause = Math.min(50, pause * 2);
        }
        pause = this.#pollMs;
        this.#replayed = upTo;
        for (const waiter of this.#waiters) if (waiter.change <= upTo) waiter.done();
      } catch (error) {
        // Either server unreachable: reads time out to the primary meanwhile; try again shortly.
        this.onError(error);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}

/**
 * The pool the read handle's Kysely is given: each connection from the replica when the gate says it is current,
 * from the primary otherwise, and from the primary when the replica cannot be reached. `counts` says how many went
 * where (the scale test and the metrics read it).
 */
export function replicaRoutedPool(
  replica: PostgresPool,
  primary: PostgresPool,
  gate: ReplicaGate,
  onError: (error: unknown) => void = () => undefined,
) {
  const counts = { replica: 0, primary: 0, waited: 0 };
  const pool: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      const waits = !gate.current;
      const target = await gate.route();
      if (waits) counts.waited++;
      if (target === 'replica') {
        try {
          const client = await replica.connect();
          counts.replica++;
          return client;
        } catch (error) {
          onError(error);
        }
      }
      counts.primary++;
      return primary.connect();
    },
    // The primary's pool is the primary handle's: it is ended with that one.
    end: () => replica.end(),
  };
  return { pool, counts };
}
