import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { bankMessages, selectBankAccount, selectBankFieldErrors, selectChosenBank, type PaymentOptionsActor } from '../../../machines/cards/index.ts';
import { primaryButton, textInput } from '../../../styles/controls.css.ts';
import * as formCss from './add-card.css.ts';
import * as css from './card-tab.css.ts';

/** Pay by bank: the chosen bank's routing and account numbers, the mandate, and Continue once both numbers pass. */
export function BankForm({ actor }: { actor: PaymentOptionsActor }) {
  const id = useId();
  const bank = useSelector(actor, selectChosenBank);
  const account = useSelector(actor, selectBankAccount);
  const errors = useSelector(actor, selectBankFieldErrors);
  const canContinue = useSelector(actor, (s) => s.can({ type: 'payment.continue' }));
  if (!bank) return <p className={css.status}>{bankMessages.chooseBank}</p>;
  return (
    <form
      className={formCss.form}
      noValidate
      aria-label={`Pay from ${bank}`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'payment.continue' });
      }}
    >
      <div className={formCss.field}>
        <label htmlFor={`${id}-routing`} className={formCss.label}>
          Routing Number
        </label>
        <input
          id={`${id}-routing`}
          className={textInput}
          value={account.routingNumber}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={errors.routing ? true : undefined}
          aria-describedby={errors.routing ? `${id}-routing-error` : undefined}
          onChange={(e) => actor.send({ type: 'bank.routing.change', value: e.target.value })}
        />
        {errors.routing && (
          <p id={`${id}-routing-error`} role="alert" className={css.error}>
            {errors.routing}
          </p>
        )}
      </div>
      <div className={formCss.field}>
        <label htmlFor={`${id}-account`} className={formCss.label}>
          Account Number
        </label>
        <input
          id={`${id}-account`}
          className={textInput}
          value={account.accountNumber}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={errors.account ? true : undefined}
          aria-describedby={errors.account ? `${id}-account-error` : undefined}
          onChange={(e) => actor.send({ type: 'bank.account.change', value: e.target.value })}
        />
        {errors.account && (
          <p id={`${id}-account-error`} role="alert" className={css.error}>
            {errors.account}
          </p>
        )}
      </div>
      <p className={css.status}>{bankMessages.mandate}</p>
      <div className={css.actions}>
        <button type="submit" className={primaryButton} disabled={!canContinue}>
          Continue
        </button>
      </div>
    </form>
  );
}
