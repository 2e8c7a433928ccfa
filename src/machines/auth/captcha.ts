/**
 * The captcha as the machines that ask for one (auth, zip gate) see it. The ALTCHA widget fetches its challenges
 * from this URL itself, not through `call`, so the path is given to the view here, next to the events the widget
 * sends back.
 */
export const captchaChallengePath = '/api/captcha/challenge';

/** What the widget tells its machine: a solved payload, or that the payload it gave is gone (expired, reset). */
export type CaptchaEvent = { type: 'captcha.solve'; payload: string } | { type: 'captcha.reset' };
