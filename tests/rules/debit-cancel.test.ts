import { describe, expect, it } from 'vitest';
import { cancelStandingOf, fulfilmentMessages, orderCancelRefusal } from '../../src/rules/fulfilment.ts';
import { canceledText, cancelMailText, cancelQuestionText, debitOnItsWayText, endedOrderText } from '../../src/rules/cancel-words.ts';
import { orderChangeKind } from '../../src/rules/order-change.ts';

/**
 * An order whose bank debit is still on its way may be canceled as any other (decision 087 left it): one rule
 * (orderCancelRefusal, with the order's cancel standing) for the server's cancel, the order's can_cancel and the panel.
 */
describe('cancelStandingOf: how the payment stands for the shopper’s cancel', () => {
  const order = (status: string, payment_mode = 2, payment_ref: string | null = 'pi_1') => ({ status, payment_mode, payment_ref });

  it('a paid order or one paid at the hand-over is placed; a bank debit on its way is debit-pending', () => {
    expect(cancelStandingOf(order('processing'))).toBe('placed');
    expect(cancelStandingOf(order('pending_payment_on_delivery', 4, null))).toBe('placed');
    expect(cancelStandingOf(order('pending_payment', 1, 'pi_test_ach_clears_1'))).toBe('debit-pending');
  });

  it('nothing else has anything to cancel: a card waiting for its charge or its bank check, a failed or ended order', () => {
    expect(cancelStandingOf(order('pending_payment', 2, 'pi_3ds'))).toBe('not-placed');
    expect(cancelStandingOf(order('pending_payment', 1, null))).toBe('not-placed');
    expect(cancelStandingOf(order('awaiting_confirmation', 4, null))).toBe('not-placed');
    expect(cancelStandingOf(order('payment_failed', 1, 'pi_test_ach_no-account_1'))).toBe('not-placed');
    expect(cancelStandingOf(order('canceled', 1, 'pi_test_ach_clears_1'))).toBe('not-placed');
  });
});

describe('orderCancelRefusal by the cancel standing', () => {
  // Noon in New York on 12/01: a delivery on 12/07 (a debit's earliest) is days before its cutoff.
  const now = new Date('2026-12-01T17:00:00Z');
  const part = { delivery_date: '2026-12-07', day_closed: false };

  it('takes the cancel of an order whose debit is on its way, before the cutoff, as of a placed one', () => {
    expect(orderCancelRefusal('placed', [part], now, 'debit-pending')).toBeUndefined();
    expect(orderCancelRefusal('placed', [part], now, 'placed')).toBeUndefined();
  });

  it('still answers the cutoff for it, and refuses an order with nothing to cancel', () => {
    expect(orderCancelRefusal('placed', [part], new Date('2026-12-06T21:00:00Z'), 'debit-pending')).toBe(fulfilmentMessages.pastCutoffTime);
    expect(orderCancelRefusal('placed', [part], now, 'not-placed')).toBe(fulfilmentMessages.notAllowed);
  });

  it('the order page offers its panel by the server’s can_cancel, not by the paid status alone', () => {
    const pending = {
      status: 'pending payment',
      fulfilment_state: 'placed',
      items: [{ delivery_date: '2026-12-07', delivery_method: 'Local Delivery' }],
    };
    expect(orderChangeKind({ ...pending, can_cancel: true })).toBe('delivery');
    expect(orderChangeKind({ ...pending, can_cancel: false })).toBeUndefined();
    expect(orderChangeKind(pending)).toBeUndefined();
  });
});

describe('the words of a cancel whose bank debit is on its way', () => {
  const facts = { payment: 'debit-pending' as const, totalCents: 4_512, walletBack: [] };

  it('says plainly the debit will be refunded when it clears: the confirm, the line, the mail, the ended page', () => {
    expect(debitOnItsWayText).toBe('Your bank debit is still on its way: it will be refunded when it clears.');
    expect(cancelQuestionText(facts)).toBe(`Cancel this order? ${debitOnItsWayText}`);
    expect(canceledText(facts)).toBe(`Your order was canceled. ${debitOnItsWayText}`);
    expect(cancelMailText(facts)).toBe(debitOnItsWayText);
    expect(endedOrderText(facts)).toBe(`The order ended. ${debitOnItsWayText}`);
  });
});
