import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { closeWithin } from '../../server/services/platform/shutdown.ts';
import { startTestApp } from './test-app.ts';

/** CHECKOUT_DATABASE_URL (an empty PostgreSQL database) runs the statement timeout against a real server too. */
const databaseUrl = process.env.CHECKOUT_DATABASE_URL;

describe('shutdown with work in flight', () => {
  it('ends within the grace period while a transaction holds the only connection', async () => {
    const t = await startTestApp({ seed: false });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (started = resolve));
    // A request's query that never ends: the pool cannot close while it holds the connection.
    const inFlight = t.database.db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(0.01)`.execute(trx);
      started();
      await held;
    });
    await inside;
    const closing = t.close();
    expect(await closeWithin(200, () => closing)).toBe('timed-out');
    // The test's own clean-up: let the transaction end so the database closes.
    release();
    await inFlight;
    await closing;
  });

  it('reports closed when everything closes in time', async () => {
    const t = await startTestApp({ seed: false });
    expect(await closeWithin(60_000, () => t.close())).toBe('closed');
  });

  it('reads SHUTDOWN_GRACE_MS and DB_STATEMENT_TIMEOUT_MS, with bounded defaults', () => {
    expect(readConfig({})).toMatchObject({ shutdownGraceMs: 10_000, statementTimeoutMs: 15_000 });
    expect(readConfig({ SHUTDOWN_GRACE_MS: '2500', DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({ shutdownGraceMs: 2500, statementTimeoutMs: 0 });
    expect(() => readConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});

describe('statement timeout', () => {
  it('every query of the database handle runs under DB_STATEMENT_TIMEOUT_MS', async () => {
    const t = await startTestApp({ seed: false, env: { DB_STATEMENT_TIMEOUT_MS: '300', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
    try {
      const setting = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.database.db);
      expect(setting.rows[0]?.statement_timeout).toBe('300ms');
      if (t.database.kind === 'postgres') {
        // A real server cancels the runaway statement (PGlite's WebAssembly build has no timer to do it with).
        await expect(sql`select pg_sleep(5)`.execute(t.database.db)).rejects.toThrow(/statement timeout/);
      }
    } finally {
      await t.close();
    }
  });
});
