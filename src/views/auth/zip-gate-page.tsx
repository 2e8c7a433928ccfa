import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { selectZipCaptchaRound, selectZipcode, selectZipError, selectZipMessage, zipGateMachine } from '../../machines/auth/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import * as frame from '../layout/page-frame.css.ts';
import * as css from './auth.css.ts';
import { CaptchaField } from './captcha-field.tsx';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';

/** /home, the zipcode entry gate: a zip and the captcha, then the store; a sign-in link for customers. */
export function ZipGatePage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => zipGateMachine.provide({ actions: { goToStore: () => navigate('/store') } }), [navigate]);
  const actor = useActorRef(machine, { input: { session } });
  const zipcode = useSelector(actor, selectZipcode);
  const error = useSelector(actor, selectZipError);
  const message = useSelector(actor, selectZipMessage);
  const captchaRound = useSelector(actor, selectZipCaptchaRound);
  const busy = useSelector(actor, (s) => s.matches('verifyingCaptcha') || s.matches('lookingUp'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'zip.submit' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'zip.submit' });
  };

  return (
    <div className={frame.landing}>
      <section className={frame.card} aria-labelledby="zip-gate-title">
        <p className={frame.brand}>MEAT &amp; FISH</p>
        <h1 id="zip-gate-title">Where should we deliver?</h1>
        <form noValidate className={css.gateForm} onSubmit={submit}>
          <fieldset className={css.fields} disabled={busy}>
            <TextField
              label="Zipcode"
              value={zipcode}
              error={error}
              onChange={(value) => actor.send({ type: 'field.change', field: 'zipcode', value })}
              autoComplete="postal-code"
              inputMode="numeric"
              autoFocus
            />
            <CaptchaField key={captchaRound} actor={actor} />
            <FormMessage message={message} />
            <button type="submit" className={`${primaryButton} ${css.submit}`} disabled={!canSubmit}>
              {busy ? 'Checking…' : 'Start Shopping'}
            </button>
          </fieldset>
        </form>
        <p className={css.switchLine}>
          Have an account? <Link to="/signIn">Sign in</Link>
        </p>
      </section>
    </div>
  );
}
