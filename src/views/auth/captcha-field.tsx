import { useEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
// The strict-CSP build of the widget: no inline worker from a blob: URL; Vite emits the PBKDF2 worker as our own file.
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { AltchaWidgetElement } from 'altcha/external';
import { captchaChallengePath, type CaptchaEvent } from '../../machines/auth/index.ts';
import * as css from './auth.css.ts';

// Our server issues PBKDF2/SHA-256 challenges (server/services/captcha.ts); that is the only algorithm registered.
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export interface CaptchaFieldProps {
  /** Any machine that takes the captcha events (auth, zip gate). */
  actor: { send: (event: CaptchaEvent) => void };
}

/** The payload of a 'statechange' event when the widget reports 'verified', else undefined. */
function verifiedPayload(event: Event): string | undefined {
  if (!(event instanceof CustomEvent)) return undefined;
  const detail: unknown = event.detail;
  if (typeof detail !== 'object' || detail === null || !('state' in detail) || !('payload' in detail)) return undefined;
  return detail.state === 'verified' && typeof detail.payload === 'string' && detail.payload !== '' ? detail.payload : undefined;
}

/**
 * The ALTCHA proof-of-work widget, fetching its challenge from our server. It reports a solved payload and every
 * loss of it (expired, error, reset). Give it a new `key` to start over after the server spent a solution.
 */
export function CaptchaField({ actor }: CaptchaFieldProps) {
  const widget = useRef<AltchaWidgetElement>(null);

  // React 19 would map an `onstatechange` prop too, but a listener on the element is explicit about the event name.
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const payload = verifiedPayload(event);
      actor.send(payload ? { type: 'captcha.solve', payload } : { type: 'captcha.reset' });
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [actor]);

  return (
    <div className={css.captcha}>
      <altcha-widget ref={widget} challenge={captchaChallengePath} name="altcha" />
    </div>
  );
}
