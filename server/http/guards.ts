import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { captchaMessages } from '../../src/rules/auth-validation.ts';
import type { Database } from '../db/schema.ts';
import type { Captcha } from '../services/platform/captcha.ts';
import { tooManyAttemptsMessage, type LimitRule, type RateLimiter } from '../services/platform/rate-limit.ts';
import type { Caller } from '../services/platform/caller.ts';
import { optionalCaller } from './auth.ts';
import { badRequest, HttpError, tooManyRequests } from './errors.ts';

/** Counts one attempt under `key`; a 429 once the rule's limit is passed. */
export async function enforceLimit(limiter: RateLimiter, key: string, rule: LimitRule): Promise<void> {
  if (!(await limiter.hit(key, rule))) throw tooManyRequests(tooManyAttemptsMessage);
}

/**
 * A 400 on the altcha field unless the payload is a fresh, correct solution of one of our challenges, at least
 * minDifficulty hard (sign-in after failures from the address; the client then fetches a new, harder one).
 */
export async function requireCaptcha(captcha: Captcha, payload: string, minDifficulty = 1): Promise<void> {
  const result = await captcha.check(payload, minDifficulty);
  if (result === 'ok') return;
  const message = result === 'invalid' ? captchaMessages.required : captchaMessages.expired;
  throw badRequest([{ field: 'altcha', message }]);
}

/**
 * The caller when a live token is sent, else undefined. Unlike optionalCaller, a stale token is not a 401: the
 * sign-in and guest-checkout screens are exactly where a browser with an expired token ends up.
 */
export async function callerIfAny(request: FastifyRequest, db: Kysely<Database>): Promise<Caller | undefined> {
  try {
    return await optionalCaller(request, db);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return undefined;
    throw error;
  }
}
