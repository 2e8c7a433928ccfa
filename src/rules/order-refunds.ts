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

/** Whether a seller's refused part was given back (its refund among the order's): its lines then read 'refunded'. */
export function isRefusedPartRefunded(refunds: readonly { what: string }[] | undefined, vendorName: string | undefined): boolean {
  return vendorName !== undefined && (refunds ?? []).some((refund) => refund.what === refusedPartRefundWhat(vendorName));
}

export function refundsMade(facts: RefundFacts): RefundMade[] {
  if (!facts.paidWhenPlaced || facts.collectedCents <= 0) return [];
  const refunds: RefundMade[] = facts.refusedParts
    .filter((p) => p.totalCents > 0)
    .map((p) => ({ amountCents: p.totalCents, what: refusedPartRefundWhat(p.vendorName) }));
  let held = facts.collectedCents - refunds.reduce((sum, r) => sum + r.amountCents, 0);
  if (facts.finalCents !== null && held > facts.finalCents) {
    refunds.push({ amountCents: held - facts.finalCents, what: 'the difference after packing' });
    held = facts.finalCents;
  }
  if (facts.ended && held > 0) refunds.push({ amountCents: held, what: 'the rest of your payment, when the order ended' });
  return refunds;
}

/** One refund as the order page says it: 'Refunded $20.46 to your payment: the items from Fulton Fish Co., …'. */
export function refundLine(refund: { amount: string; what: string }): string {
  return `Refunded ${formatMoney(refund.amount)} to your payment: ${refund.what}.`;
}

/** The contract's form of a refund (dollars). */
export function refundReply(refund: RefundMade): { amount: string; what: string } {
  return { amount: centsToDollars(refund.amountCents), what: refund.what };
}
