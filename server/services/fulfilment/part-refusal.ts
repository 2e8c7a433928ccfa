import type { Kysely, Selectable } from 'kysely';
import { capRule, estimateAndFinal } from '../../../src/rules/catch-weight.ts';
import { refusedPartWho, type FulfilmentActor } from '../../../src/rules/fulfilment.ts';
import { possessive } from '../../../src/rules/possessive.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import { handOverOf, payOnDeliveryWords } from '../../../src/rules/pay-on-delivery.ts';
import { driverTipOff, partShare, standingAmounts, type PartShare } from '../../../src/rules/refused-parts.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { giveBackPart } from '../payments/order-give-back.ts';
import { mailText } from '../platform/mail-text.ts';
import { orderParts, pricedLines, type PackSettlement } from './order-weighing.ts';
import { markLinesOut } from './substitutions.ts';

/**
 * One seller refuses their part of an order while another seller's part goes on (decision 081: part by part), in the
 * move's transaction under the order's row lock (moveOrder, after the part's state is written): its lines leave the
 * order as lines marked out do, its stock, slot seat and wallet units go back (payments/order-give-back.ts), and the
 * money follows src/rules/refused-parts.ts: a payment taken at place order gives the part's share back at once
 * (idempotency key refund-part-<order>-<part>: a retried move never refunds twice; a refund that fails rolls the move
 * back), a card only held is captured for the smaller final at the last pack, pay on delivery owes less at the door.
 */

type OrderRow = Selectable<OrdersTable>;

export function partRefundKey(orderNumber: string, deliverableId: number): string {
  return `refund-part-${orderNumber}-${deliverableId}`;
}

/** What the refusal did, for the shopper's mail. */
export interface PartRefusal {
  vendorName: string;
  /** The part's lines, taken off the order: '2 × Salmon Fillet'. */
  lines: { name: string; qty: number }[];
  share: PartShare;
  /** The driver tip taken off with it: the last part the driver brings was refused (refused-parts.ts driverTipOff). */
  tipCents: number;
  /** Given back to the payment now, the tip with it (0: a held card, pay on delivery, nothing paid). */
  refundedCents: number;
  /** The order's total as it stands without the part (its estimate until packed). */
  standingCents: number;
}

export async function refusePartAlone(
  trx: Kysely<Database>,
  payments: PaymentGateway,
  order: OrderRow,
  part: { id: number; loc_id: number; vendor_name: string },
): Promise<PartRefusal> {
  const [lines, parts, named] = await Promise.all([
    pricedLines(trx, order.id),
    orderParts(trx, order.id),
    trx.selectFrom('order_items').select(['id', 'product_name', 'qty']).where('deliverable_id', '=', part.id).orderBy('id').execute(),
  ]);
  const fees = parts.find((p) => p.id === part.id);
  if (!fees) throw new Error(`part ${part.id} is not order ${order.id}'s`);
  const share = partShare(order, lines, fees);
  // The tip goes with the last part the driver brings (no driver comes any more): off now, not before.
  const refusedIds = new Set(parts.filter((p) => p.state === 'refused').map((p) => p.id));
  const before = new Set([...refusedIds].filter((id) => id !== part.id));
  const tipCents = driverTipOff(order.tip_cents, parts, refusedIds) - driverTipOff(order.tip_cents, parts, before);
  await markLinesOut(
    trx,
    named.map((l) => l.id),
  );
  await giveBackPart(trx, order.id, part);
  const paymentRef = order.payment_ref !== null && order.payment_ref !== 'none' ? order.payment_ref : null;
  // Only a payment taken at place order is refunded: a held card is captured later for less, pay on delivery took nothing.
  const paid = order.status === 'processing' && order.capture_state !== 'held' && paymentRef !== null && order.grand_total_cents > 0;
  let refundedCents = 0;
  const givenBack = share.totalCents + tipCents;
  if (paid && givenBack > 0) {
    await payments.refund({ paymentRef, amountCents: givenBack, idempotencyKey: partRefundKey(order.increment_id, part.id) });
    refundedCents = givenBack;
  }
  const refusedLines = lines.map((l) => (l.deliverable_id === part.id ? { ...l, substitution_state: 'out' as const } : l));
  return {
    vendorName: part.vendor_name,
    lines: named.map((l) => ({ name: l.product_name, qty: l.qty })),
    share,
    tipCents,
    refundedCents,
    standingCents: standingAmounts(order, refusedLines, parts, false).totalCents,
  };
}

/**
 * The shopper's mail: who refused which part and why, what was taken off and what happened to the money; the rest
 * goes on. 'Fulton Fish Co. refused their part of your order #100000123.'
 */
export function partRefusalMail(
  order: OrderRow,
  refusal: PartRefusal,
  reason: string | undefined,
  by: FulfilmentActor,
  settlement: PackSettlement | undefined,
  /** Where the shopper follows the order: their account, or a guest's order page (order-link-lines.ts followOrderLine). */
  follow: string,
): { to: string; subject: string; text: string } {
  const seller = mailText(refusal.vendorName);
  const money = (cents: number) => formatMoney(centsToDollars(cents));
  const { share } = refusal;
  const fees = share.deliveryFeeCents + share.feeCents;
  const lines = [`${refusedPartWho(by, seller)} of your order #${order.increment_id}. The rest of your order goes on.`];
  if (reason) lines.push(`Reason: ${mailText(reason)}`);
  // 'not charged' only when nothing was taken for them (a held card, pay on delivery): a payment taken at place order
  // gives their share back, said below. 'after your coupon' only when the order had one (QA: said with no discount).
  lines.push(
    `Taken off your order${refusal.refundedCents > 0 ? '' : ' and not charged'}: ${refusal.lines.map((l) => `${l.qty} × ${mailText(l.name)}`).join(', ')}` +
      ` (${money(share.goodsCents - share.discountCents)}${share.discountCents > 0 ? ' after your coupon' : ''}, ${money(share.taxCents)} tax` +
      `${fees > 0 ? `, ${money(fees)} in fees` : ''}): ${money(share.totalCents)} in all.`,
  );
  if (refusal.tipCents > 0)
    lines.push(`The driver tip (${money(refusal.tipCents)}) is taken off too: no part of your order comes with the driver any more.`);
  if (refusal.refundedCents > 0) lines.push(`We refunded ${money(refusal.refundedCents)} to your payment.`);
  else if (order.capture_state === 'held' && !settlement) lines.push(`Your card will only be charged for the rest, when it is packed.`);
  if (settlement) {
    lines.push(`${estimateAndFinal(settlement.estimateCents, settlement.finalCents, order.grand_total_cents)}.`);
    if (settlement.capturedCents !== null)
      lines.push(`We charged ${money(settlement.capturedCents)} to your card; the rest of the hold is released.`);
    if (settlement.refundedCents > 0) lines.push(`We refunded ${money(settlement.refundedCents)}, the difference after packing.`);
  }
  if (order.status === 'pending_payment_on_delivery') {
    const due = settlement?.finalCents ?? refusal.standingCents;
    lines.push(`${payOnDeliveryWords[handOverOf(order.speed_id)].due}: ${money(due)}.`);
  }
  if (settlement?.weighed) lines.push(capRule);
  lines.push(follow);
  return { to: order.email, subject: `Your order #${order.increment_id}: ${possessive(seller)} part was refused`, text: lines.join('\n\n') };
}
