import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { primaryButton } from '../../styles/controls.css.ts';
import * as css from './auth.css.ts';
import { CaptchaField } from './captcha-field.tsx';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';
import { useAuthForm, type AuthActor } from './use-auth-form.ts';

/** Sign in: email or mobile, password, the captcha; SIGN IN stays disabled until the captcha is solved. */
export function SignInForm({ actor }: { actor: AuthActor }) {
  const form = useAuthForm(actor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'auth.submit' });
  };
  return (
    <>
      <h1 id="auth-title" className={css.title}>
        Sign In
      </h1>
      <p className={css.subtitle}>Welcome back. Sign in to check out faster and see your orders.</p>
      <form noValidate className={css.form} onSubmit={submit}>
        <fieldset className={css.fields} disabled={form.busy}>
          <TextField
            label="Email or mobile"
            value={form.values.email}
            error={form.errors.email}
            onChange={form.change('email')}
            autoComplete="username"
            inputMode="email"
            autoFocus
          />
          <TextField
            label="Password"
            type="password"
            value={form.values.password}
            error={form.errors.password}
            onChange={form.change('password')}
            autoComplete="current-password"
          />
          <div className={css.links}>
            <Link to="/forgot/password">Forgot Password</Link>
          </div>
          <CaptchaField key={form.captchaRound} actor={actor} />
          <FormMessage message={form.message} />
          <button type="submit" className={`${primaryButton} ${css.submit}`} disabled={!form.canSubmit}>
            {form.busy ? 'SIGNING IN…' : 'SIGN IN'}
          </button>
        </fieldset>
      </form>
      <p className={css.switchLine}>
        New customer? <Link to="/createAccount">Start here</Link>
      </p>
    </>
  );
}
