/**
 * The store's API on a free loopback port, in its own process so the load generator does not share its event loop.
 * Started by catalogue.bench.ts with DATA_DIR set; reports its port over IPC and stops on SIGTERM or when the
 * parent goes away.
 */
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { defaultRateLimits, withPerIpScale } from '../server/services/platform/rate-limit.ts';

const config = readConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_ON_START: 'false', STATIC_DIR: 'bench/no-spa' });
const database = await openDatabase(config);
// RATE_LIMIT_SCALE as main.ts reads it: the checkout bench's shoppers all come from 127.0.0.1.
const rateLimits = withPerIpScale(defaultRateLimits, config.rateLimitScale);
const app = await buildApp({ db: database.db, config, rateLimits }, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('The server is not on a TCP port');

async function stop(): Promise<void> {
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
// The memory bench asks where the resident memory goes: the V8 heap, external memory (PGlite's WebAssembly memory
// counts there) and the rest (compiled code, native libraries, Node itself).
process.on('message', (message: unknown) => {
  if (typeof message === 'object' && message !== null && 'memory' in message) process.send?.({ memory: process.memoryUsage() });
});
process.send?.({ port: address.port });
