import type { FastifyPluginAsync } from 'fastify';
import { define, type } from 'superstruct';
import type { AppDeps } from '../deps.ts';
import { bearerToken, requireCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { testGatewayOf } from '../services/payments/test-mode.ts';
import type { ShiftableClock } from '../services/platform/test-clock.ts';

/**
 * Up to 62 days ahead: past any cutoff or slot of a date the delivery calendar offers (a test that books next month
 * from a calendar opening on the month after today needs about six weeks), short of a typo's years.
 */
export const maxShiftMinutes = 62 * 24 * 60;
const testClockBody = type({
  shift_minutes: define<number>(
    'shift_minutes',
    (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= maxShiftMinutes) || `shift_minutes must be 0 to ${maxShiftMinutes}.`,
  ),
});

/**
 * POST /api/test/clock: only when TEST_CLOCK=1 asks for it and with the offline test gateway (as
 * /api/payments/test-reconcile): moves the store's "now" (deps.clock: cutoffs, dates, slots) ahead by shift_minutes for
 * the signed-in caller's session only (its later requests; others keep the real clock); 0 puts it back. Otherwise, and
 * always with Stripe, it is not served (404).
 */
export function testClockRoutes(deps: AppDeps, clock: ShiftableClock): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/test/clock', async (request) => {
      if (!deps.config.testClock || !testGatewayOf(deps.payments)) throw notFound();
      const body = parseWith(testClockBody, request.body ?? {});
      await requireCaller(request, deps.db);
      const token = bearerToken(request);
      if (token === undefined) throw notFound();
      clock.setShiftMinutes(token, body.shift_minutes);
      // This request started before the shift: tell the caller the time its next requests will see.
      return { code: 1, data: { now: clock.runAs(token, () => deps.clock().toISOString()) } };
    });
  };
}
