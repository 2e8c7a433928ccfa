import type { Kysely } from 'kysely';
import { PaymentGatewayError, type ChargeResult, type PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import { refundKey } from './order-payment.ts';

/** Debits read per pass, so one pass stays short however many wait. */
const batchSize = 25;

/**
 * The bank debits of orders the shopper canceled while their debit was on its way (order-transitions.ts stopDebit,
 * migration 046): the provider could not stop them, so they come in. Each pass reads them (the longest unread
 * first): one that cleared is refunded in full, keyed by its order (refundKey, the cancel's own key: a retry, or a
 * second instance's pass, never refunds twice) and marked 'refunded' once; one the bank returned took nothing and is
 * marked 'not-taken', and nothing else happens (the order stays canceled: its lines never go back to a cart, nothing
 * is owed). One still processing is touched, so passes take turns. Answers the orders refunded by this pass.
 */
export async function settleCanceledDebits(db: Kysely<Database>, payments: PaymentGateway, log: (error: unknown) => void): Promise<number[]> {
  const due = await db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'payment_ref'])
    .where('canceled_debit', '=', 'on-its-way')
    .orderBy('updated_at')
    .orderBy('id')
    .limit(batchSize)
    .execute();
  const refunded: number[] = [];
  for (const order of due) {
    if (order.payment_ref === null) continue;
    const paymentRef = order.payment_ref;
    try {
      const status: ChargeResult = await payments.paymentStatus(paymentRef);
      if (status.ok === true) await payments.refund({ paymentRef, idempotencyKey: refundKey(order.increment_id) });
      const to = status.ok === true ? 'refunded' : status.ok === false ? 'not-taken' : 'on-its-way';
      const marked = await db
        .updateTable('orders')
        .set({ canceled_debit: to, updated_at: new Date() })
        .where('id', '=', order.id)
        .where('canceled_debit', '=', 'on-its-way')
        .executeTakeFirst();
      if (to === 'refunded' && marked.numUpdatedRows > 0n) refunded.push(order.id);
    } catch (error) {
      // The provider could not be reached: the debit is read again next pass.
      if (!(error instanceof PaymentGatewayError)) throw error;
      log(error);
    }
  }
  return refunded;
}
