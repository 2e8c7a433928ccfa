import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import { assign, boolean, literal, number, optional, record, string, type, union, validate } from 'superstruct';
import { captchaChallengeParameters } from '../../../src/api/contract/captcha.contract.ts';
import type { CaptchaConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';

/** ok, or why not: missing/forged answers and expired/reused ones get different messages. */
export type CaptchaCheck = 'ok' | 'invalid' | 'expired' | 'replayed';

export interface Captcha {
  /** A challenge about `difficulty` times the usual work (1 unless this address failed to sign in lately). */
  newChallenge(difficulty?: number): Promise<Challenge>;
  /** As verifyCaptcha, with why not; a solution of a challenge easier than minDifficulty is 'invalid'. */
  check(payload: string, minDifficulty?: number): Promise<CaptchaCheck>;
  /** True only for a fresh, correctly solved challenge of ours; marks it used. */
  verifyCaptcha(payload: string): Promise<boolean>;
}

/** The most a challenge's work is multiplied by: 32 × 0.2–1 s is a long wait for a person, a real cost for a bot. */
export const maxCaptchaDifficulty = 32;

/**
 * How hard the captcha of an address that failed `failures` sign-ins in the current window is: the first two
 * mistakes cost nothing, then each one doubles the work, up to maxCaptchaDifficulty.
 */
export function captchaDifficultyAfter(failures: number): number {
  const free = 2;
  return failures <= free ? 1 : Math.min(2 ** (failures - free), maxCaptchaDifficulty);
}

const algorithm = 'PBKDF2/SHA-256';
const payloadMax = 4096;
const pruneEveryMs = 60 * 1000;

// The widget's payload: base64 of JSON { challenge: { parameters, signature }, solution: { counter, derivedKey } }.
const scalar = union([string(), number(), boolean(), literal(null)]);
// The challenge's parameters are the contract's (what GET /api/captcha/challenge sends), plus what other algorithms add.
const payloadShape = type({
  challenge: type({
    parameters: assign(
      captchaChallengeParameters,
      type({ memoryCost: optional(number()), parallelism: optional(number()), data: optional(record(string(), scalar)) }),
    ),
    signature: string(),
  }),
  solution: type({ counter: number(), derivedKey: string(), time: optional(number()) }),
});

/** Two keys from one secret: one signs challenges, one signs the expected answer (so verifying costs no KDF run). */
function subkey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('hex');
}

/**
 * ALTCHA proof of work. Challenges are signed (stateless, any instance can check them) and carry an expiry; the
 * signature of every accepted challenge is kept in captcha_uses until it expires, so one solution works once.
 * Deterministic mode: the server picks the secret counter, so the work is bounded (about maxNumber / 2 tries of
 * `cost` PBKDF2 rounds, 0.2–1 s in a browser at the defaults) rather than open-ended.
 */
export function createCaptcha(db: Kysely<Database>, settings: CaptchaConfig): Captcha {
  const signatureSecret = subkey(settings.hmacKey, 'altcha-challenge');
  const keySignatureSecret = subkey(settings.hmacKey, 'altcha-key');
  let lastPrune = 0;

  async function pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - lastPrune < pruneEveryMs) return;
    lastPrune = now;
    await db.deleteFrom('captcha_uses').where('expires_at', '<', new Date(now)).execute();
  }

  async function check(payload: string, minDifficulty = 1): Promise<CaptchaCheck> {
    const decoded = decode(payload);
    if (!decoded) return 'invalid';
    const { challenge, solution } = decoded;
    const { expiresAt } = challenge.parameters;
    // Ours always expire; one that does not is not ours, and could never leave captcha_uses.
    if (expiresAt === undefined || challenge.parameters.algorithm !== algorithm) return 'invalid';
    // The difficulty is in the signed parameters: an easy challenge fetched elsewhere does not pass for a hard one.
    const difficulty = challenge.parameters.data?.difficulty;
    if ((typeof difficulty === 'number' ? difficulty : 1) < minDifficulty) return 'invalid';
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: signatureSecret,
      hmacKeySignatureSecret: keySignatureSecret,
    }).catch(() => undefined);
    if (!result) return 'invalid';
    if (result.expired) return 'expired';
    if (!result.verified) return 'invalid';
    const inserted = await db
      .insertInto('captcha_uses')
      .values({ signature: challenge.signature, expires_at: new Date(expiresAt * 1000) })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    await pruneNowAndThen();
    return inserted ? 'ok' : 'replayed';
  }

  return {
    newChallenge: (difficulty = 1) =>
      createChallenge({
        algorithm,
        cost: settings.cost,
        // The solver tries counters from 0 up: a range `difficulty` times as wide is that much more work on average.
        counter: randomInt(0, settings.maxNumber * difficulty + 1),
        ...(difficulty > 1 ? { data: { difficulty } } : {}),
        deriveKey,
        expiresAt: new Date(Date.now() + settings.ttlSeconds * 1000),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }),
    check,
    verifyCaptcha: async (payload) => (await check(payload)) === 'ok',
  };
}

/** The payload as sent, checked for shape; undefined for anything that is not a solved challenge. */
function decode(payload: string) {
  if (payload.length > payloadMax) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  // No coercion: the parameters are checked against their signature exactly as they came.
  const [error, value] = validate(parsed, payloadShape);
  return error ? undefined : value;
}
