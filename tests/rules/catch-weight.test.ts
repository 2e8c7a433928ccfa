import { describe, expect, it } from 'vitest';
import { walletLineWords } from '../../src/rules/payment-words.ts';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { cancelMailText } from '../../src/rules/cancel-words.ts';
import { allOutReason, heldCardReleasedText } from '../../src/rules/fulfilment.ts';
import {
  authorisedCents,
  capRule,
  cardEstimate,
  estimateLabel,
  failedPaymentNote,
  lineEstimate,
  finalCents,
  lineCapped,
  lineFinalCents,
  lineNote,
  chargedTotal,
  estimateAndFinal,
  finalAmounts,
  lineTotal,
  orderTotalNote,
  orderTotalRows,
  orderTotalWords,
  substituteAllowed,
  substitutionPreferenceLabel,
  substitutionPreferences,
  unansweredDecision,
  type PricedLine,
  ofTheOrderWords,
} from '../../src/rules/catch-weight.ts';

const steak: PricedLine = {
  row_total_cents: 1840,
  tax_cents: 100,
  bottle_size: 500,
  qty: 1,
  sold_by_weight: true,
  weighed_grams: null,
  substitution_state: null,
  substitute_price_cents: null,
};

describe('catch-weight (decision 039)', () => {
  it('labels the estimate in pounds', () => {
    expect(estimateLabel(500, 1840)).toBe('about 1.1 lb, est. $18.40');
  });

  it('authorises the estimate plus 10 % of the weighed lines, rounded up', () => {
    expect(authorisedCents(3000, 1840)).toBe(3184);
    expect(authorisedCents(3000, 0)).toBe(3000);
  });

  it('prices a weighed line by weight, capped at the margin', () => {
    expect(lineFinalCents({ ...steak, weighed_grams: 450 })).toBe(1656);
    expect(lineFinalCents({ ...steak, weighed_grams: 1000 })).toBe(2024);
    expect(lineCapped({ ...steak, weighed_grams: 1000 })).toBe(true);
    expect(lineCapped({ ...steak, weighed_grams: 540 })).toBe(false);
  });

  it('charges a substitute at most the line, and nothing for refused or out lines', () => {
    expect(lineFinalCents({ ...steak, substitution_state: 'approved', substitute_price_cents: 1500 })).toBe(1500);
    expect(lineFinalCents({ ...steak, substitution_state: 'approved', substitute_price_cents: 2500 })).toBe(1840);
    expect(lineFinalCents({ ...steak, substitution_state: 'refused', substitute_price_cents: 1500 })).toBe(0);
    expect(lineFinalCents({ ...steak, substitution_state: 'out' })).toBe(0);
  });

  it('moves the total by each line’s change and its tax in proportion', () => {
    expect(finalCents(3000, [{ ...steak, weighed_grams: 450 }])).toBe(3000 - 184 - 10);
    expect(finalCents(3000, [{ ...steak, substitution_state: 'out' }])).toBe(3000 - 1840 - 100);
    expect(finalCents(100, [{ ...steak, substitution_state: 'out' }])).toBe(0);
  });

  it('lets each preference propose only what it allows; unanswered proposals follow the preference', () => {
    const ordered = { category_id: 2005, brand_name: 'Acme' };
    expect(substituteAllowed('similar', ordered, { category_id: 2005, brand_name: 'Other' })).toBe(true);
    expect(substituteAllowed('same_brand', ordered, { category_id: 2005, brand_name: 'Other' })).toBe(false);
    expect(substituteAllowed('same_brand', ordered, { category_id: 2005, brand_name: 'Acme' })).toBe(true);
    expect(substituteAllowed('similar', ordered, { category_id: 2017, brand_name: 'Acme' })).toBe(false);
    expect(substituteAllowed('refund', ordered, ordered)).toBe(false);
    expect(unansweredDecision('similar')).toBe('approved');
    expect(unansweredDecision('refund')).toBe('refused');
  });

  it('says a line’s estimate and weight on the order, never its final amount again: that is the line’s TOTAL beside it', () => {
    // The order's line as the reply carries it, its final amount among its fields.
    const packed = { product_qty: 1, bottle_size: 500, row_total: '18.40', sold_by_weight: true, weighed_grams: 450, final_row_total: '16.56' };
    expect(lineNote(packed)).toBe('about 1.1 lb, est. $18.40 · weighed 0.99 lb');
    expect(lineTotal(packed)).toBe('16.56');
    const substituted = { ...packed, substitution_state: 'approved' as const, substitute_name: 'Sirloin', final_row_total: '15.00' };
    expect(lineNote(substituted)).toBe('Substituted: Sirloin');
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40', substitution_state: 'approved', substitute_name: 'Sirloin' })).toBe(
      'Substituted: Sirloin',
    );
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40' })).toBeUndefined();
  });

  it('says a $0.00 redemption came from the wallet, as the console does (walk 6), and gives it no weight estimate', () => {
    const redeemed = { product_qty: 1, bottle_size: 500, row_total: '0.00', sold_by_weight: true, wallet: true };
    expect(lineNote(redeemed)).toBe('Redeemed from your wallet');
    expect(walletLineWords).toBe('Redeemed from the customer’s wallet');
  });
});

describe('an order once its final amount is known (QA: order 100000001 listed at its estimate)', () => {
  // Order 100000001 as placed: a ribeye substituted ($73.18 → $63.38) and a salmon weighed ($16.17 → $17.89).
  const ribeye: PricedLine = { ...steak, row_total_cents: 7318, tax_cents: 0, substitution_state: 'approved', substitute_price_cents: 6338 };
  const salmon: PricedLine = { ...steak, row_total_cents: 1719, tax_cents: 0, bottle_size: 500, weighed_grams: 550 };
  const placed = { grand_total_cents: 10035, subtotal_cents: 9037, discount_cents: 904, taxes_cents: 0 };
  const summary = {
    subtotal: '90.37',
    discount: '9.04',
    delivery_fee: '9.98',
    tax: '0.00',
    fee_amount: '0.00',
    driver_tip: '9.04',
    grand_total: '100.35',
    cap_rule: 'A weighed item never costs more than its estimate plus 10%: anything heavier is on us.',
  };

  it('lists final figures that add up to the final total, which is finalCents', () => {
    const final = finalAmounts(placed, [ribeye, salmon]);
    expect(final.totalCents).toBe(finalCents(placed.grand_total_cents, [ribeye, salmon]));
    expect(final).toEqual({ subtotalCents: 9037 - 980 + 172, discountCents: 904, taxCents: 0, totalCents: 10035 - 980 + 172 });
    expect(final.subtotalCents - final.discountCents + 998 + final.taxCents + 904).toBe(final.totalCents);
  });

  it('cuts the discount when what remains costs less than it, so the rows still add up to a total of zero', () => {
    const final = finalAmounts({ grand_total_cents: 1000, subtotal_cents: 1840, discount_cents: 940, taxes_cents: 100 }, [
      { ...steak, substitution_state: 'out' },
    ]);
    expect(final).toEqual({ subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('shows the final amount wherever the order is read, and each line at its final amount', () => {
    expect(chargedTotal({ grand_total: '100.35', final_total: null })).toBe('100.35');
    expect(chargedTotal({ grand_total: '100.35', final_total: '92.27' })).toBe('92.27');
    expect(lineTotal({ row_total: '73.18', final_row_total: '63.38' })).toBe('63.38');
    expect(lineTotal({ row_total: '73.18', final_row_total: null })).toBe('73.18');
  });

  it('lists the final subtotal, discount and tax with the fees and tip, adding up to the Final Total', () => {
    const packed = { ...summary, final_total: '92.27', final_subtotal: '82.29', final_discount: '9.04', final_tax: '0.00' };
    const rows = orderTotalRows(packed);
    expect(rows.map((r) => `${r.name} ${r.value}`)).toEqual([
      'Subtotal 82.29',
      'Discount 9.04',
      'Delivery Fee 9.98',
      'Taxes 0.00',
      'Fees 0.00',
      'Driver Tip 9.04',
      'Final Total 92.27',
    ]);
    const parts = rows.filter((r) => r.total !== true).reduce((sum, r) => sum + (r.discount ? -1 : 1) * (dollarsToCents(r.value) ?? 0), 0);
    expect(parts).toBe(dollarsToCents(rows.at(-1)?.value ?? ''));
    expect(orderTotalWords(packed)).toBe('Estimated $100.35 · Final $92.27');
    expect(orderTotalNote(packed)).toBe(`Estimated at checkout: $100.35. The final total counts each item as packed. ${summary.cap_rule}`);
  });

  it('lists a Delivery Fee and a Driver Tip only where the order’s speed can have them, a $0 tip of a 1 Hour Delivery kept', () => {
    const names = (speedId: number | undefined, tip = '0.00') =>
      orderTotalRows({ ...summary, delivery_fee: '0.00', driver_tip: tip, speed_id: speedId }).map((r) => r.name);
    const all = ['Subtotal', 'Discount', 'Delivery Fee', 'Taxes', 'Fees', 'Driver Tip', 'Estimated Total'];
    expect(names(speedIds.oneHour)).toEqual(all);
    expect(names(speedIds.storePickup)).toEqual(['Subtotal', 'Discount', 'Taxes', 'Fees', 'Estimated Total']);
    expect(names(speedIds.dineIn)).toEqual(['Subtotal', 'Discount', 'Taxes', 'Fees', 'Estimated Total']);
    expect(names(speedIds.courier)).toEqual(['Subtotal', 'Discount', 'Delivery Fee', 'Taxes', 'Fees', 'Estimated Total']);
    expect(names(undefined)).toEqual(all);
  });

  it('lists the estimate before packing, and the plain amount of an order with nothing to weigh or change', () => {
    expect(orderTotalRows(summary).at(-1)).toEqual({ name: 'Estimated Total', value: '100.35', total: true });
    expect(orderTotalWords(summary)).toBe('Estimated $100.35');
    // Ended (refused or canceled): nothing is owed, whatever the figures were (QA: a refused order read 'Estimated $77.36').
    expect(orderTotalWords({ ...summary, status: 'canceled' })).toBe('Nothing to pay (was Estimated $100.35)');
    expect(orderTotalNote({ ...summary, status: 'canceled', ended_payment: 'release' })).toBe(`The order ended. ${heldCardReleasedText}`);
    // Weighed at exactly the estimate: one figure, not 'Estimated $100.35 · Final $100.35'.
    expect(orderTotalWords({ ...summary, final_total: '100.35' })).toBe('Final $100.35, as estimated');
    const plain = { ...summary, cap_rule: null };
    expect(orderTotalRows(plain).at(-1)).toEqual({ name: 'Grand Total', value: '100.35', total: true });
    expect(orderTotalWords({ ...plain, final_total: '100.35' })).toBe('$100.35');
    expect(orderTotalWords({ ...plain, final_total: '59.42' })).toBe('Estimated $100.35 · Final $59.42');
    expect(orderTotalNote(plain)).toBeUndefined();
  });

  it('names the estimate checkout showed after a part was refused, and the rest’s estimate as that (QA walk 3 item 7)', () => {
    // Checkout showed $68.69; a part of $22.68 was refused, so the rest is estimated at $46.01 and weighed to $49.67.
    const refused = {
      ...summary,
      grand_total: '46.01',
      checkout_total: '68.69',
      final_total: '49.67',
      refused_parts: [{ vendor_name: 'Green Pastures Farm', total: '22.68' }],
    };
    expect(orderTotalWords(refused)).toBe('Estimated $68.69 at checkout, $46.01 for what remains · Final $49.67');
    expect(orderTotalNote(refused)).toContain(
      'Estimated at checkout: $68.69. Estimated for what remains without the refused part: $46.01. The final total counts each item as packed.',
    );
    // Weighed at the rest's estimate: still both figures, never 'as estimated' beside checkout's other one.
    expect(orderTotalWords({ ...refused, final_total: '46.01' })).toBe('Estimated $68.69 at checkout, $46.01 for what remains · Final $46.01');
    // No refusal: one estimate, as before.
    expect(orderTotalWords({ ...summary, checkout_total: '100.35', final_total: '92.27' })).toBe('Estimated $100.35 · Final $92.27');
    expect(estimateAndFinal(4601, 4967, 6869)).toBe('Estimated $68.69 at checkout, $46.01 for what remains · Final $49.67');
  });

  it('a canceled order ends its totals with nothing to pay and what it was, not a Grand Total still due (QA walk 3 item 15)', () => {
    const rows = orderTotalRows({ ...summary, cap_rule: null, status: 'canceled', grand_total: '68.73' });
    // What it charges, $0.00, is the total; what it was stays above it, the sum of the rows (walk 8 #6).
    expect(rows.slice(-2)).toEqual([
      { name: 'Total, was', value: '68.73' },
      { name: 'Nothing to pay', value: '0.00', total: true },
    ]);
    expect(rows.map((r) => r.name)).not.toContain('Grand Total');
    expect(orderTotalRows({ ...summary, status: 'canceled' }).map((r) => r.name)).not.toContain('Estimated Total');
  });

  it('a payment that failed: nothing charged, no estimate and no weight note, and the items are back in the cart (QA walk)', () => {
    const failed = { ...summary, status: 'payment failed' };
    expect(orderTotalWords(failed)).toBe('Nothing charged (was $100.35)');
    expect(orderTotalRows(failed).at(-1)).toEqual({ name: 'Grand Total', value: '100.35', total: true });
    expect(orderTotalNote(failed)).toBeUndefined();
    expect(failedPaymentNote(failed)).toBe('Your payment did not go through, so nothing was charged. Its items were put back in your cart.');
    expect(failedPaymentNote(summary)).toBeUndefined();
    // Ended orders say nothing of weights either.
    expect(orderTotalNote({ ...summary, status: 'canceled', ended_payment: 'refund' })).toBe(
      'The order ended. Your payment has been refunded in full.',
    );
  });

  /**
   * QA walk 6 #7: every ended order read 'nothing is charged, and a payment taken was given back in full', a pay on
   * delivery order (nothing taken) and a card only held (never captured) too. The page says what became of the
   * payment in the cancel confirm's and mail's words (cancel-words.ts), by what the server says happened.
   */
  it("an ended order's note says what became of its payment: refunded, the hold released, or nothing taken", () => {
    const ended = { ...summary, cap_rule: null, status: 'canceled' };
    const facts = (payment: 'refund' | 'release' | 'none') => ({ payment, totalCents: 10035, walletBack: [] });
    expect(orderTotalNote({ ...ended, ended_payment: 'none' })).toBe('The order ended. Nothing was charged, and nothing is owed.');
    expect(orderTotalNote({ ...ended, ended_payment: 'release' })).toBe(
      'The order ended. The hold on your card has been released: you have not been charged.',
    );
    expect(orderTotalNote({ ...ended, ended_payment: 'refund' })).toBe('The order ended. Your payment has been refunded in full.');
    // The mail's words, the same rule.
    for (const payment of ['none', 'release', 'refund'] as const)
      expect(orderTotalNote({ ...ended, ended_payment: payment })).toBe(`The order ended. ${cancelMailText(facts(payment)) ?? ''}`);
    expect(orderTotalNote({ ...ended, ended_payment: 'none' })).not.toMatch(/given back|refunded/);
  });

  it('wallet redemptions only ($0.00): nothing to pay, no estimate and no weight note (QA walk: "est. $0.00")', () => {
    const redeemed = { ...summary, subtotal: '0.00', discount: '0.00', delivery_fee: '0.00', driver_tip: '0.00', grand_total: '0.00' };
    expect(orderTotalWords(redeemed)).toBe('Nothing to pay');
    expect(orderTotalRows(redeemed).at(-1)).toEqual({ name: 'Grand Total', value: '0.00', total: true });
    expect(orderTotalNote(redeemed)).toBeUndefined();
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '0.00', sold_by_weight: true })).toBeUndefined();
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40', sold_by_weight: true })).toMatch(/est\. \$18\.40/);
  });

  it('a canceled or refused redemption: never "(was Nothing to pay)", and its portions said back in the wallet (QA walk 5)', () => {
    const redeemed = {
      ...summary,
      subtotal: '0.00',
      discount: '0.00',
      delivery_fee: '0.00',
      driver_tip: '0.00',
      grand_total: '0.00',
      cap_rule: null,
    };
    const oysters = [{ product_name: 'East Coast Oysters', amount: 1, unit: 'portion' as const }];
    const ended = { ...redeemed, status: 'canceled', wallet_back: oysters };
    expect(orderTotalWords(ended)).toBe('Nothing to pay');
    expect(orderTotalRows(ended).at(-1)).toEqual({ name: 'Grand Total', value: '0.00', total: true });
    expect(orderTotalNote(ended)).toBe('The order ended: nothing was charged. 1 portion of East Coast Oysters is back in your wallet.');
    // Wallet + card: the payment given back and the portion back.
    expect(orderTotalNote({ ...summary, cap_rule: null, status: 'canceled', wallet_back: oysters, ended_payment: 'refund' })).toBe(
      'The order ended. Your payment has been refunded in full. 1 portion of East Coast Oysters is back in your wallet.',
    );
    // Its line, refused: back in the wallet, not 'not charged'.
    const line = { product_qty: 1, bottle_size: 500, row_total: '0.00', fulfilment_state: 'refused', vendor_name: 'Gramercy Chop House' };
    expect(lineNote({ ...line, wallet: true })).toBe('Refused by its seller: back in your wallet');
    expect(lineNote(line)).toBe('Refused by its seller: not charged');
    // A part that ended because every line was out: each line says it was out of stock, as the consoles do (walk 8
    // #6), and what became of its money; a refused substitute likewise. A part its seller refused has its lines out
    // too: they read as refused.
    const allOut = [{ state: 'refused', actor: 'seller', reason: allOutReason }];
    const out = { ...line, row_total: '44.45', substitution_state: 'out' as const };
    expect(lineNote(out, allOut)).toBe('Out of stock: not charged');
    expect(lineNote({ ...out, part_money: 'refunded' }, allOut)).toBe('Out of stock: refunded');
    expect(lineNote({ ...out, substitution_state: 'refused', substitute_name: 'Sirloin' }, allOut)).toBe('Substitute refused: not charged');
    expect(lineNote(out, [{ state: 'refused', actor: 'seller', reason: 'No salmon today' }])).toBe('Refused by its seller: not charged');
    // Still going: the portion is the order's, nothing said of the wallet.
    expect(orderTotalNote({ ...redeemed, wallet_back: oysters })).toBeUndefined();
  });
});

describe('a cart line sold by weight', () => {
  it('reads its weight and estimate for the whole line, and nothing for a line sold by the piece', () => {
    expect(lineEstimate({ sold_by_weight: true, bottle_size: 500, qty: 2, rowTotalCents: 3680 })).toBe(
      'about 2.2 lb, est. $36.80, charged at the weight packed (at most +10%)',
    );
    expect(lineEstimate({ sold_by_weight: false, bottle_size: 500, qty: 2, rowTotalCents: 3680 })).toBeUndefined();
    expect(lineEstimate({ bottle_size: 500, qty: 1, rowTotalCents: 1840 })).toBeUndefined();
  });

  it('says when the weight is taken in the words of the line’s hand-over: packed, handed over, served (walk 7 #5)', () => {
    const line = { sold_by_weight: true, bottle_size: 500, qty: 1, rowTotalCents: 6579 };
    expect(lineEstimate({ ...line, type: 'dine-in' })).toBe('about 1.1 lb, est. $65.79, charged at the weight served (at most +10%)');
    expect(lineEstimate({ ...line, type: 'pickup' })).toBe('about 1.1 lb, est. $65.79, charged at the weight handed over (at most +10%)');
    for (const type of ['local', 'courier', 'farm-direct', undefined] as const) {
      expect(lineEstimate({ ...line, type })).toBe('about 1.1 lb, est. $65.79, charged at the weight packed (at most +10%)');
    }
    // A restaurant's catalogue card speaks of its hand-over; a card of mixed speeds stays a delivery's.
    const child = [{ bottle_size: 500, price: '65.79' }];
    expect(cardEstimate({ sold_by_weight: true, child, speed_types: ['dine-in'] })).toContain('charged at the weight served');
    expect(cardEstimate({ sold_by_weight: true, child, speed_types: ['local', 'courier'] })).toContain('charged at the weight packed');
    // The order page's note under its totals, in the order's hand-over's words.
    const waiting = {
      subtotal: '65.79',
      discount: '0.00',
      tax: '0.00',
      grand_total: '65.79',
      fee_amount: '0.00',
      delivery_fee: '0.00',
      driver_tip: '0.00',
      cap_rule: capRule,
    };
    expect(orderTotalNote({ ...waiting, speed_id: 3 })).toBe(`Items sold by weight are charged at their weight when served. ${capRule}`);
    expect(orderTotalNote({ ...waiting, speed_id: 2 })).toBe(`Items sold by weight are charged at their weight when handed over. ${capRule}`);
    expect(orderTotalNote({ ...waiting, speed_id: 1 })).toBe(`Items sold by weight are charged at their weight when packed. ${capRule}`);
  });

  it('gives a card the cheapest size’s estimate in the cart line’s words, and nothing to a product not sold by weight', () => {
    const child = [
      { bottle_size: 900, price: '36.80' },
      { bottle_size: 0, price: '1.00' },
      { bottle_size: 500, price: '18.40' },
    ];
    expect(cardEstimate({ sold_by_weight: true, child })).toBe(lineEstimate({ sold_by_weight: true, bottle_size: 500, qty: 1, rowTotalCents: 1840 }));
    expect(cardEstimate({ sold_by_weight: true, child })).toBe('about 1.1 lb, est. $18.40, charged at the weight packed (at most +10%)');
    expect(cardEstimate({ sold_by_weight: false, child })).toBeUndefined();
    expect(cardEstimate({ child })).toBeUndefined();
    expect(cardEstimate({ sold_by_weight: true, child: [{ bottle_size: 0, price: '9.00' }] })).toBeUndefined();
  });
});

describe("the 'If out of stock' choice's words fit the line (QA walk 9 S6)", () => {
  it('offers a cut for meat and fish, and only a brand for a drink', () => {
    expect(substitutionPreferences.map((p) => substitutionPreferenceLabel(p, { size_unit: 'g' }))).toEqual([
      'Allow a similar product',
      'Same brand and cut only',
      'Refund if out of stock',
    ]);
    expect(substitutionPreferences.map((p) => substitutionPreferenceLabel(p, { size_unit: 'ml' }))).toEqual([
      'Allow a similar product',
      'Same brand only',
      'Refund if out of stock',
    ]);
  });
});

describe("a staff card's words for the whole order (QA walk 9 #1: the tip was in no part and nothing said so)", () => {
  it('names the order’s total, its final once packed, and the driver tip in no part when there is one', () => {
    expect(ofTheOrderWords({ grand_total: '73.45', final_total: '59.78', driver_tip: '6.35' })).toBe("of the order's $59.78 (driver tip $6.35)");
    expect(ofTheOrderWords({ grand_total: '58.06', final_total: null, driver_tip: '4.81' })).toBe("of the order's $58.06 (driver tip $4.81)");
    expect(ofTheOrderWords({ grand_total: '40.00', driver_tip: '0.00' })).toBe("of the order's $40.00");
  });
});
