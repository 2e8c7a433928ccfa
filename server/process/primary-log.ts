import os from 'node:os';
import type { Config } from '../config.ts';

/** pino's level numbers, so the primary's lines sort and filter with the workers' (Fastify's pino) lines. */
const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

export interface PrimaryLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * The cluster primary's log: JSON lines in pino's shape ({ level, time, pid, hostname, worker: 'primary', msg }) on
 * stdout, beside the workers' own. The primary builds no Fastify app, so it has no pino of its own to borrow.
 */
export function primaryLog(level: Config['logLevel'], write: (line: string) => void = (line) => process.stdout.write(line)): PrimaryLog {
  const threshold = levels[level];
  const hostname = os.hostname();
  const at = (name: 'info' | 'warn' | 'error') => (fields: object, message: string) => {
    if (levels[name] < threshold) return;
    write(`${JSON.stringify({ level: levels[name], time: Date.now(), pid: process.pid, hostname, worker: 'primary', ...fields, msg: message })}\n`);
  };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}
