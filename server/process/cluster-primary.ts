import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { closeWithin } from '../services/platform/shutdown.ts';
import { prepareDatabase } from './prepare-database.ts';
import { listenForMetrics } from './metrics-listener.ts';
import { primaryLog } from './primary-log.ts';
import { restartDelayMs } from './restart-backoff.ts';
import { startupNotes } from './startup-notes.ts';

/** The variable that tells a forked worker its slot (serve-store.ts's WorkerRole.slot). Not for operators. */
export const workerSlotVariable = 'STORE_WORKER_SLOT';

/** One place in the cluster: its current worker, and the back-off its replacements follow. */
interface Slot {
  index: number;
  worker: Worker | undefined;
  startedAt: number;
  /** The delay before this slot's current worker started (0: the first start). */
  delayMs: number;
  restart: NodeJS.Timeout | undefined;
}

/**
 * What every worker must share, taken from this process's configuration: the keys that sign captcha challenges and
 * media links (made up once here when unset, or a challenge one worker signed fails on the next), and the uploads
 * folder (with DATA_DIR=memory:// each process would make up its own temporary one).
 */
export function sharedWorkerEnvironment(config: Config): Record<string, string> {
  return { CAPTCHA_HMAC_KEY: config.captcha.hmacKey, MEDIA_SIGNING_KEY: config.uploads.signingKey, UPLOAD_DIR: config.uploads.dir };
}

/**
 * WEB_CONCURRENCY above 1: this process (node:cluster's primary) migrates and seeds the database once, then forks
 * that many workers sharing the port (serve-store.ts in each), replaces one that dies (with a back-off, and a log
 * line), and on SIGTERM/SIGINT passes SIGTERM on and waits for them for SHUTDOWN_GRACE_MS before it kills the rest.
 * It prints "The store is open at …" once every worker listens. Decision 030.
 */
export async function runClusterPrimary(config: Config): Promise<void> {
  const log = primaryLog(config.logLevel);
  const count = config.webConcurrency;
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database.db, config);
  } finally {
    await database.close();
  }
  for (const note of startupNotes(config, count)) log[note.level](note.fields, note.message);

  // Every worker's metrics, summed (prom-client asks each over the cluster's IPC channel): one scrape, the whole server.
  const aggregator = new AggregatorRegistry();
  const metrics = await listenForMetrics(config.operations, async () => ({
    contentType: aggregator.contentType,
    body: await aggregator.clusterMetrics(),
  }));
  if (metrics) log.info({ port: metrics.port, host: config.operations.metricsHost }, 'metrics at /metrics (every worker, summed)');

  const shared = sharedWorkerEnvironment(config);
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({ index, worker: undefined, startedAt: 0, delayMs: 0, restart: undefined }));
  let listening = 0;
  let opened = false;
  let closing = false;

  const start = (slot: Slot) => {
    slot.restart = undefined;
    const worker = cluster.fork({ ...shared, [workerSlotVariable]: String(slot.index) });
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.once('listening', (address) => {
      if (opened) {
        log.info({ workerId: worker.id, workerPid: worker.process.pid, slot: slot.index }, 'worker listening');
        return;
      }
      listening += 1;
      if (listening < count) return;
      opened = true;
      log.info({ workers: slots.map((s) => ({ id: s.worker?.id, pid: s.worker?.process.pid })) }, `${count} workers listening`);
      // The same plain line as one process prints, for people and for the e2e set-up (PORT=0).
      console.log(`The store is open at http://localhost:${address.port} (${count} workers)`);
    });
    worker.once('exit', (code, signal) => {
      slot.worker = undefined;
      if (closing) return;
      const fields = { workerId: worker.id, workerPid: worker.process.pid, slot: slot.index, code, signal };
      if (!opened) {
        // A worker that cannot start (the database refused it, the port is taken) would fail again: stop, as one
        // process would. Its own message is above, on the shared stderr.
        log.error(fields, 'a worker could not start: stopping the server');
        void stopAll('worker failed to start', 1);
        return;
      }
      slot.delayMs = restartDelayMs(slot.delayMs, Date.now() - slot.startedAt);
      log.error({ ...fields, restartInMs: slot.delayMs }, 'worker died: starting another');
      slot.restart = setTimeout(() => start(slot), slot.delayMs);
    });
  };

  const exited = (worker: Worker) => (worker.isDead() ? Promise.resolve() : new Promise<void>((resolve) => worker.once('exit', () => resolve())));

  const stopAll = async (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    log.info({ reason }, 'shutting down the workers');
    for (const slot of slots) clearTimeout(slot.restart);
    const live = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
    const codes: (number | null)[] = [];
    for (const worker of live) {
      worker.once('exit', (code) => codes.push(code));
      // Each worker runs its own graceful shutdown (serve-store.ts), bounded by the same SHUTDOWN_GRACE_MS.
      worker.process.kill('SIGTERM');
    }
    const outcome = await closeWithin(config.shutdownGraceMs, async () => {
      await Promise.all(live.map(exited));
    });
    if (outcome === 'timed-out') {
      const late = live.filter((worker) => !worker.isDead());
      log.error({ graceMs: config.shutdownGraceMs, workerPids: late.map((w) => w.process.pid) }, 'workers did not stop in time: killing them');
      for (const worker of late) worker.process.kill('SIGKILL');
      await Promise.all(late.map(exited));
    }
    const clean = outcome === 'closed' && codes.every((code) => code === 0);
    process.exit(exitCode !== 0 || !clean ? 1 : 0);
  };
  process.once('SIGINT', () => void stopAll('SIGINT', 0));
  process.once('SIGTERM', () => void stopAll('SIGTERM', 0));

  for (const slot of slots) start(slot);
}
