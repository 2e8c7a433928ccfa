import type { Kysely, Selectable } from 'kysely';
import { finalCents, unansweredDecision, type PricedLine } from '../../../src/rules/catch-weight.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { giveBackSubstitute } from './substitutions.ts';

/**
 * Packing settles the money (decision 039), in the pack move's transaction under the order's row lock: proposals the
 * shopper left unanswered are decided by their preference, the final total is computed from the weights and the
 * substitutions (src/rules/catch-weight.ts finalCents), then
 *   - a card held for the estimate + margin is captured at the final amount (capped at what was authorised; the rest
 *     released), or released when nothing is left to charge;
 *   - a payment already collected (UPI, bank debit, a card charged in full) gets the difference refunded;
 *   - pay on delivery: the final amount is what is due at the door.
 * Idempotency keys capture-order-<n> and settle-order-<n>: a retried pack (or a commit lost after the gateway answered)
 * captures or refunds once. A gateway failure rolls the pack back, so the seller can pack again.
 */
export function captureKey(orderNumber: string): string {
  return `capture-order-${orderNumber}`;
}

export function settleKey(orderNumber: string): string {
  return `settle-order-${orderNumber}`;
}

export interface PackSettlement {
  finalCents: number;
  capturedCents: number | null;
  refundedCents: number;
}

export async function settleAtPacking(trx: Kysely<Database>, payments: PaymentGateway, order: Selectable<OrdersTable>): Promise<PackSettlement> {
  await decideUnanswered(trx, order.id);
  const lines = await pricedLines(trx, order.id);
  const total = finalCents(order.grand_total_cents, lines);
  const collected = order.authorised_cents ?? order.grand_total_cents;
  const paymentRef = order.payment_ref !== null && order.payment_ref !== 'none' ? order.payment_ref : null;
  let capturedCents: number | null = null;
  let refundedCents = 0;
  let captureState = order.capture_state;
  if (order.capture_state === 'held' && paymentRef !== null) {
    const amount = Math.min(total, collected);
    if (amount > 0) {
      await payments.capture({ paymentRef, amountCents: amount, idempotencyKey: captureKey(order.increment_id) });
      capturedCents = amount;
      captureState = 'captured';
    } else {
      await payments.cancelPayment(paymentRef);
      captureState = 'released';
    }
  } else if (order.status === 'processing' && paymentRef !== null && collected > total) {
    refundedCents = collected - total;
    await payments.refund({ paymentRef, amountCents: refundedCents, idempotencyKey: settleKey(order.increment_id) });
  }
  await trx.updateTable('orders').set({ final_total_cents: total, capture_state: captureState }).where('id', '=', order.id).execute();
  return { finalCents: total, capturedCents, refundedCents };
}

/** Proposals not answered by packing (of one seller's part, or the whole order): the line's preference answers (decision 039). */
export async function decideUnanswered(trx: Kysely<Database>, orderId: number, deliverableId?: number): Promise<void> {
  const open = await trx
    .selectFrom('order_items')
    .select(['id', 'substitution_pref'])
    .where('order_id', '=', orderId)
    .$if(deliverableId !== undefined, (q) => q.where('deliverable_id', '=', deliverableId ?? 0))
    .where('substitution_state', '=', 'proposed')
    .execute();
  for (const line of open) {
    const decision = unansweredDecision(line.substitution_pref);
    await trx.updateTable('order_items').set({ substitution_state: decision }).where('id', '=', line.id).execute();
    if (decision === 'refused') await giveBackSubstitute(trx, line.id);
  }
}

export async function pricedLines(db: Kysely<Database>, orderId: number): Promise<PricedLine[]> {
  return db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.row_total_cents',
      'order_items.tax_cents',
      'order_items.bottle_size',
      'order_items.qty',
      'products.sold_by_weight',
      'order_items.weighed_grams',
      'order_items.substitution_state',
      'order_items.substitute_price_cents',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
}
