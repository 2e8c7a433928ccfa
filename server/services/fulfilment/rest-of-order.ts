import type { Kysely, Selectable } from 'kysely';
import type { RescheduleOptions } from '../../../src/api/contract/reschedule.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { driverTipOff, partShare, refusedAloneParts, standingAmounts } from '../../../src/rules/refused-parts.ts';
import type { RestOfOrder, RestPayment } from '../../../src/rules/rest-cancel.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { pricedLines } from './order-weighing.ts';

type OrderRow = Selectable<OrdersTable>;

/**
 * What a cancel would do with the payment: release a card only held, refund a payment taken (pay on delivery and a
 * wallet-only order took nothing). The same test as the cancel's own in order-transitions.ts.
 */
export function cancelPaymentOf(order: Pick<OrderRow, 'capture_state' | 'payment_ref' | 'status' | 'grand_total_cents'>): RestPayment {
  if (order.capture_state === 'held' && order.payment_ref !== null) return 'release';
  if (order.status === 'processing' && order.payment_ref !== null && order.grand_total_cents > 0) return 'refund';
  return 'none';
}

/**
 * The rest of an order one or more sellers refused their part of while it went on (src/rules/rest-cancel.ts), read
 * before a cancel ends it: the rest's total (what was charged once packed, else the standing estimate) and each
 * refused part's share. Undefined when no part was refused alone: a cancel then gives back the whole order.
 */
export async function restOfOrder(db: Kysely<Database>, order: OrderRow): Promise<RestOfOrder | undefined> {
  const parts = await db
    .selectFrom('order_deliverables')
    .select(['id', 'vendor_name', 'fulfilment_state as state', 'delivery_fee_cents', 'packaging_fee_cents', 'speed'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  const refused = refusedAloneParts(parts);
  if (refused.length === 0) return undefined;
  const lines = await pricedLines(db, order.id);
  const tipCents = driverTipOff(order.tip_cents, parts, new Set(refused.map((p) => p.id)));
  return {
    payment: cancelPaymentOf(order),
    restCents: order.final_total_cents ?? standingAmounts(order, lines, parts, false).totalCents,
    refused: refused.map((p) => ({ vendorName: p.vendor_name, totalCents: partShare(order, lines, p).totalCents })),
    ...(tipCents > 0 ? { tipCents } : {}),
  };
}

/** The rest of the order as the shopper's change panel reads it (reschedule options' rest_of_order). */
export function restOfOrderReply(rest: RestOfOrder): NonNullable<RescheduleOptions['rest_of_order']> {
  return {
    payment: rest.payment,
    rest_total: centsToDollars(rest.restCents),
    refused: rest.refused.map((p) => ({ vendor_name: p.vendorName, total: centsToDollars(p.totalCents) })),
    // The tip the totals took off with the refused parts (driverTipOff): the confirm names it, as the mail does.
    ...(rest.tipCents !== undefined && rest.tipCents > 0 ? { tip: centsToDollars(rest.tipCents) } : {}),
  };
}
