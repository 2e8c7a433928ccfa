import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { PaymentGatewayError, type PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import type { LinesBack } from '../cart/failed-order-lines.ts';
import { bankPaymentMode } from '../../../src/rules/bank-account.ts';
import { captureAgeingHolds } from './ageing-holds.ts';
import { settleCanceledDebits } from './canceled-debits.ts';
import { abandonAuthentication, settleBankDebit, settleOrder, staleClaimSeconds, type SettleOutcome } from './order-payment.ts';

/**
 * Settles orders left in 'pending_payment': the request that reserved one died before charging, or the card provider
 * could not be reached and the outcome is unknown. Such an order holds stock and slot seats until it is settled, and
 * its shopper only saw "still confirming". Each pass re-sends the charge with the order's own idempotency key, so the
 * provider answers the first outcome (or charges once, if it never got the first request): a success marks the order
 * paid, a refusal marks it payment_failed and gives everything back.
 *
 * An order whose payment waits for the shopper's bank check (3-D Secure) is left to the shopper for
 * authenticationWindowMinutes; after that its status is read once more: a finished check settles it, an unfinished
 * one is cancelled at the provider and the order fails, giving its stock back.
 *
 * An order paid by bank (ACH) waits days for its debit to clear: every pass reads the debits on their way (the
 * longest unread first), marks the cleared ones paid and fails the returned ones, giving their stock back. Such an
 * order is never re-sent nor reported for review: its payment exists, and only its status is read. A returned
 * debit's lines go back to the customer's one open cart (failed-order-lines.ts), and the report says where.
 *
 * A debit whose order the shopper canceled while it was on its way (the provider could not stop it) is read too: it is
 * refunded in full once it clears, once (keyed by the order), and nothing happens when the bank returns it
 * (canceled-debits.ts).
 *
 * Every order a pass fails (a returned debit, a refused charge whose first outcome was unknown, a bank check nobody
 * finished) is reported with where its lines went: its shopper is not on the payment page, so the sweep mails them.
 *
 * A weighed order's card hold still uncaptured six days after it was made is captured whole before the provider lets
 * it expire (ageing-holds.ts, decision 044).
 *
 * Every instance may run this: settleOrder claims an order in one UPDATE, so two sweepers never charge it twice.
 */
export interface ReconcileReport {
  paid: number[];
  failed: number[];
  /** The provider still did not answer: tried again next pass. */
  stillPending: number[];
  /** Too old to re-send safely (see idempotencyHorizonHours): an operator has to look at these. */
  needsReview: number[];
  /** Weighed orders whose card hold was captured whole before it expires (ageing-holds.ts, decision 044). */
  holdsCaptured: number[];
  /**
   * The orders this pass failed itself (not ones it found failed): where each one's lines went. Their shoppers saw no
   * Payment failed page (a bank debit returned after its order stood, a charge refused after "still confirming", a
   * bank check never finished), so each is mailed (failed-payment-mail.ts).
   */
  failedHere: { orderId: number; linesBack: LinesBack }[];
  /** Orders canceled while their bank debit was on its way, whose debit cleared and was refunded (canceled-debits.ts). */
  debitsRefunded: number[];
}

/** An order younger than this may still be charged by the request that made it. */
const graceSeconds = staleClaimSeconds;
/**
 * Stripe keeps idempotency keys for at least 24 hours; after that a re-sent charge could charge twice, so older
 * orders are only reported.
 */
export const idempotencyHorizonHours = 23;
/** How long a shopper has to finish the bank check before the order lets its stock go. */
export const authenticationWindowMinutes = 15;
/** Orders settled per pass, so one pass stays short however large the backlog. */
const batchSize = 25;

export async function reconcilePendingPayments(
  db: Kysely<Database>,
  payments: PaymentGateway,
  now: Date,
  log: (error: unknown) => void,
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    paid: [],
    failed: [],
    stillPending: [],
    needsReview: [],
    holdsCaptured: [],
    failedHere: [],
    debitsRefunded: [],
  };
  // Database time, like the claim in settleOrder, so instances with drifting clocks agree on "stale".
  const unclaimed = (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([eb('charge_started_at', 'is', null), eb('charge_started_at', '<', sql<Date>`now() - make_interval(secs => ${staleClaimSeconds})`)]);
  const horizon = sql<Date>`now() - make_interval(hours => ${idempotencyHorizonHours})`;
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
    .where('created_at', '>=', horizon)
    // Orders waiting for a bank check are the shopper's to finish (below).
    .where('payment_ref', 'is', null)
    .where(unclaimed)
    .orderBy('id')
    .limit(batchSize)
    .execute();
  const record = (orderId: number, outcome: SettleOutcome) => {
    if (outcome.kind === 'placed' && outcome.settledHere) report.paid.push(orderId);
    else if (outcome.kind === 'payment-failed') {
      report.failed.push(orderId);
      if (outcome.linesBack) report.failedHere.push({ orderId, linesBack: outcome.linesBack });
    } else if (outcome.kind === 'pending' || outcome.kind === 'authenticate' || outcome.kind === 'bank-pending') report.stillPending.push(orderId);
  };
  for (const order of due) record(order.id, await settleOrder(db, payments, order.id, now, log, 0));

  const debits = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('payment_mode', '=', bankPaymentMode)
    .where('payment_ref', 'is not', null)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(batchSize)
    .execute();
  for (const order of debits) {
    try {
      record(order.id, await settleBankDebit(db, payments, order.id, now));
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log(error);
      report.stillPending.push(order.id);
    }
  }

  // A debit whose order the shopper canceled on its way: refunded once it clears, nothing when it fails.
  report.debitsRefunded = await settleCanceledDebits(db, payments, log);

  const abandoned = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('payment_ref', 'is not', null)
    .where('payment_mode', '<>', bankPaymentMode)
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${authenticationWindowMinutes})`)
    .orderBy('id')
    .limit(batchSize)
    .execute();
  for (const order of abandoned) {
    try {
      record(order.id, await abandonAuthentication(db, payments, order.id, now));
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log(error);
      report.stillPending.push(order.id);
    }
  }
  const stale = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', horizon)
    .where(unclaimed)
    // A bank debit's payment exists and is only read (above): days of waiting are normal for it.
    .where((eb) => eb.or([eb('payment_mode', '<>', bankPaymentMode), eb('payment_ref', 'is', null)]))
    .orderBy('id')
    .limit(batchSize)
    .execute();
  report.needsReview = stale.map((o) => o.id);
  report.holdsCaptured = await captureAgeingHolds(db, payments, now, log);
  return report;
}
