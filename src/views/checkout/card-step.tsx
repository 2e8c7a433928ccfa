import { CardTabView } from '../controls/cards/card-tab.tsx';
import { CheckoutActorContext } from './checkout-context.ts';

/** The card tab (shared with account settings): its step machine hands the choice to the checkout itself. */
export function CardStep() {
  const checkout = CheckoutActorContext.useActorRef();
  const choosePayment = CheckoutActorContext.useSelector((s) => s.children.choosePayment);
  const canGoBack = CheckoutActorContext.useSelector((s) => s.context.flags.isSpeedTab);
  if (!choosePayment) return null;
  return <CardTabView actor={choosePayment} onBack={canGoBack ? () => checkout.send({ type: 'tab.select', tab: 'speed' }) : undefined} />;
}
