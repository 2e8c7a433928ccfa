import { describe, expect, it } from 'vitest';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { paymentStatusWords, type PaymentFacts } from '../../src/rules/payment-words.ts';

const card: PaymentFacts = { status: 'processing', payment_mode: 2, capture_state: null, speed_id: speedIds.oneHour, paid_when_placed: true };
const atHandOver: PaymentFacts = { ...card, payment_mode: 4, status: 'pending_payment_on_delivery', paid_when_placed: false };

describe('a console card’s payment in words (a shopper walk: raw statuses on the seller’s cards)', () => {
  it('says a card only authorised, then paid', () => {
    expect(paymentStatusWords({ ...card, capture_state: 'held' })).toBe('Card authorized');
    expect(paymentStatusWords(card)).toBe('Paid');
    expect(paymentStatusWords({ ...card, capture_state: 'captured' })).toBe('Paid');
    expect(paymentStatusWords({ ...card, status: 'complete', capture_state: 'captured' })).toBe('Paid');
  });

  it('says where an order is paid at the hand-over, and that it was once handed over', () => {
    expect(paymentStatusWords(atHandOver)).toBe('Pay on delivery');
    expect(paymentStatusWords({ ...atHandOver, speed_id: speedIds.storePickup })).toBe('Pay at pick-up');
    expect(paymentStatusWords({ ...atHandOver, status: 'complete' })).toBe('Paid on delivery');
    expect(paymentStatusWords({ ...atHandOver, status: 'complete', speed_id: speedIds.storePickup })).toBe('Paid at pick-up');
  });

  it('tells a refund from a released hold and from an order that never took money', () => {
    expect(paymentStatusWords({ ...card, status: 'canceled' })).toBe('Refunded');
    expect(paymentStatusWords({ ...card, status: 'canceled', capture_state: 'released' })).toBe('Card hold released');
    expect(paymentStatusWords({ ...atHandOver, status: 'canceled' })).toBe('Not charged');
    expect(paymentStatusWords({ ...card, status: 'canceled', paid_when_placed: false })).toBe('Not charged');
  });

  it('never shows a stored status as it is stored', () => {
    expect(paymentStatusWords({ ...card, status: 'awaiting_confirmation' })).toBe('Awaiting email confirmation');
    expect(paymentStatusWords({ ...card, status: 'payment_failed' })).toBe('Payment failed');
    expect(paymentStatusWords({ ...card, status: 'pending_payment', payment_mode: 1 })).toBe('Payment pending');
  });
});
