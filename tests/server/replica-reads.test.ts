import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseLsn, ReplicaGate, replicaRoutedPool, type WalPositions } from '../../server/db/replica-reads.ts';

/**
 * The read replica's coherence with the caches (decision 045): after a catalogue change is announced, no catalogue
 * read reaches the replica before it has replayed the primary's WAL as far as it went when the announcement came;
 * past REPLICA_MAX_WAIT_MS the read goes to the primary. The real replica (pg_basebackup) is npm run scale:test's.
 */

/** A primary whose WAL position the test moves, and a replica whose replay the test lets catch up. */
function fakeWal(): WalPositions & { primaryAt: bigint; replayedAt: bigint | undefined; primaryReads: number } {
  const wal = {
    primaryAt: 100n,
    replayedAt: 100n as bigint | undefined,
    primaryReads: 0,
    primary: async () => {
      wal.primaryReads++;
      return wal.primaryAt;
    },
    replayed: async () => wal.replayedAt,
  };
  return wal;
}

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

describe('parseLsn', () => {
  it("reads PostgreSQL's pg_lsn text as one comparable number", () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nonsense')).toThrow(/WAL position/);
  });
});

describe('the replica gate', () => {
  it('sends reads to the replica at once while no change is announced', () => {
    const gate = new ReplicaGate(fakeWal(), { maxWaitMs: 1000 });
    expect(gate.route()).toBe('replica');
  });

  it('holds reads after a change until the replica has replayed past the primary position read after the announcement', async () => {
    const wal = fakeWal();
    const gate = new ReplicaGate(wal, { maxWaitMs: 5000, pollMs: 1 });
    // The change is committed on the primary (its WAL moves on), then announced.
    wal.primaryAt = 250n;
    gate.changed();
    let routed: string | undefined;
    void Promise.resolve(gate.route()).then((target) => (routed = target));
    await tick(30);
    expect(routed).toBeUndefined();
    wal.replayedAt = 249n;
    await tick(30);
    expect(routed).toBeUndefined();
    wal.replayedAt = 250n;
    await tick(80);
    expect(routed).toBe('replica');
    expect(gate.route()).toBe('replica');
  });

  it('a change announced while the replica catches up with an earlier one is waited for too', async () => {
    const wal = fakeWal();
    const gate = new ReplicaGate(wal, { maxWaitMs: 5000, pollMs: 1 });
    wal.primaryAt = 200n;
    gate.changed();
    await tick(10);
    wal.primaryAt = 300n;
    gate.changed();
    let routed: string | undefined;
    void Promise.resolve(gate.route()).then((target) => (routed = target));
    wal.replayedAt = 200n;
    await tick(80);
    // The first change is replayed, the second not: still held.
    expect(routed).toBeUndefined();
    expect(gate.current).toBe(false);
    wal.replayedAt = 300n;
    await tick(80);
    expect(routed).toBe('replica');
    expect(wal.primaryReads).toBe(2);
  });

  it('sends a read to the primary when the replica stays behind longer than maxWaitMs', async () => {
    const wal = fakeWal();
    const gate = new ReplicaGate(wal, { maxWaitMs: 40, pollMs: 1 });
    wal.primaryAt = 500n;
    gate.changed();
    const started = performance.now();
    expect(await gate.route()).toBe('primary');
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    // Still behind: the next read goes to the primary at once, without waiting again; once replayed, back to the replica.
    expect(gate.route()).toBe('primary');
    // A newer change is waited for again (the replica may be back by then).
    wal.primaryAt = 600n;
    gate.changed();
    expect(gate.route()).toBeInstanceOf(Promise);
    wal.replayedAt = 600n;
    await tick(80);
    expect(gate.route()).toBe('replica');
  });

  it('a read server not in recovery (no replay position) has nothing to wait for', async () => {
    const wal = fakeWal();
    wal.replayedAt = undefined;
    const gate = new ReplicaGate(wal, { maxWaitMs: 5000, pollMs: 1 });
    wal.primaryAt = 900n;
    gate.changed();
    expect(await gate.route()).toBe('replica');
  });

  it('keeps trying when a position cannot be read, and reads go to the primary meanwhile', async () => {
    const wal = fakeWal();
    let failing = true;
    const errors: unknown[] = [];
    const gate = new ReplicaGate(
      {
        primary: async () => {
          if (failing) throw new Error('primary unreachable');
          return wal.primary();
        },
        replayed: () => wal.replayed(),
      },
      { maxWaitMs: 20, pollMs: 1 },
      (error) => errors.push(error),
    );
    gate.changed();
    expect(await gate.route()).toBe('primary');
    expect(errors.length).toBeGreaterThan(0);
    failing = false;
    await tick(120);
    expect(gate.route()).toBe('replica');
  });
});

function fakePool(name: string, log: string[], fail = false): PostgresPool {
  const client: PostgresPoolClient = {
    query: (() => {
      throw new Error('not used');
    }) as PostgresPoolClient['query'],
    release: () => log.push(`${name} released`),
  };
  return {
    connect: async () => {
      if (fail) throw new Error(`${name} down`);
      log.push(name);
      return client;
    },
    end: async () => {
      log.push(`${name} ended`);
    },
  };
}

describe('the routed read pool', () => {
  it('takes connections from the replica when it is current, from the primary when it is behind or down', async () => {
    const wal = fakeWal();
    const gate = new ReplicaGate(wal, { maxWaitMs: 20, pollMs: 1 });
    const log: string[] = [];
    const { pool, counts } = replicaRoutedPool(fakePool('replica', log), fakePool('primary', log), gate);
    await pool.connect();
    wal.primaryAt = 700n;
    gate.changed();
    await pool.connect();
    expect(log).toEqual(['replica', 'primary']);
    expect(counts).toEqual({ replica: 1, primary: 1, waited: 1 });

    const down = replicaRoutedPool(fakePool('replica', log, true), fakePool('primary', log), new ReplicaGate(fakeWal(), { maxWaitMs: 20 }));
    await down.pool.connect();
    expect(log.at(-1)).toBe('primary');
    expect(down.counts.primary).toBe(1);
    // Ending the read pool ends the replica's pool only: the primary's belongs to the primary handle.
    await pool.end();
    expect(log.at(-1)).toBe('replica ended');
  });
});
