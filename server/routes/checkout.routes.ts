import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseDineinTime } from '../../src/rules/visit-time.ts';
import {
  confirmOrderBody,
  myOrdersBody,
  myOrdersPageMax,
  orderReviewBody,
  orderStatusBody,
  placeOrderBody,
  type MyOrdersReply,
  type OrderReviewReply,
  type OrderStatusReply,
  type PlaceOrderBody,
  type PlaceOrderReply,
} from '../../src/api/contract/checkout.contract.ts';
import { bankAccountErrors, bankMessages, bankPaymentMode, isBankName } from '../../src/rules/bank-account.ts';
import { payOnDeliveryConfirmMinutes, payOnDeliveryMessages } from '../../src/rules/pay-on-delivery.ts';
import { upiError } from '../../src/rules/upi.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller, requireCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { enforceLimit } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import { openBankAccount } from '../services/payments/bank-account.ts';
import { paymentMessages, type SettleOutcome } from '../services/payments/order-payment.ts';
import { reviewOrder } from '../services/checkout/order-review.ts';
import { confirmOrder, placeOrder } from '../services/checkout/order-placement.ts';
import { currentCart, type CartSummary } from '../services/cart/cart-merge.ts';
import { findOrder, listOrders, paymentFailedLabel } from '../services/checkout/orders.ts';
import { placeOrderMessages, type PaymentChoice } from '../services/checkout/place-order.ts';
import { checkoutLimit } from '../services/platform/rate-limit.ts';

/**
 * The payment the body asks for: 1 bank (the account becomes the provider's payment method first), 2 card (saved
 * card_id or fresh card_token), 3 UPI, 4 pay on delivery.
 */
async function paymentChoice(deps: AppDeps, request: FastifyRequest, customerId: number, body: PlaceOrderBody): Promise<PaymentChoice> {
  const mode = body.payment_mode ?? 2;
  if (mode === 4) return { mode };
  if (mode === bankPaymentMode) {
    const fields = { bankName: body.bank_name?.trim() ?? '', routingNumber: body.routing_number ?? '', accountNumber: body.account_number ?? '' };
    const errors = bankAccountErrors(fields);
    const problems = Object.entries(errors).map(([field, message]) => ({ field, message }));
    if (problems.length > 0 || !isBankName(fields.bankName)) throw badRequest(problems);
    // The mandate is accepted here, from this address and browser (NACHA's online authorisation).
    const mandate = { ipAddress: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) || 'unknown' };
    const opened = await openBankAccount(deps.db, deps.payments, customerId, { ...fields, bankName: fields.bankName, mandate });
    if (!opened.ok) throw badRequest([{ field: 'routing_number', message: opened.message }]);
    return { mode, account: opened.account };
  }
  if (mode === 3) {
    const upiId = (body.upi_id ?? body.upi_address ?? '').trim();
    const problem = upiError(upiId);
    if (problem) throw badRequest([{ field: 'upi_id', message: problem }]);
    return { mode, upiId };
  }
  return { mode, cardId: body.card_id, token: body.card_token?.trim() || undefined };
}

export function checkoutRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db, payments } = deps;

  return async (app) => {
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
        deps.clock(),
      );
      if (outcome.kind === 'not-found') throw notFound(outcome.what, outcome.field);
      if (outcome.kind === 'refused' && outcome.field !== undefined) throw badRequest([{ field: outcome.field, message: outcome.message }]);
      if (outcome.kind === 'refused') return { code: -1, message: outcome.message };
      return { code: 1, data: outcome.data };
    });

    /**
     * One order per cart, whatever arrives twice. Totals, taxes, fees and tips in the body are ignored: the server
     * computes them inside the reserving transaction, and refuses when they differ from shown_grandtotal (walk 5 #3).
     */
    app.post('/api/placeorder/placeorder', async (request): Promise<PlaceOrderReply> => {
      const body = parseWith(placeOrderBody, request.body);
      const caller = await requireCaller(request, db);
      const payment = await paymentChoice(deps, request, caller.customerId, body);
      if (payment.mode === 4)
        await enforceLimit(deps.limiter, `pay-on-delivery:ip:${request.ip}`, checkoutLimit(deps.rateLimits, 'payOnDeliveryPerIp'));
      const placed = await placeOrder(
        deps,
        caller,
        {
          cartId: body.cart_id,
          addressId: body.delivery_address_id ?? body.selectedAddress,
          speedId: body.speed_id ?? body.selectedSpeedID,
          retailerId: body.retailer_id ?? body.selectedRetailerID,
          tipPercent: body.driver_tip ?? 0,
          giftMessage: body.gift_message ?? undefined,
          payment,
          visitAt: parseDineinTime(body.pickup_date),
          substitutions: new Map((body.substitutions ?? []).map((c) => [c.cart_rid, c.preference])),
          shownTotalCents: body.shown_grandtotal === undefined ? undefined : dollarsToCents(body.shown_grandtotal),
        },
        deps.clock(),
        request.log,
      );
      if (placed.kind === 'not-found') throw notFound(placed.what, placed.field);
      if (placed.kind === 'refused' && placed.field !== undefined) throw badRequest([{ field: placed.field, message: placed.message }]);
      if (placed.kind === 'refused') return { code: -1, message: placed.message, ...(placed.problems ? { problems: placed.problems } : {}) };
      return withNextCart(settledReply(placed.settle), placed.nextCart);
    });

    /** After the shopper's bank check (3-D Secure): the payment's status settles the order. */
    app.post('/api/placeorder/confirm', async (request): Promise<PlaceOrderReply> => {
      const body = parseWith(confirmOrderBody, request.body);
      const caller = await requireCaller(request, db);
      const settled = await confirmOrder(deps, caller, body.order_id.trim(), deps.clock(), request.log);
      if (!settled) throw notFound('Order not found');
      return withNextCart(settledReply(settled.settle), settled.nextCart);
    });

    /** An order that stands names the cart the shopper goes on with (the lines kept aside moved there). */
    function withNextCart(reply: PlaceOrderReply, next: CartSummary | undefined): PlaceOrderReply {
      if (!next) return reply;
      const changes = next.changes?.length ? { cart_changes: next.changes } : {};
      return { ...reply, next_cart: { cart_id: next.cartId, total_items_count: next.totalQty, ...changes } };
    }

    /** Place order's and confirm's answer: the order's number and status, and what the shopper must do next. */
    function settledReply(outcome: SettleOutcome): PlaceOrderReply {
      const orderId = outcome.order.increment_id;
      const status = outcome.order.status;
      if (outcome.kind === 'payment-failed') return { code: -1, message: outcome.message, order_id: orderId, status };
      if (outcome.kind === 'pending') return { code: 2, message: paymentMessages.pending, order_id: orderId, status };
      // Placed, paid by a bank debit that clears in days: the order waits as pending_payment until it does.
      if (outcome.kind === 'bank-pending') return { code: 1, message: bankMessages.pending, order_id: orderId, status };
      if (outcome.kind === 'authenticate') {
        return {
          code: 2,
          message: paymentMessages.authenticate,
          order_id: orderId,
          status,
          authentication: { client_secret: outcome.clientSecret, gateway: payments.kind },
        };
      }
      // Pay on delivery from an unconfirmed email: placed, and the shopper is told to confirm it from the mail.
      const message =
        status === 'awaiting_confirmation' ? payOnDeliveryMessages.confirmByEmail(payOnDeliveryConfirmMinutes) : placeOrderMessages.placed;
      return { code: 1, message, order_id: orderId, status };
    }

    const myOrders = async (request: FastifyRequest): Promise<MyOrdersReply> => {
      const body = parseWith(myOrdersBody, request.method === 'GET' ? request.query : (request.body ?? {}));
      const caller = await requireCaller(request, db);
      const page = await listOrders(db, caller.customerId, { before: body.before, limit: body.limit ?? myOrdersPageMax }, deps.clock());
      return { code: 1, data: page.orders, has_more: page.hasMore };
    };
    app.get('/api/account/myorders', myOrders);
    app.post('/api/account/myorders', myOrders);

    /** The order status page ('Track your order'): one order of the caller's; someone else's is 404. */
    const orderStatus = async (request: FastifyRequest): Promise<OrderStatusReply> => {
      const body = parseWith(orderStatusBody, request.method === 'GET' ? request.query : request.body);
      const caller = await requireCaller(request, db);
      const order = await findOrder(db, caller.customerId, body.order_id.trim(), deps.clock());
      if (!order) throw notFound('Order not found');
      // A failed payment's items went back to the customer's open cart: the page names it (badge and cart link).
      if (order.status !== paymentFailedLabel) return { code: 1, data: order };
      const cart = await currentCart(db, caller.customerId);
      return cart.cartId === ''
        ? { code: 1, data: order }
        : { code: 1, data: order, current_cart: { cart_id: cart.cartId, total_items_count: cart.totalQty } };
    };
    app.get('/api/account/orderstatus', orderStatus);
    app.post('/api/account/orderstatus', orderStatus);
  };
}
