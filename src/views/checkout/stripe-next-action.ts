import { stripeDetails } from '../../api/payments.api.ts';

/**
 * Stripe's bank check (3-D Secure) in the shopper's browser: stripe.js handleNextAction for the payment's client
 * secret, loaded only when a Stripe payment asks for it. The checkout machine reads the outcome back from the server
 * (confirm), so a failed or closed check is not an error here.
 */
export async function stripeHandleNextAction(clientSecret: string): Promise<void> {
  const details = await stripeDetails();
  const key = details.data?.publishable_key;
  if (!key) throw new Error('The card provider is not available.');
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(key);
  if (!stripe) throw new Error('The card provider could not be loaded.');
  await stripe.handleNextAction({ clientSecret });
}
