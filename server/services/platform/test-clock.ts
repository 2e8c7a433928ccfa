import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's clock with a shift test mode may set (decision 040): the browser journeys move the store's "now" past a
 * cutoff the way the server tests move their manual clock, without waiting for 3 pm. The shift belongs to one session
 * (the bearer token that asked for it), so a journey that moves its own clock never moves another journey's running
 * beside it on the same server; every other request, and the background sweeps, see the real clock. The shift is 0
 * unless test mode's route (server/routes/test-clock.routes.ts, served only with the offline test gateway) sets it.
 */
export interface ShiftableClock {
  clock: () => Date;
  /** Moves the clock of the requests that carry this session's token; 0 puts it back. */
  setShiftMinutes: (token: string, minutes: number) => void;
  /** Runs one request's handling with its session's shift (the token it carries, if any), and returns what it returns. */
  runAs: <T>(token: string | undefined, handle: () => T) => T;
}

export function shiftableClock(base: () => Date): ShiftableClock {
  const shiftByToken = new Map<string, number>();
  const current = new AsyncLocalStorage<number>();
  return {
    clock: () => {
      const shiftMs = current.getStore() ?? 0;
      return shiftMs === 0 ? base() : new Date(base().getTime() + shiftMs);
    },
    setShiftMinutes: (token, minutes) => {
      if (minutes === 0) shiftByToken.delete(token);
      else shiftByToken.set(token, minutes * 60_000);
    },
    runAs: (token, handle) => {
      const shiftMs = token === undefined ? undefined : shiftByToken.get(token);
      return shiftMs === undefined ? handle() : current.run(shiftMs, handle);
    },
  };
}
