import { describe, expect, it } from 'vitest';
import { refundLine, refundReply, refundsMade } from '../../src/rules/order-refunds.ts';

/** QA walk 3 item 14: the order page lists the refunds the mails said, with what each was for. */
describe('the refunds an order page lists', () => {
  const paid = { paidWhenPlaced: true, collectedCents: 6914, refusedParts: [], finalCents: null, ended: false };

  it("a refused part of an order paid in full: its share, named by its seller, as the refusal's mail said", () => {
    const refunds = refundsMade({ ...paid, refusedParts: [{ vendorName: 'Fulton Fish Co.', totalCents: 2046 }] });
    expect(refunds).toEqual([{ amountCents: 2046, what: 'the items from Fulton Fish Co., taken off your order' }]);
    expect(refundLine(refundReply(refunds[0] ?? { amountCents: 0, what: '' }))).toBe(
      'Refunded $20.46 to your payment: the items from Fulton Fish Co., taken off your order.',
    );
  });

  it('packing for less than was taken refunds the difference; an order that ended refunds what was still held', () => {
    expect(refundsMade({ ...paid, collectedCents: 5000, finalCents: 4600 })).toEqual([{ amountCents: 400, what: 'the difference after packing' }]);
    expect(refundsMade({ ...paid, refusedParts: [{ vendorName: 'Hudson Street Butchers', totalCents: 4000 }], ended: true })).toEqual([
      { amountCents: 4000, what: 'the items from Hudson Street Butchers, taken off your order' },
      { amountCents: 2914, what: 'the rest of your payment, when the order ended' },
    ]);
  });

  it("an order that ended with nothing refunded before is refunded in full, not 'the rest' (QA walk 9 S8)", () => {
    const refunds = refundsMade({ ...paid, ended: true });
    expect(refunds).toEqual([{ amountCents: 6914, what: 'in full, when the order ended' }]);
    expect(refundLine(refundReply(refunds[0] ?? { amountCents: 0, what: '' }))).toBe(
      'Refunded $69.14 to your payment: in full, when the order ended.',
    );
    // After packing refunded the difference, the end gives back the rest.
    expect(refundsMade({ ...paid, collectedCents: 5000, finalCents: 4600, ended: true })).toEqual([
      { amountCents: 400, what: 'the difference after packing' },
      { amountCents: 4600, what: 'the rest of your payment, when the order ended' },
    ]);
  });

  it('a card only held, pay on delivery or a free order: nothing was taken, so nothing was refunded', () => {
    expect(refundsMade({ ...paid, paidWhenPlaced: false, refusedParts: [{ vendorName: 'Fulton Fish Co.', totalCents: 2046 }] })).toEqual([]);
    expect(refundsMade({ ...paid, collectedCents: 0, ended: true })).toEqual([]);
  });
});
