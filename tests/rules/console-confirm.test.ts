import { describe, expect, it } from 'vitest';
import { isLastLineLeft, markOutQuestion } from '../../src/rules/console-confirm.ts';

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
