/**
 * Runs `close` (stop taking requests, let those in flight finish, close the database) for at most graceMs. Why a
 * bound: a request whose query runs away, or holds the only connection, would otherwise keep a SIGTERM'd server up
 * until the orchestrator kills it without a word. 'timed-out' leaves close running; the caller exits anyway.
 */
export async function closeWithin(graceMs: number, close: () => Promise<void>): Promise<'closed' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), graceMs);
  });
  try {
    return await Promise.race([close().then(() => 'closed' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
