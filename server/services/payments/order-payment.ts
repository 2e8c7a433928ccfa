import { sql, type Kysely, type Selectable } from 'kysely';
import { PaymentGatewayError, type ChargeResult, type PaymentGateway, type PaymentSource } from '../../adapters/payments/payment-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';
import { bankPaymentMode } from '../../../src/rules/bank-account.ts';
import { cardGoneMessage } from '../../../src/rules/messages.ts';
import { bringLinesBack, lockOpenCart, type LinesBack } from '../cart/failed-order-lines.ts';
import { holdMinutes } from '../cart/slots.ts';
import { giveBackOrder } from './order-give-back.ts';

/** An order as stored: what place order writes (checkout/place-order.ts) and settling reads and updates. */
export type OrderRow = Selectable<OrdersTable>;

/**
 * Place order, second step: charge the reserved order once, then settle it in a second transaction: paid
 * ('processing'), or 'payment_failed' with its stock, slot seats and coupon use given back and its cart reopened,
 * so a declined card leaves no paid order and nothing taken.
 *
 * Exactly one request charges an order: it claims the charge (orders.charge_started_at) in one UPDATE; a duplicate
 * request (double click, second tab) waits for the outcome instead. The charge's idempotency key is the order
 * number, so if a process dies mid-charge, the next try for the cart re-sends the very same request once the claim
 * is stale, and the provider answers the first outcome instead of charging again.
 *
 * A card whose bank asks for a check (3-D Secure) leaves the order pending with the provider's payment id in
 * payment_ref: the shopper's browser runs the check, then confirm (or the reconciler) reads the payment's status
 * instead of charging again, and settles the order the same way.
 */
export type SettleOutcome =
  | { kind: 'placed'; order: OrderRow; settledHere: boolean }
  /**
   * linesBack: set when this call failed the order (not when it found it failed): where its lines went. The
   * reconciler mails the shopper then (failed-payment-mail.ts); a shopper's own request shows the Payment failed page.
   */
  | { kind: 'payment-failed'; order: OrderRow; message: string; linesBack?: LinesBack }
  | { kind: 'pending'; order: OrderRow }
  | { kind: 'authenticate'; order: OrderRow; clientSecret: string }
  /** A bank debit on its way: the order waits (stock held) until the reconciler reads it cleared or failed. */
  | { kind: 'bank-pending'; order: OrderRow };

export const paymentMessages = {
  failed: 'Your payment could not be completed.',
  cardGone: cardGoneMessage,
  pending: 'We are still confirming your payment with the card provider. Please check your orders in a few minutes.',
  authenticate: 'Please confirm this payment with your bank.',
  authenticationTimedOut: 'The payment was not confirmed with your bank in time. Please try again.',
} as const;

/** A claim older than this was left by a request that died; another request may take the charge over. */
export const staleClaimSeconds = 120;
/** How long a duplicate request waits for the charging request before answering "still confirming". */
const waitForChargeMs = 20_000;

export function chargeKey(order: Pick<OrderRow, 'increment_id'>): string {
  return `order-${order.increment_id}`;
}

/** A whole order's refund, once per order (a retry never refunds twice): its cancel's, or its canceled debit's once cleared. */
export function refundKey(orderNumber: string): string {
  return `refund-order-${orderNumber}`;
}

async function readOrder(db: Kysely<Database>, orderId: number): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** Claims the charge of an order waiting for it (pending payment, no provider payment yet, no live claim). */
async function claimCharge(db: Kysely<Database>, orderId: number): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ charge_started_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .where('payment_ref', 'is', null)
    .where((eb) =>
      eb.or([eb('charge_started_at', 'is', null), eb('charge_started_at', '<', sql<Date>`now() - make_interval(secs => ${staleClaimSeconds})`)]),
    )
    .returningAll()
    .executeTakeFirst();
}

function settled(order: OrderRow): SettleOutcome | undefined {
  if (order.status === 'pending_payment') return undefined;
  if (order.status === 'payment_failed' || order.status === 'canceled') {
    return { kind: 'payment-failed', order, message: order.payment_message ?? paymentMessages.failed };
  }
  return { kind: 'placed', order, settledHere: false };
}

/** Charges the order (or waits for the request that does) and settles it. */
export async function settleOrder(
  db: Kysely<Database>,
  payments: PaymentGateway,
  orderId: number,
  now: Date,
  log: (error: unknown) => void,
  waitMs: number = waitForChargeMs,
): Promise<SettleOutcome> {
  const deadline = Date.now() + waitMs;
  // The request that just wrote the order claims it at once (one statement, not a read and then the claim); any
  // other case (settled, waiting for the bank, claimed by another request) is read and handled below.
  const claimedFirst = await claimCharge(db, orderId);
  if (claimedFirst) return chargeClaimed(db, payments, claimedFirst, now, log);
  for (;;) {
    const order = await readOrder(db, orderId);
    const done = settled(order);
    if (done) return done;
    if (order.payment_ref !== null) return settleFromStatus(db, payments, order, now);
    const claimed = await claimCharge(db, orderId);
    if (claimed) return chargeClaimed(db, payments, claimed, now, log);
    if (Date.now() > deadline) return { kind: 'pending', order };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Settles the order this request has just reserved: its charge was claimed with the order (place-order.ts's
 * writeOrder), so it is charged at once, without the claim's UPDATE; an order with nothing to charge now (pay on
 * delivery, awaiting its email's confirmation) is answered as it stands.
 */
export async function settleReservedOrder(
  db: Kysely<Database>,
  payments: PaymentGateway,
  order: OrderRow,
  now: Date,
  log: (error: unknown) => void,
): Promise<SettleOutcome> {
  if (order.status === 'pending_payment' && order.payment_ref === null && order.charge_started_at !== null) {
    return chargeClaimed(db, payments, order, now, log);
  }
  return settled(order) ?? settleOrder(db, payments, order.id, now, log);
}

async function sourceOf(db: Kysely<Database>, order: OrderRow): Promise<PaymentSource | undefined> {
  if (order.payment_mode === 3) return order.upi_id ? { kind: 'upi', vpa: order.upi_id } : undefined;
  if (order.payment_mode === bankPaymentMode) {
    return order.payment_token && order.bank_mandate
      ? { kind: 'bank-account', paymentMethod: order.payment_token, mandate: order.bank_mandate }
      : undefined;
  }
  if (order.payment_method_id !== null) {
    const card = await db
      .selectFrom('payment_methods')
      .select(['gateway_customer_id', 'gateway_method_id'])
      .where('id', '=', order.payment_method_id)
      .where('customer_id', '=', order.customer_id)
      .executeTakeFirst();
    return card ? { kind: 'saved-card', customerRef: card.gateway_customer_id, cardRef: card.gateway_method_id } : undefined;
  }
  return order.payment_token ? { kind: 'token', token: order.payment_token } : undefined;
}

async function chargeClaimed(
  db: Kysely<Database>,
  payments: PaymentGateway,
  order: OrderRow,
  now: Date,
  log: (error: unknown) => void,
): Promise<SettleOutcome> {
  if (order.grand_total_cents === 0) {
    // Nothing to collect (a coupon covered everything and nobody delivers): no charge, no card needed.
    return markPaid(db, order, { ok: true, paymentRef: 'none', brand: null, last4: null });
  }
  let result: ChargeResult;
  const source = await sourceOf(db, order);
  if (!source) return failOrder(db, order, paymentMessages.cardGone, null, now);
  try {
    result = await payments.charge({
      // With lines sold by weight: the estimate plus the margin, held on a card until packing (decision 039).
      amountCents: order.authorised_cents ?? order.grand_total_cents,
      ...(order.capture_state === 'held' ? { capture: 'manual' as const } : {}),
      currency: 'usd',
      source,
      idempotencyKey: chargeKey(order),
      description: `Order ${order.increment_id}`,
      metadata: { order_id: order.increment_id, customer_id: String(order.customer_id) },
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // The outcome is unknown: keep the order (and its stock) pending; the next try re-sends the same charge.
    log(error);
    return { kind: 'pending', order };
  }
  return settleWith(db, order, result, now);
}

/** The order as the provider's answer leaves it: paid, failed (everything given back) or waiting for the bank check. */
async function settleWith(db: Kysely<Database>, order: OrderRow, result: ChargeResult, now: Date): Promise<SettleOutcome> {
  if (result.ok === true) return markPaid(db, order, result);
  if (result.ok === false) return failOrder(db, order, result.message, result.paymentRef, now);
  const { paymentRef } = result;
  const kept = await keepWaiting(db, order, paymentRef);
  if (!kept.waiting) return kept.outcome;
  return result.ok === 'processing'
    ? { kind: 'bank-pending', order: kept.waiting }
    : { kind: 'authenticate', order: kept.waiting, clientSecret: result.clientSecret };
}

/**
 * A payment still on its way (a bank debit, or a card's 3-D Secure check): its payment id is kept (and updated_at
 * touched, so reconciler passes take turns) while the order still waits; an order settled meanwhile answers as it is.
 */
async function keepWaiting(
  db: Kysely<Database>,
  order: OrderRow,
  paymentRef: string,
): Promise<{ waiting: OrderRow; outcome?: never } | { waiting?: never; outcome: SettleOutcome }> {
  const waiting = await db
    .updateTable('orders')
    .set({ payment_ref: paymentRef, updated_at: new Date() })
    .where('id', '=', order.id)
    .where('status', '=', 'pending_payment')
    .returningAll()
    .executeTakeFirst();
  if (waiting) return { waiting };
  const current = await readOrder(db, order.id);
  return { outcome: settled(current) ?? { kind: 'pending', order: current } };
}

/**
 * The reconciler's read of a bank debit on its way: cleared marks the order paid, failed gives everything back,
 * still processing leaves it waiting. Only reads at the provider, so any number of callers is safe.
 */
export async function settleBankDebit(db: Kysely<Database>, payments: PaymentGateway, orderId: number, now: Date): Promise<SettleOutcome> {
  const order = await readOrder(db, orderId);
  return settled(order) ?? settleFromStatus(db, payments, order, now);
}

/**
 * An order whose payment waits for (or went through) the bank check: the provider's status says how it ended. Only
 * reads at the provider, and markPaid/failOrder act only on a still-pending order, so any number of callers is safe.
 */
async function settleFromStatus(db: Kysely<Database>, payments: PaymentGateway, order: OrderRow, now: Date): Promise<SettleOutcome> {
  if (order.payment_ref === null) return { kind: 'pending', order };
  let result: ChargeResult;
  try {
    result = await payments.paymentStatus(order.payment_ref);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return { kind: 'pending', order };
  }
  return settleWith(db, order, result, now);
}

/**
 * The reconciler's end for a bank check the shopper never finished: the payment is cancelled at the provider (when it
 * still waits) and the order fails, giving its stock and seats back. A check that did finish settles as usual.
 */
export async function abandonAuthentication(db: Kysely<Database>, payments: PaymentGateway, orderId: number, now: Date): Promise<SettleOutcome> {
  const order = await readOrder(db, orderId);
  const done = settled(order);
  if (done || order.payment_ref === null) return done ?? { kind: 'pending', order };
  const outcome = await settleFromStatus(db, payments, order, now);
  if (outcome.kind !== 'authenticate') return outcome;
  await payments.cancelPayment(order.payment_ref);
  return failOrder(db, order, paymentMessages.authenticationTimedOut, order.payment_ref, now);
}

/** markPaid's statement, built once (issue 27). A fresh token is spent: nothing about the card remains but its brand and last four. */
const markPaidStatement = statementShape<{ orderId: number; paymentRef: string; brand: string | null; last4: string | null; now: Date }>()(
  (db, value) =>
    db
      .updateTable('orders')
      .set({
        status: 'processing',
        payment_ref: value('paymentRef'),
        card_brand: value('brand'),
        card_last4: value('last4'),
        payment_token: null,
        updated_at: value('now'),
      })
      .where('id', '=', value('orderId'))
      .where('status', '=', 'pending_payment')
      .returningAll(),
);

/**
 * Paid: the order is 'processing'. A dine-in order's wallet entries come later, when it is served (fulfilment). One
 * statement, so no transaction of its own (decision 072: its BEGIN and COMMIT were two round trips of every paid
 * order, left from when the wallet's credit was written here too).
 */
async function markPaid(db: Kysely<Database>, order: OrderRow, result: Extract<ChargeResult, { ok: true }>): Promise<SettleOutcome> {
  const paid = await markPaidStatement.first(db, {
    orderId: order.id,
    paymentRef: result.paymentRef,
    brand: result.brand ?? order.card_brand,
    last4: result.last4 ?? order.card_last4,
    now: new Date(),
  });
  return { kind: 'placed', order: paid ?? (await readOrder(db, order.id)), settledHere: paid !== undefined };
}

/**
 * Marks the order 'payment_failed' and gives back what it took, in one transaction: stock, booked slot seats (as a
 * fresh hold for the cart, so the shopper can pay again without choosing the slot again), the coupon's use; and
 * reopens the cart; the wallet units a redemption took go back to their entries. A bank debit that fails after its
 * order stood brings the lines back to the customer's open cart when there is one (bringLinesBack). Where the lines
 * went is answered (linesBack) only by the call that failed the order, so its shopper is told once.
 */
export async function failOrder(
  db: Kysely<Database>,
  order: OrderRow,
  message: string,
  paymentRef: string | null,
  now: Date,
): Promise<SettleOutcome> {
  return db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const failed = await trx
      .updateTable('orders')
      .set({ status: 'payment_failed', payment_message: message, payment_ref: paymentRef, payment_token: null, updated_at: new Date() })
      .where('id', '=', order.id)
      .where('status', '=', 'pending_payment')
      .returningAll()
      .executeTakeFirst();
    if (!failed) {
      const current = await readOrder(trx, order.id);
      return settled(current) ?? { kind: 'pending', order: current };
    }
    // A bank debit on its way had the order stand (its kept lines moved on): the customer may have another open
    // cart since, which takes the lines back instead (one cart of now), locked before the stock is given back.
    const stood = order.payment_mode === bankPaymentMode && order.payment_ref !== null;
    const open = stood ? await lockOpenCart(trx, order) : undefined;
    // The freed seats are held again for a reopened cart, so the shopper can pay again without choosing the slot again.
    const hold = open ? undefined : { cartId: order.cart_id, until: new Date(now.getTime() + holdMinutes * 60_000) };
    await giveBackOrder(trx, order, hold);
    const linesBack = await bringLinesBack(trx, order.cart_id, open);
    return { kind: 'payment-failed', order: failed, message, linesBack };
  });
}
