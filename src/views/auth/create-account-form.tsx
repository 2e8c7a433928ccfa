import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { selectNewsletter } from '../../machines/auth/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import * as css from './auth.css.ts';
import { CaptchaField } from './captcha-field.tsx';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';
import { useAuthForm, type AuthActor } from './use-auth-form.ts';

/** Create account: names, email, password twice, the newsletter choice and the captcha. */
export function CreateAccountForm({ actor }: { actor: AuthActor }) {
  const form = useAuthForm(actor);
  const newsletter = useSelector(actor, selectNewsletter);
  const newsletterId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'auth.submit' });
  };
  return (
    <>
      <h1 id="auth-title" className={css.title}>
        Create Account
      </h1>
      <p className={css.subtitle}>Save your addresses and cards, and follow your orders.</p>
      <form noValidate className={css.form} onSubmit={submit}>
        <fieldset className={css.fields} disabled={form.busy}>
          <div className={css.nameRow}>
            <TextField
              label="First Name"
              value={form.values.first_name}
              error={form.errors.first_name}
              onChange={form.change('first_name')}
              autoComplete="given-name"
              autoFocus
            />
            <TextField
              label="Last Name"
              value={form.values.last_name}
              error={form.errors.last_name}
              onChange={form.change('last_name')}
              autoComplete="family-name"
            />
          </div>
          <TextField
            label="Email"
            type="email"
            value={form.values.email}
            error={form.errors.email}
            onChange={form.change('email')}
            autoComplete="email"
          />
          <TextField
            label="Password"
            type="password"
            value={form.values.password}
            error={form.errors.password}
            onChange={form.change('password')}
            autoComplete="new-password"
          />
          <TextField
            label="Confirm Password"
            type="password"
            value={form.values.confirm_password}
            error={form.errors.confirm_password}
            onChange={form.change('confirm_password')}
            autoComplete="new-password"
          />
          <div className={css.checkbox}>
            <input
              id={newsletterId}
              type="checkbox"
              checked={newsletter}
              onChange={(event) => actor.send({ type: 'newsletter.change', checked: event.target.checked })}
            />
            <label htmlFor={newsletterId}>KEEP ME UP TO DATE ON NEWS AND EXCLUSIVE OFFERS</label>
          </div>
          <CaptchaField key={form.captchaRound} actor={actor} />
          <FormMessage message={form.message} />
          <button type="submit" className={`${primaryButton} ${css.submit}`} disabled={!form.canSubmit}>
            {form.busy ? 'CREATING ACCOUNT…' : 'CREATE ACCOUNT'}
          </button>
        </fieldset>
      </form>
      <p className={css.switchLine}>
        Already have an account? <Link to="/signIn">Sign in</Link>
      </p>
    </>
  );
}
