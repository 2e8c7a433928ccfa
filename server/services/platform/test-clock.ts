/**
 * The server's clock with a shift test mode may set (decision 040): the browser journeys move the store's "now" past a
 * cutoff the way the server tests move their manual clock, without waiting for 3 pm. The shift is 0 unless test mode's
 * route (server/routes/test-clock.routes.ts, served only with the offline test gateway) sets it.
 */
export interface ShiftableClock {
  clock: () => Date;
  setShiftMinutes: (minutes: number) => void;
}

export function shiftableClock(base: () => Date): ShiftableClock {
  let shiftMs = 0;
  return {
    clock: () => (shiftMs === 0 ? base() : new Date(base().getTime() + shiftMs)),
    setShiftMinutes: (minutes) => {
      shiftMs = minutes * 60_000;
    },
  };
}
