import type { Kysely } from 'kysely';
import { formatUsDate } from '../../../src/rules/delivery-dates.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';

/** The confirmation mail: what was ordered, when it comes and what was paid. Stored text goes through mailText. */
export async function orderConfirmation(db: Kysely<Database>, orderId: number, appOrigin: string): Promise<MailMessage> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const [deliverables, items] = await Promise.all([
    db.selectFrom('order_deliverables').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  const lines: string[] = [`Thank you for your order ${order.increment_id}.`, ''];
  for (const deliverable of deliverables) {
    const when = deliverable.delivery_date ? ` on ${formatUsDate(deliverable.delivery_date)}` : '';
    const slot = deliverable.slot_start && deliverable.slot_end ? ` between ${deliverable.slot_start} and ${deliverable.slot_end}` : '';
    lines.push(`${mailText(deliverable.delivery_method)} from ${mailText(deliverable.vendor_name)}${when}${slot}:`);
    for (const item of items.filter((i) => i.deliverable_id === deliverable.id)) {
      const size = item.bottle_size > 0 ? ` (${item.bottle_size} g)` : '';
      lines.push(`  ${item.qty} × ${mailText(item.product_name)}${size}  ${formatMoney(centsToDollars(item.row_total_cents))}`);
    }
  }
  lines.push('', `Subtotal: ${formatMoney(centsToDollars(order.subtotal_cents))}`);
  if (order.discount_cents > 0) lines.push(`Discount: -${formatMoney(centsToDollars(order.discount_cents))}`);
  lines.push(`Delivery: ${formatMoney(centsToDollars(order.delivery_fee_cents))}`);
  if (order.fee_cents > 0) lines.push(`Fees: ${formatMoney(centsToDollars(order.fee_cents))}`);
  lines.push(`Taxes: ${formatMoney(centsToDollars(order.taxes_cents))}`);
  if (order.tip_cents > 0) lines.push(`Driver tip: ${formatMoney(centsToDollars(order.tip_cents))}`);
  lines.push(`Total: ${formatMoney(centsToDollars(order.grand_total_cents))}`);
  const paid =
    order.payment_mode === 4
      ? 'You pay on delivery.'
      : order.card_last4
        ? `Paid with the card ending in ${order.card_last4}.`
        : order.upi_id
          ? `Paid with UPI (${mailText(order.upi_id)}).`
          : 'Paid.';
  lines.push(paid, '', `Follow your order: ${appOrigin}/order/status?orderId=${order.increment_id}`, `Your orders: ${appOrigin}/setting/order`);
  return { to: order.email, subject: `Your order ${order.increment_id} is placed`, text: lines.join('\n') };
}

/**
 * Sends the order's confirmation without waiting for it: the order stands whether or not the mail server answers,
 * and a failure is logged. Place order, confirm and the payment sweep call it from whichever settled the order.
 */
export function sendOrderConfirmation(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  orderId: number,
  log: Log,
): void {
  orderConfirmation(deps.db, orderId, deps.config.appOrigin)
    .then((message) => deps.mail.send(message))
    .catch((error: unknown) => log.error({ err: error, orderId }, 'order confirmation mail not sent'));
}
