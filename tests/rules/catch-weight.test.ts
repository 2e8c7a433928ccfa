import { describe, expect, it } from 'vitest';
import {
  authorisedCents,
  cardEstimate,
  estimateLabel,
  lineEstimate,
  finalCents,
  lineCapped,
  lineFinalCents,
  lineNote,
  substituteAllowed,
  unansweredDecision,
  type PricedLine,
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

  it('says a line’s estimate, weight and final amount on the order', () => {
    expect(
      lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40', sold_by_weight: true, weighed_grams: 450, final_row_total: '16.56' }),
    ).toBe('about 1.1 lb, est. $18.40 · weighed 0.99 lb · final $16.56');
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40', substitution_state: 'approved', substitute_name: 'Sirloin' })).toBe(
      'Substituted: Sirloin',
    );
    expect(lineNote({ product_qty: 1, bottle_size: 500, row_total: '18.40' })).toBeUndefined();
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
