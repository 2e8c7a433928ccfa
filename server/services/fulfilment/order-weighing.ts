import type { Kysely, Selectable } from 'kysely';
import { isWeighedLine, unansweredDecision } from '../../../src/rules/catch-weight.ts';
import { refusedPartsTotal, standingAmounts, type OrderPartFees, type PartLine } from '../../../src/rules/refused-parts.ts';
import { PaymentGatewayError, type PaymentGateway } from '../../adapters/payments/payment-port.ts';
import {
  fulfilmentEventLabel,
  fulfilmentKindOfSpeedId,
  fulfilmentStateLabel,
  type FulfilmentKind,
  type FulfilmentState,
} from '../../../src/rules/fulfilment.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { giveBackSubstitute } from './substitutions.ts';

/**
 * Packing settles the money (decision 039), in the pack move's transaction under the order's row lock (or the refusal
 * of the last part not packed): proposals the shopper left unanswered are decided by their preference, the final
 * total is computed from the weights and the substitutions (src/rules/catch-weight.ts finalCents), without the parts
 * refused while the rest went on (src/rules/refused-parts.ts standingAmounts), then
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

/**
 * What the seller or staff read when packing could not settle the payment (a 409: nothing was packed), in the order's
 * mode's words (fulfilment.ts): a dine-in order's step and button are 'Table ready', not 'Packed' (QA walk 5).
 */
export function packSettlementMessages(kind: FulfilmentKind): { captureFailed: string; settleFailed: string } {
  const step = fulfilmentStateLabel('packed', kind);
  return {
    captureFailed: `The card hold for this order could not be captured (it may have expired), so nothing was marked ${step} or charged. Staff can cancel the order; the shopper can then order and pay again.`,
    settleFailed: `The payment provider could not settle this order, so nothing was marked ${step}. Please press ${fulfilmentEventLabel('pack', kind)} again in a few minutes; if it fails again, staff can cancel the order.`,
  };
}

/**
 * The gateway refused or failed the capture (a hold expired or gone: 'No such payment') or the refund at packing. Thrown
 * inside the pack's transaction so it rolls back (no weights, no packed part), then answered as a refusal naming it.
 */
export class PackSettlementFailed extends Error {
  constructor(
    message: string,
    readonly state: FulfilmentState,
    options: { cause: PaymentGatewayError },
  ) {
    super(message, options);
    this.name = 'PackSettlementFailed';
  }
}

/** Runs a gateway call of the settlement; its failure becomes PackSettlementFailed with the words for it. */
async function settling(order: Selectable<OrdersTable>, message: string, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new PackSettlementFailed(message, order.fulfilment_state, { cause: error });
    throw error;
  }
}

export interface PackSettlement {
  /** The estimate it settles: the order as placed, less any part refused while the rest went on. */
  estimateCents: number;
  finalCents: number;
  capturedCents: number | null;
  refundedCents: number;
  /** Whether what it settles has a line charged at its weight (not in a refused part): only then is the cap said. */
  weighed: boolean;
}

export async function settleAtPacking(trx: Kysely<Database>, payments: PaymentGateway, order: Selectable<OrdersTable>): Promise<PackSettlement> {
  await decideUnanswered(trx, order.id);
  const [lines, parts] = await Promise.all([pricedLines(trx, order.id), orderParts(trx, order.id)]);
  // Parts refused while the rest went on are out of the final: their lines, coupon share and fees (refused-parts.ts).
  const total = standingAmounts(order, lines, parts, true).totalCents;
  // A payment taken at place order gave each refused part's share back at its refusal: it holds that much less now.
  const paidWhenPlaced = order.capture_state !== 'held';
  const collected = (order.authorised_cents ?? order.grand_total_cents) - (paidWhenPlaced ? refusedPartsTotal(order, lines, parts) : 0);
  const paymentRef = order.payment_ref !== null && order.payment_ref !== 'none' ? order.payment_ref : null;
  let capturedCents: number | null = null;
  let refundedCents = 0;
  let captureState = order.capture_state;
  const messages = packSettlementMessages(fulfilmentKindOfSpeedId(order.speed_id));
  if (order.capture_state === 'held' && paymentRef !== null) {
    const amount = Math.min(total, collected);
    if (amount > 0) {
      await settling(order, messages.captureFailed, () =>
        payments.capture({ paymentRef, amountCents: amount, idempotencyKey: captureKey(order.increment_id) }),
      );
      capturedCents = amount;
      captureState = 'captured';
    } else {
      await settling(order, messages.settleFailed, () => payments.cancelPayment(paymentRef));
      captureState = 'released';
    }
  } else if (order.status === 'processing' && paymentRef !== null && collected > total) {
    refundedCents = collected - total;
    const refund = { paymentRef, amountCents: refundedCents, idempotencyKey: settleKey(order.increment_id) };
    await settling(order, messages.settleFailed, () => payments.refund(refund));
  }
  await trx.updateTable('orders').set({ final_total_cents: total, capture_state: captureState }).where('id', '=', order.id).execute();
  const refused = new Set(parts.filter((p) => p.state === 'refused').map((p) => p.id));
  const weighed = lines.some((line) => !refused.has(line.deliverable_id) && isWeighedLine(line));
  return { estimateCents: standingAmounts(order, lines, parts, false).totalCents, finalCents: total, capturedCents, refundedCents, weighed };
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

/** The order's lines with their part, as the final amount needs them (in line order: the coupon's spread). */
export async function pricedLines(db: Kysely<Database>, orderId: number): Promise<PartLine[]> {
  return db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.deliverable_id',
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

/** The order's parts (one per seller location) with where each is, its fees and its speed (the tip follows the driver's). */
export async function orderParts(db: Kysely<Database>, orderId: number): Promise<OrderPartFees[]> {
  return db
    .selectFrom('order_deliverables')
    .select(['id', 'fulfilment_state as state', 'delivery_fee_cents', 'packaging_fee_cents', 'speed'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
