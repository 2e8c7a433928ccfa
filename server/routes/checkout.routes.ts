import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  confirmOrderBody,
  myOrdersBody,
  orderReviewBody,
  orderStatusBody,
  placeOrderBody,
  type MyOrdersReply,
  type OrderReviewReply,
  type OrderStatusReply,
  type PlaceOrderBody,
  type PlaceOrderReply,
} from '../../src/api/contract/checkout.contract.ts';
import { upiError } from '../../src/rules/upi.ts';
import { mailSenderFromConfig } from '../adapters/mail/mail-from-config.ts';
import { paymentsOf } from '../adapters/payments/payments-from-config.ts';
import { nowOf, type AppDeps } from '../deps.ts';
import { optionalCaller, requireCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { paymentMessages, settleOrder, type SettleOutcome } from '../services/payments/order-payment.ts';
import { reconcilePendingPayments } from '../services/payments/payment-reconciler.ts';
import { reviewOrder } from '../services/checkout/order-review.ts';
import { findOrder, listOrders, orderConfirmation } from '../services/checkout/orders.ts';
import { placeOrderMessages, reserveOrder, type PaymentChoice } from '../services/checkout/place-order.ts';

/** The payment the body asks for: 2 card (saved card_id or fresh card_token), 3 UPI, 4 pay on delivery. */
function paymentChoice(body: PlaceOrderBody): PaymentChoice {
  const mode = body.payment_mode ?? 2;
  if (mode === 4) return { mode };
  if (mode === 3) {
    const upiId = (body.upi_id ?? body.upi_address ?? '').trim();
    const problem = upiError(upiId);
    if (problem) throw badRequest([{ field: 'upi_id', message: problem }]);
    return { mode, upiId };
  }
  return { mode, cardId: body.card_id, token: body.card_token?.trim() || undefined };
}

export function checkoutRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db, config } = deps;
  const payments = paymentsOf(deps);

  return async (app) => {
    const mail = deps.mail ?? mailSenderFromConfig(config, db, (entry) => app.log.info({ mail: { to: entry.to, subject: entry.subject } }, 'mail written to the outbox'));

    app.post('/api/checkout/orderreview', async (request): Promise<OrderReviewReply> => {
      const body = parseWith(orderReviewBody, request.body);
      const caller = await optionalCaller(request, db);
      const outcome = await reviewOrder(
        db,
        caller,
        {
          cartId: body.cart_id,
          addressId: body.delivery_address_id ?? body.selectedAddress,
          speedId: body.speed_id ?? body.selectedSpeedID,
          tipPercent: body.driver_tip ?? 0,
          giftMessage: body.gift_message ?? undefined,
        },
        nowOf(deps),
      );
      if (outcome.kind === 'not-found') throw notFound(outcome.what);
      if (outcome.kind === 'refused') return { code: -1, message: outcome.message };
      return { code: 1, data: outcome.data };
    });

    /**
     * One order per cart, whatever arrives twice. Totals, taxes, fees and tips in the body are ignored: the server
     * computes them inside the reserving transaction.
     */
    app.post('/api/placeorder/placeorder', async (request): Promise<PlaceOrderReply> => {
      const body = parseWith(placeOrderBody, request.body);
      const caller = await requireCaller(request, db);
      const now = nowOf(deps);
      const reserved = await reserveOrder(
        db,
        payments,
        caller,
        {
          cartId: body.cart_id,
          addressId: body.delivery_address_id ?? body.selectedAddress,
          speedId: body.speed_id ?? body.selectedSpeedID,
          retailerId: body.retailer_id ?? body.selectedRetailerID,
          tipPercent: body.driver_tip ?? 0,
          giftMessage: body.gift_message ?? undefined,
          payment: paymentChoice(body),
        },
        now,
      );
      if (reserved.kind === 'not-found') throw notFound(reserved.what);
      if (reserved.kind === 'refused') return { code: -1, message: reserved.message, ...(reserved.problems ? { problems: reserved.problems } : {}) };

      const outcome = await settleOrder(db, payments, reserved.order.id, now, (error) => request.log.error({ err: error }, 'card provider failed while charging'));
      const cashOnDelivery = reserved.kind === 'reserved' && outcome.order.status === 'pending_payment_on_delivery';
      return replyFor(request, outcome, cashOnDelivery);
    });

    /** After the shopper's bank check (3-D Secure): the payment's status settles the order. */
    app.post('/api/placeorder/confirm', async (request): Promise<PlaceOrderReply> => {
      const body = parseWith(confirmOrderBody, request.body);
      const caller = await requireCaller(request, db);
      const order = await db
        .selectFrom('orders')
        .select('id')
        .where('increment_id', '=', body.order_id.trim())
        .where('customer_id', '=', caller.customerId)
        .executeTakeFirst();
      if (!order) throw notFound('Order not found');
      const outcome = await settleOrder(db, payments, order.id, nowOf(deps), (error) => request.log.error({ err: error }, 'card provider failed while confirming'), 0);
      return replyFor(request, outcome, false);
    });

    /** Place order's and confirm's answer; the confirmation mail goes out once, from the request that settled the order. */
    function replyFor(request: FastifyRequest, outcome: SettleOutcome, firstTime: boolean): PlaceOrderReply {
      const orderId = outcome.order.increment_id;
      const status = outcome.order.status;
      if (outcome.kind === 'payment-failed') return { code: -1, message: outcome.message, order_id: orderId, status };
      if (outcome.kind === 'pending') return { code: 2, message: paymentMessages.pending, order_id: orderId, status };
      if (outcome.kind === 'authenticate') {
        return { code: 2, message: paymentMessages.authenticate, order_id: orderId, status, authentication: { client_secret: outcome.clientSecret, gateway: payments.kind } };
      }
      if (outcome.settledHere || firstTime) sendConfirmation(request.log, outcome.order.id);
      return { code: 1, message: placeOrderMessages.placed, order_id: orderId, status };
    }

    /** Not awaited: the order stands whether or not the mail server answers; a failure is logged. */
    function sendConfirmation(log: FastifyBaseLogger, orderId: number): void {
      orderConfirmation(db, orderId, config.appOrigin)
        .then((message) => mail.send(message))
        .catch((error: unknown) => log.error({ err: error, orderId }, 'order confirmation mail not sent'));
    }

    // Orders whose charge outcome stayed unknown are settled in the background (server/services/payments/payment-reconciler.ts).
    const sweepEveryMs = deps.paymentSweepMs;
    if (sweepEveryMs !== undefined) {
      let running: Promise<void> | undefined;
      const sweep = async () => {
        const report = await reconcilePendingPayments(db, payments, nowOf(deps), (error) => app.log.error({ err: error }, 'card provider failed while settling a pending order'));
        for (const orderId of report.paid) sendConfirmation(app.log, orderId);
        if (report.paid.length + report.failed.length > 0) app.log.info({ paid: report.paid, failed: report.failed }, 'pending payments settled');
        if (report.needsReview.length > 0) app.log.error({ orders: report.needsReview }, 'orders pending payment for too long to retry safely: check them at the card provider');
      };
      const timer = setInterval(() => {
        if (running) return;
        running = sweep()
          .catch((error: unknown) => app.log.error({ err: error }, 'pending payment sweep failed'))
          .finally(() => (running = undefined));
      }, sweepEveryMs);
      timer.unref();
      // Stop sweeping before the database closes, and let a pass in flight finish.
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    }

    const myOrders = async (request: FastifyRequest): Promise<MyOrdersReply> => {
      parseWith(myOrdersBody, request.body ?? {});
      const caller = await requireCaller(request, db);
      return { code: 1, data: await listOrders(db, caller.customerId) };
    };
    app.get('/api/account/myorders', myOrders);
    app.post('/api/account/myorders', myOrders);

    /** The order status page ('Track your order'): one order of the caller's; someone else's is 404. */
    const orderStatus = async (request: FastifyRequest): Promise<OrderStatusReply> => {
      const body = parseWith(orderStatusBody, request.method === 'GET' ? request.query : request.body);
      const caller = await requireCaller(request, db);
      const order = await findOrder(db, caller.customerId, body.order_id.trim());
      if (!order) throw notFound('Order not found');
      return { code: 1, data: order };
    };
    app.get('/api/account/orderstatus', orderStatus);
    app.post('/api/account/orderstatus', orderStatus);
  };
}
