import cluster from 'node:cluster';
import { StorageUnreachableError } from './adapters/storage/s3-storage.ts';
import { ConfigError, readConfig } from './config.ts';
import { DatabaseOpenError } from './db/connection.ts';
import { runClusterPrimary, workerSlotVariable } from './process/cluster-primary.ts';
import { serveStore } from './process/serve-store.ts';

/**
 * One process by default (WEB_CONCURRENCY=1): it migrates, seeds and serves. With WEB_CONCURRENCY above 1 (only on
 * PostgreSQL) this process becomes node:cluster's primary and forks the workers, which run this same file and serve.
 */
async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) {
    const slot = Number(process.env[workerSlotVariable] ?? 0);
    await serveStore(config, { id: cluster.worker?.id ?? 0, slot });
  } else if (config.webConcurrency > 1) {
    await runClusterPrimary(config);
  } else {
    await serveStore(config, undefined);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof StorageUnreachableError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
