import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentGateway } from '../../server/adapters/payments/payment-port.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { countedPayments } from '../../server/http/counted-adapters.ts';
import { overloadMessage, retryAfterSeconds } from '../../server/http/operations.ts';
import { Readiness } from '../../server/http/readiness.ts';
import { listenForMetrics } from '../../server/process/metrics-listener.ts';
import {
  cacheLookups,
  httpRequestSeconds,
  metricsRegistry,
  observeStatement,
  paymentCharges,
  statementSeconds,
  sweepPasses,
} from '../../server/services/platform/metrics.ts';
import { startPeriodicPass } from '../../server/services/platform/periodic-pass.ts';
import { databaseImage } from './database-images.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** A counter's or histogram's count for the labels given (0 when never seen): tests read how much it moved. */
async function countOf(metric: { get(): Promise<{ values: { labels: object; value: number; metricName?: string }[] }> }, labels: object) {
  const { values } = await metric.get();
  const wanted = Object.entries(labels);
  const matches = values.filter((v) => wanted.every(([key, value]) => (v.labels as Record<string, unknown>)[key] === value));
  // A histogram reports buckets, sum and count: its count is the one named *_count.
  const counts = matches.filter((v) => v.metricName === undefined || v.metricName.endsWith('_count') || !/_(bucket|sum)$/.test(v.metricName));
  return counts.reduce((sum, v) => sum + v.value, 0);
}

const quietLog = { info: () => undefined, error: () => undefined };

describe('health and readiness', () => {
  let t: TestApp;
  const readiness = new Readiness();
  beforeAll(async () => {
    t = await startTestApp({ seed: false, readiness });
  });
  afterAll(() => t.close());

  it('/readyz answers 503 while starting, 200 once ready with every check ok, 503 while draining; /healthz stays 200', async () => {
    const starting = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: 'starting', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });

    readiness.ready();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');

    readiness.drain();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'draining' });

    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
  });

  it('/readyz reports migrations the database has not run', async () => {
    const own = await startTestApp({ seed: false });
    try {
      await sql`delete from kysely_migration where name = '021-owner-allowances'`.execute(own.database.db);
      const response = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', migrations: 'failed' } });
    } finally {
      await own.close();
    }
  });

  it('an app readies itself when no caller moves its readiness', async () => {
    const own = await startTestApp({ seed: false });
    try {
      expect((await own.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('metrics', () => {
  it('are not on the store port, only on the metrics listener, and request counts move', async () => {
    const t = await startTestApp({ seed: false });
    const metrics = await listenForMetrics({ metricsPort: 0, metricsHost: '127.0.0.1' }, async () => ({
      contentType: metricsRegistry.contentType,
      body: await metricsRegistry.metrics(),
    }));
    try {
      // The public port has no /metrics (the SPA's 404 for an unknown path outside the API).
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);

      const before = await countOf(httpRequestSeconds, { route: '/healthz', method: 'GET', status: '200' });
      await t.app.inject({ method: 'GET', url: '/healthz' });
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(await countOf(httpRequestSeconds, { route: '/healthz', method: 'GET', status: '200' })).toBe(before + 2);

      if (!metrics) throw new Error('METRICS_PORT 0 should open a listener');
      const scrape = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain');
      const text = await scrape.text();
      expect(text).toMatch(/store_http_request_duration_seconds_count\{route="\/healthz",method="GET",status="200"\} \d+/);
      expect(text).toContain('store_db_pool_connections');
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    } finally {
      await metrics?.close();
      await t.close();
    }
  });

  it('METRICS_PORT unset opens no listener', async () => {
    expect(await listenForMetrics({ metricsPort: undefined, metricsHost: '127.0.0.1' }, async () => ({ contentType: '', body: '' }))).toBeUndefined();
  });

  it('the catalogue caches count hits and misses', async () => {
    const t = await startTestApp();
    try {
      const misses = await countOf(cacheLookups, { cache: 'service-areas', outcome: 'miss' });
      const hits = await countOf(cacheLookups, { cache: 'service-areas', outcome: 'hit' });
      // Two home pages: the first loads the served areas, the second finds them in the cache.
      const url = '/connect/index/homepage?store_id=1&zipcode=10001&loc_id=1&courier_type=local';
      for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(await countOf(cacheLookups, { cache: 'service-areas', outcome: 'miss' })).toBeGreaterThan(misses);
      expect(await countOf(cacheLookups, { cache: 'service-areas', outcome: 'hit' })).toBeGreaterThan(hits);
    } finally {
      await t.close();
    }
  });

  it('statements are timed by kind when the database is opened with observeStatement', async () => {
    // From the run's migrated image (no initdb: seconds on a loaded machine).
    const database = await openDatabase({ dataDir: 'memory://', startFrom: databaseImage(false), onStatement: observeStatement });
    try {
      const before = await countOf(statementSeconds, { statement: 'raw', outcome: 'ok' });
      await sql`select 1`.execute(database.db);
      expect(await countOf(statementSeconds, { statement: 'raw', outcome: 'ok' })).toBe(before + 1);
      await expect(sql`select * from no_such_table`.execute(database.db)).rejects.toThrow();
      expect(await countOf(statementSeconds, { statement: 'raw', outcome: 'error' })).toBeGreaterThan(0);
      expect(database.poolStats()).toMatchObject({ waiting: 0 });
    } finally {
      await database.close();
    }
  });

  it('sweep passes are timed by sweep and outcome', async () => {
    let passes = 0;
    let secondPass: () => void = () => undefined;
    const twoPasses = new Promise<void>((resolve) => (secondPass = resolve));
    const pass = startPeriodicPass('test-sweep', 5, quietLog, 'test sweep failed', async () => {
      passes += 1;
      if (passes === 2) secondPass();
      if (passes === 1) throw new Error('first pass fails');
    });
    await twoPasses;
    await pass.stop();
    expect(await countOf(sweepPasses, { sweep: 'test-sweep', outcome: 'failed' })).toBe(1);
    expect(await countOf(sweepPasses, { sweep: 'test-sweep', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('charges are counted by outcome, and the gateway’s other methods pass through to it', async () => {
    class Gateway {
      #declines = false;
      decline() {
        this.#declines = true;
      }
      async charge() {
        if (this.#declines) return { ok: false as const, message: 'Your card was declined.', paymentRef: null };
        return { ok: true as const, paymentRef: 'pi_1', brand: 'visa', last4: '4242' };
      }
      async paymentStatus(): Promise<never> {
        throw new Error('provider down');
      }
    }
    const inner = new Gateway();
    const gateway = countedPayments(inner as unknown as PaymentGateway);
    const request = {
      amountCents: 100,
      currency: 'usd' as const,
      source: { kind: 'token' as const, token: 't' },
      idempotencyKey: 'k',
      description: 'd',
      metadata: {},
    };
    const succeeded = await countOf(paymentCharges, { outcome: 'succeeded' });
    const declined = await countOf(paymentCharges, { outcome: 'declined' });
    expect(await gateway.charge(request)).toMatchObject({ ok: true });
    inner.decline();
    expect(await gateway.charge(request)).toMatchObject({ ok: false });
    expect(await countOf(paymentCharges, { outcome: 'succeeded' })).toBe(succeeded + 1);
    expect(await countOf(paymentCharges, { outcome: 'declined' })).toBe(declined + 1);
    await expect(gateway.paymentStatus('pi_1')).rejects.toThrow('provider down');
  });
});

describe('under pressure', () => {
  it('answers 503 with Retry-After at once while over its limit, and /healthz still answers', async () => {
    // A 1 MB resident-memory limit: every process is over it from the first sample on.
    const t = await startTestApp({ seed: false, env: { MAX_RSS_MB: '1', MAX_EVENT_LOOP_DELAY_MS: '0' }, overloadSampleMs: 10 });
    try {
      await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503), { timeout: 30_000 });
      const refused = await t.app.inject({ method: 'GET', url: '/connect/index/banners' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(refused.json()).toEqual({ code: 0, message: overloadMessage });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('serves as usual under its limits', async () => {
    // (Event loop delay off here: a 10 ms sample with no timer tick in it reads as an infinite delay.)
    const t = await startTestApp({ seed: false, env: { MAX_RSS_MB: '1000000', MAX_EVENT_LOOP_DELAY_MS: '0' }, overloadSampleMs: 10 });
    try {
      await vi.waitFor(() => expect(t.app.memoryUsage().rssBytes).toBeGreaterThan(0), { timeout: 30_000 });
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.json()).toMatchObject({ status: 'ready' });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('operations configuration', () => {
  it('reads METRICS_PORT, LOG_FORMAT, the load limits and the drain, with defaults', () => {
    expect(readConfig({}).operations).toEqual({
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      logFormat: 'pretty',
      maxEventLoopDelayMs: 1000,
      maxRssMb: 0,
      shutdownDrainMs: 0,
    });
    expect(readConfig({ NODE_ENV: 'production' }).operations.logFormat).toBe('json');
    expect(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', LOG_FORMAT: 'json', SHUTDOWN_DRAIN_MS: '5000' }).operations).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
      logFormat: 'json',
      shutdownDrainMs: 5000,
    });
    expect(() => readConfig({ METRICS_PORT: 'yes' })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('reads SWEEP_INTERVAL_MS: unset keeps each sweep its own interval, a value sets all of them (decision 042)', () => {
    expect(readConfig({}).operations.sweepIntervalMs).toBeUndefined();
    expect(readConfig({ SWEEP_INTERVAL_MS: '1000' }).operations.sweepIntervalMs).toBe(1000);
    expect(() => readConfig({ SWEEP_INTERVAL_MS: '5' })).toThrow(/SWEEP_INTERVAL_MS/);
  });
});
