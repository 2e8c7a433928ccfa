import type { Kysely } from 'kysely';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import type { LinesBack } from '../cart/failed-order-lines.ts';
import type { Log } from '../platform/log.ts';
import { startPeriodicPass, type PeriodicPass, type SweepTurn } from '../platform/periodic-pass.ts';
import { reconcilePendingPayments, type ReconcileReport } from './payment-reconciler.ts';

export interface PaymentSweepSettings {
  db: Kysely<Database>;
  payments: PaymentGateway;
  everyMs: number;
  /** Whether this instance's turn it is (decision 042); absent: always. */
  myTurn?: SweepTurn | undefined;
  clock: () => Date;
  log: Log;
  /** An order the sweep found paid: its confirmation mail is due. */
  onPaid: (orderId: number) => void;
  /**
   * An order the sweep failed (a returned bank debit, a refused charge, an unfinished bank check): the mail saying so,
   * and where its lines went, is due; its shopper saw no Payment failed page.
   */
  onPaymentFailed: (orderId: number, linesBack: LinesBack) => void;
  /** A canceled order's bank debit this pass refunded once it cleared: the mail saying the money came back is due. */
  onDebitRefunded: (orderId: number) => void;
}

/**
 * Runs reconcilePendingPayments every `everyMs`, one pass at a time (a slow provider never stacks passes up), and
 * logs what it settled and what needs a person. stop() ends it and waits for a pass in flight.
 */
export function startPaymentSweep(settings: PaymentSweepSettings): PeriodicPass {
  return startPeriodicPass(
    'pending-payments',
    settings.everyMs,
    settings.log,
    'pending payment sweep failed',
    async () => {
      await sweepPaymentsOnce(settings);
    },
    settings.myTurn,
  );
}

/** One pass: settles what it can, mails each order it found paid, itself failed or refunded, logs what needs a person. */
export async function sweepPaymentsOnce(settings: Omit<PaymentSweepSettings, 'everyMs'>): Promise<ReconcileReport> {
  const { db, payments, log } = settings;
  const report = await reconcilePendingPayments(db, payments, settings.clock(), (error) =>
    log.error({ err: error }, 'card provider failed while settling a pending order'),
  );
  for (const orderId of report.paid) settings.onPaid(orderId);
  for (const { orderId, linesBack } of report.failedHere) settings.onPaymentFailed(orderId, linesBack);
  for (const orderId of report.debitsRefunded) settings.onDebitRefunded(orderId);
  if (report.paid.length + report.failed.length > 0) log.info({ paid: report.paid, failed: report.failed }, 'pending payments settled');
  if (report.debitsRefunded.length > 0) log.info({ orders: report.debitsRefunded }, 'debits of canceled orders refunded once cleared');
  if (report.holdsCaptured.length > 0) log.info({ orders: report.holdsCaptured }, 'card holds captured before they expire');
  if (report.needsReview.length > 0)
    log.error({ orders: report.needsReview }, 'orders pending payment for too long to retry safely: check them at the card provider');
  return report;
}
