import { useNavigate, useSearchParams } from 'react-router-dom';
import { primaryButton } from '../../styles/controls.css.ts';
import * as css from './checkout.css.ts';

/** /payment/success and /payment/fail (spec routes): the order id from ?orderId= and 'Start Shopping'. */
export function PaymentResultPage({ outcome }: { outcome: 'success' | 'fail' }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <section className={css.result} aria-labelledby="payment-result-title">
      <h1 id="payment-result-title" className={css.title}>
        {outcome === 'success' ? 'Order placed successfully' : 'Payment failed'}
      </h1>
      <p>Order ID: {params.get('orderId') ?? ''}</p>
      <button type="button" className={primaryButton} onClick={() => navigate('/store')}>
        Start Shopping
      </button>
    </section>
  );
}

export function PaymentSuccessPage() {
  return <PaymentResultPage outcome="success" />;
}

export function PaymentFailPage() {
  return <PaymentResultPage outcome="fail" />;
}
