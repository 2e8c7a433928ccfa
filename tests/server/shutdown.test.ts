import { once } from 'node:events';
import net from 'node:net';
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

describe('shutdown with slow clients (issue 26)', () => {
  /** A raw connection to the listening app that has written `text` and then goes quiet. */
  async function quietClient(port: number, text: string): Promise<net.Socket> {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write(text);
    return socket;
  }

  it('slow-header, slow-body and idle keep-alive clients do not hold the close past the grace', async () => {
    const t = await startTestApp({ seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const clients = [
      await quietClient(port, 'GET /connect/index/banners HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      await quietClient(
        port,
        'POST /api/cart/showcart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"cart_id":',
      ),
    ];
    // A keep-alive connection that finished one request and stays open.
    const idle = await quietClient(port, 'GET /api/nothing-here HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(idle, 'data');
    clients.push(idle);
    // The production grace is 10 s (SHUTDOWN_GRACE_MS); the probe's 3 s is ample when nothing is in flight. The HTTP
    // side is what slow clients could hold: the test database's own drop (PostgreSQL runs) is timed apart.
    expect(await closeWithin(3_000, () => t.app.close())).toBe('closed');
    for (const client of clients) client.destroy();
    await t.database.close();
  });

  it('a request read whole still gets its answer while the server closes', async () => {
    const t = await startTestApp({ seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const slowDb = t.database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      started();
      await held;
    });
    await inside;
    // A banner request waits for the transaction's connection (PGlite has one), then answers.
    const received = once(t.app.server, 'request');
    const answer = fetch(`http://127.0.0.1:${port}/connect/index/banners`).then((r) => r.status);
    await received;
    const closing = closeWithin(3_000, () => t.app.close());
    release();
    await slowDb;
    expect(await answer).toBe(200);
    expect(await closing).toBe('closed');
    await t.database.close();
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
