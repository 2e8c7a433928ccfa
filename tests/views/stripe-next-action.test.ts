import type { Stripe } from '@stripe/stripe-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stripeHandleNextAction } from '../../src/views/checkout/stripe-next-action.ts';

// Offline: the real loadStripe would fetch js.stripe.com.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn<(key: string) => Promise<Stripe | null>>() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

/** Only what the bank check calls; typed as Stripe once, here. */
function fakeStripe(handleNextAction: (options: { clientSecret: string }) => Promise<unknown>): Stripe {
  return { handleNextAction } as unknown as Stripe;
}

describe("Stripe's bank check in the browser", () => {
  beforeEach(() => stripeJs.loadStripe.mockReset());

  it('loads Stripe with the publishable key and runs handleNextAction for the payment', async () => {
    const handleNextAction = vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } }));
    stripeJs.loadStripe.mockResolvedValue(fakeStripe(handleNextAction));
    // The key comes from the summary machine (POST stripeDetails); the page only runs Stripe.js.
    await stripeHandleNextAction('pi_1_secret_2', 'pk_test_offline');
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_offline');
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
  });

  it('fails clearly when Stripe cannot be loaded (the machine then asks the server how the payment stands)', async () => {
    stripeJs.loadStripe.mockResolvedValue(null);
    await expect(stripeHandleNextAction('pi_1_secret_2', 'pk_test_offline')).rejects.toThrow('The card provider could not be loaded.');
  });
});
