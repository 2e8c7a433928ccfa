import type { Kysely } from 'kysely';
import { PaymentGatewayError, type PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Card holds never outlive the card networks' window (decision 044). A weighed order's card is only authorised at
 * place order and captured at the weight when packed (decision 039); Stripe cancels an online card authorisation
 * that is not captured within 7 days, and an order for a date more than a week ahead (or accepted late, or moved)
 * would then be packed with nothing to capture. So each payment reconciler pass captures, on day 6, the whole hold of
 * every order still held: the estimate plus the margin, which the shopper already agreed to. Packing then finds the
 * payment captured and refunds the difference (settle-order-<n>, as for UPI), and a cancel refunds it in full.
 *
 * Each capture runs in a transaction holding the order's row lock and re-reads capture_state, so a pack, a cancel or a
 * second reconciler racing it are counted one after the other; its idempotency key (early-capture-order-<n>) makes a
 * capture whose commit was lost one capture when the next pass sends it again.
 */

/** Stripe's validity of an online card authorisation. */
export const holdValidDays = 7;
/** Captured this long after the order was placed (the hold was made then): a day's margin for a slow pass or an outage. */
export const captureHoldAfterHours = 6 * 24;
const batchSize = 25;

export function earlyCaptureKey(orderNumber: string): string {
  return `early-capture-order-${orderNumber}`;
}

export async function captureAgeingHolds(
  db: Kysely<Database>,
  payments: PaymentGateway,
  now: Date,
  log: (error: unknown) => void,
): Promise<number[]> {
  const before = new Date(now.getTime() - captureHoldAfterHours * 3_600_000);
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('capture_state', '=', 'held')
    .where('status', '=', 'processing')
    .where('payment_ref', 'is not', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(batchSize)
    .execute();
  const captured: number[] = [];
  for (const { id } of due) {
    try {
      const done = await db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .select(['id', 'increment_id', 'payment_ref', 'authorised_cents', 'grand_total_cents', 'capture_state', 'status'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        // Packed, canceled or captured by another pass since the list was read.
        if (!order || order.capture_state !== 'held' || order.status !== 'processing' || order.payment_ref === null) return false;
        const amountCents = order.authorised_cents ?? order.grand_total_cents;
        await payments.capture({ paymentRef: order.payment_ref, amountCents, idempotencyKey: earlyCaptureKey(order.increment_id) });
        await trx.updateTable('orders').set({ capture_state: 'captured', updated_at: now }).where('id', '=', order.id).execute();
        return true;
      });
      if (done) captured.push(id);
    } catch (error) {
      // The provider failed: the hold stays, and the next pass tries again (the key keeps it one capture).
      if (!(error instanceof PaymentGatewayError)) throw error;
      log(error);
    }
  }
  return captured;
}
