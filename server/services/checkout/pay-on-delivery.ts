import { sql, type Kysely } from 'kysely';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';
import { doorKey } from '../../../src/rules/usps-address.ts';
import {
  handOverOf,
  payOnDeliveryConfirmMinutes,
  payOnDeliveryMaxOpenOrders,
  payOnDeliveryMessages,
  payOnDeliveryOpenDays,
  payOnDeliveryOpenOrdersRefusal,
  payOnDeliveryUnitsRefusal,
  payOnDeliveryWords,
  type HandOver,
} from '../../../src/rules/pay-on-delivery.ts';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import { customerLimitRefusal, lockCoupon } from '../cart/coupons.ts';
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

/** One text per door: the USPS standard line (src/rules/usps-address.ts), so spelling does not make a new address. */
const addressKey = doorKey;

/** Takes a transaction-scoped advisory lock on a text key (released at commit or rollback). */
async function lockKey(trx: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** An open unpaid order as the limits read it. */
interface OpenUnpaidOrder {
  id: number;
  customer_id: number;
  status: OrderStatus;
  email_canonical: string | null;
  shipping_address: { street1: string; zipcode: string } | null;
}

/**
 * Whether an open unpaid order spends this party's allowance. An order still waiting for its email's confirmation
 * spends only its own customer's (anyone can type anyone's email, or address, at a guest checkout: issue 26); once
 * the email's owner confirms it, it counts for the email and the door too.
 */
function spendsAllowanceOf(order: OpenUnpaidOrder, customerId: number): boolean {
  return order.customer_id === customerId || order.status === 'pending_payment_on_delivery';
}

/** Locks the email's and the door's limits (in this order) and reads the open unpaid orders they count. */
async function openUnpaidOrders(trx: Kysely<Database>, party: UnpaidOrderParty, exceptOrderId?: number): Promise<OpenUnpaidOrder[]> {
  await lockKey(trx, `pay-on-delivery:email:${canonicalEmail(party.email)}`);
  if (party.address) await lockKey(trx, `pay-on-delivery:address:${addressKey(party.address)}`);
  return readOpenUnpaidOrders(trx, party, exceptOrderId);
}

/** The open unpaid orders of the party's customer, email or door (no lock: the limits lock first, the cart only shows). */
function readOpenUnpaidOrders(db: Kysely<Database>, party: UnpaidOrderParty, exceptOrderId?: number): Promise<OpenUnpaidOrder[]> {
  const email = canonicalEmail(party.email);
  return (
    db
      .selectFrom('orders')
      .select(['id', 'customer_id', 'status', 'email_canonical', 'shipping_address'])
      .where('status', 'in', openUnpaid)
      // Database time, as created_at is.
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${payOnDeliveryOpenDays})`)
      .where((eb) =>
        eb.or([
          eb('customer_id', '=', party.customerId),
          eb('email_canonical', '=', email),
          ...(party.address ? [eb(sql<string>`shipping_address->>'zipcode'`, '=', party.address.zipcode)] : []),
        ]),
      )
      .$if(exceptOrderId !== undefined, (q) => q.where('id', '<>', exceptOrderId ?? 0))
      .execute()
  );
}

/** The open unpaid orders that spend the shopper's own allowance: their customer's, and their email's once confirmed. */
function shoppersOpenOrders(open: readonly OpenUnpaidOrder[], party: Pick<UnpaidOrderParty, 'customerId' | 'email'>): OpenUnpaidOrder[] {
  const email = canonicalEmail(party.email);
  return open.filter((o) => spendsAllowanceOf(o, party.customerId) && (o.customer_id === party.customerId || o.email_canonical === email));
}

/** Why the open orders leave no room for one more of this party (theirs, their email's, their door's), or undefined. */
function openOrdersRefusal(open: readonly OpenUnpaidOrder[], party: UnpaidOrderParty): string | undefined {
  const own = payOnDeliveryOpenOrdersRefusal(shoppersOpenOrders(open, party).length);
  if (own !== undefined) return own;
  const counting = open.filter((o) => spendsAllowanceOf(o, party.customerId));
  const key = party.address ? addressKey(party.address) : undefined;
  const sameDoor = counting.filter((o) => key !== undefined && o.shipping_address !== null && addressKey(o.shipping_address) === key);
  if (sameDoor.length >= payOnDeliveryMaxOpenOrders) return payOnDeliveryMessages.addressHasOpenOrders(payOnDeliveryMaxOpenOrders);
  return undefined;
}

/**
 * How many open unpaid orders spend this shopper's own allowance (payOnDeliveryOpenOrdersRefusal): the cart's reply
 * carries it so the payment tab says the limit before PLACE ORDER meets it (walk 4 #3). The door's limit waits for
 * the address, so place order alone says it.
 */
export async function shoppersOpenUnpaidOrders(db: Kysely<Database>, customerId: number, email: string): Promise<number> {
  const party = { customerId, email, address: undefined };
  return shoppersOpenOrders(await readOpenUnpaidOrders(db, party), party).length;
}

/**
 * Why this pay-on-delivery order may not be placed (too many units, too many open unpaid orders for the customer,
 * the email or the address), or undefined. Run inside place order's transaction, before the order is written.
 */
export async function unpaidOrderRefusal(trx: Kysely<Database>, party: UnpaidOrderParty, units: number): Promise<string | undefined> {
  return payOnDeliveryUnitsRefusal(units) ?? openOrdersRefusal(await openUnpaidOrders(trx, party), party);
}

/**
 * At the email's confirmation the order starts to count for the email, the door and the coupon's per-customer limit:
 * why it may not (another confirmed order took the room meanwhile), or undefined. The caller cancels a refused order.
 */
async function confirmationRefusal(trx: Kysely<Database>, orderId: number): Promise<string | undefined> {
  const order = await trx
    .selectFrom('orders')
    .select(['customer_id', 'email', 'shipping_address'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const party: UnpaidOrderParty = {
    customerId: order.customer_id,
    email: order.email,
    address: order.shipping_address ?? undefined,
  };
  const refusal = openOrdersRefusal(await openUnpaidOrders(trx, party, orderId), party);
  if (refusal !== undefined) return refusal;
  const redemption = await trx
    .selectFrom('coupon_redemptions as r')
    .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
    .select(['c.id', 'c.per_customer_limit', 'r.customer_id', 'r.email_normalized'])
    .where('r.order_id', '=', orderId)
    .executeTakeFirst();
  if (!redemption) return undefined;
  await lockCoupon(trx, redemption.id);
  return customerLimitRefusal(trx, redemption, { customerId: redemption.customer_id, emailNormalized: redemption.email_normalized }, orderId);
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
  const order = await db.selectFrom('orders').select(['increment_id', 'email', 'speed_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const text = [
    'Hello,',
    '',
    `Someone placed order ${order.increment_id} at the Meat & Fish Store with this email, ${payOnDeliveryWords[handOverOf(order.speed_id)].purpose}.`,
    `To confirm it, open this link within ${payOnDeliveryConfirmMinutes} minutes and press "${payOnDeliveryMessages.confirmButton}":`,
    '',
    link,
    '',
    'If it was not you, ignore this mail: an order that is not confirmed is cancelled.',
  ].join('\n');
  return { to: order.email, subject: `Please confirm your order ${order.increment_id}`, text };
}

export type EmailConfirmationOutcome =
  /** handOver: how the order is paid for in words (on delivery, at pick-up). */
  | { kind: 'confirmed'; orderId: number; orderNumber: string; handOver: HandOver }
  | { kind: 'already-confirmed'; orderNumber: string }
  /** The email's or the door's limit, or the coupon's use per customer, is taken by other confirmed orders. */
  | { kind: 'refused'; orderId: number; orderNumber: string; message: string }
  | { kind: 'invalid' };

/**
 * The emailed link, used: the order waiting for it becomes a pay-on-delivery order (one conditional update, so two
 * clicks confirm once), unless the limits it now counts against are full (then 'refused': the caller releases it).
 * An unknown, expired or released order's link is invalid.
 */
export async function confirmOrderByEmail(db: Kysely<Database>, token: string, now: Date): Promise<EmailConfirmationOutcome> {
  return db.transaction().execute(async (trx): Promise<EmailConfirmationOutcome> => {
    const found = await trx
      .selectFrom('order_confirmations as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select(['c.order_id', 'c.expires_at', 'c.confirmed_at', 'o.increment_id', 'o.status', 'o.speed_id'])
      .where('c.token_hash', '=', hashSecret(token))
      .forUpdate()
      .executeTakeFirst();
    if (!found) return { kind: 'invalid' };
    if (found.confirmed_at !== null) return { kind: 'already-confirmed', orderNumber: found.increment_id };
    if (found.status !== 'awaiting_confirmation' || found.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' };
    const refusal = await confirmationRefusal(trx, found.order_id);
    if (refusal !== undefined) return { kind: 'refused', orderId: found.order_id, orderNumber: found.increment_id, message: refusal };
    await trx.updateTable('order_confirmations').set({ confirmed_at: now }).where('order_id', '=', found.order_id).execute();
    await trx
      .updateTable('orders')
      .set({ status: 'pending_payment_on_delivery', updated_at: new Date() })
      .where('id', '=', found.order_id)
      .where('status', '=', 'awaiting_confirmation')
      .execute();
    return { kind: 'confirmed', orderId: found.order_id, orderNumber: found.increment_id, handOver: handOverOf(found.speed_id) };
  });
}

/** What the emailed link's page shows before the click: the button, a confirmed order, or the link's end. */
export async function emailConfirmationState(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ kind: 'pending'; orderNumber: string; handOver: HandOver } | { kind: 'already-confirmed'; orderNumber: string } | { kind: 'invalid' }> {
  const found = await db
    .selectFrom('order_confirmations as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.expires_at', 'c.confirmed_at', 'o.increment_id', 'o.status', 'o.speed_id'])
    .where('c.token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!found) return { kind: 'invalid' };
  if (found.confirmed_at !== null) return { kind: 'already-confirmed', orderNumber: found.increment_id };
  if (found.status !== 'awaiting_confirmation' || found.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' };
  return { kind: 'pending', orderNumber: found.increment_id, handOver: handOverOf(found.speed_id) };
}
