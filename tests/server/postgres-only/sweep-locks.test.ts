import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepLockClass } from '../../../server/db/coordination.ts';
import type { Log } from '../../../server/services/platform/log.ts';
import { startPeriodicPass } from '../../../server/services/platform/periodic-pass.ts';
import { eventually } from '../account-helpers.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * Sweeps run by one instance at a time (decision 042): two apps on one PostgreSQL database, each with its own
 * coordination session, as two servers behind a load balancer. PostgreSQL's advisory locks only: this folder runs in
 * `npm run test:server:pg` alone (vitest.config.ts leaves it out of the PGlite run, where one process is one instance).
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const quietLog: Log = { info: () => undefined, error: () => undefined };
/** Waits (on what happened, not on a time) until `done` holds; a minute is far beyond what a busy machine needs. */
const until = (done: () => boolean) => eventually(async () => (done() ? true : undefined), 60_000);

describe('sweeps run by one instance at a time (PostgreSQL advisory locks)', () => {
  it('never runs one sweep on two instances at once, and the other instance takes it over when the holder dies', async () => {
    const running = new Set<string>();
    let overlaps = 0;
    const ran: string[] = [];
    const sweepOn = (who: string, t: TestApp) =>
      startPeriodicPass(
        'scale-test-sweep',
        10,
        quietLog,
        'failed',
        async () => {
          if (running.size > 0) overlaps++;
          running.add(who);
          ran.push(who);
          await new Promise((resolve) => setTimeout(resolve, 15));
          running.delete(who);
        },
        (sweep) => t.database.coordination.holdsSweep(sweep),
      );
    const a = sweepOn('first', first);
    const b = sweepOn('second', second);
    // Both instances try every 10 ms; twenty passes done means each tried many times while the other held the lock.
    expect(await until(() => ran.length >= 20)).toBe(true);
    expect(overlaps).toBe(0);
    const holder = ran[0];
    expect(new Set(ran).size).toBe(1);

    // The holder dies: its passes stop, and its session ends as a crashed process's does (the socket gone), which
    // is when PostgreSQL drops the lock.
    await (holder === 'first' ? a : b).stop();
    const killed = await sql<{ gone: boolean }>`
      select pg_terminate_backend(pid) as gone from pg_locks where locktype = 'advisory' and classid = ${sweepLockClass}`.execute(first.database.db);
    expect(killed.rows).toEqual([{ gone: true }]);
    const before = ran.length;
    expect(await until(() => ran.slice(before).some((who) => who !== holder))).toBe(true);
    expect(overlaps).toBe(0);
    await (holder === 'first' ? b : a).stop();
  });
});
