import { useSelector } from '@xstate/react';
import type { CheckoutSummaryActor } from '../../machines/checkout/index.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import * as dialogCss from '../../styles/dialog.css.ts';
import * as css from './checkout.css.ts';

/**
 * The bank's check of the payment (3-D Secure). With Stripe, stripe.js shows the bank's own page and this only says
 * the payment is being confirmed; in test mode this dialog stands in for the bank's page.
 */
export function BankCheck({ actor }: { actor: CheckoutSummaryActor }) {
  const testBank = useSelector(actor, (s) => s.matches({ ordering: { authenticating: 'withTestBank' } }));
  const confirming = useSelector(
    actor,
    (s) =>
      s.matches({ ordering: 'confirming' }) ||
      s.matches({ ordering: { authenticating: 'withStripe' } }) ||
      s.matches({ ordering: { authenticating: 'answeringTestBank' } }),
  );
  if (testBank) {
    return (
      <div className={dialogCss.backdrop}>
        <div role="dialog" aria-modal="true" aria-labelledby="bank-check-title" aria-describedby="bank-check-text" className={dialogCss.dialog}>
          <h2 id="bank-check-title" className={dialogCss.title}>
            Confirm this payment
          </h2>
          <p id="bank-check-text">Your bank asks you to confirm this payment. (Test mode: this page stands in for your bank&apos;s check.)</p>
          <div className={css.actions}>
            <button type="button" className={primaryButton} autoFocus onClick={() => actor.send({ type: 'payment.authenticate', complete: true })}>
              COMPLETE
            </button>
            <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'payment.authenticate', complete: false })}>
              FAIL
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (confirming) {
    return (
      <p className={css.status} role="status">
        Confirming your payment with your bank…
      </p>
    );
  }
  return null;
}
