import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageGate } from '../layout/page-gate.tsx';
import {
  selectPasswordErrors,
  selectPasswordMessage,
  selectPasswordValues,
  updatePasswordMachine,
  type PasswordField,
} from '../../machines/auth/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useNotify } from '../app-context.tsx';
import * as css from './auth.css.ts';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';

/** /account/resetpassword?token=…: without a token there is nothing to do here, so it goes to '/'. */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PageGate page="updatePassword" resetToken={token}>
      {token && <UpdatePasswordForm token={token} />}
    </PageGate>
  );
}

function UpdatePasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const machine = useMemo(
    () =>
      updatePasswordMachine.provide({
        actions: {
          // replace: the spent link should not come back with Back.
          goToSignIn: () => navigate('/signIn', { replace: true }),
          notifyChanged: (_, params) => {
            if (params.message) notify.snackbar(params.message);
          },
        },
      }),
    [navigate, notify],
  );
  const actor = useActorRef(machine, { input: { token } });
  const values = useSelector(actor, selectPasswordValues);
  const errors = useSelector(actor, selectPasswordErrors);
  const message = useSelector(actor, selectPasswordMessage);
  const busy = useSelector(actor, (s) => s.matches('changing'));
  const change = (field: PasswordField) => (value: string) => actor.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'password.submit' });
  };

  return (
    <div className={css.page}>
      <section className={css.card} aria-labelledby="update-password-title">
        <h1 id="update-password-title" className={css.title}>
          Update Password
        </h1>
        <p className={css.subtitle}>Choose a new password of at least 8 characters.</p>
        <form noValidate className={css.form} onSubmit={submit}>
          <fieldset className={css.fields} disabled={busy}>
            <TextField
              label="New Password"
              type="password"
              value={values.new_password}
              error={errors.new_password}
              onChange={change('new_password')}
              autoComplete="new-password"
              autoFocus
            />
            <TextField
              label="Confirm Password"
              type="password"
              value={values.confirm_password}
              error={errors.confirm_password}
              onChange={change('confirm_password')}
              autoComplete="new-password"
            />
            <FormMessage message={message} />
            <button type="submit" className={`${primaryButton} ${css.submit}`}>
              {busy ? 'UPDATING…' : 'UPDATE PASSWORD'}
            </button>
          </fieldset>
        </form>
      </section>
    </div>
  );
}
