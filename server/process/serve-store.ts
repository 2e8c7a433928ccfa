import os from 'node:os';
import { paymentGatewayFromConfig } from '../adapters/payments/payments-from-config.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { storeServerUse } from '../db/data-dir-lock.ts';
import { loggerFor } from '../http/log-format.ts';
import { Readiness } from '../http/readiness.ts';
import { collectProcessMetrics, metricsRegistry, observeStatement, watchPool, watchReadRouting } from '../services/platform/metrics.ts';
import { listenForMetrics } from './metrics-listener.ts';
import { useStructuresMemory } from '../services/platform/cache-budgets.ts';
import { defaultRateLimits, withPerIpScale } from '../services/platform/rate-limit.ts';
import { closeWithin } from '../services/platform/shutdown.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startupNotes } from './startup-notes.ts';

/** Who this process is in a cluster (server/process/cluster-primary.ts); undefined when it is the only one. */
export interface WorkerRole {
  /** node:cluster's worker id: a restarted worker gets a new one. Every log line carries it. */
  id: number;
  /** The worker's place, 0 to WEB_CONCURRENCY - 1: a restarted worker takes its predecessor's. */
  slot: number;
}

/** The slot that runs the periodic sweeps (payments, KYC leftovers, unconfirmed orders): one worker is enough. */
export const sweepingSlot = 0;

/**
 * Serves the store from this process: opens the database, builds the app, listens, and shuts down cleanly on
 * SIGTERM/SIGINT. Alone (worker undefined) it also migrates and seeds, logs the start-up notes and prints the line
 * people and the e2e set-up wait for; a cluster's primary does those for its workers.
 */
export async function serveStore(config: Config, worker: WorkerRole | undefined): Promise<void> {
  useStructuresMemory(config.catalogueMemoryMb);
  const database = await openDatabase({ ...config, use: storeServerUse, onStatement: observeStatement });
  if (!worker) await prepareDatabase(database.db, config);
  collectProcessMetrics();
  const unwatchPool = watchPool(database.poolStats);
  // With DATABASE_READ_URL: how many catalogue reads the replica served and how many went to the primary.
  const unwatchRouting = database.readRouting ? watchReadRouting(database.readRouting) : () => undefined;
  // 'starting' until the port is open, 'draining' from SIGTERM on (/readyz).
  const readiness = new Readiness();

  // The sweeps take their rows with conditional updates, so two processes never act twice on one order (the
  // payment-reconciler and pay-on-delivery tests run two passes at once); one worker of a cluster offers to run them,
  // and among the instances on one database the holder of each sweep's advisory lock runs it (decision 042), so N
  // instances do not ask the card provider N times a minute about the same orders.
  const sweeps = !worker || worker.slot === sweepingSlot;
  const every = config.operations.sweepIntervalMs;
  const app = await buildApp(
    {
      db: database.db,
      readDb: database.readDb,
      config,
      payments: paymentGatewayFromConfig(config),
      rateLimits: withPerIpScale(defaultRateLimits, config.rateLimitScale),
      readiness,
      coordination: database.coordination,
      ...(sweeps
        ? {
            paymentSweepMs: every ?? 60_000,
            kycSweepMs: every ?? 60 * 60_000,
            unconfirmedOrderSweepMs: every ?? 60_000,
            keptLinesSweepMs: every ?? 60 * 60_000,
          }
        : {}),
    },
    // pino's own base (pid, hostname), and in a cluster the worker's id: which process said what.
    worker ? { logger: loggerFor(config, { pid: process.pid, hostname: os.hostname(), worker: worker.id }) } : {},
  );
  if (!worker) for (const note of startupNotes(config, 1)) app.log[note.level](note.fields, note.message);

  // Alone, this process serves its metrics; in a cluster the primary serves every worker's, summed.
  const metrics = worker
    ? undefined
    : await listenForMetrics(config.operations, async () => ({ contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() }));
  if (metrics) app.log.info({ port: metrics.port, host: config.operations.metricsHost }, 'metrics at /metrics');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.drain();
    const drainMs = config.operations.shutdownDrainMs;
    app.log.info({ signal, drainMs }, 'shutting down');
    // Still serving, /readyz 503: the load balancer's health checks take this process out before it stops listening.
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Stop taking requests, let in-flight ones finish, then close the database so PGlite flushes its files; within
    // SHUTDOWN_GRACE_MS, or leave anyway (committed work is on disk; a query still running is the one to lose).
    try {
      const outcome = await closeWithin(config.shutdownGraceMs, async () => {
        await app.close();
        unwatchPool();
        unwatchRouting();
        await metrics?.close();
        await database.close();
      });
      if (outcome === 'timed-out') app.log.error({ graceMs: config.shutdownGraceMs }, 'shutdown did not finish in time: exiting with work in flight');
      process.exit(outcome === 'closed' ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  readiness.ready();
  if (worker) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  // One plain line for people and for the e2e set-up, which starts the server on a free port (PORT=0).
  console.log(`The store is open at http://localhost:${port}`);
}
