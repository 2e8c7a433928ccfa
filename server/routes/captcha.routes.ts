import type { FastifyPluginAsync } from 'fastify';
import { captchaVerifyBody, type CaptchaChallengeReply, type CaptchaVerifyReply } from '../../src/api/contract/captcha.contract.ts';
import type { AppDeps } from '../deps.ts';
import { enforceLimit, requireCaptcha } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import { signInCaptchaDifficulty } from '../services/accounts/sign-in.ts';

export function captchaRoutes({ captcha, limiter, rateLimits: limits }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /**
     * The ALTCHA widget's challenge URL; a fresh challenge each time, never cached. Harder for an address that failed
     * to sign in lately (the sign-in asks for at least that hard a solution).
     */
    app.get('/api/captcha/challenge', async (request, reply): Promise<CaptchaChallengeReply> => {
      await enforceLimit(limiter, `captcha-challenge:ip:${request.ip}`, limits.captchaChallengePerIp);
      const difficulty = await signInCaptchaDifficulty({ limiter, rule: limits.signInFailuresPerAccount, address: request.ip });
      const challenge = await captcha.newChallenge(difficulty);
      reply.header('cache-control', 'no-store');
      return { parameters: challenge.parameters, signature: challenge.signature ?? '' };
    });

    /** For the zipcode entry gate: checks (and spends) a solution without doing anything else. */
    app.post('/api/captcha/verify', async (request): Promise<CaptchaVerifyReply> => {
      const body = parseWith(captchaVerifyBody, request.body);
      await requireCaptcha(captcha, body.altcha);
      return { code: 1, message: 'Captcha verified.' };
    });
  };
}
