import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, defaultRateLimits, type RateLimits } from '../../server/services/platform/rate-limit.ts';
import { login, post, register } from './account-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

const tight: RateLimits = {
  signInPerIp: { max: 3, windowSeconds: 900 },
  signInFailuresPerAccount: { max: 2, windowSeconds: 900 },
  registerPerIp: { max: 2, windowSeconds: 3600 },
  forgotPerIp: { max: 3, windowSeconds: 3600 },
  forgotPerEmail: { max: 2, windowSeconds: 3600 },
  guestCartPerIp: { max: 1, windowSeconds: 3600 },
  captchaChallengePerIp: { max: 1000, windowSeconds: 600 },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, rateLimits: tight });
});
afterAll(async () => {
  await t.close();
});

const tooMany = { code: 0, message: 'Too many attempts. Please wait a few minutes and try again.' };
const password = 'correct horse battery';

describe('attempt limits', () => {
  it('limits sign-in attempts per IP', async () => {
    await register(t, { email: 'ip-limit@example.com' }, { ip: '10.0.0.1' });
    const ip = '10.0.1.1';
    for (let i = 0; i < 3; i++) {
      expect(json(await login(t, { email: 'ip-limit@example.com', password }, { ip }))).toMatchObject({ code: 1 });
    }
    const refused = await login(t, { email: 'ip-limit@example.com', password }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(tooMany);
    expect(json(await login(t, { email: 'ip-limit@example.com', password }, { ip: '10.0.1.2' }))).toMatchObject({ code: 1 });
  });

  it('holds back failed sign-ins for an email from one address; the owner at another address still gets in; others are unaffected', async () => {
    await register(t, { email: 'victim@example.com' }, { ip: '10.0.0.2' });
    await register(t, { email: 'bystander@example.com' }, { ip: '10.0.0.2' });
    const stranger = '10.0.2.1';
    expect(json(await login(t, { email: 'victim@example.com', password: 'guess one 1' }, { ip: stranger }))).toMatchObject({ code: -1 });
    expect(json(await login(t, { email: 'VICTIM@example.com', password: 'guess two 2' }, { ip: stranger }))).toMatchObject({ code: -1 });
    // The stranger's address is held back, even with the right password.
    const locked = await login(t, { email: 'victim@example.com', password }, { ip: stranger });
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual(tooMany);
    expect(json(await login(t, { email: 'victim@example.com', password }, { ip: '10.0.2.3' }))).toMatchObject({ code: 1 });
    expect(json(await login(t, { email: 'bystander@example.com', password }, { ip: '10.0.2.4' }))).toMatchObject({ code: 1 });
  });

  it('holds back an unknown email the same way, so the limit reveals nothing', async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < 2; i++) {
      expect(json(await login(t, { email: 'ghost@example.com', password: 'guess guess' }, { ip }))).toMatchObject({ code: -1 });
    }
    expect((await login(t, { email: 'ghost@example.com', password: 'guess guess' }, { ip })).statusCode).toBe(429);
  });

  it('limits registration per IP', async () => {
    const ip = '10.0.4.1';
    expect(json(await register(t, { email: 'r1@example.com' }, { ip }))).toMatchObject({ code: 1 });
    expect(json(await register(t, { email: 'r2@example.com' }, { ip }))).toMatchObject({ code: 1 });
    const refused = await register(t, { email: 'r3@example.com' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(tooMany);
  });

  it('limits forgot-password per email and per IP', async () => {
    const forgot = (email: string, ip: string) => post(t, '/api/customer/forgot', { email }, { ip });
    expect((await forgot('target@example.com', '10.0.5.1')).statusCode).toBe(200);
    expect((await forgot('Target@example.com', '10.0.5.2')).statusCode).toBe(200);
    const perEmail = await forgot('target@example.com', '10.0.5.3');
    expect(perEmail.statusCode).toBe(429);
    expect(json(perEmail)).toEqual(tooMany);

    const ip = '10.0.5.9';
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await forgot(email, ip)).statusCode).toBe(200);
    expect((await forgot('d@example.com', ip)).statusCode).toBe(429);
  });

  it("strangers spending an email's reset mails (any spelling) do not hold back its owner at a known address (issue 26)", async () => {
    const forgot = (email: string, ip: string) => post(t, '/api/customer/forgot', { email }, { ip });
    await register(t, { email: 'reset-owner@example.com' }, { ip: '10.0.7.1' });
    expect((await forgot('reset-owner+a@example.com', '10.0.7.2')).statusCode).toBe(200);
    expect((await forgot('Reset-Owner@example.com.', '10.0.7.3')).statusCode).toBe(200);
    expect((await forgot('reset-owner@example.com', '10.0.7.4')).statusCode).toBe(429);
    expect((await forgot('reset-owner@example.com', '10.0.7.1')).statusCode).toBe(200);
  });

  it('limits guest checkout per IP', async () => {
    const ip = '10.0.6.1';
    expect((await post(t, '/api/cart/guestcart', { customer_email: 'g1@example.com' }, { ip })).statusCode).toBe(200);
    const refused = await post(t, '/api/cart/guestcart', { customer_email: 'g2@example.com' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual(tooMany);
  });
});

describe('RateLimiter', () => {
  it('starts a fresh count in the next window and forgets day-old windows', async () => {
    let now = Date.UTC(2026, 10, 20, 12, 0, 0);
    const limiter = new RateLimiter(t.database.db, () => now);
    const rule = { max: 2, windowSeconds: 60 };
    expect(await limiter.hit('unit:window', rule)).toBe(true);
    expect(await limiter.isBlocked('unit:window', rule)).toBe(false);
    expect(await limiter.hit('unit:window', rule)).toBe(true);
    expect(await limiter.isBlocked('unit:window', rule)).toBe(true);
    expect(await limiter.hit('unit:window', rule)).toBe(false);
    now += 60_000;
    expect(await limiter.isBlocked('unit:window', rule)).toBe(false);
    expect(await limiter.hit('unit:window', rule)).toBe(true);

    now += 25 * 60 * 60 * 1000;
    await limiter.hit('unit:later', rule);
    const left = await t.database.db.selectFrom('rate_limits').select('key').where('key', '=', 'unit:window').execute();
    expect(left).toEqual([]);
  });

  it('keeps the documented defaults', () => {
    expect(defaultRateLimits).toMatchObject({
      signInPerIp: { max: 20, windowSeconds: 900 },
      signInFailuresPerAccount: { max: 5, windowSeconds: 900 },
      registerPerIp: { max: 10, windowSeconds: 3600 },
      forgotPerIp: { max: 5, windowSeconds: 3600 },
      forgotPerEmail: { max: 5, windowSeconds: 3600 },
      guestCartPerIp: { max: 20, windowSeconds: 3600 },
    });
  });
});
