/**
 * Stripe's bank check (3-D Secure) in the shopper's browser: stripe.js handleNextAction for the payment's client
 * secret, Stripe.js loaded only when a Stripe payment asks for it. The summary machine fetches the publishable key and
 * reads the outcome back from the server (confirm), so a failed or closed check is not an error here.
 */
export async function stripeHandleNextAction(clientSecret: string, publishableKey: string): Promise<void> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('The card provider could not be loaded.');
  await stripe.handleNextAction({ clientSecret });
}
