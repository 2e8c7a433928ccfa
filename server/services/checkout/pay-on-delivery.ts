import { sql, type Kysely } from 'kysely';
import { normalizeEmail } from '../../../src/rules/auth-validation.ts';
import { payOnDeliveryMessages } from '../../../src/rules/messages.ts';
import {
  payOnDeliveryConfirmMinutes,
  payOnDeliveryMaxOpenOrders,
  payOnDeliveryMaxUnits,
  payOnDeliveryOpenDays,
} from '../../../src/rules/pay-on-delivery.ts';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import type { Database, OrderStatus } from '../../db/schema.ts';
import { hashSecret, newSecret } from '../platform/tokens.ts';

/**
 * Pay on delivery's limits and its email confirmation (the rules are in src/rules/pay-on-delivery.ts). The limits
 * run inside place order's transaction, under advisory locks on the email and the address, so concurrent orders of
 * one shopper (or to one door) count one after the other and cannot pass the limits together.
 */

/** Statuses of an unpaid order that holds stock: confirmed or not yet. */
const openUnpaid: readonly OrderStatus[] = ['awaiting_confirmation', 'pending_payment_on_delivery'];

/** Who and where a pay-on-delivery order is for: what its limits count by. */
export interface UnpaidOrderParty {
  customerId: number;
  email: string;
  /** The delivery address (none for pickup and dine-in). */
  address: { street1: string; zipcode: string } | undefined;
}

/** One text per door: case, spacing and punctuation do not make a new address. */
function addressKey(address: { street1: string; zipcode: string }): string {
  return `${address.street1
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()}|${address.zipcode}`;
}

/** Takes a transaction-scoped advisory lock on a text key (released at commit or rollback). */
async function lockKey(trx: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Why this pay-on-delivery order may not be placed (too many units, too many open unpaid orders for the customer,
 * the email or the address), or undefined. Run inside place order's transaction, before the order is written.
 */
export async function unpaidOrderRefusal(trx: Kysely<Database>, party: UnpaidOrderParty, units: number): Promise<string | undefined> {
  if (units > payOnDeliveryMaxUnits) return payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits);
  const email = normalizeEmail(party.email);
  await lockKey(trx, `pay-on-delivery:email:${email}`);
  if (party.address) await lockKey(trx, `pay-on-delivery:address:${addressKey(party.address)}`);
  const open = await trx
    .selectFrom('orders')
    .select(['customer_id', 'email', 'shipping_address'])
    .where('status', 'in', openUnpaid)
    // Database time, as created_at is.
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${payOnDeliveryOpenDays})`)
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', party.customerId),
        eb(sql<string>`lower(email)`, '=', email),
        ...(party.address ? [eb(sql<string>`shipping_address->>'zipcode'`, '=', party.address.zipcode)] : []),
      ]),
    )
    .execute();
  const mine = open.filter((o) => o.customer_id === party.customerId || normalizeEmail(o.email) === email);
  if (mine.length >= payOnDeliveryMaxOpenOrders) return payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders);
  const key = party.address ? addressKey(party.address) : undefined;
  const sameDoor = open.filter((o) => key !== undefined && o.shipping_address !== null && addressKey(o.shipping_address) === key);
  if (sameDoor.length >= payOnDeliveryMaxOpenOrders) return payOnDeliveryMessages.addressHasOpenOrders(payOnDeliveryMaxOpenOrders);
  return undefined;
}

/**
 * Whether a pay-on-delivery order of this customer waits for the email's confirmation: always for guests (anyone
 * can type any email), and for a registered customer until they confirmed one order.
 */
export async function needsEmailConfirmation(trx: Kysely<Database>, customerId: number): Promise<boolean> {
  const customer = await trx.selectFrom('customers').select('is_guest').where('id', '=', customerId).executeTakeFirstOrThrow();
  if (customer.is_guest) return true;
  const confirmed = await trx
    .selectFrom('order_confirmations as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select('c.order_id')
    .where('o.customer_id', '=', customerId)
    .where('c.confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return confirmed === undefined;
}

/** The order's confirmation token (only its hash is stored); the link goes out in the mail only. */
export async function startEmailConfirmation(trx: Kysely<Database>, orderId: number, now: Date): Promise<string> {
  const token = newSecret();
  await trx
    .insertInto('order_confirmations')
    .values({ order_id: orderId, token_hash: hashSecret(token), expires_at: new Date(now.getTime() + payOnDeliveryConfirmMinutes * 60_000) })
    .execute();
  return token;
}

/** Where the emailed link leads: a page that asks for one click (a mail scanner following links confirms nothing). */
export function confirmationLink(appOrigin: string, token: string): string {
  return `${appOrigin}/api/placeorder/confirmemail?token=${encodeURIComponent(token)}`;
}

export async function confirmationRequestMail(db: Kysely<Database>, orderId: number, link: string): Promise<MailMessage> {
  const order = await db.selectFrom('orders').select(['increment_id', 'email']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const text = [
    'Hello,',
    '',
    `Someone placed order ${order.increment_id} at the Meat & Fish Store with this email, to pay on delivery.`,
    `To confirm it, open this link within ${payOnDeliveryConfirmMinutes} minutes and press "${payOnDeliveryMessages.confirmButton}":`,
    '',
    link,
    '',
    'If it was not you, ignore this mail: an order that is not confirmed is cancelled.',
  ].join('\n');
  return { to: order.email, subject: `Please confirm your order ${order.increment_id}`, text };
}

export type EmailConfirmationOutcome =
  { kind: 'confirmed'; orderId: number; orderNumber: string } | { kind: 'already-confirmed'; orderNumber: string } | { kind: 'invalid' };

/**
 * The emailed link, used: the order waiting for it becomes a pay-on-delivery order (one conditional update, so two
 * clicks confirm once). An unknown, expired or released order's link is invalid.
 */
export async function confirmOrderByEmail(db: Kysely<Database>, token: string, now: Date): Promise<EmailConfirmationOutcome> {
  return db.transaction().execute(async (trx): Promise<EmailConfirmationOutcome> => {
    const found = await trx
      .selectFrom('order_confirmations as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select(['c.order_id', 'c.expires_at', 'c.confirmed_at', 'o.increment_id', 'o.status'])
      .where('c.token_hash', '=', hashSecret(token))
      .forUpdate()
      .executeTakeFirst();
    if (!found) return { kind: 'invalid' };
    if (found.confirmed_at !== null) return { kind: 'already-confirmed', orderNumber: found.increment_id };
    if (found.status !== 'awaiting_confirmation' || found.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' };
    await trx.updateTable('order_confirmations').set({ confirmed_at: now }).where('order_id', '=', found.order_id).execute();
    await trx
      .updateTable('orders')
      .set({ status: 'pending_payment_on_delivery', updated_at: new Date() })
      .where('id', '=', found.order_id)
      .where('status', '=', 'awaiting_confirmation')
      .execute();
    return { kind: 'confirmed', orderId: found.order_id, orderNumber: found.increment_id };
  });
}

/** What the emailed link's page shows before the click: the button, a confirmed order, or the link's end. */
export async function emailConfirmationState(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ kind: 'pending' | 'already-confirmed'; orderNumber: string } | { kind: 'invalid' }> {
  const found = await db
    .selectFrom('order_confirmations as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.expires_at', 'c.confirmed_at', 'o.increment_id', 'o.status'])
    .where('c.token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!found) return { kind: 'invalid' };
  if (found.confirmed_at !== null) return { kind: 'already-confirmed', orderNumber: found.increment_id };
  if (found.status !== 'awaiting_confirmation' || found.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' };
  return { kind: 'pending', orderNumber: found.increment_id };
}
