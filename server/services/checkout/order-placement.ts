import type { Kysely } from 'kysely';
import { payOnDeliveryMessages } from '../../../src/rules/pay-on-delivery.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import { currentCart, type CartSummary } from '../cart/cart-merge.ts';
import { carryKeptLines } from '../cart/kept-lines.ts';
import type { Caller } from '../platform/caller.ts';
import { settleOrder, settleReservedOrder, type SettleOutcome } from '../payments/order-payment.ts';
import type { Log } from '../platform/log.ts';
import { ordersPlaced } from '../platform/metrics.ts';
import { sendOrderConfirmation, type MailedLines } from './order-confirmation.ts';
import { findOrderId } from './orders.ts';
import { confirmationLink, confirmationRequestMail, confirmOrderByEmail, type EmailConfirmationOutcome } from './pay-on-delivery.ts';
import { reserveOrder, type PlaceOrderRequest, type ReserveOutcome } from './place-order.ts';
import { releaseOrder } from './unconfirmed-orders.ts';

/** What placing and confirming an order use: the database, the card provider, and mail for the confirmation. */
export interface PlacementDeps {
  db: Kysely<Database>;
  payments: PaymentGateway;
  mail: MailSender;
  config: { appOrigin: string };
}

/** nextCart: with an order that stands, the cart the shopper goes on with (placedCart), when there is one to name. */
export type PlacementOutcome =
  Extract<ReserveOutcome, { kind: 'refused' | 'not-found' }> | { kind: 'settled'; settle: SettleOutcome; nextCart?: CartSummary | undefined };

/** The outcomes with which an order stands (code 1): its cart stays closed. */
function stands(settle: SettleOutcome): boolean {
  return settle.kind === 'placed' || settle.kind === 'bank-pending';
}

/**
 * Once an order stands, the lines its cart kept aside move to the shopper's next cart (carryKeptLines), which the
 * answer names so the browser goes on with it. A declined or pending payment moves nothing: the cart reopens (or may)
 * with its kept lines. `known`: the reservation read whether the cart kept any (no statement when it kept none); an
 * answer for an order placed before (a retry, a second tab, the bank's check) names the shopper's cart of now, which
 * holds them if an earlier answer moved them.
 */
async function placedCart(
  db: Kysely<Database>,
  customerId: number,
  settle: SettleOutcome,
  known: { keptAside: boolean; otherOpenCart: boolean } | undefined,
): Promise<CartSummary | undefined> {
  if (!stands(settle)) return undefined;
  // Nothing kept aside and no other open cart (the usual order): no cart to name, and no statement to find out.
  if (known && !known.keptAside && !known.otherOpenCart) return undefined;
  const carried = known?.keptAside === false ? undefined : await carryKeptLines(db, customerId, settle.order.cart_id);
  if (carried) return carried;
  const current = await currentCart(db, customerId);
  return current.cartId === '' ? undefined : current;
}

/**
 * Place order: reserve the order (one transaction: stock, seats, coupon, the order itself), then charge it and
 * settle it. The confirmation mail goes out once, from the request that settled the order (or placed a pay on
 * delivery order); a repeated request answers the same order without a second mail.
 */
export async function placeOrder(deps: PlacementDeps, caller: Caller, request: PlaceOrderRequest, now: Date, log: Log): Promise<PlacementOutcome> {
  const reserved = await reserveOrder(deps.db, deps.payments, caller, request, now);
  if (reserved.kind === 'not-found' || reserved.kind === 'refused') {
    ordersPlaced.inc({ outcome: reserved.kind });
    return reserved;
  }
  const chargeFailed = (error: unknown) => log.error({ err: error }, 'card provider failed while charging');
  const settle =
    reserved.kind === 'reserved'
      ? await settleReservedOrder(deps.db, deps.payments, reserved.order, now, chargeFailed)
      : await settleOrder(deps.db, deps.payments, reserved.order.id, now, chargeFailed);
  const cashOnDelivery = reserved.kind === 'reserved' && settle.order.status === 'pending_payment_on_delivery';
  ordersPlaced.inc({ outcome: settle.kind });
  mailIfPlacedHere(deps, settle, cashOnDelivery, log, reserved.kind === 'reserved' ? { ...reserved.lines, guest: caller.isGuest } : undefined);
  if (reserved.kind === 'reserved' && reserved.emailConfirmationToken !== undefined) {
    sendConfirmationRequest(deps, reserved.order.id, reserved.emailConfirmationToken, log);
  }
  return {
    kind: 'settled',
    settle,
    nextCart: await placedCart(deps.db, caller.customerId, settle, reserved.kind === 'reserved' ? reserved : undefined),
  };
}

/**
 * The mail with the link that confirms a pay-on-delivery order, sent without waiting (as the order confirmation is);
 * a failure is logged, and the unconfirmed order is released after its window.
 */
function sendConfirmationRequest(deps: PlacementDeps, orderId: number, token: string, log: Log): void {
  confirmationRequestMail(deps.db, orderId, confirmationLink(deps.config.appOrigin, token))
    .then((message) => deps.mail.send(message))
    .catch((error: unknown) => log.error({ err: error, orderId }, 'order confirmation request mail not sent'));
}

/**
 * The emailed link, used: the order stands (pay on delivery) and its confirmation mail goes out once. An order the
 * limits refuse at confirmation is released at once (after the confirmation's transaction: the release takes stock
 * rows, which place order locks before the limits' locks).
 */
export async function confirmByEmail(deps: PlacementDeps, token: string, now: Date, log: Log): Promise<EmailConfirmationOutcome> {
  const outcome = await confirmOrderByEmail(deps.db, token, now);
  if (outcome.kind === 'confirmed') sendOrderConfirmation(deps, outcome.orderId, log);
  if (outcome.kind === 'refused') {
    const released = await releaseOrder(deps.db, outcome.orderId, payOnDeliveryMessages.refusedAtConfirmation(outcome.message));
    if (released) log.info({ released: [released] }, 'pay-on-delivery order refused at its confirmation: stock, seats and coupon use given back');
  }
  return outcome;
}

/** After the shopper's bank check (3-D Secure): the payment's status settles the caller's order; undefined when it is not theirs. */
export async function confirmOrder(
  deps: PlacementDeps,
  caller: Caller,
  orderNumber: string,
  now: Date,
  log: Log,
): Promise<{ settle: SettleOutcome; nextCart: CartSummary | undefined } | undefined> {
  const orderId = await findOrderId(deps.db, caller.customerId, orderNumber);
  if (orderId === undefined) return undefined;
  const settle = await settleOrder(
    deps.db,
    deps.payments,
    orderId,
    now,
    (error) => log.error({ err: error }, 'card provider failed while confirming'),
    0,
  );
  mailIfPlacedHere(deps, settle, false, log);
  return { settle, nextCart: await placedCart(deps.db, caller.customerId, settle, undefined) };
}

/** lines: what this request wrote, so the mail is written from the settled order without reading the order back. */
function mailIfPlacedHere(
  deps: PlacementDeps,
  settle: SettleOutcome,
  firstTime: boolean,
  log: Log,
  lines?: MailedLines & { guest?: boolean | undefined },
): void {
  if (settle.kind !== 'placed' || !(settle.settledHere || firstTime)) return;
  sendOrderConfirmation(deps, settle.order.id, log, lines && { order: settle.order, ...lines });
}
