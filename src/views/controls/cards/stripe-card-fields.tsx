import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useId, useMemo } from 'react';
import { addCardMessages, type CardTokenizer } from '../../../machines/cards/index.ts';
import * as css from './add-card.css.ts';

export interface StripeCardFieldsProps {
  publishableKey: string;
  /** Receives the tokenizer once Stripe has loaded (undefined when the fields go away). */
  onReady: (tokenizer: CardTokenizer | undefined) => void;
  /**
   * Loads Stripe.js for the key; `loadStripe` (the script from js.stripe.com) unless a test passes an offline fake.
   * Keep it stable across renders: Elements does not accept a new Stripe object once it has one.
   */
  loadStripeWith?: ((publishableKey: string) => Promise<Stripe | null>) | undefined;
}

/** Stripe always words its refusals; this covers one that comes without words. */
const refusedWithoutReason = 'Your card could not be checked. Please check its details and try again.';

/**
 * Production card fields: Stripe Elements in Stripe's own frames, so the number and CVC never touch our page. Loaded
 * with a dynamic import only when the server's gateway is 'stripe' (tests and `npm start` use the test gateway).
 */
export default function StripeCardFields({ publishableKey, onReady, loadStripeWith = loadStripe }: StripeCardFieldsProps) {
  const stripe = useMemo(() => loadStripeWith(publishableKey), [loadStripeWith, publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeFields onReady={onReady} />
    </Elements>
  );
}

function StripeFields({ onReady }: Pick<StripeCardFieldsProps, 'onReady'>) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();

  useEffect(() => {
    if (!stripe || !elements) return undefined;
    // The spec's two tokens per card: each call makes one PaymentMethod (pm_...), which the server attaches.
    const tokenizer: CardTokenizer = async (input) => {
      const card = elements.getElement(CardNumberElement);
      if (!card) throw new Error(addCardMessages.cardFormLoading);
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: input.holder } });
      if (result.error) throw new Error(result.error.message ?? refusedWithoutReason);
      return { token: result.paymentMethod.id };
    };
    onReady(tokenizer);
    return () => onReady(undefined);
  }, [stripe, elements, onReady]);

  return (
    <>
      <div className={css.field}>
        <span id={`${id}-number`} className={css.label}>
          Card Number
        </span>
        <div className={css.stripeField} aria-labelledby={`${id}-number`} role="group">
          <CardNumberElement options={{ showIcon: true }} />
        </div>
      </div>
      <div className={css.row}>
        <div className={css.field}>
          <span id={`${id}-expiry`} className={css.label}>
            Expiry (MM/YY)
          </span>
          <div className={css.stripeField} aria-labelledby={`${id}-expiry`} role="group">
            <CardExpiryElement />
          </div>
        </div>
        <div className={css.field}>
          <span id={`${id}-cvc`} className={css.label}>
            CVC
          </span>
          <div className={css.stripeField} aria-labelledby={`${id}-cvc`} role="group">
            <CardCvcElement />
          </div>
        </div>
      </div>
    </>
  );
}
