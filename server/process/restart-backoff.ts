/** The first restart of a worker that died waits this long: a crash loop is not a busy loop. */
export const firstRestartDelayMs = 1000;
/** However often a worker keeps dying, the next try comes within this. */
export const maxRestartDelayMs = 30_000;
/** A worker that served this long before it died was healthy: its restart starts the back-off over. */
export const healthyAfterMs = 60_000;

/**
 * How long the primary waits before it replaces a worker that died: 1 s, then double for each worker of the same
 * slot that dies within a minute of its start, up to 30 s. `previousMs` is the delay before the dead worker's own
 * start (0 for the first one).
 */
export function restartDelayMs(previousMs: number, livedMs: number): number {
  if (previousMs === 0 || livedMs >= healthyAfterMs) return firstRestartDelayMs;
  return Math.min(previousMs * 2, maxRestartDelayMs);
}
