import type { Log } from './log.ts';
import { sweepPasses } from './metrics.ts';

/**
 * Whether this instance runs the named sweep now (the database's advisory lock for it, decision 042): with several
 * instances on one database, exactly one of them does, and another takes over when it dies. Absent: always.
 */
export type SweepTurn = (sweep: string) => Promise<boolean>;

/** A background pass started by startPeriodicPass; stop() ends it and waits for a pass in flight. */
export interface PeriodicPass {
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `everyMs`, one pass at a time (a slow pass never stacks up behind itself), logging a failure as
 * `failureMessage` instead of letting it reject unhandled. The timer never keeps the process alive. The sweeps
 * (payments, KYC leftovers, unconfirmed orders) share it; each pass is timed as `name` in the metrics.
 */
export function startPeriodicPass(
  name: string,
  everyMs: number,
  log: Log,
  failureMessage: string,
  pass: () => Promise<void>,
  myTurn?: SweepTurn,
): PeriodicPass {
  let running: Promise<void> | undefined;
  let holding = false;
  // Asked before each pass: a holder keeps its turn, and only a lost lock (the database connection gone) ends it.
  const turn = async (): Promise<boolean> => {
    const mine = myTurn ? await myTurn(name) : true;
    if (mine !== holding && myTurn) log.info({ sweep: name }, mine ? 'this instance now runs the sweep' : 'another instance runs the sweep');
    holding = mine;
    return mine;
  };
  const timer = setInterval(() => {
    if (running) return;
    running = turn()
      .then((mine) => (mine ? timed() : undefined))
      .catch((error: unknown) => log.error({ err: error, sweep: name }, 'could not ask whose turn the sweep is'))
      .finally(() => (running = undefined));
  }, everyMs);
  const timed = (): Promise<void> => {
    const done = sweepPasses.startTimer({ sweep: name });
    return pass().then(
      () => {
        done({ outcome: 'ok' });
      },
      (error: unknown) => {
        done({ outcome: 'failed' });
        log.error({ err: error }, failureMessage);
      },
    );
  };
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
