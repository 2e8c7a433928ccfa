import { define, number, object, optional, string, type, type Infer } from 'superstruct';
import { captchaMessages } from '../../rules/auth-validation.ts';
import { codeAndMessage } from './envelope.ts';
import { storeField } from './fields.ts';

/** A solved ALTCHA payload is about 700 characters; anything far larger is not one. */
const captchaPayloadMax = 4096;

/** The ALTCHA widget's payload (base64 JSON). Missing or oversized: the same "complete the captcha" message. */
export const captchaField = define<string>('altcha', (value) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= captchaPayloadMax ? true : captchaMessages.required,
);

/**
 * The parameters of an ALTCHA challenge as the server signs them; the server reads them back inside a solved payload
 * (server/services/platform/captcha.ts, which adds the fields other algorithms carry).
 */
export const captchaChallengeParameters = type({
  algorithm: string(),
  nonce: string(),
  salt: string(),
  cost: number(),
  keyLength: number(),
  keyPrefix: string(),
  keySignature: optional(string()),
  expiresAt: optional(number()),
});

/**
 * GET /api/captcha/challenge — the bare challenge the ALTCHA widget expects from its `challenge` URL
 * (no envelope: the widget reads it as is).
 */
export const captchaChallengeReply = type({ parameters: captchaChallengeParameters, signature: string() });
export type CaptchaChallengeReply = Infer<typeof captchaChallengeReply>;

/** POST /api/captcha/verify — lets the zipcode entry gate check its captcha before going on. */
export const captchaVerifyBody = object({ altcha: captchaField, ...storeField });
export type CaptchaVerifyBody = Infer<typeof captchaVerifyBody>;
export const captchaVerifyReply = codeAndMessage;
export type CaptchaVerifyReply = Infer<typeof captchaVerifyReply>;
