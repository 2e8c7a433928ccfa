import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { number, string, type, validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallengeReply } from '../../src/api/contract/captcha.contract.ts';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { createCaptcha } from '../../server/services/platform/captcha.ts';
import { generousLimits, post, solve, solvedCaptcha } from './account-helpers.ts';
import { json, startTestApp, testCaptchaKey, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
});

const settings = { hmacKey: testCaptchaKey, keyFromEnvironment: true, cost: 1, maxNumber: 10, ttlSeconds: 600 };
const pleaseComplete = { code: 0, errors: [{ field: 'altcha', message: 'Please complete the captcha.' }] };
const expiredOrUsed = { code: 0, errors: [{ field: 'altcha', message: 'The captcha has expired or was already used. Please try again.' }] };

function verify(altcha: unknown, app: FastifyInstance = t.app) {
  return app.inject({ method: 'POST', url: '/api/captcha/verify', payload: { altcha, store_id: 1 } });
}

const solvedShape = type({ solution: type({ counter: number(), derivedKey: string() }) });

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

async function fetchChallenge(): Promise<Challenge> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  const [error, challenge] = validate(json(response), captchaChallengeReply);
  if (error) throw error;
  return challenge;
}

describe('GET /api/captcha/challenge', () => {
  it('hands out a signed PBKDF2 challenge that expires in 10 minutes and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [error, challenge] = validate(json(response), captchaChallengeReply);
    expect(error).toBeUndefined();
    expect(challenge?.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32 });
    expect(challenge?.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    const secondsLeft = (challenge?.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(590);
    expect(secondsLeft).toBeLessThanOrEqual(600);
  });

  it('defaults to 5000 PBKDF2 rounds and a counter up to 200 (about 0.2–1 s in a browser)', () => {
    const config = readConfig({});
    expect(config.captcha).toMatchObject({ cost: 5000, maxNumber: 200, ttlSeconds: 600, keyFromEnvironment: false });
    expect(config.captcha.hmacKey.length).toBeGreaterThanOrEqual(32);
    expect(readConfig({}).captcha.hmacKey).not.toBe(config.captcha.hmacKey);
    expect(() => readConfig({ CAPTCHA_HMAC_KEY: 'short', CAPTCHA_COST: '0' })).toThrow(/CAPTCHA_HMAC_KEY[\s\S]*CAPTCHA_COST/);
  });
});

describe('POST /api/captcha/verify', () => {
  it('accepts a solved challenge once; the same solution again is refused', async () => {
    const altcha = await solvedCaptcha(t);
    const first = await verify(altcha);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ code: 1, message: 'Captcha verified.' });
    const again = await verify(altcha);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject(expiredOrUsed);
  });

  it('refuses a replay on another instance sharing the database', async () => {
    const config = readConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'tests/server/no-spa', CAPTCHA_HMAC_KEY: testCaptchaKey });
    const other = await buildApp({ db: t.database.db, config }, { logger: false });
    try {
      const altcha = await solvedCaptcha(t);
      expect((await verify(altcha)).statusCode).toBe(200);
      expect(json(await verify(altcha, other))).toMatchObject(expiredOrUsed);
    } finally {
      await other.close();
    }
  });

  it('refuses a missing, empty, oversized or undecodable payload', async () => {
    for (const altcha of [undefined, '', 'x'.repeat(5000), 12]) {
      const response = await verify(altcha);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject(pleaseComplete);
    }
    for (const altcha of ['not base64 json', encode({ challenge: null, solution: null, test: true }), encode([1, 2])]) {
      expect(json(await verify(altcha))).toMatchObject(pleaseComplete);
    }
  });

  it('refuses forged solutions: a wrong key, changed parameters, a foreign signature', async () => {
    const challenge = await fetchChallenge();
    const [error, decoded] = validate(JSON.parse(Buffer.from(await solve(challenge), 'base64').toString('utf8')), solvedShape);
    if (error) throw error;
    const { solution } = decoded;
    const wrongKey = { challenge, solution: { counter: solution.counter, derivedKey: '00'.repeat(32) } };
    const easier = { challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 0 } }, solution };
    const unsigned = { challenge: { parameters: challenge.parameters }, solution };
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'someone-elses-key-0123456789abcdef0123',
      hmacKeySignatureSecret: 'someone-elses-key-0123456789abcdef0123',
    });
    for (const forged of [wrongKey, easier, unsigned]) {
      expect(json(await verify(encode(forged)))).toMatchObject(pleaseComplete);
    }
    expect(json(await verify(await solve(foreign)))).toMatchObject(pleaseComplete);
    // None of the forgeries spent the challenge: the honest solution still works.
    expect((await verify(encode({ challenge, solution }))).statusCode).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const stale = await createCaptcha(t.database.db, { ...settings, ttlSeconds: -60 }).newChallenge();
    const response = await verify(await solve(stale));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject(expiredOrUsed);
  });

  it('gives other routes a verifyCaptcha(payload) helper', async () => {
    const captcha = createCaptcha(t.database.db, settings);
    const altcha = await solve(await captcha.newChallenge());
    expect(await captcha.verifyCaptcha(altcha)).toBe(true);
    expect(await captcha.verifyCaptcha(altcha)).toBe(false);
    expect(await captcha.verifyCaptcha('garbage')).toBe(false);
  });
});

describe('captcha on sign-in and registration', () => {
  it('refuses a reused solution at sign-in and at registration', async () => {
    const altcha = await solvedCaptcha(t);
    const first = await post(t, '/api/customer/login', { email: 'who@example.com', password: 'whatever123', altcha });
    expect(json(first)).toMatchObject({ code: -1 });
    const replayed = await post(t, '/api/customer/login', { email: 'who@example.com', password: 'whatever123', altcha });
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed)).toMatchObject(expiredOrUsed);
    const register = await post(t, '/api/customer/register', {
      first_name: 'A',
      last_name: 'B',
      email: 'ab@example.com',
      password: 'password1',
      confirm_password: 'password1',
      altcha,
    });
    expect(register.statusCode).toBe(400);
    expect(json(register)).toMatchObject(expiredOrUsed);
  });

  it('refuses a forged solution at sign-in', async () => {
    const challenge = await fetchChallenge();
    const forged = encode({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } });
    const response = await post(t, '/api/customer/login', { email: 'who@example.com', password: 'whatever123', altcha: forged });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject(pleaseComplete);
  });
});
