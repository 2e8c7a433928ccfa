import http from 'node:http';
import type { OperationsConfig } from '../config.ts';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on its own port (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless set), not the store's (decision 037):
 * the store's port is the public one, and in a cluster it is shared round-robin, so a scrape there would read one
 * random worker. Plain node:http: nothing of the store's (hooks, limits, logs) applies to a scrape. Only GET /metrics.
 */
export async function listenForMetrics(
  operations: Pick<OperationsConfig, 'metricsPort' | 'metricsHost'>,
  read: () => Promise<{ contentType: string; body: string }>,
): Promise<MetricsListener | undefined> {
  if (operations.metricsPort === undefined) return undefined;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    read().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  // As long as the store's own port keeps an idle connection (Fastify's 72 s), not Node's 5 s: a scraper's next request
  // on a kept connection arriving while the process is busy met the 5 s timer firing first, and a reset (the memory
  // bench's ECONNRESET).
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(operations.metricsPort, operations.metricsHost, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
