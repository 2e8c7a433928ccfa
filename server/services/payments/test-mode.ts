import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import { TestPaymentGateway } from '../../adapters/payments/test-gateway.ts';

/**
 * The offline test gateway when it is the app's card provider, else undefined: test mode's own card form (tokenize)
 * and bank-check page exist only then. With Stripe the browser talks to Stripe itself.
 */
export function testGatewayOf(payments: PaymentGateway): TestPaymentGateway | undefined {
  return payments instanceof TestPaymentGateway ? payments : undefined;
}
