/**
 * The store's API on a free loopback port, in its own process so the load generator does not share its event loop.
 * Started by the benches (bench/lib/measure.ts's startBenchServer, listing.bench.ts) with DATA_DIR or DATABASE_URL set;
 * reports its port over IPC and stops on SIGTERM or when the parent goes away.
 *
 * BENCH_WORKERS=N (with DATABASE_URL; default 1) serves from N processes sharing the port, as WEB_CONCURRENCY=N
 * does for the store (server/process/cluster-primary.ts, decision 030): this process becomes node:cluster's primary,
 * forks N workers running this file, and reports { port, pids } once all of them listen, pids being every server
 * process (itself and the workers) so a bench can add up their CPU time.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { defaultRateLimits, withPerIpScale } from '../../server/services/platform/rate-limit.ts';

const workerCount = Number(process.env.BENCH_WORKERS?.trim() || '1');
if (!Number.isInteger(workerCount) || workerCount < 1)
  throw new Error(`BENCH_WORKERS must be a whole number from 1 (got ${process.env.BENCH_WORKERS})`);
if (workerCount > 1 && !process.env.DATABASE_URL?.trim())
  throw new Error('BENCH_WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');

if (cluster.isPrimary && workerCount > 1) await runPrimary();
else await serve();

/** One server: the whole bench server when BENCH_WORKERS=1, or one worker of several. */
async function serve(): Promise<void> {
  // Load shedding off unless asked for: a bench measures the saturated server, not its 503s (decision 037).
  const config = readConfig({
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    STATIC_DIR: 'bench/no-spa',
    WEB_CONCURRENCY: '1',
  });
  const database = await openDatabase(config);
  // RATE_LIMIT_SCALE as main.ts reads it: the checkout bench's shoppers all come from 127.0.0.1.
  const rateLimits = withPerIpScale(defaultRateLimits, config.rateLimitScale);
  const app = await buildApp({ db: database.db, config, rateLimits }, { logger: false });
  // In a worker port 0 is the one random port node:cluster's primary picked for every worker.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server is not on a TCP port');

  async function stop(): Promise<void> {
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.once('SIGTERM', () => void stop());
  if (cluster.isWorker) return;
  process.once('disconnect', () => void stop());
  // The memory bench asks where the resident memory goes: the V8 heap, external memory (PGlite's WebAssembly memory
  // counts there) and the rest (compiled code, native libraries, Node itself).
  process.on('message', (message: unknown) => {
    if (typeof message === 'object' && message !== null && 'memory' in message) process.send?.({ memory: process.memoryUsage() });
  });
  process.send?.({ port: address.port, pids: [process.pid] });
}

/**
 * Forks the workers; once all listen, tells the bench the port and the pids. The captcha and media keys are made here
 * once and handed down, as the store's primary does, so a challenge one worker made is good on another.
 */
async function runPrimary(): Promise<void> {
  const config = readConfig({ ...process.env, WEB_CONCURRENCY: String(workerCount) });
  const shared = { CAPTCHA_HMAC_KEY: config.captcha.hmacKey, MEDIA_SIGNING_KEY: config.uploads.signingKey, UPLOAD_DIR: config.uploads.dir };
  const workers: Worker[] = [];
  let listening = 0;
  let stopping = false;
  for (let i = 0; i < workerCount; i += 1) {
    const worker = cluster.fork(shared);
    workers.push(worker);
    worker.once('listening', (address) => {
      listening += 1;
      if (listening === workerCount) process.send?.({ port: address.port, pids: [process.pid, ...workers.map((w) => w.process.pid ?? 0)] });
    });
    // A bench worker that dies is a failed run, not one to restart.
    worker.once('exit', (code) => {
      if (!stopping) {
        console.error(`bench worker ${worker.process.pid} exited (${String(code)})`);
        process.exit(1);
      }
    });
  }
  const stop = async () => {
    stopping = true;
    await Promise.all(
      workers.map((worker) =>
        worker.isDead()
          ? undefined
          : new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
      ),
    );
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
}
