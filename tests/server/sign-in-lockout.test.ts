import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallengeReply } from '../../src/api/contract/captcha.contract.ts';
import { defaultRateLimits, type RateLimits } from '../../server/services/platform/rate-limit.ts';
import { captchaDifficultyAfter, maxCaptchaDifficulty } from '../../server/services/platform/captcha.ts';
import { generousLimits, login, post, register, solve, solvedCaptcha } from './account-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * The real failure limit (five per email and address in a quarter hour) and its ceiling over all addresses (absent
 * here: twice that, ten); the other limits out of the way.
 */
const limits: RateLimits = { ...generousLimits, signInFailuresPerAccount: defaultRateLimits.signInFailuresPerAccount };

/**
 * The counts live in fixed quarter-hour windows: a test that crossed a boundary (a CI run at 03:30) saw them reset. The
 * app's clock runs at the wall's pace from a minute into a window, so the file stays inside one.
 */
const windowMs = 15 * 60_000;
const opened = Date.now();
const windowMinuteOne = Math.floor(opened / windowMs) * windowMs + 60_000;
const clock = () => new Date(windowMinuteOne + (Date.now() - opened));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, rateLimits: limits, clock });
  await register(t, { email: 'owner@example.com', password: 'the owner knows 1' }, { ip: '192.0.2.1' });
});
afterAll(async () => {
  await t.close();
});

/** A challenge fetched from `ip`, as the ALTCHA widget there would get it. */
async function challengeFrom(ip: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: ip });
  const [error, challenge] = validate(json(response), captchaChallengeReply);
  if (error) throw error;
  return challenge;
}

const difficultyOf = (challenge: Awaited<ReturnType<typeof challengeFrom>>): unknown =>
  (challenge.parameters as { data?: { difficulty?: unknown } }).data?.difficulty ?? 1;

describe('sign-in failures cannot lock the owner out', () => {
  it('a stranger who guesses five times (solving each captcha) is held back; the owner signs in from home', async () => {
    const stranger = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      const guess = await login(t, { email: 'owner@example.com', password: `guess number ${i}` }, { ip: stranger });
      expect(json(guess)).toMatchObject({ code: -1, message: 'Invalid email or password.' });
    }
    const held = await login(t, { email: 'owner@example.com', password: `sixth guess` }, { ip: stranger });
    expect(held.statusCode).toBe(429);
    // The stranger's address stays held back even when the sixth try is right: no oracle for the last guess.
    expect((await login(t, { email: 'owner@example.com', password: 'the owner knows 1' }, { ip: stranger })).statusCode).toBe(429);

    const owner = await login(t, { email: 'owner@example.com', password: 'the owner knows 1' }, { ip: '198.51.100.20' });
    expect(json(owner)).toMatchObject({ code: 1, result: { cust_name: expect.any(String) } });
  });

  it('each failure from an address makes its next captcha harder, and an easy one fetched elsewhere does not pass there', async () => {
    const guesser = '203.0.113.50';
    expect(difficultyOf(await challengeFrom(guesser))).toBe(1);
    // Failures over several emails (each pair below its limit) still count against the address.
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      expect(json(await login(t, { email, password: 'not it at all' }, { ip: guesser }))).toMatchObject({ code: -1 });
    }
    expect(difficultyOf(await challengeFrom(guesser))).toBe(captchaDifficultyAfter(4));
    expect(captchaDifficultyAfter(4)).toBe(4);

    const easy = await solvedCaptcha(t, '198.51.100.99');
    const refused = await post(
      t,
      '/api/customer/login',
      { email: 'owner@example.com', password: 'the owner knows 1', altcha: easy },
      { ip: guesser },
    );
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ errors: [{ field: 'altcha', message: 'Please complete the captcha.' }] });

    // The harder challenge from that address, solved, lets the right password through.
    const hard = await solve(await challengeFrom(guesser));
    const owner = await post(t, '/api/customer/login', { email: 'owner@example.com', password: 'the owner knows 1', altcha: hard }, { ip: guesser });
    expect(json(owner)).toMatchObject({ code: 1 });
  });

  it('doubles the work per failure after two free mistakes, up to a bound', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(captchaDifficultyAfter)).toEqual([1, 1, 1, 2, 4, 8, 16, 32, maxCaptchaDifficulty]);
  });
});

describe('a ceiling per account over all addresses (issue 26)', () => {
  const attackers = ['203.0.113.101', '203.0.113.102', '203.0.113.103', '203.0.113.104', '203.0.113.105'];

  it('five addresses no longer get five guesses each; the owner still gets in from an address they used before', async () => {
    await register(t, { email: 'target@example.com', password: 'the target knows 1' }, { ip: '192.0.2.44' });
    const answers: number[] = [];
    for (const ip of attackers) {
      for (let i = 0; i < 5; i++) {
        const guess = await login(t, { email: 'target@example.com', password: `guess ${ip} ${i}` }, { ip });
        answers.push(guess.statusCode === 429 ? 429 : (json(guess) as { code: number }).code);
      }
    }
    // Ten wrong passwords in all (the ceiling), then every new address is held back, whatever it sends.
    expect(answers.filter((a) => a === -1)).toHaveLength(10);
    expect(answers.filter((a) => a === 429)).toHaveLength(15);
    const rightFromStranger = await login(t, { email: 'Target+x@Example.com', password: 'the target knows 1' }, { ip: '203.0.113.200' });
    expect(rightFromStranger.statusCode).toBe(429);

    // The address that registered keeps its own per-pair allowance, and signs in.
    const owner = await login(t, { email: 'target@example.com', password: 'the target knows 1' }, { ip: '192.0.2.44' });
    expect(json(owner)).toMatchObject({ code: 1 });
  });

  it('an address that guesses at an account under attack gets a harder captcha twice as fast', async () => {
    // The first attacker's five failures came before the account passed one pair's allowance; the second's after.
    expect(difficultyOf(await challengeFrom(attackers[0] ?? ''))).toBe(captchaDifficultyAfter(5));
    expect(difficultyOf(await challengeFrom(attackers[1] ?? ''))).toBe(captchaDifficultyAfter(10));
    expect(captchaDifficultyAfter(10)).toBeGreaterThan(captchaDifficultyAfter(5));
  });

  it('a successful sign-in makes its address known to the account', async () => {
    await register(t, { email: 'traveller@example.com', password: 'the traveller 12' }, { ip: '192.0.2.60' });
    expect(json(await login(t, { email: 'traveller@example.com', password: 'the traveller 12' }, { ip: '198.51.100.61' }))).toMatchObject({
      code: 1,
    });
    for (const ip of attackers) {
      for (let i = 0; i < 2; i++) {
        expect(json(await login(t, { email: 'traveller@example.com', password: `not the one ${i}` }, { ip }))).toMatchObject({ code: -1 });
      }
    }
    expect((await login(t, { email: 'traveller@example.com', password: 'the traveller 12' }, { ip: '198.51.100.62' })).statusCode).toBe(429);
    expect(json(await login(t, { email: 'traveller@example.com', password: 'the traveller 12' }, { ip: '198.51.100.61' }))).toMatchObject({
      code: 1,
    });
  });
});
