import { describe, expect, it } from 'vitest';
import { moveQuestion } from '../../src/rules/console-confirm.ts';
import { fulfilmentEventsFor } from '../../src/rules/fulfilment.ts';
import { moveAsksFirst, partEventsFor, partMayMove, partStoppingMove, wholeMoveRefusal } from '../../src/rules/order-parts.ts';

/** Decision 081's parts: a cancel ends every seller's part, so the consoles offer it, and the server takes it, only where each allows it. */
describe('the moves of one part of an order of several sellers', () => {
  const fish = (state: 'placed' | 'packed' | 'out_for_delivery' | 'delivered') => ({ vendor_name: 'Fulton Fish Co.', state });

  it("offers staff's Cancel on a part only while every other part may still be canceled", () => {
    expect(partEventsFor('packed', [fish('packed')], 'staff', 'delivery')).toEqual(['dispatch', 'cancel']);
    expect(partEventsFor('packed', [fish('out_for_delivery')], 'staff', 'delivery')).toEqual(['dispatch']);
    expect(partEventsFor('placed', [fish('delivered')], 'staff', 'delivery')).toEqual(['accept', 'refuse']);
    expect(partMayMove('accepted', 'cancel', [fish('out_for_delivery')], 'staff', 'delivery')).toBe(false);
    // A part's own moves are its own: another part's progress never holds them back.
    expect(partEventsFor('placed', [fish('out_for_delivery')], 'seller', 'delivery')).toEqual(fulfilmentEventsFor('placed', 'seller', 'delivery'));
    expect(partEventsFor('picking', [], 'staff', 'delivery')).toEqual(['pack', 'cancel']);
  });

  it('names the part that stops a cancel, in words', () => {
    expect(partStoppingMove('cancel', [fish('packed'), fish('out_for_delivery')], 'staff', 'delivery')).toEqual(fish('out_for_delivery'));
    expect(partStoppingMove('pack', [fish('out_for_delivery')], 'staff', 'delivery')).toBeUndefined();
    expect(wholeMoveRefusal(fish('out_for_delivery'))).toBe(
      "This order cannot be canceled now: Fulton Fish Co.'s part is out for delivery. A cancel ends every seller's part.",
    );
  });

  it('asks first only before the moves that end the order, saying so', () => {
    expect((['accept', 'pick', 'pack', 'dispatch', 'refuse', 'cancel'] as const).filter(moveAsksFirst)).toEqual(['refuse', 'cancel']);
    expect(moveQuestion('cancel', '100000123', true)).toEqual({
      question:
        "Cancel order #100000123? The whole order ends, every seller's part: the shopper is told your reason and anything they paid is given back.",
      confirm: 'Yes, cancel the order',
      keep: 'No, keep the order',
    });
    expect(moveQuestion('refuse', '100000123', false).question).toBe(
      'Refuse order #100000123? The whole order ends: the shopper is told your reason and anything they paid is given back.',
    );
  });
});
