import { useSelector } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import { selectIsSignedIn } from '../../machines/app/index.ts';
import { selectAwaitsBankPayment, selectAwaitsEmailConfirmation, selectKeptBackCapped, selectOrderId } from '../../machines/checkout/index.ts';
import { bankMessages } from '../../rules/bank-account.ts';
import { checkoutMessages } from '../../rules/checkout-flow.ts';
import { payOnDeliveryConfirmMinutes, payOnDeliveryMessages } from '../../rules/pay-on-delivery.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import { useFocusOnOpen } from '../controls/use-form-focus.ts';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** 'Order Placed.' with the order id: guests continue shopping, customers go to their orders. */
export function OrderPlaced() {
  const orderId = CheckoutActorContext.useSelector(selectOrderId);
  const awaitsEmail = CheckoutActorContext.useSelector(selectAwaitsEmailConfirmation);
  const awaitsBank = CheckoutActorContext.useSelector(selectAwaitsBankPayment);
  const keptBackCapped = CheckoutActorContext.useSelector(selectKeptBackCapped);
  const { session } = useAppActors();
  const customer = useSelector(session, selectIsSignedIn);
  const navigate = useNavigate();
  // PLACE ORDER is gone with the summary: focus would fall to the page's body (QA walk 9 S7), so the heading takes it.
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  return (
    <section className={css.result} aria-labelledby="placed-title">
      <h2 id="placed-title" ref={heading} tabIndex={-1} className={css.title}>
        {checkoutMessages.placed}
      </h2>
      <p>Order ID: {orderId}</p>
      {awaitsEmail && <p role="status">{payOnDeliveryMessages.confirmByEmailNote(payOnDeliveryConfirmMinutes)}</p>}
      {awaitsBank && <p role="status">{bankMessages.pending}</p>}
      {keptBackCapped && <p role="status">{keptBackCapped}</p>}
      {customer ? (
        <>
          <button type="button" className={primaryButton} onClick={() => navigate('/setting/order')}>
            Your Orders
          </button>
          <Link to={`/order/status?orderId=${encodeURIComponent(orderId ?? '')}`}>Track your order</Link>
        </>
      ) : (
        <button type="button" className={primaryButton} onClick={() => navigate('/category/ALL')}>
          Continue Shopping
        </button>
      )}
    </section>
  );
}
