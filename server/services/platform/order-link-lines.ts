import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Where a mail sends the shopper to follow their order (QA walk 7 #3): a customer to their account's Your Orders, a
 * guest, who has no account (/setting/order asks them to sign in), to the order's own page, /order/status, as the
 * placed mail's 'Follow your order' link does. One home for every mail's line: the status, part, reschedule, placed
 * and failed-payment mails.
 */

/** The order's page, where a shopper (a guest too) follows it and answers a substitute (as the placed mail links it). */
export function orderPageLink(appOrigin: string, orderNumber: string): string {
  return `${appOrigin}/order/status?orderId=${orderNumber}`;
}

/** Who the mail is to: the order's number, and whether it was placed as a guest (customers.is_guest). */
export interface MailedOrder {
  orderNumber: string;
  guest: boolean;
}

/**
 * The mail's line: a guest's order page link, never an account; a customer's account in the mail's own words — a
 * status mail's 'Track your order in your account, under Your Orders.', or the placed and failed mails' link to it.
 */
export function followOrderLine(to: MailedOrder, appOrigin: string, customerWords: 'track' | 'link' = 'track'): string {
  if (to.guest) return `Follow your order: ${orderPageLink(appOrigin, to.orderNumber)}`;
  return customerWords === 'track' ? 'Track your order in your account, under Your Orders.' : `Your orders: ${appOrigin}/setting/order`;
}

/**
 * Whether the order's customer is a guest (customers.is_guest), read with the order itself (`.select(orderGuest)` on
 * a query from orders): the move, the reschedule, the mark-out and the closed day read it once with the order they
 * mail about, not once more per mail.
 */
export const orderGuest = sql<boolean>`coalesce((select c.is_guest from customers c where c.id = orders.customer_id), false)`.as('guest');

/** Whether the order's customer is a guest (an email-only checkout): the placed mail's, when its order was read without it. */
export async function isGuestCustomer(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const row = await db.selectFrom('customers').select('is_guest').where('id', '=', customerId).executeTakeFirst();
  return row?.is_guest ?? false;
}
