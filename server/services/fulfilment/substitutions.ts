import { sql, type Kysely } from 'kysely';
import { substituteAllowed } from '../../../src/rules/catch-weight.ts';
import { allOutReason, fulfilmentKindOf, fulfilmentStateLabel, type FulfilmentKind } from '../../../src/rules/fulfilment.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';
import { orderPageLink } from '../platform/order-link-lines.ts';
import { orderVisibleToSellers, staffScope, type ConsoleScope } from './console-scope.ts';
// A cycle (order-transitions.ts gives substitutes back with this file's giveBackSubstitute): functions only, called late.
import { moveInTransaction, partHasLinesLeft, sendMoveMails, type MoveActor, type MoveDone } from './order-transitions.ts';

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

interface LockedLine {
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
}

async function lockLine(
  trx: Kysely<Database>,
  who: { role: 'shopper'; userId: number } | { role: 'seller' | 'staff'; scope: ConsoleScope },
  orderNumber: string,
  itemId: number,
): Promise<LockedLine | undefined> {
  let query = trx.selectFrom('orders').select(['id', 'increment_id', 'email', 'fulfilment_state']).where('increment_id', '=', orderNumber);
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

export interface ProposeRequest {
  orderNumber: string;
  itemId: number;
  /** The substitute's product, or undefined to mark the line out. */
  productId: number | undefined;
}

export async function proposeSubstitute(
  deps: { db: Kysely<Database>; mail: MailSender; payments: PaymentGateway; config: { appOrigin: string } },
  scope: { role: 'seller' | 'staff'; scope: ConsoleScope; userId: number },
  request: ProposeRequest,
  now: Date,
  log: Log,
): Promise<SubstitutionOutcome> {
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<{ result: SubstitutionOutcome; mail?: { to: string; subject: string; text: string }; ended?: MoveDone }> => {
      const line = await lockLine(trx, scope, request.orderNumber, request.itemId);
      if (!line) return { result: { kind: 'not-found' } };
      if (line.fulfilmentState !== 'picking') return { result: { kind: 'conflict', message: substitutionWindowMessages(line.kind).notPicking } };
      if (line.state !== null) return { result: { kind: 'conflict', message: substitutionMessages.alreadyAnswered } };
      if (request.productId === undefined) {
        await markLinesOut(trx, [line.itemId]);
        // The part's last line marked out leaves nothing to hand over: the part ends refused now, in this transaction
        // (fulfilment.ts allOutTransition): the order's only part ends the order, its hold released or its payment
        // refunded; one part of several ends alone (QA walk 7 #2: it went on to Table ready and Served at $0.00).
        const ended = await endIfNothingLeft(trx, deps, { role: scope.role, userId: scope.userId, scope: scope.scope }, line, now, log);
        return { result: { kind: 'done' }, mail: outOfStockMail(line), ended };
      }
      if (line.preference === 'refund') return { result: { kind: 'invalid', field: 'product_id', message: substitutionMessages.refundOnly } };
      const [offer] = await substituteCandidates(trx, line, 1, request.productId);
      if (!offer) {
        const allowed = await substituteCandidates(trx, { ...line, qty: 0 }, 1, request.productId);
        return {
          result: {
            kind: 'invalid',
            field: 'product_id',
            message: allowed.length > 0 ? substitutionMessages.noStock : substitutionMessages.notAllowed,
          },
        };
      }
      const taken = await trx
        .updateTable('variant_offers')
        .set((eb) => ({ stock: eb('stock', '-', line.qty) }))
        .where('id', '=', offer.offer_id)
        .where('stock', '>=', line.qty)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return { result: { kind: 'invalid', field: 'product_id', message: substitutionMessages.noStock } };
      await trx
        .updateTable('order_items')
        .set({
          substitution_state: 'proposed',
          substitute_product_id: offer.product_id,
          substitute_variant_id: offer.variant_id,
          substitute_offer_id: offer.offer_id,
          substitute_name: offer.name,
          substitute_price_cents: offer.price_cents,
        })
        .where('id', '=', line.itemId)
        .execute();
      return { result: { kind: 'done' }, mail: proposalMail(line, offer.name, scope.role, deps.config.appOrigin) };
    });
  if (outcome.mail) deps.mail.send(outcome.mail).catch((error: unknown) => log.error({ err: error }, 'substitution mail not sent'));
  // Then the part's end: what is off and what became of the money, in the refusal's words (order-transitions.ts).
  if (outcome.ended) sendMoveMails(deps, scope, outcome.ended, log);
  return outcome.result;
}

/** The shopper's answer, until the order is packed. */
export async function answerSubstitution(
  deps: { db: Kysely<Database>; mail: MailSender; payments: PaymentGateway; config: { appOrigin: string } },
  shopperId: number,
  request: { orderNumber: string; itemId: number; approve: boolean },
  now: Date,
  log: Log,
): Promise<SubstitutionOutcome> {
  const outcome = await deps.db.transaction().execute(async (trx): Promise<{ result: SubstitutionOutcome; ended?: MoveDone | undefined }> => {
    const line = await lockLine(trx, { role: 'shopper', userId: shopperId }, request.orderNumber, request.itemId);
    if (!line) return { result: { kind: 'not-found' } };
    if (line.state !== 'proposed') return { result: { kind: 'conflict', message: substitutionMessages.noProposal } };
    if (line.fulfilmentState !== 'picking') return { result: { kind: 'conflict', message: substitutionWindowMessages(line.kind).windowClosed } };
    await trx
      .updateTable('order_items')
      .set({ substitution_state: request.approve ? 'approved' : 'refused' })
      .where('id', '=', line.itemId)
      .execute();
    if (request.approve) return { result: { kind: 'done' } };
    await giveBackSubstitute(trx, line.itemId);
    // The part's last line gone with the substitute refused: nothing is left to hand over, and the part ends as when
    // its last line is marked out, by the store's rule ('by the store'), not the shopper's cancel (allOutTransition).
    const ended = await endIfNothingLeft(trx, deps, { role: 'staff', userId: shopperId, scope: staffScope }, line, now, log);
    return { result: { kind: 'done' }, ended };
  });
  if (outcome.ended) sendMoveMails(deps, { role: 'staff' }, outcome.ended, log);
  return outcome.result;
}

/** A part left with no line to hand over ends refused (fulfilment.ts allOutTransition), in the caller's transaction. */
async function endIfNothingLeft(
  trx: Kysely<Database>,
  deps: { payments: PaymentGateway },
  actor: MoveActor,
  line: Pick<LockedLine, 'orderNumber' | 'deliverableId' | 'locId'>,
  now: Date,
  log: Log,
): Promise<MoveDone | undefined> {
  if (await partHasLinesLeft(trx, line.deliverableId)) return undefined;
  const request = { orderNumber: line.orderNumber, event: 'refuse' as const, reason: allOutReason, locId: line.locId };
  const ended = await moveInTransaction(trx, deps, actor, request, now, log, true);
  // Not ended (it cannot be: the part is being picked, under the lock): roll the line's change back rather than strand it.
  if (ended.result.kind !== 'moved') throw new Error(`the part of order ${line.orderNumber} left with nothing did not end`);
  return ended;
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

/** A line marked out with no substitute: out of stock, and not charged. */
export function outOfStockMail(line: Pick<LockedLine, 'email' | 'orderNumber' | 'productName'>) {
  const text = [`${mailText(line.productName)} is out of stock and will not be in your order. You are not charged for it.`];
  return { to: line.email, subject: `Your order #${line.orderNumber}: ${mailText(line.productName)} is out of stock`, text: text.join('\n\n') };
}
