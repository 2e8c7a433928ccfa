import { describe, expect, it } from 'vitest';
import { isLastLineLeft, markOutQuestion, weightQuestion } from '../../src/rules/console-confirm.ts';
import { poundsToGrams } from '../../src/rules/weight-entry.ts';

/**
 * QA walk 7 #2: marking out a part's last line left the order with nothing and no move. Now the part ends with it
 * (fulfilment.ts allOutTransition); the seller is told so before they confirm.
 */
describe('marking out the last line left asks knowing the part ends', () => {
  it('tells the last line left from one among others still to hand over', () => {
    const items = [
      { id: 1, substitution_state: 'out' },
      { id: 2, substitution_state: null },
      { id: 3, substitution_state: 'refused' },
    ];
    expect(isLastLineLeft(items, 2)).toBe(true);
    expect(isLastLineLeft([...items, { id: 4, substitution_state: 'approved' }], 2)).toBe(false);
    expect(isLastLineLeft([...items, { id: 5 }], 2)).toBe(false);
  });

  it('says the part ends, refused with nothing charged, only for the last line', () => {
    expect(markOutQuestion('Filet Mignon', true).question).toBe(
      'Mark Filet Mignon out of stock? It is the last item left in this part: the part ends, refused because every item was out of stock, and the shopper is told by mail and not charged for it.',
    );
    expect(markOutQuestion('Filet Mignon').question).toBe(
      'Mark Filet Mignon out of stock? It leaves this order: the shopper is told by mail and not charged for it.',
    );
  });
});

/** QA walk 9 #3: one filet of two weighed, both charged at its weight; packing now asks about a weight far off. */
describe('packing at a weight far from its estimate asks first', () => {
  it('names each line, its share of the estimate and what follows, in the mode’s words', () => {
    const filets = { productName: 'Filet Mignon, Center Cut', qty: 2, nominalGrams: 500, weighedGrams: poundsToGrams(0.6), far: 'light' as const };
    const ribeye = { productName: 'USDA Prime Ribeye', qty: 1, nominalGrams: 500, weighedGrams: poundsToGrams(1.5), far: 'heavy' as const };
    expect(weightQuestion([filets], 'pickup').question).toBe(
      '0.60 lb for 2 × Filet Mignon, Center Cut is 54% of its estimate (about 1.1 lb): the weight asked is for all 2 pieces together. Mark it Packed with this weight?',
    );
    expect(weightQuestion([filets, ribeye], 'dine_in')).toEqual({
      question:
        '0.60 lb for 2 × Filet Mignon, Center Cut is 54% of its estimate (about 1.1 lb): the weight asked is for all 2 pieces together. ' +
        '1.50 lb for 1 × USDA Prime Ribeye is 136% of its estimate (about 1.1 lb): above +10%, the rest is not charged. Mark it Table ready with these weights?',
      confirm: 'Yes, they are right',
      keep: 'Weigh again',
    });
  });
});
