import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { selectSentMessage } from '../../machines/auth/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import * as css from './auth.css.ts';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';
import { useAuthForm, type AuthActor } from './use-auth-form.ts';

/** Forgot password: one email field; the server's answer then replaces the form. */
export function ForgotPasswordForm({ actor }: { actor: AuthActor }) {
  const form = useAuthForm(actor);
  const sentMessage = useSelector(actor, selectSentMessage);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'auth.submit' });
  };
  return (
    <>
      <h1 id="auth-title" className={css.title}>
        Forgot Password
      </h1>
      {sentMessage !== undefined ? (
        <p role="status" className={css.sentMessage}>
          {sentMessage}
        </p>
      ) : (
        <>
          <p className={css.subtitle}>Enter the email of your account and we will send you a link to choose a new password.</p>
          <form noValidate className={css.form} onSubmit={submit}>
            <fieldset className={css.fields} disabled={form.busy}>
              <TextField
                label="Email"
                type="email"
                value={form.values.email}
                error={form.errors.email}
                onChange={form.change('email')}
                autoComplete="email"
                autoFocus
              />
              <FormMessage message={form.message} />
              <button type="submit" className={`${primaryButton} ${css.submit}`} disabled={!form.canSubmit}>
                {form.busy ? 'SENDING…' : 'SEND RESET LINK'}
              </button>
            </fieldset>
          </form>
        </>
      )}
      <p className={css.switchLine}>
        Remembered it? <Link to="/signIn">Sign in</Link>
      </p>
    </>
  );
}
