import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';

/** POST /api/test/clock moves every shopper's "now": only a store started with TEST_CLOCK=1 (the browser tests) has it. */
describe('the test clock', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const shift = (app: TestApp, minutes: number) =>
    app.app.inject({ method: 'POST', url: '/api/test/clock', payload: { shift_minutes: minutes, store_id: 1 } });

  it('is not served without TEST_CLOCK=1, even with the offline test gateway', async () => {
    t = await startTestApp({ seed: false });
    expect((await shift(t, 60)).statusCode).toBe(404);
  });

  it('moves the store’s now when asked for, and names a bad shift', async () => {
    t = await startTestApp({ seed: false, env: { TEST_CLOCK: '1' } });
    const before = Date.now();
    const moved = await shift(t, 60);
    expect(moved.statusCode).toBe(200);
    const now = Date.parse((moved.json() as { data: { now: string } }).data.now);
    expect(now - before).toBeGreaterThanOrEqual(59 * 60_000);
    const bad = await shift(t, -5);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('shift_minutes');
  });
});
