import { describe, expect, it } from 'vitest';
import { cartStockMessage } from '../../src/rules/cart-checkout.ts';
import {
  fieldRefusal,
  refusalFixWords,
  refusalStep,
  replyRefusal,
  summaryStockRefusal,
  withoutFieldName,
} from '../../src/rules/place-order-refusal.ts';

describe("place order's refusal on the summary (walk 3 #1, #2)", () => {
  it('reads without the raw field name and names the tab that can fix it', () => {
    const speed = 'This delivery speed is not available for the items in your cart.';
    expect(fieldRefusal([{ field: 'speed_id', message: speed }], `speed_id: ${speed}`)).toEqual({ message: speed, fixAt: 'speed' });
    expect(fieldRefusal([{ field: 'payment_mode', message: 'Pay by card.' }], 'payment_mode: Pay by card.')).toEqual({
      message: 'Pay by card.',
      fixAt: 'card',
    });
  });

  it('leads a missing table back to the cart, where its group chooses the date and time (decision 086 left)', () => {
    const words = 'Dining date and time is required: choose your table’s date and time under Gramercy Chop House in your cart.';
    expect(fieldRefusal([{ field: 'dinein_time', message: words }], `dinein_time: ${words}`)).toEqual({ message: words, fixAt: 'cart' });
    expect(refusalFixWords.cart).toBe('Back to cart');
  });

  it('keeps a refusal no tab fixes without a tab, and strips a field name from a bare message', () => {
    expect(fieldRefusal([{ field: 'gift_message', message: 'Too long.' }], 'gift_message: Too long.')).toEqual({
      message: 'Too long.',
      fixAt: undefined,
    });
    expect(fieldRefusal([], 'speed_id: Gone.')).toEqual({ message: 'Gone.', fixAt: undefined });
    expect(withoutFieldName('The store is closing for the night.')).toBe('The store is closing for the night.');
  });

  it('leads a refusal naming cart lines (stock) back to the cart; one naming none keeps no tab (walk 9 #2)', () => {
    const words = 'Filet Mignon, Center Cut is out of stock.';
    expect(replyRefusal({ message: words, problems: [{ cart_rid: 4, message: words }] }, 'Failed.')).toEqual({ message: words, fixAt: 'cart' });
    expect(replyRefusal({ message: 'Used.', problems: [] }, 'Failed.')).toEqual({ message: 'Used.', fixAt: undefined });
    expect(replyRefusal(undefined, 'Failed.')).toEqual({ message: 'Failed.', fixAt: undefined });
  });

  it("leads a refusal naming a seller's group (a slot just taken) to the speed tab's slots (decision 088 left)", () => {
    const slotTaken = { message: 'Taken.', problems: [{ vendor_loc_id: 101, message: 'Taken.' }] };
    expect(replyRefusal(slotTaken, 'Failed.')).toEqual({ message: 'Taken.', fixAt: 'slot' });
    expect(refusalFixWords.slot).toBe('Choose another delivery slot');
    expect(refusalStep.slot).toBe('speed');
    // Lines named too: the cart first (a line out of stock is removed there before any slot matters).
    const both = {
      message: 'Both.',
      problems: [
        { vendor_loc_id: 101, message: 'Taken.' },
        { cart_rid: 4, message: 'Out.' },
      ],
    };
    expect(replyRefusal(both, 'Failed.')).toEqual({ message: 'Both.', fixAt: 'cart' });
  });

  it('says a line sold out since CHECKOUT beside PLACE ORDER, with the way back to the cart; none when every line can be ordered', () => {
    expect(
      summaryStockRefusal([
        { qty: 1, stock: 5 },
        { qty: 2, stock: 0 },
      ]),
    ).toEqual({ message: cartStockMessage, fixAt: 'cart' });
    expect(summaryStockRefusal([{ qty: 3, stock: 2 }])).toEqual({ message: cartStockMessage, fixAt: 'cart' });
    expect(
      summaryStockRefusal([
        { qty: 1, stock: 5 },
        { qty: 1, stock: 0, wallet: true },
      ]),
    ).toBeUndefined();
  });
});
