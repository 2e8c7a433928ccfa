import { describe, expect, it } from 'vitest';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { chosenPaymentWords, nothingToPayWords, paymentStatusWords, type PaymentFacts } from '../../src/rules/payment-words.ts';

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

  it("never says 'Paid' for a card hold let go, whatever the order's step (QA walk 7 #9: '$0.00 … · Paid')", () => {
    const held: PaymentFacts = { ...card, capture_state: 'released', speed_id: speedIds.dineIn };
    expect(paymentStatusWords({ ...held, status: 'complete' })).toBe('Card hold released');
    expect(paymentStatusWords({ ...held, status: 'processing' })).toBe('Card hold released');
  });

  it('never shows a stored status as it is stored', () => {
    expect(paymentStatusWords({ ...card, status: 'awaiting_confirmation' })).toBe('Awaiting email confirmation');
    expect(paymentStatusWords({ ...card, status: 'payment_failed' })).toBe('Payment failed');
    expect(paymentStatusWords({ ...card, status: 'pending_payment', payment_mode: 1 })).toBe('Payment pending');
  });
});

describe('the chosen payment as the Order Summary names it (walk 3: the summary never said)', () => {
  it('names a card by its own words, UPI with its id, a bank with its last four digits', () => {
    expect(chosenPaymentWords({ payment_mode: 2, card_id: 7, card_token: '', card_info: 'Visa ending in 4242' }, 'delivery')).toBe(
      'Visa ending in 4242',
    );
    // A card kept without its words (an old kept flow) is still a card.
    expect(chosenPaymentWords({ payment_mode: 2, card_id: 7, card_token: '' }, 'delivery')).toBe('Card');
    expect(chosenPaymentWords({ payment_mode: 3, upi_address: 'ada@okbank' }, 'delivery')).toBe('UPI: ada@okbank');
    expect(chosenPaymentWords({ payment_mode: 1, bank_name: 'Chase', account_number: '000123456789' }, 'delivery')).toBe(
      'Pay From Your Bank Account: Chase, account ending in 6789',
    );
  });

  it("names the hand-over's Payment on Delivery, 'Nothing to Pay' for a wallet cart, and nothing before a choice", () => {
    expect(chosenPaymentWords({ payment_mode: 4 }, 'delivery')).toBe('Payment on Delivery');
    // QA walk 9 S10: a pick-up is paid at the counter, as its tab and the consoles say, not 'on delivery'.
    expect(chosenPaymentWords({ payment_mode: 4 }, 'pick-up')).toBe('Pay at pick-up');
    expect(chosenPaymentWords({ payment_mode: 4 }, 'dine-in')).toBe('Pay at the table');
    // The payment tab's skip for wallet redemptions: mode 2 and no card at all.
    expect(chosenPaymentWords({ payment_mode: 2 }, 'dine-in')).toBe(nothingToPayWords);
    expect(nothingToPayWords).toBe('Nothing to Pay');
    expect(chosenPaymentWords({ payment_mode: undefined }, 'delivery')).toBeUndefined();
  });

  it('a $0.00 wallet redemption is never "Paid": nothing to pay, from the wallet, and back in it once ended (QA walk 5)', () => {
    const facts = { payment_mode: 2, capture_state: null, speed_id: 3, paid_when_placed: false, wallet_only: true } as const;
    expect(paymentStatusWords({ ...facts, status: 'processing' })).toBe('Nothing to pay: redeemed from the wallet');
    expect(paymentStatusWords({ ...facts, status: 'complete' })).toBe('Nothing to pay: redeemed from the wallet');
    expect(paymentStatusWords({ ...facts, status: 'canceled' })).toBe('Not charged: back in the wallet');
  });
});
