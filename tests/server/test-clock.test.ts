import { afterEach, describe, expect, it } from 'vitest';
import { maxShiftMinutes } from '../../server/routes/test-clock.routes.ts';
import { post } from './account-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * POST /api/test/clock moves the caller's own "now": only a store started with TEST_CLOCK=1 (the browser tests) has it,
 * and the shift belongs to the session that asked, so journeys running beside each other on one server never move
 * each other's clock (a seller's order list once lost an order that way).
 */
describe('the test clock', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const shift = (app: TestApp, minutes: number, token?: string) =>
    post(app, '/api/test/clock', { shift_minutes: minutes }, token === undefined ? {} : { token });
  const nowOf = (reply: { json: () => unknown }) => Date.parse((reply.json() as { data: { now: string } }).data.now);
  const farmDate = async (app: TestApp, token?: string) => {
    const reply = await post(
      app,
      '/connect/delivery/nextDeliveryDate',
      { vendors: [{ vendor_id: 10, delivery_type: 'farm-direct' }] },
      token === undefined ? {} : { token },
    );
    return (reply.json() as { response: { delivery_date: string }[] }).response[0]?.delivery_date;
  };

  it('is not served without TEST_CLOCK=1, even with the offline test gateway', async () => {
    t = await startTestApp({ seed: false });
    const { token } = await signedInCustomer(t, 'clock-off@example.com');
    expect((await shift(t, 60, token)).statusCode).toBe(404);
  });

  it('moves only the asking session’s now, names a bad shift, and wants a signed-in caller', async () => {
    t = await startTestApp({ env: { TEST_CLOCK: '1' } });
    const mover = await signedInCustomer(t, 'clock-mover@example.com');
    const other = await signedInCustomer(t, 'clock-other@example.com');
    expect((await shift(t, 60)).statusCode).toBe(401);
    const before = Date.now();
    const moved = await shift(t, 60, mover.token);
    expect(moved.statusCode).toBe(200);
    expect(nowOf(moved) - before).toBeGreaterThanOrEqual(59 * 60_000);
    // Another session (and a guest) still sees the real clock.
    const unmoved = await shift(t, 0, other.token);
    expect(nowOf(unmoved) - Date.now()).toBeLessThan(60_000);

    // Two weeks on, the mover's next farm delivery is two weeks later; everyone else's is unchanged.
    const realDate = await farmDate(t);
    await shift(t, 14 * 24 * 60, mover.token);
    const movedDate = await farmDate(t, mover.token);
    expect(realDate).toBeDefined();
    expect(Date.parse(`${movedDate}T00:00:00Z`) - Date.parse(`${realDate}T00:00:00Z`)).toBe(14 * 24 * 3_600_000);
    expect(await farmDate(t, other.token)).toBe(realDate);
    expect(await farmDate(t)).toBe(realDate);
    // 0 puts the mover back.
    await shift(t, 0, mover.token);
    expect(await farmDate(t, mover.token)).toBe(realDate);

    const bad = await shift(t, -5, mover.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('shift_minutes');
    // Far enough for an order booked next month from a calendar opening on the month after today; not a typo's years.
    expect((await shift(t, maxShiftMinutes, mover.token)).statusCode).toBe(200);
    expect((await shift(t, maxShiftMinutes + 1, mover.token)).statusCode).toBe(400);
    await shift(t, 0, mover.token);
  });
});
