import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { selectUpiError, selectUpiId, selectUpiMessage, type PaymentOptionsActor } from '../../../machines/cards/index.ts';
import { primaryButton, secondaryButton, textInput } from '../../../styles/controls.css.ts';
import * as formCss from './add-card.css.ts';
import * as css from './card-tab.css.ts';
import { useShownMessage } from '../../layout/shown-message.ts';

/** UPI: the id, Verify, the server's verdict; Continue only once verified. */
export function UpiForm({ actor }: { actor: PaymentOptionsActor }) {
  const id = useId();
  const upiId = useSelector(actor, selectUpiId);
  const error = useShownMessage(useSelector(actor, selectUpiError));
  const message = useSelector(actor, selectUpiMessage);
  const verifying = useSelector(actor, (s) => s.hasTag('verifying'));
  const canContinue = useSelector(actor, (s) => s.can({ type: 'payment.continue' }));
  const verify = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'upi.verify' });
  };
  return (
    <form className={formCss.form} onSubmit={verify} noValidate aria-label="UPI">
      <div className={formCss.field}>
        <label htmlFor={id} className={formCss.label}>
          UPI ID
        </label>
        <input
          id={id}
          className={textInput}
          value={upiId}
          autoComplete="off"
          placeholder="name@bank"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || message ? `${id}-message` : undefined}
          onChange={(e) => actor.send({ type: 'upi.change', upiId: e.target.value })}
        />
        {error && (
          <p id={`${id}-message`} role="alert" className={css.error}>
            {error}
          </p>
        )}
        {message && (
          <p id={`${id}-message`} role="status" className={css.success}>
            {message}
          </p>
        )}
      </div>
      <div className={css.actions}>
        <button type="submit" className={secondaryButton} disabled={verifying}>
          {verifying ? 'Verifying…' : 'Verify'}
        </button>
        <button type="button" className={primaryButton} disabled={!canContinue} onClick={() => actor.send({ type: 'payment.continue' })}>
          Continue
        </button>
      </div>
    </form>
  );
}
