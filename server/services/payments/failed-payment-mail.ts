import type { Kysely, Selectable } from 'kysely';
import { bankPaymentMode } from '../../../src/rules/bank-account.ts';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { LinesBack } from '../cart/failed-order-lines.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';
import { followOrderLine } from '../platform/order-link-lines.ts';

type FailedOrder = Pick<Selectable<OrdersTable>, 'email' | 'increment_id' | 'payment_message' | 'payment_mode'>;

/** The mail's subject and opening: why the order will not come, in the words of how it was paid. */
function whyWords(order: FailedOrder): { subject: string; opening: string } {
  const id = order.increment_id;
  if (order.payment_mode === bankPaymentMode) {
    const reason = order.payment_message ? ` The bank said: ${mailText(order.payment_message)}` : '';
    return {
      subject: `Your bank payment for order ${id} did not go through`,
      opening: `Your bank did not pay for order ${id}, so it will not be delivered and nothing was taken from your account.${reason}`,
    };
  }
  // A card's reason is already written to the shopper ('Your card was declined.', 'The payment was not confirmed …').
  const reason = order.payment_message ? ` ${mailText(order.payment_message)}` : '';
  return {
    subject: `Your payment for order ${id} did not go through`,
    opening: `We could not take the payment for order ${id}, so it was not placed and nothing was charged.${reason}`,
  };
}

/**
 * The mail for an order the payment reconciler failed while the shopper was not on the payment page (they saw no
 * Payment failed page): a bank debit returned days after its order stood, a charge refused whose first outcome was
 * unknown, a bank check (3-D Secure) nobody finished. It says why, and where the order's items are now; a line not
 * back as it was is named (issue 23: nothing lost silently).
 */
export function failedPaymentMail(order: FailedOrder, back: LinesBack, appOrigin: string, guest = false): MailMessage {
  const why = whyWords(order);
  const lines = [why.opening, '', back.reopened ? 'Its items are back in your cart.' : 'Its items are in your cart again, added to what it holds.'];
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
  // A guest has no account: the order's page instead of Your Orders (order-link-lines.ts, QA walk 7 #3).
  lines.push('', `Your cart: ${appOrigin}/cart`, followOrderLine({ orderNumber: order.increment_id, guest }, appOrigin, 'link'));
  return { to: order.email, subject: why.subject, text: lines.join('\n') };
}

/** Sends it without waiting (the order is settled either way); a failure is logged. */
export function sendFailedPaymentMail(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  orderId: number,
  back: LinesBack,
  log: Log,
): void {
  deps.db
    .selectFrom('orders')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .select(['orders.email', 'orders.increment_id', 'orders.payment_message', 'orders.payment_mode', 'customers.is_guest'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow()
    .then((order) => deps.mail.send(failedPaymentMail(order, back, deps.config.appOrigin, order.is_guest)))
    .catch((error: unknown) => log.error({ err: error, orderId }, 'failed payment mail not sent'));
}
