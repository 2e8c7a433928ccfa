import type { Log } from './log.ts';
import { sweepPasses } from './metrics.ts';

/** A background pass started by startPeriodicPass; stop() ends it and waits for a pass in flight. */
export interface PeriodicPass {
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `everyMs`, one pass at a time (a slow pass never stacks up behind itself), logging a failure as
 * `failureMessage` instead of letting it reject unhandled. The timer never keeps the process alive. The sweeps
 * (payments, KYC leftovers, unconfirmed orders) share it; each pass is timed as `name` in the metrics.
 */
export function startPeriodicPass(name: string, everyMs: number, log: Log, failureMessage: string, pass: () => Promise<void>): PeriodicPass {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const done = sweepPasses.startTimer({ sweep: name });
    running = pass()
      .then(
        () => {
          done({ outcome: 'ok' });
        },
        (error: unknown) => {
          done({ outcome: 'failed' });
          log.error({ err: error }, failureMessage);
        },
      )
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
