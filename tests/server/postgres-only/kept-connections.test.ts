import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../account-helpers.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * The pool keeps its idle connections (each compiled the triggers and prepared the named statements) and survives
 * one the server ends while it is idle: PostgreSQL only (PGlite has no backends to end).
 */
let store: TestApp;
beforeAll(async () => {
  store = await startTestApp({ seed: false });
});
afterAll(async () => {
  await store.close();
});

const backendPid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.database.db)).rows[0]?.pid;

describe('pooled PostgreSQL connections', () => {
  it('keeps an idle connection past pg’s 10 s default, timed by the pool’s own clock', async () => {
    const before = await backendPid();
    // The next release starts the pool's idle timer on a clock the test moves (the connection exists already).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await backendPid()).toBe(before);
      await vi.advanceTimersByTimeAsync(11_000);
      expect(store.database.poolStats().total).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
    expect(await backendPid()).toBe(before);
  });

  it('drops a connection the server ended while it was idle and answers on a new one, the process still up', async () => {
    const ended = await backendPid();
    const admin = new pg.Client({ connectionString: store.databaseUrl });
    await admin.connect();
    const complaints = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await admin.query('select pg_terminate_backend($1)', [ended]);
      // The pool hears the end on the idle connection (its 'error'), logged instead of ending the process.
      const heard = await eventually(
        async () => (complaints.mock.calls.some((call) => String(call[0]).includes('idle database connection')) ? true : undefined),
        60_000,
      );
      expect(heard).toBe(true);
      const next = await backendPid();
      expect(next).toBeDefined();
      expect(next).not.toBe(ended);
    } finally {
      complaints.mockRestore();
      await admin.end();
    }
  });
});
