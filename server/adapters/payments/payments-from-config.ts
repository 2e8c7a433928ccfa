import type { Config } from '../../config.ts';
import type { PaymentGateway } from './payment-port.ts';
import { StripePaymentGateway } from './stripe-gateway.ts';
import { TestPaymentGateway } from './test-gateway.ts';

const built = new WeakMap<Config, PaymentGateway>();

/**
 * Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, otherwise the offline test gateway. One gateway
 * per configuration object: the test gateway keeps saved cards and charges in memory, so the tokenize route and the
 * routes that spend the tokens must share it; its tokens are signed, so other instances can spend them too.
 */
export function paymentGatewayFromConfig(config: Config): PaymentGateway {
  const known = built.get(config);
  if (known) return known;
  const gateway = config.stripe
    ? new StripePaymentGateway({ secretKey: config.stripe.secretKey, publishableKey: config.stripe.publishableKey })
    : // Signed tokens: a card tokenized through one instance is spent through another (the key every instance shares).
      new TestPaymentGateway(undefined, config.uploads.signingKey);
  built.set(config, gateway);
  return gateway;
}
