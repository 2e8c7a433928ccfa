import { sql, type Kysely } from 'kysely';
import { substituteAllowed } from '../../../src/rules/catch-weight.ts';
import { fulfilmentKindOf, fulfilmentStateLabel, type FulfilmentKind } from '../../../src/rules/fulfilment.ts';
import type { Database } from '../../db/schema.ts';
import { mailText } from '../platform/mail-text.ts';
import { followOrderLine, orderGuest, orderPageLink } from '../platform/order-link-lines.ts';
import { orderVisibleToSellers, type ConsoleScope } from './console-scope.ts';
// A cycle (order-transitions.ts gives substitutes back with this file's giveBackSubstitute): functions only, called late.

/**
 * Substitutions (issue 24 item 5, decision 039). While an order is being picked the seller may propose, for a line
 * whose product is out, a substitute the shopper's preference allows (same category; same brand too for
 * 'same_brand'; none for 'refund') from their own location's stock, or mark the line out. The substitute's stock is
 * taken when proposed and given back when refused. The shopper approves or refuses on /order/status until the order
 * is packed; packing decides what is still open by the preference (order-weighing.ts). Every change runs under the
 * order's row lock, like the moves.
 */

export const substitutionMessages = {
  alreadyAnswered: 'This line already has a substitute or is marked out.',
  refundOnly: 'The shopper asked for a refund if this is out: mark it out instead.',
  notAllowed: "That product is not a substitute the shopper's preference allows.",
  noStock: 'That product is not in stock at this location.',
  noProposal: 'There is no substitute to answer on this line.',
} as const;

/**
 * The substitution window in the order's mode's words (fulfilment.ts fulfilmentStateLabel): a dine-in order is being
 * prepared and its table made ready, not picked and packed (QA walk 5). A delivery's and a pick-up's words are as before.
 */
export function substitutionWindowMessages(kind: FulfilmentKind): { notPicking: string; windowClosed: string; answerUntil: string } {
  const picking = fulfilmentStateLabel('picking', kind).toLowerCase();
  const packed = fulfilmentStateLabel('packed', kind);
  return {
    notPicking: `Substitutes can only be proposed while the order is ${picking}.`,
    windowClosed: `This substitute can no longer be changed: the order is ${kind === 'dine_in' ? `marked ${packed}` : packed.toLowerCase()}.`,
    answerUntil: `until the order is ${kind === 'dine_in' ? `marked ${packed}` : packed.toLowerCase()}`,
  };
}

export type SubstitutionOutcome =
  { kind: 'done' } | { kind: 'not-found' } | { kind: 'conflict'; message: string } | { kind: 'invalid'; field: string; message: string };

export interface LockedLine {
  orderId: number;
  orderNumber: string;
  email: string;
  fulfilmentState: string;
  itemId: number;
  productId: number;
  productName: string;
  qty: number;
  bottleSize: number;
  preference: 'similar' | 'same_brand' | 'refund';
  state: string | null;
  locId: number;
  /** The line's seller's part (order_deliverables.id). */
  deliverableId: number;
  /** The order's mode: its refusals and mails speak its words. */
  kind: FulfilmentKind;
  /** Its customer is a guest: its mails send them to the order's page, never to an account (followOrderLine). */
  guest: boolean;
}

export async function lockLine(
  trx: Kysely<Database>,
  who: { role: 'shopper'; userId: number } | { role: 'seller' | 'staff'; scope: ConsoleScope },
  orderNumber: string,
  itemId: number,
): Promise<LockedLine | undefined> {
  let query = trx
    .selectFrom('orders')
    .select(['id', 'increment_id', 'email', 'fulfilment_state', orderGuest])
    .where('increment_id', '=', orderNumber);
  if (who.role === 'shopper') query = query.where('customer_id', '=', who.userId);
  else query = query.where(orderVisibleToSellers()).where(who.scope.filter);
  const order = await query.forUpdate().executeTakeFirst();
  if (!order) return undefined;
  const line = await trx
    .selectFrom('order_items')
    .innerJoin('order_deliverables as d', 'd.id', 'order_items.deliverable_id')
    .select([
      'order_items.id',
      'order_items.product_id',
      'order_items.product_name',
      'order_items.qty',
      'order_items.bottle_size',
      'order_items.substitution_pref',
      'order_items.substitution_state',
      'order_items.wallet_entry_id',
      'd.loc_id',
      'd.id as deliverable_id',
      'd.fulfilment_state',
      'd.speed',
    ])
    .where('order_items.id', '=', itemId)
    .where('order_items.order_id', '=', order.id)
    .executeTakeFirst();
  if (!line || line.wallet_entry_id !== null) return undefined;
  // A seller answers only for their own locations' lines of a shared order.
  if (who.role !== 'shopper' && who.scope.locIds !== undefined && !who.scope.locIds.includes(line.loc_id)) return undefined;
  return {
    orderId: order.id,
    orderNumber: order.increment_id,
    email: order.email,
    // The line's own seller's part: another seller picking does not open this line's substitutes.
    fulfilmentState: line.fulfilment_state,
    itemId: line.id,
    productId: line.product_id,
    productName: line.product_name,
    qty: line.qty,
    bottleSize: line.bottle_size,
    preference: line.substitution_pref,
    state: line.substitution_state,
    locId: line.loc_id,
    deliverableId: line.deliverable_id,
    kind: fulfilmentKindOf(line.speed),
    guest: order.guest,
  };
}

/** A substitute on offer at a location: the variant nearest the ordered size with enough stock, cheapest first. */
export interface SubstituteOffer {
  product_id: number;
  name: string;
  variant_id: number;
  offer_id: number;
  price_cents: number;
  bottle_size: number;
}

/** What the seller may propose for a line: products of the ordered one's category (and brand) in stock here. */
export async function substituteCandidates(
  db: Kysely<Database>,
  line: { productId: number; preference: 'similar' | 'same_brand' | 'refund'; locId: number; qty: number; bottleSize: number },
  limit = 5,
  productId?: number,
): Promise<SubstituteOffer[]> {
  if (line.preference === 'refund') return [];
  const ordered = await db
    .selectFrom('products')
    .innerJoin('product_variants as v', 'v.product_id', 'products.id')
    .select(['products.category_id', 'v.brand_name'])
    .where('products.id', '=', line.productId)
    .executeTakeFirst();
  if (!ordered) return [];
  const rows = await db
    .selectFrom('variant_offers as o')
    .innerJoin('product_variants as v', 'v.id', 'o.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'p.id as product_id',
      'p.name',
      'p.category_id',
      'v.brand_name',
      'v.id as variant_id',
      'o.id as offer_id',
      'o.price_cents',
      'v.bottle_size',
    ])
    .where('o.loc_id', '=', line.locId)
    .where('o.stock', '>=', line.qty)
    .where('p.category_id', '=', ordered.category_id)
    .where('p.id', '<>', line.productId)
    .$if(line.preference === 'same_brand', (q) => q.where('v.brand_name', '=', ordered.brand_name))
    .$if(productId !== undefined, (q) => q.where('p.id', '=', productId ?? 0))
    .orderBy(sql`abs(v.bottle_size - ${line.bottleSize})`)
    .orderBy('o.price_cents')
    .orderBy('p.id')
    .limit(limit * 4)
    .execute();
  const seen = new Set<number>();
  const offers: SubstituteOffer[] = [];
  for (const row of rows) {
    if (seen.has(row.product_id) || !substituteAllowed(line.preference, ordered, row)) continue;
    seen.add(row.product_id);
    offers.push({
      product_id: row.product_id,
      name: row.name,
      variant_id: row.variant_id,
      offer_id: row.offer_id,
      price_cents: row.price_cents,
      bottle_size: row.bottle_size,
    });
    if (offers.length === limit) break;
  }
  return offers;
}

/**
 * Lines leave the order, not charged (catch-weight.ts lineFinalCents): a line the seller marks out, or every line of a
 * part its seller refused while the rest of the order goes on (part-refusal.ts).
 */
export async function markLinesOut(trx: Kysely<Database>, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await trx
    .updateTable('order_items')
    .set({ substitution_state: 'out' })
    .where('id', 'in', [...itemIds])
    .execute();
}

/** A refused (or canceled) substitute's units back on its offer. */
export async function giveBackSubstitute(trx: Kysely<Database>, itemId: number): Promise<void> {
  const line = await trx.selectFrom('order_items').select(['substitute_offer_id', 'qty']).where('id', '=', itemId).executeTakeFirst();
  if (!line || line.substitute_offer_id === null) return;
  await trx
    .updateTable('variant_offers')
    .set((eb) => ({ stock: eb('stock', '+', line.qty) }))
    .where('id', '=', line.substitute_offer_id)
    .execute();
}

/** Who proposes, in the shopper's words: the seller, or the store when its staff picks for the seller. */
const proposers: Readonly<Record<'seller' | 'staff', string>> = { seller: 'The seller', staff: 'The store' };

/** A substitute offered: what, by whom, and the link to the page where the shopper approves or refuses it. */
export function proposalMail(
  line: Pick<LockedLine, 'email' | 'orderNumber' | 'productName' | 'kind'>,
  substitute: string,
  by: 'seller' | 'staff',
  appOrigin: string,
) {
  const text = [
    `${mailText(line.productName)} is out of stock. ${proposers[by]} proposes ${mailText(substitute)} instead.`,
    `Approve or refuse it on your order page ${substitutionWindowMessages(line.kind).answerUntil}; if you do not answer, your substitution preference decides.`,
    `Your order page: ${orderPageLink(appOrigin, line.orderNumber)}`,
  ];
  return { to: line.email, subject: `Your order #${line.orderNumber}: a substitute for ${mailText(line.productName)}`, text: text.join('\n\n') };
}

/**
 * A line marked out with no substitute: out of stock, and not charged. It ends, as every status mail does, with where
 * to follow the order (walk 8 #8: it had no link): a guest's order page, a customer's account.
 */
export function outOfStockMail(line: Pick<LockedLine, 'email' | 'orderNumber' | 'productName' | 'guest'>, appOrigin: string) {
  const text = [
    `${mailText(line.productName)} is out of stock and will not be in your order. You are not charged for it.`,
    followOrderLine({ orderNumber: line.orderNumber, guest: line.guest }, appOrigin),
  ];
  return { to: line.email, subject: `Your order #${line.orderNumber}: ${mailText(line.productName)} is out of stock`, text: text.join('\n\n') };
}
