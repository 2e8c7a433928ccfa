import type { Kysely, Selectable } from 'kysely';
import {
  endingEvents,
  completingStates,
  finalFulfilmentStates,
  fulfilmentKindOf,
  fulfilmentKindOfSpeedId,
  fulfilmentMailSubject,
  fulfilmentMessages,
  moveStepLabel,
  heldCardReleasedText,
  isEndedState,
  isPackedOrLater,
  orderStateOfParts,
  fulfilmentTransition,
  allOutTransition,
  handingOverEvents,
  isLineLeft,
  needsReason,
  cancelStandingOf,
  orderCancelRefusal,
  closedDayRefusal,
  tableDayRefusal,
  takesReason,
  type FulfilmentActor,
  type FulfilmentEvent,
  type FulfilmentKind,
  type FulfilmentState,
} from '../../../src/rules/fulfilment.ts';
import type { MailSender } from '../../adapters/mail/mail-port.ts';
import { PaymentGatewayError, type PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { giveBackOrder } from '../payments/order-give-back.ts';
import { refundKey } from '../payments/order-payment.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';
import { followOrderLine, orderGuest } from '../platform/order-link-lines.ts';
import { possessive } from '../../../src/rules/possessive.ts';
import { visitDayAt } from '../../../src/rules/local-day.ts';
import { creditDineInWallet, withdrawOrderWallet } from '../wallet/wallet-credit.ts';
import { orderVisibleToSellers, type ConsoleScope } from './console-scope.ts';
import { decideUnanswered, PackSettlementFailed, settleAtPacking, type PackSettlement } from './order-weighing.ts';
import { giveBackSubstitute } from './substitutions.ts';
import { capRule, estimateAndFinal } from '../../../src/rules/catch-weight.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import { handOverOf, payOnDeliveryWords } from '../../../src/rules/pay-on-delivery.ts';
import { farWeightOf, isMilligramPrecise } from '../../../src/rules/weight-entry.ts';
import { weightQuestion } from '../../../src/rules/console-confirm.ts';
import { endsPartOnly, partStoppingMove, wholeMoveRefusal } from '../../../src/rules/order-parts.ts';
import { partRefusalMail, refusePartAlone, type PartRefusal } from './part-refusal.ts';
import { restCancelMailText, type RestOfOrder } from '../../../src/rules/rest-cancel.ts';
import { cancelPaymentOf, restOfOrder } from './rest-of-order.ts';
import { cancelFactsOf } from './cancel-facts.ts';
import { closedDayPartIds, cutoffParts } from '../checkout/closed-day-parts.ts';
import { cancelMailText, type CancelFacts } from '../../../src/rules/cancel-words.ts';

/**
 * An order's fulfilment moves (issue 24), enforced here with the one table of src/rules/fulfilment.ts. Each move runs
 * in one transaction holding the order's row lock (SELECT … FOR UPDATE), so of two sellers, or a seller and the
 * shopper, racing on one order exactly one wins: the other finds the state already changed and is refused. A move
 * that ends the order (refuse, cancel) refunds a paid order with the gateway under the same lock (idempotency key
 * `refund-order-<number>`: a retry never refunds twice, and a refund that fails rolls the move back) and gives back
 * stock, slot seats, wallet units and the coupon (payments/order-give-back.ts, their one home). A seller refusing
 * their part while another part goes on ends that part only (part-refusal.ts: its share refunded the same way).
 */

/** Who asks: a shopper for their own orders, a seller for their locations' orders, staff for every order. */
export interface MoveActor {
  role: FulfilmentActor;
  userId: number;
  scope: ConsoleScope;
}

export interface MoveRequest {
  orderNumber: string;
  event: FulfilmentEvent;
  reason?: string | undefined;
  /** The seller location whose part of the order moves (staff name it; a seller's own otherwise). */
  locId?: number | undefined;
  /** At packing: grams per order line (order_items.id) sold by weight. */
  weights?: readonly { itemId: number; grams: number }[] | undefined;
  /** The seller confirmed the weights far from their estimate (the console's weightQuestion); else such a weight is refused. */
  weightsConfirmed?: boolean | undefined;
}

export type MoveOutcome =
  | {
      kind: 'moved';
      from: FulfilmentState;
      to: FulfilmentState;
      /** A captured payment given back in full, or a card's hold (weighed lines, not packed) let go: the mail says which. */
      refunded: boolean;
      released: boolean;
      settlement?: PackSettlement | undefined;
    }
  | { kind: 'not-found' }
  | { kind: 'not-allowed'; state: FulfilmentState; message: string }
  | { kind: 'invalid'; field: string; message: string };

export interface MoveDeps {
  db: Kysely<Database>;
  payments: PaymentGateway;
  mail: MailSender;
  /** The store's address, for a guest's mail link to the order's page (absent in tests that read no mail). */
  config?: { appOrigin: string } | undefined;
}

type OrderRow = Selectable<OrdersTable>;

/** A move's answer, with what its mail needs once committed. */
export interface MoveDone {
  result: MoveOutcome;
  order?: OrderRow;
  /** The move's reason, trimmed (the mail quotes it). */
  reason?: string | undefined;
  /** The order was placed as a guest: its mails link to the order's page, not an account (order-link-lines.ts). */
  guest?: boolean | undefined;
  orderTo?: FulfilmentState;
  refusal?: PartRefusal | undefined;
  /** The rest of an order ended after a part was refused alone (rest-of-order.ts). */
  rest?: RestOfOrder | undefined;
  /** The whole order ended (not after a part refused alone): its payment facts and wallet lines (cancel-facts.ts). */
  cancel?: CancelFacts | undefined;
  /** One seller's part of several moving on its own: the shopper hears of it too (a walk saw no mail for it). */
  partMoved?: { vendorName: string; to: FulfilmentState } | undefined;
}

/** The heaviest line a seller may weigh in: 100 kg (a typo's extra zeros stop here). */
export const maxWeighedGrams = 100_000;

export async function moveOrder(deps: MoveDeps, actor: MoveActor, request: MoveRequest, now: Date, log: Log): Promise<MoveOutcome> {
  try {
    return await moveOrderOnce(deps, actor, request, now, log);
  } catch (error) {
    // The card hold could not be captured (or the difference refunded) at packing: the pack rolled back, and the
    // seller or staff are told why and what to do (a 409), never a bare server error; the gateway's words are logged.
    if (!(error instanceof PackSettlementFailed)) throw error;
    log.error({ err: error.cause, orderNumber: request.orderNumber, event: request.event }, 'payment not settled at packing: the move was refused');
    return { kind: 'not-allowed', state: error.state, message: error.message };
  }
}

async function moveOrderOnce(deps: MoveDeps, actor: MoveActor, request: MoveRequest, now: Date, log: Log): Promise<MoveOutcome> {
  const reason = request.reason?.trim() || undefined;
  // A reason sent with a move that takes none (an Accept after a refusal's reason was typed) would reach the shopper:
  // bad input, named, before anything is read or moved.
  if (reason !== undefined && !takesReason(request.event, actor.role)) {
    return { kind: 'invalid', field: 'reason', message: fulfilmentMessages.reasonNotTaken };
  }
  const outcome = await deps.db.transaction().execute((trx) => moveInTransaction(trx, deps, actor, request, now, log));
  sendMoveMails(deps, actor, outcome, log);
  return outcome.result;
}

/**
 * The move itself, in the caller's transaction under the order's row lock: moveOrder's, and the mark-out of a part's
 * last line, which ends that part in the same transaction (allOut: fulfilment.ts allOutTransition, QA walk 7 #2).
 */
export async function moveInTransaction(
  trx: Kysely<Database>,
  deps: Pick<MoveDeps, 'payments'>,
  actor: MoveActor,
  request: MoveRequest,
  now: Date,
  log: Log,
  allOut = false,
): Promise<MoveDone> {
  const reason = request.reason?.trim() || undefined;
  const order = await lockOrder(trx, actor, request.orderNumber);
  if (!order) return { result: { kind: 'not-found' } };
  const guest = order.guest;
  const orderFrom = order.fulfilment_state;
  const parts = await trx
    .selectFrom('order_deliverables as d')
    .innerJoin('vendor_locations as l', 'l.id', 'd.loc_id')
    .select(['d.id', 'd.loc_id', 'd.vendor_name', 'd.speed', 'd.delivery_date', 'd.slot_start', 'd.fulfilment_state', 'l.state as loc_state'])
    .where('d.order_id', '=', order.id)
    .orderBy('d.id')
    .execute();
  const kind: FulfilmentKind = fulfilmentKindOf(parts[0]?.speed ?? 'local');
  const standing = cancelStandingOf(order);
  const placed = standing === 'placed';
  const notAllowed = (state: FulfilmentState): { result: MoveOutcome } => ({
    result: { kind: 'not-allowed', state, message: fulfilmentMessages.notAllowed },
  });
  // A cancel (the shopper's or staff's) moves the whole order: every part must allow it. Any other move is one
  // seller's part: the asker's (a seller's own location, or the location staff name), the first that allows it.
  const whole = request.event === 'cancel';
  const mine = parts.filter(
    (p) => (actor.scope.locIds === undefined || actor.scope.locIds.includes(p.loc_id)) && (request.locId === undefined || p.loc_id === request.locId),
  );
  if (!whole && mine.length === 0) return { result: { kind: 'not-found' } };
  const transitionOf = (state: FulfilmentState) => (allOut ? allOutTransition(state) : fulfilmentTransition(state, request.event, actor.role, kind));
  const part = whole ? undefined : (mine.find((p) => transitionOf(p.fulfilment_state)) ?? mine[0]);
  const from = part?.fulfilment_state ?? orderFrom;
  const move = transitionOf(from);
  // A bank debit on its way: the shopper may cancel the order as any other (decision 087 left); nobody else moves it.
  const debitPending = actor.role === 'shopper' && whole && standing === 'debit-pending';
  if (actor.role === 'shopper' && whole && (placed || debitPending) && !isEndedState(orderFrom) && !finalFulfilmentStates.includes(orderFrom)) {
    // The shopper's cancel answers by the rule the order page offers it by (orderCancelRefusal, can_cancel and the
    // panel's cancel_refusal), in its words, also once a seller is preparing (it read 'cannot be moved that way'). The
    // cutoff is the earliest delivery still going: a refused part's date no longer holds the order back, nor does a
    // part on a day its seller closed (QA walk 6: the store closed the day, not the shopper).
    const going = parts.filter((d) => !isEndedState(d.fulfilment_state));
    const refusal = orderCancelRefusal(orderFrom, cutoffParts(going, await closedDayPartIds(trx, going)), now, standing);
    if (refusal !== undefined) return { result: { kind: 'not-allowed', state: from, message: refusal } };
  }
  // An order not yet paid or confirmed is not the sellers' yet; a finished one moves no more.
  if (!move || (!placed && !debitPending && orderFrom === 'placed')) return notAllowed(from);
  // The one rule the consoles offer Cancel by (order-parts.ts): refused, the part that stops it is named.
  const stopping = whole
    ? partStoppingMove(
        request.event,
        parts.map((p) => ({ vendor_name: p.vendor_name, state: p.fulfilment_state })),
        actor.role,
        kind,
      )
    : undefined;
  if (stopping) return { result: { kind: 'not-allowed', state: from, message: wholeMoveRefusal(stopping, kind) } };
  // A part on a day its seller (or the store) closed is not prepared for that day: only refused or canceled until it
  // moves to another day or the day reopens (walk 8 #4: staff accepted one, and the shopper was told so after 'closed').
  const closed = part !== undefined && !endingEvents.includes(request.event) && (await closedDayPartIds(trx, [part])).has(part.id);
  const day = part && { ...visitDayAt(now, part), closed };
  const closedDay = closedDayRefusal(request.event, kind, day);
  if (closedDay) return { result: { kind: 'not-allowed', state: from, message: closedDay } };
  // A table is made ready on its day and served from its time, a pick-up collected and a delivery delivered on its
  // day, by the location's own clock (QA walks 3 and 6: Served the day before, Table ready and charged the day before).
  const tooEarly = tableDayRefusal(request.event, kind, day);
  if (tooEarly) return { result: { kind: 'invalid', field: 'event', message: tooEarly } };
  if (needsReason(request.event, actor.role) && reason === undefined) {
    return { result: { kind: 'invalid', field: 'reason', message: fulfilmentMessages.reasonRequired } };
  }
  // A part with no line left (every one marked out) hands nothing over: it is not packed, served or delivered at
  // $0.00 (QA walk 7 #2: 'Table ready … Final $0.00', 'Served', 'Paid'). Its last mark-out ends it (substitutions.ts).
  if (part && handingOverEvents.includes(request.event) && !(await partHasLinesLeft(trx, part.id))) {
    return { result: { kind: 'not-allowed', state: from, message: fulfilmentMessages.nothingLeft } };
  }
  if (request.event === 'pack' && part) {
    const invalid = await recordWeights(trx, order.id, part.id, request.weights ?? [], request.weightsConfirmed === true ? undefined : kind);
    if (invalid) return { result: invalid };
    await decideUnanswered(trx, order.id, part.id);
  }
  // A seller refusing their part while another part goes on ends that part only (order-parts.ts endsPartOnly); the
  // last part going refused, or a cancel, ends the whole order (the refund is the order's).
  const partOnly = part !== undefined && endsPartOnly(request.event, otherPartsOf(parts, part.id));
  const ending = endingEvents.includes(request.event) && !partOnly;
  // Parts refused before gave theirs back then: they stay refused, and the whole order's give-back skips them.
  const endedBefore = parts.filter((p) => isEndedState(p.fulfilment_state));
  const partTo = (p: { id: number; fulfilment_state: FulfilmentState }): FulfilmentState =>
    p.id === part?.id ? move.to : ending && !isEndedState(p.fulfilment_state) ? (whole ? move.to : 'canceled') : p.fulfilment_state;
  const orderTo = ending ? move.to : orderStateOfParts(parts.map(partTo));
  const status = ending ? 'canceled' : completingStates.includes(orderTo) ? 'complete' : order.status;
  // Ending the rest after a part was refused alone: its mail names what each gave back (read before the parts move).
  const rest = ending ? await restOfOrder(trx, order) : undefined;
  // Ending the whole order: its mail says what became of the payment and of the wallet portions it redeemed.
  let cancel = ending && !rest ? await cancelFactsOf(trx, order) : undefined;
  for (const p of parts) {
    const to = partTo(p);
    if (to !== p.fulfilment_state) await trx.updateTable('order_deliverables').set({ fulfilment_state: to }).where('id', '=', p.id).execute();
  }
  const refusal = partOnly && part ? await refusePartAlone(trx, deps.payments, order, part) : undefined;
  // Packing weighs and settles the money once every part is packed (order-weighing.ts): capture at the weight, or
  // refund the difference. Refusing the last part not packed leaves the rest packed: it settles now.
  const settlement =
    (request.event === 'pack' || partOnly) && isPackedOrLater(orderTo) ? await settleAtPacking(trx, deps.payments, order) : undefined;
  // A bank debit on its way is stopped at the provider when it still can be; else it comes in, and the reconciler
  // refunds it once it clears (canceled_debit, payment-reconciler.ts). Its mail says which.
  const canceledDebit =
    ending && debitPending && order.payment_ref !== null ? await stopDebit(deps.payments, order.payment_ref, order.id, log) : null;
  if (cancel && canceledDebit === 'not-taken') cancel = { ...cancel, payment: 'none' };
  await trx
    .updateTable('orders')
    .set({ fulfilment_state: orderTo, status, updated_at: now, ...(canceledDebit ? { canceled_debit: canceledDebit } : {}) })
    .where('id', '=', order.id)
    .where('fulfilment_state', '=', orderFrom)
    .execute();
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      deliverable_id: part?.id ?? null,
      event: request.event,
      from_state: from,
      to_state: move.to,
      actor_role: actor.role,
      actor_id: actor.userId,
      reason: reason ?? null,
      created_at: now,
    })
    .execute();
  // Dine-in wallet entries are created when the restaurant serves the order, never at payment (issue 24's rule).
  if (orderTo === 'served' && orderFrom !== 'served') await creditDineInWallet(trx, order);
  let refunded = false;
  let released = false;
  if (ending) {
    await giveBackOrder(
      trx,
      order,
      undefined,
      endedBefore.map((p) => p.id),
    );
    await withdrawOrderWallet(trx, order.id);
    await giveBackSubstitutes(trx, order.id);
    // A card only authorised (weighed lines, not packed yet) is released, not refunded. Only a captured payment is
    // refunded (what is left of it, a refused part's share given back before): pay on delivery has taken nothing,
    // nor has a wallet-only order.
    const payment = cancelPaymentOf(order);
    if (payment === 'release' && order.payment_ref !== null) {
      // A hold the provider no longer has (expired, or gone) holds nothing: the cancel goes on, and it is logged.
      await deps.payments.cancelPayment(order.payment_ref).catch((error: unknown) => {
        if (!(error instanceof PaymentGatewayError)) throw error;
        log.error({ err: error, orderId: order.id }, 'card hold not released at cancel: the provider no longer holds it');
      });
      await trx.updateTable('orders').set({ capture_state: 'released' }).where('id', '=', order.id).execute();
      released = true;
    } else if (payment === 'refund' && order.payment_ref !== null) {
      await deps.payments.refund({ paymentRef: order.payment_ref, idempotencyKey: refundKey(order.increment_id) });
      refunded = true;
    }
  }
  const partMoved = part && parts.length > 1 && move.to !== from ? { vendorName: part.vendor_name, to: move.to } : undefined;
  return {
    result: { kind: 'moved', from, to: move.to, refunded, released, settlement },
    order,
    reason,
    guest,
    orderTo,
    refusal,
    rest,
    cancel,
    partMoved,
  };
}

/**
 * A canceled order's bank debit still on its way: canceled at the provider when it still can be ('not-taken': nothing
 * will be taken); else 'on-its-way' (Stripe cannot cancel most processing debits), and the reconciler refunds it in
 * full once it clears. A provider that cannot be reached leaves it on its way: the reconciler reads how it ended.
 */
async function stopDebit(payments: PaymentGateway, paymentRef: string, orderId: number, log: Log): Promise<'not-taken' | 'on-its-way'> {
  try {
    return (await payments.cancelDebit(paymentRef)) ? 'not-taken' : 'on-its-way';
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    log.error({ err: error, orderId }, 'bank debit not stopped at cancel: it is refunded once it clears');
    return 'on-its-way';
  }
}

/** The shopper's mail of a committed move (moveInTransaction's answer), sent without waiting; a failure is logged. */
export function sendMoveMails(deps: Pick<MoveDeps, 'mail' | 'config'>, actor: Pick<MoveActor, 'role'>, outcome: MoveDone, log: Log): void {
  const { result, order, reason, orderTo, refusal, rest, cancel, partMoved } = outcome;
  const send = (mail: { to: string; subject: string; text: string }, orderId: number) =>
    deps.mail.send(mail).catch((error: unknown) => log.error({ err: error, orderId }, 'fulfilment mail not sent'));
  // A guest has no account: their mails link to the order's page (order-link-lines.ts).
  const follow = order ? followOrderLine({ orderNumber: order.increment_id, guest: outcome.guest === true }, deps.config?.appOrigin ?? '') : '';
  // A part refused alone is mailed as such (its seller, the reason, what was taken off), whatever the order's step.
  if (result.kind === 'moved' && order && refusal) send(partRefusalMail(order, refusal, reason, actor.role, result.settlement, follow), order.id);
  // The shopper hears of the order's own steps: one seller's part moving alone leaves the order where it was.
  else if (result.kind === 'moved' && order && orderTo !== undefined && orderTo !== order.fulfilment_state) {
    send(moveMail(order, orderTo, reason, result, actor.role, rest, cancel, follow), order.id);
  }
  // One seller's part moving while the order's own step stays: the mail names that seller's part.
  else if (result.kind === 'moved' && order && partMoved) send(partMoveMail(order, partMoved, actor.role, follow), order.id);
}

/** Whether a part still has a line to hand over (fulfilment.ts isLineLeft): not every line marked out. */
export async function partHasLinesLeft(db: Kysely<Database>, deliverableId: number): Promise<boolean> {
  const lines = await db.selectFrom('order_items').select('substitution_state').where('deliverable_id', '=', deliverableId).execute();
  return lines.some(isLineLeft);
}

/** The order's parts other than this one, as the part rules read them. */
function otherPartsOf(parts: readonly { id: number; vendor_name: string; fulfilment_state: FulfilmentState }[], id: number) {
  return parts.filter((p) => p.id !== id).map((p) => ({ vendor_name: p.vendor_name, state: p.fulfilment_state }));
}

/** The order, locked, when the actor may see it; undefined for an unknown one or someone else's. */
async function lockOrder(trx: Kysely<Database>, actor: MoveActor, orderNumber: string): Promise<(OrderRow & { guest: boolean }) | undefined> {
  // With whether its customer is a guest: the move's mails say where to follow the order by it (order-link-lines.ts).
  let query = trx.selectFrom('orders').selectAll().select(orderGuest).where('increment_id', '=', orderNumber);
  if (actor.role === 'shopper') query = query.where('customer_id', '=', actor.userId);
  else query = query.where(orderVisibleToSellers()).where(actor.scope.filter);
  return query.forUpdate().executeTakeFirst();
}

/**
 * Every line of the seller's part sold by weight weighed (grams to the milligram, 1 to 100 kg); lines not sold by
 * weight, and other sellers' lines, ignored. A missing weight is named by the line's product, in words. Unless the
 * seller confirmed them (`askFor` undefined), weights far from their line's estimate are refused as the console asks
 * about them (weightQuestion, for the part's kind: 088 left, the API took any weight up to 100 kg without the question).
 */
async function recordWeights(
  trx: Kysely<Database>,
  orderId: number,
  deliverableId: number,
  weights: readonly { itemId: number; grams: number }[],
  askFor: FulfilmentKind | undefined,
): Promise<Extract<MoveOutcome, { kind: 'invalid' }> | undefined> {
  const weighed = await weighedLines(trx, orderId, deliverableId);
  for (const [index, given] of weights.entries()) {
    if (!isMilligramPrecise(given.grams) || given.grams < 1 || given.grams > maxWeighedGrams) {
      const name = weighed.find((l) => l.id === given.itemId)?.product_name;
      return { kind: 'invalid', field: `weights[${index}].grams`, message: weightMessage(name) };
    }
  }
  for (const line of weighed) {
    if (!weights.some((w) => w.itemId === line.id)) {
      return { kind: 'invalid', field: `weights[${weights.length}].item_id`, message: weightMessage(line.product_name) };
    }
  }
  if (askFor !== undefined) {
    const far = weights.flatMap((given, index) => {
      const line = weighed.find((l) => l.id === given.itemId);
      const weight = line && farWeightOf(line, given.grams);
      return weight ? [{ index, weight }] : [];
    });
    const first = far[0];
    if (first) {
      const question = weightQuestion(
        far.map((f) => f.weight),
        askFor,
      );
      return { kind: 'invalid', field: `weights[${first.index}].grams`, message: question.question };
    }
  }
  for (const line of weighed) {
    const grams = weights.find((w) => w.itemId === line.id)?.grams ?? null;
    await trx.updateTable('order_items').set({ weighed_grams: grams }).where('id', '=', line.id).execute();
  }
  return undefined;
}

/** 'Please weigh Ribeye Steak: every line sold by weight needs its weight.' */
function weightMessage(productName: string | undefined): string {
  return productName === undefined ? fulfilmentMessages.weightRequired : `Please weigh ${productName}: every line sold by weight needs its weight.`;
}

/**
 * The order's lines sold by weight (products.sold_by_weight, migration 026) with a size, not substituted or out
 * (those are not weighed as ordered); wallet lines are not packed.
 */
export async function weighedLines(
  db: Kysely<Database>,
  orderId: number,
  deliverableId?: number,
): Promise<{ id: number; product_name: string; qty: number; bottle_size: number }[]> {
  return db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.id', 'order_items.product_name', 'order_items.qty', 'order_items.bottle_size'])
    .where('order_items.order_id', '=', orderId)
    .$if(deliverableId !== undefined, (q) => q.where('order_items.deliverable_id', '=', deliverableId ?? 0))
    .where('products.sold_by_weight', '=', true)
    .where('order_items.bottle_size', '>', 0)
    .where('order_items.substitution_state', 'is', null)
    .where('order_items.wallet_entry_id', 'is', null)
    .orderBy('order_items.id')
    .execute();
}

function moveMail(
  order: OrderRow,
  to: FulfilmentState,
  reason: string | undefined,
  { refunded, released, settlement }: { refunded: boolean; released: boolean; settlement?: PackSettlement | undefined },
  by: FulfilmentActor,
  rest: RestOfOrder | undefined,
  cancel: CancelFacts | undefined,
  follow: string,
) {
  // A dine-in order's steps in its own words ('Being prepared', 'Table ready'), as its page and the consoles name them.
  const kind = fulfilmentKindOfSpeedId(order.speed_id);
  const lines = [`Your order #${order.increment_id} is now: ${moveStepLabel(to, by, kind)}.`];
  if (settlement) lines.push(packedMoneyText(order, settlement));
  if (reason && (to === 'refused' || to === 'canceled')) lines.push(`Reason: ${mailText(reason)}`);
  // After a part refused alone, what is given back now and what was before, by amount (src/rules/rest-cancel.ts).
  if (rest) lines.push(restCancelMailText({ ...rest, refused: rest.refused.map((p) => ({ ...p, vendorName: mailText(p.vendorName) })) }));
  else if (cancel) {
    // What became of the payment, by how it was paid, and the wallet portions back (src/rules/cancel-words.ts).
    const words = cancelMailText({ ...cancel, walletBack: cancel.walletBack.map((w) => ({ ...w, productName: mailText(w.productName) })) });
    if (words) lines.push(words);
  } else if (refunded) lines.push('Your payment has been refunded in full.');
  else if (released) lines.push(heldCardReleasedText);
  lines.push(follow);
  return { to: order.email, subject: fulfilmentMailSubject(order.increment_id, to, by, kind), text: lines.join('\n\n') };
}

/** A part's own step: "Fulton Fish Co.'s part of your order #100000002 is now: Out for delivery." */
function partMoveMail(order: OrderRow, moved: { vendorName: string; to: FulfilmentState }, by: FulfilmentActor, follow: string) {
  const step = moveStepLabel(moved.to, by, fulfilmentKindOfSpeedId(order.speed_id));
  const lines = [
    `${possessive(mailText(moved.vendorName))} part of your order #${order.increment_id} is now: ${step}.`,
    'The rest of your order goes on with its own sellers; each step is on the order page.',
    follow,
  ];
  return {
    to: order.email,
    subject: `Your order #${order.increment_id}: ${mailText(moved.vendorName)}, ${step.toLowerCase()}`,
    text: lines.join('\n\n'),
  };
}

/** The packed mail's words for an order of wallet redemptions only (QA walk 5: it read as a weighed purchase). */
export const walletOnlyPackedText = 'Nothing to pay: everything in it is redeemed from your wallet.';

/** The packed mail's money: estimate and final, and what happened to the payment. */
function packedMoneyText(order: OrderRow, settlement: PackSettlement): string {
  // A wallet redemption only costs nothing and is not a weighed purchase: no estimate, final or cap to speak of.
  if (order.grand_total_cents === 0 && settlement.finalCents === 0) return walletOnlyPackedText;
  const parts = [`${estimateAndFinal(settlement.estimateCents, settlement.finalCents, order.grand_total_cents)}.`];
  if (settlement.capturedCents !== null)
    parts.push(`We charged ${formatMoney(centsToDollars(settlement.capturedCents))} to your card; the rest of the hold is released.`);
  if (settlement.refundedCents > 0) parts.push(`We refunded ${formatMoney(centsToDollars(settlement.refundedCents))}, the difference.`);
  if (order.status === 'pending_payment_on_delivery')
    parts.push(`${payOnDeliveryWords[handOverOf(order.speed_id)].due}: ${formatMoney(centsToDollars(settlement.finalCents))}.`);
  // The cap only where something was weighed (walk 9 S2: said for sake and oysters).
  if (settlement.weighed) parts.push(capRule);
  return parts.join(' ');
}

/** Substitutes taken from stock for an order that ends unfulfilled go back too. */
async function giveBackSubstitutes(trx: Kysely<Database>, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('substitution_state', 'in', ['proposed', 'approved'])
    .execute();
  for (const line of lines) await giveBackSubstitute(trx, line.id);
}
