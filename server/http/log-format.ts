import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's logger for the configuration: JSON lines in production (what a log collector reads), pino-pretty's
 * coloured one-line-a-request in development (LOG_FORMAT says otherwise). pino-pretty runs in pino's transport
 * thread, so formatting never holds up a request. `base` replaces pino's own fields (a cluster worker adds its id).
 */
export function loggerFor(config: Config, base?: Record<string, unknown>): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    ...(base ? { base } : {}),
    ...(config.operations.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
