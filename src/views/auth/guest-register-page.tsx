import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { guestRegisterMachine, selectGuestEmail, selectGuestError, selectGuestMessage } from '../../machines/auth/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import * as css from './auth.css.ts';
import { FormMessage } from './form-message.tsx';
import { TextField } from '../controls/text-field.tsx';

/** /guest/register: checkout with an email only; the cart follows, then /cart. */
export function GuestRegisterPage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => guestRegisterMachine.provide({ actions: { goToCart: () => navigate('/cart') } }), [navigate]);
  const actor = useActorRef(machine, { input: { session } });
  const email = useSelector(actor, selectGuestEmail);
  const error = useSelector(actor, selectGuestError);
  const message = useSelector(actor, selectGuestMessage);
  const busy = useSelector(actor, (s) => s.matches('registering'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'guest.submit' });
  };

  return (
    <div className={css.page}>
      <section className={css.card} aria-labelledby="guest-title">
        <h1 id="guest-title" className={css.title}>
          Checkout as a Guest
        </h1>
        <p className={css.subtitle}>We only need your email to send the order confirmation.</p>
        <form noValidate className={css.form} onSubmit={submit}>
          <fieldset className={css.fields} disabled={busy}>
            <TextField
              label="Email"
              type="email"
              value={email}
              error={error}
              onChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
              autoComplete="email"
              autoFocus
            />
            <FormMessage message={message} />
            <button type="submit" className={`${primaryButton} ${css.submit}`}>
              {busy ? 'PLEASE WAIT…' : 'CONTINUE'}
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
