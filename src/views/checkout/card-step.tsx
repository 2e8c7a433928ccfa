import { selectCardStep, selectHasSpeedTab, selectNothingToPay } from '../../machines/checkout/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { CardTabView } from '../controls/cards/card-tab.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** The card tab (shared with account settings): its step machine hands the choice to the checkout itself. */
export function CardStep() {
  const checkout = CheckoutActorContext.useActorRef();
  const choosePayment = CheckoutActorContext.useSelector(selectCardStep);
  const canGoBack = CheckoutActorContext.useSelector(selectHasSpeedTab);
  const nothingToPay = CheckoutActorContext.useSelector(selectNothingToPay);
  if (!choosePayment) return null;
  if (nothingToPay) {
    // A cart of wallet redemptions only: nothing is charged, so no card is asked for.
    return (
      <section aria-labelledby="nothing-to-pay" className={css.form}>
        <h2 id="nothing-to-pay">Nothing to Pay</h2>
        <p>Your wallet covers this order: no card is charged.</p>
        <button type="button" className={primaryButton} onClick={() => checkout.send({ type: 'payment.skip' })}>
          Continue
        </button>
      </section>
    );
  }
  return <CardTabView actor={choosePayment} onBack={canGoBack ? () => checkout.send({ type: 'tab.select', tab: 'speed' }) : undefined} />;
}
