import { centsToDollars, formatMoney } from './money.ts';

/**
 * The refunds the store made on an order, for the shopper's order page (QA walk 3 item 14: the mail said 'We refunded
 * $20.46 to your payment.' while the page said only 'not charged'). Worked out from the same facts the moves refund
 * by, so the page and the mails agree:
 * - a payment taken in full at place order (not a card only held, not pay on delivery, not a free order) gives each
 *   part refused while the rest went on its share back at once (part-refusal.ts);
 * - packing refunds what it took beyond the final amount (order-weighing.ts settleAtPacking: a weighed line's margin,
 *   a line marked out);
 * - an order that ended refunds what was still held of the payment (order-transitions.ts, 'refunded in full').
 * A card only held is never refunded: it is captured for less or released.
 */

export interface RefundFacts {
  /** Whether the payment was taken in full when the order was placed. */
  paidWhenPlaced: boolean;
  /** What that payment took: the order's authorised amount (estimate plus margin), else its grand total. */
  collectedCents: number;
  /** Each part refused while the rest went on, and its share (what the shopper paid for it). */
  refusedParts: readonly { vendorName: string; totalCents: number }[];
  /** The order's final amount once packed, else null. */
  finalCents: number | null;
  /** Whether the order ended (canceled, or refused whole). */
  ended: boolean;
}

export interface RefundMade {
  amountCents: number;
  /** What it was for, in the shopper's words. */
  what: string;
}

/** What a refused part's refund was for, in the shopper's words. */
function refusedPartRefundWhat(vendorName: string): string {
  return `the items from ${vendorName}, taken off your order`;
}

/** What the end's refund was for: the whole payment, or what was left of it after earlier refunds. */
function endingRefundWhat(refundedBefore: boolean): string {
  return refundedBefore ? 'the rest of your payment, when the order ended' : 'in full, when the order ended';
}

/** A refund made, with the move that made it: a part refused alone (its index in refusedParts), packing, or the end. */
type RefundStep = RefundMade & ({ by: 'part'; part: number } | { by: 'packing' } | { by: 'ending' });

function refundSteps(facts: RefundFacts): RefundStep[] {
  if (!facts.paidWhenPlaced || facts.collectedCents <= 0) return [];
  const refunds: RefundStep[] = facts.refusedParts.flatMap((p, part) =>
    p.totalCents > 0 ? [{ amountCents: p.totalCents, what: refusedPartRefundWhat(p.vendorName), by: 'part' as const, part }] : [],
  );
  let held = facts.collectedCents - refunds.reduce((sum, r) => sum + r.amountCents, 0);
  if (facts.finalCents !== null && held > facts.finalCents) {
    refunds.push({ amountCents: held - facts.finalCents, what: 'the difference after packing', by: 'packing' });
    held = facts.finalCents;
  }
  // 'The rest' only after an earlier refund (QA walk 9 S8: a canceled order refunded whole read 'the rest of your payment').
  if (facts.ended && held > 0) refunds.push({ amountCents: held, what: endingRefundWhat(refunds.length > 0), by: 'ending' });
  return refunds;
}

export function refundsMade(facts: RefundFacts): RefundMade[] {
  return refundSteps(facts).map(({ amountCents, what }) => ({ amountCents, what }));
}

/**
 * What became of a refused or canceled part's money, for the order reply (each such line's part_money): 'refunded'
 * when a payment taken gave it back (its own refund when refused while the rest went on, the order's end's refund
 * when it ended with the order), 'not_charged' when nothing was taken for it (a card only held, pay on delivery, a
 * free order). The server fills it from the order's payment record; the page reads this field, never the refunds' words.
 */
export const partMoneyOutcomes = ['refunded', 'not_charged'] as const;
export type PartMoney = (typeof partMoneyOutcomes)[number];

/** `refusedAlone`: the part's index in facts.refusedParts, or undefined for a part that ended with the order. */
export function endedPartMoney(facts: RefundFacts, refusedAlone: number | undefined): PartMoney {
  const steps = refundSteps(facts);
  const refunded = refusedAlone === undefined ? steps.some((s) => s.by === 'ending') : steps.some((s) => s.by === 'part' && s.part === refusedAlone);
  return refunded ? 'refunded' : 'not_charged';
}

/** One refund as the order page says it: 'Refunded $20.46 to your payment: the items from Fulton Fish Co., …'. */
export function refundLine(refund: { amount: string; what: string }): string {
  return `Refunded ${formatMoney(refund.amount)} to your payment: ${refund.what}.`;
}

/** The contract's form of a refund (dollars). */
export function refundReply(refund: RefundMade): { amount: string; what: string } {
  return { amount: centsToDollars(refund.amountCents), what: refund.what };
}
