import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpRequestSeconds, overloadRejections } from '../services/platform/metrics.ts';
import type { ReadinessReport } from './readiness.ts';

/** What a client told to come back is told: seconds (a load balancer retries another instance at once). */
export const retryAfterSeconds = 5;

export interface OverloadLimits {
  /** Mean event loop delay over a sample (ms) above which requests are refused; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Resident memory (bytes) above which requests are refused; 0: not checked. */
  maxRssBytes: number;
  /** How often the figures are sampled (ms; under-pressure's default 1000). Tests sample faster. */
  sampleIntervalMs?: number;
}

export const overloadMessage = 'The store is busy. Please try again in a few seconds.';

const refusal = { code: 0, message: overloadMessage };

/** Routes a busy process still answers: liveness (a busy process is alive; killing it would lose its work). */
const answeredUnderPressure = { pressureHandler: () => undefined };

/**
 * The operations routes and hooks (decision 037): GET /healthz (the process answers), GET /readyz (send it traffic?),
 * every request's time into the metrics, and a 503 with Retry-After, at once, while the process is over its load
 * limits instead of queueing requests without bound. Registered before the app's routes are tracked: the contract
 * fuzz and the IDOR matrix are about the store's API, not these.
 */
export async function useOperations(app: FastifyInstance, probe: () => Promise<ReadinessReport>, limits: OverloadLimits): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not its URL (bounded labels); requests no route matched share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestSeconds.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxRssBytes: limits.maxRssBytes,
    ...(limits.sampleIntervalMs !== undefined ? { sampleInterval: limits.sampleIntervalMs } : {}),
    // Our own answer (the plugin's error would reach the app's error handler as a 500): 503, Retry-After, and a
    // body the plugin sends without running the route.
    pressureHandler: (_request: FastifyRequest, reply: FastifyReply, type: string) => {
      overloadRejections.inc({ reason: type });
      reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
      // The plugin sends what the handler returns (its types say void; its code, index.js handlePressure, sends it).
      return refusal as unknown as undefined;
    },
  });

  app.get('/healthz', { config: answeredUnderPressure }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'alive' });
  });

  app.get('/readyz', async (_request, reply) => {
    const report = await probe();
    return reply
      .status(report.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
