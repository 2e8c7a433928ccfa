import type { FastifyPluginAsync } from 'fastify';
import {
  paymentMethodsBody,
  removeCardBody,
  saveCardBody,
  stripePaymentsMethod,
  testAuthenticateBody,
  testReconcileBody,
  tokenizeBody,
  verifyUpiBody,
  type PaymentMessageReply,
  type PaymentMethodsReply,
  type SaveCardReply,
  type StripeDetailsReply,
  type TestAuthenticateReply,
  type TestReconcileReply,
  type TokenizeReply,
  type VerifyUpiReply,
} from '../../src/api/contract/payment.contract.ts';
import type { FieldError } from '../../src/api/contract/envelope.ts';
import { upiMessages } from '../../src/rules/upi.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { enforceLimit } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import { removeCard, saveCard, savedCardsForCart } from '../services/payments/payment-methods.ts';
import { sendOrderConfirmation } from '../services/checkout/order-confirmation.ts';
import { sendFailedPaymentMail } from '../services/payments/failed-payment-mail.ts';
import { sendCanceledDebitRefundMail } from '../services/payments/canceled-debit-mail.ts';
import { sweepPaymentsOnce } from '../services/payments/payment-sweep.ts';
import { testGatewayOf } from '../services/payments/test-mode.ts';
import { checkoutLimit } from '../services/platform/rate-limit.ts';
import { verifyUpi } from '../services/payments/upi.ts';

export const providerUnreachableMessage = 'The card provider could not be reached. Please try again in a minute.';

export function paymentRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db, payments, limiter, rateLimits: limits } = deps;
  return async (app) => {
    /** Public: the browser needs the publishable key (and, in test mode, to know it shows our own card fields). */
    app.post('/api/api/account/stripeDetails', async (): Promise<StripeDetailsReply> => ({
      code: 1,
      data: { publishable_key: payments.publishableKey, gateway: payments.kind },
    }));

    app.post('/api/checkout/paymentmethods', async (request): Promise<PaymentMethodsReply> => {
      const body = parseWith(paymentMethodsBody, request.body);
      const caller = await requireCaller(request, db);
      const cards = await savedCardsForCart(db, payments.kind, caller, body.cart_id);
      if ('notFound' in cards) throw notFound(cards.notFound.what, cards.notFound.field);
      return { code: 1, data: cards.cards, payment_method: stripePaymentsMethod };
    });

    app.post('/api/account/mycards', async (request): Promise<SaveCardReply> => {
      const body = parseWith(saveCardBody, request.body);
      const caller = await requireCaller(request, db);
      await enforceLimit(limiter, `card-save:customer:${caller.customerId}`, checkoutLimit(limits, 'cardSavePerCustomer'));
      const [token] = body.card_token;
      if (token === undefined) throw badRequest([{ field: 'card_token', message: 'card_token is required.' }]);
      const outcome = await saveCard(db, payments, caller.customerId, {
        token,
        billingAddressId: body.billing_address.billing_address_id,
        holder: body.name,
      });
      if (outcome.kind === 'not-found') throw notFound('Address not found');
      if (outcome.kind === 'refused') return { code: -1, data: outcome.message };
      if (outcome.kind === 'unreachable') {
        request.log.error({ err: outcome.error }, 'card provider failed while saving a card');
        return { code: -1, data: providerUnreachableMessage };
      }
      return { code: 1, message: 'Card saved.', data: [outcome.card] };
    });

    app.post('/api/account/RemoveCreditCard', async (request): Promise<PaymentMessageReply> => {
      const body = parseWith(removeCardBody, request.body);
      const caller = await requireCaller(request, db);
      const outcome = await removeCard(db, payments, caller.customerId, body.card_id);
      if (outcome.kind === 'not-found') throw notFound('Card not found');
      if (outcome.kind === 'unreachable') {
        request.log.error({ err: outcome.error }, 'card provider failed while removing a card');
        return { code: -1, message: providerUnreachableMessage };
      }
      return { code: 1, message: 'Card removed.' };
    });

    /**
     * Test mode's card form posts the card here; only the one-time token comes back. With Stripe the browser talks to
     * Stripe itself and this route does not exist. Fastify logs requests without their bodies, and nothing below
     * logs or stores the number or the CVC.
     */
    app.post('/api/payments/tokenize', async (request): Promise<TokenizeReply> => {
      const testGateway = testGatewayOf(payments);
      if (!testGateway) throw notFound();
      const body = parseWith(tokenizeBody, request.body);
      await enforceLimit(limiter, `card-tokenize:ip:${request.ip}`, checkoutLimit(limits, 'cardTokenizePerIp'));
      const result = testGateway.tokenize({
        holder: body.holder,
        number: body.number,
        expMonth: body.exp_month,
        expYear: body.exp_year,
        cvc: body.cvc,
      });
      if (!result.ok) {
        const errors: FieldError[] = Object.entries(result.errors).map(([field, message]) => ({ field, message }));
        throw badRequest(errors);
      }
      return {
        code: 1,
        data: { token: result.token, brand: result.brand, last4: result.last4, exp_month: result.expMonth, exp_year: result.expYear },
      };
    });

    /**
     * Test mode's bank page for 3-D Secure: the shopper completes or fails the check. Like Stripe's own page, only the
     * payment's client secret (which only the paying browser got) opens it. Not served with Stripe.
     */
    app.post('/api/payments/test-authenticate', async (request): Promise<TestAuthenticateReply> => {
      const testGateway = testGatewayOf(payments);
      if (!testGateway) throw notFound();
      const body = parseWith(testAuthenticateBody, request.body);
      // Its own bucket, as generous as tokenising: guessing a client secret is hopeless, but nothing should be free.
      await enforceLimit(limiter, `bank-check:ip:${request.ip}`, checkoutLimit(limits, 'cardTokenizePerIp'));
      if (!testGateway.authenticate(body.client_secret, body.complete)) return { code: -1, message: 'This payment is not waiting for a bank check.' };
      return { code: 1, data: {} };
    });

    /**
     * Test mode's bank clearing its debits: one payment reconciler pass now, as the background sweep makes each minute
     * (bank debits cleared or returned, orders whose charge outcome was unknown). The e2e journeys use it instead of
     * waiting for the sweep. Not served with Stripe.
     */
    app.post('/api/payments/test-reconcile', async (request): Promise<TestReconcileReply> => {
      if (!testGatewayOf(payments)) throw notFound();
      parseWith(testReconcileBody, request.body ?? {});
      await enforceLimit(limiter, `test-reconcile:ip:${request.ip}`, checkoutLimit(limits, 'cardTokenizePerIp'));
      const report = await sweepPaymentsOnce({
        db,
        payments,
        clock: deps.clock,
        log: request.log,
        onPaid: (orderId) => sendOrderConfirmation(deps, orderId, request.log),
        onPaymentFailed: (orderId, linesBack) => sendFailedPaymentMail(deps, orderId, linesBack, request.log),
        onDebitRefunded: (orderId) => sendCanceledDebitRefundMail(deps, orderId, request.log),
      });
      return { code: 1, data: { paid: report.paid.length, failed: report.failed.length, still_pending: report.stillPending.length } };
    });

    app.post('/payuapi/payu/varifyUpi', async (request): Promise<VerifyUpiReply> => {
      const body = parseWith(verifyUpiBody, request.body);
      await enforceLimit(limiter, `upi-verify:ip:${request.ip}`, checkoutLimit(limits, 'upiVerifyPerIp'));
      const vpa = body.upi_id.trim();
      const valid = await verifyUpi(vpa);
      return valid ? { code: 1, message: upiMessages.verified, isVPAValid: 1, vpa } : { code: 1, message: upiMessages.invalid, isVPAValid: 0, vpa };
    });
  };
}
