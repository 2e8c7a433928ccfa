import type { Kysely } from 'kysely';
import { allOutReason } from '../../../src/rules/fulfilment.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { shopperScope, type ConsoleScope } from './console-scope.ts';
import { moveInTransaction, partHasLinesLeft, sendMoveMails, type MoveActor, type MoveDone } from './order-transitions.ts';
import {
  giveBackSubstitute,
  lockLine,
  markLinesOut,
  outOfStockMail,
  proposalMail,
  substituteCandidates,
  substitutionMessages,
  substitutionWindowMessages,
  type LockedLine,
  type SubstitutionOutcome,
} from './substitutions.ts';

/**
 * A seller's or the store's substitute or mark-out, and the shopper's answer (substitutions.ts holds the lines'
 * reads and writes): here because a part left with nothing ends in the same transaction by order-transitions.ts's
 * refusal, which itself gives substitutes back through substitutions.ts (one module each way, no cycle).
 */
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
        return { result: { kind: 'done' }, mail: outOfStockMail(line, deps.config.appOrigin), ended };
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
    // its last line is marked out (allOutTransition). Its history records who did it, the shopper (087 left: it read
    // as a staff move with the shopper's id); the words still say the store ended it (fulfilment.ts stepTakenBy).
    const ended = await endIfNothingLeft(trx, deps, { role: 'shopper', userId: shopperId, scope: shopperScope }, line, now, log);
    return { result: { kind: 'done' }, ended };
  });
  // The mail speaks as for a mark-out: the part ended by the store's rule, not by a cancel of the shopper's.
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
