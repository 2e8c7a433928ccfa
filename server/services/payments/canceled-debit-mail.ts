import type { Kysely } from 'kysely';
import { debitRefundedMail } from '../../../src/rules/cancel-words.ts';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { followOrderLine, orderGuest } from '../platform/order-link-lines.ts';

/**
 * The mail for an order canceled while its bank debit was on its way, once the debit cleared and was refunded in full
 * (canceled-debits.ts): the cancel mail promised it ('it will be refunded when it clears'). The amount is what the debit
 * took, as the order page's refund says it (its authorised amount, else its total). Sent once: only the pass whose
 * update marked the order 'refunded' reports it (settleCanceledDebits), whatever instances run the reconciler.
 */
export function canceledDebitRefundMail(
  order: { email: string; increment_id: string; authorised_cents: number | null; grand_total_cents: number; guest: boolean },
  appOrigin: string,
): MailMessage {
  const words = debitRefundedMail(order.increment_id, order.authorised_cents ?? order.grand_total_cents);
  const follow = followOrderLine({ orderNumber: order.increment_id, guest: order.guest }, appOrigin);
  return { to: order.email, subject: words.subject, text: [words.opening, follow].join('\n\n') };
}

/** Sends it without waiting (the refund is made either way); a failure is logged. */
export function sendCanceledDebitRefundMail(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  orderId: number,
  log: Log,
): void {
  deps.db
    .selectFrom('orders')
    .select(['email', 'increment_id', 'authorised_cents', 'grand_total_cents', orderGuest])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
    .then((order) => deps.mail.send(canceledDebitRefundMail(order, deps.config.appOrigin)))
    .catch((error: unknown) => log.error({ err: error, orderId }, 'canceled debit refund mail not sent'));
}
