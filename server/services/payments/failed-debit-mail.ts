import type { Kysely, Selectable } from 'kysely';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { LinesBack } from '../cart/failed-order-lines.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';

/**
 * The mail for a bank debit returned days after its order stood: the shopper was told the order was placed, so they
 * learn here that it was not paid and will not come, why (the bank's words), and where its items are now; a line
 * not back as it was is named (issue 23: nothing lost silently).
 */
export function failedDebitMail(
  order: Pick<Selectable<OrdersTable>, 'email' | 'increment_id' | 'payment_message'>,
  back: LinesBack,
  appOrigin: string,
): MailMessage {
  const reason = order.payment_message ? ` The bank said: ${mailText(order.payment_message)}` : '';
  const lines = [
    `Your bank did not pay for order ${order.increment_id}, so it will not be delivered and nothing was taken from your account.${reason}`,
    '',
    back.reopened ? 'Its items are back in your cart.' : 'Its items are in your cart again, added to what it holds.',
  ];
  const capped = back.changes.filter((change) => change.qty > 0);
  const missing = back.changes.filter((change) => change.qty === 0);
  if (capped.length > 0) {
    lines.push('', 'Not as many as you ordered are in stock now:');
    for (const c of capped) lines.push(`  ${mailText(c.name)} (${c.size}): ${c.qty} of ${c.wanted} in your cart`);
  }
  if (missing.length > 0) {
    lines.push('', 'Could not go back in your cart:');
    for (const c of missing) lines.push(`  ${c.wanted} × ${mailText(c.name)} (${c.size})`);
  }
  if (back.keptFor.length > 0) {
    lines.push('', 'Your cart is for another area now, so these are kept for their zip and come back when you shop there again:');
    for (const k of back.keptFor) lines.push(`  ${k.qty} × ${mailText(k.name)} (${k.size}) for ${k.zipcode}`);
  }
  lines.push('', `Your cart: ${appOrigin}/cart`, `Your orders: ${appOrigin}/setting/order`);
  return { to: order.email, subject: `Your bank payment for order ${order.increment_id} did not go through`, text: lines.join('\n') };
}

/** Sends it without waiting (the order is settled either way); a failure is logged. */
export function sendFailedDebitMail(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  orderId: number,
  back: LinesBack,
  log: Log,
): void {
  deps.db
    .selectFrom('orders')
    .select(['email', 'increment_id', 'payment_message'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
    .then((order) => deps.mail.send(failedDebitMail(order, back, deps.config.appOrigin)))
    .catch((error: unknown) => log.error({ err: error, orderId }, 'failed bank debit mail not sent'));
}
