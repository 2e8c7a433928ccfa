import { describe, expect, it } from 'vitest';
import { canceledText, cancelMailText, cancelQuestionText, walletBackText, type CancelFacts } from '../../src/rules/cancel-words.ts';
import { heldCardReleasedText } from '../../src/rules/fulfilment.ts';

const oysters = { productName: 'East Coast Oysters', amount: 1, unit: 'portion' as const };
const facts = (payment: CancelFacts['payment'], totalCents: number, walletBack: CancelFacts['walletBack'] = []): CancelFacts => ({
  payment,
  totalCents,
  walletBack,
});

describe('the cancel words follow the order’s payment (QA walk 5)', () => {
  it('a payment taken is refunded in full', () => {
    expect(cancelQuestionText(facts('refund', 5667))).toBe('Cancel this order? Your payment will be refunded in full.');
    expect(cancelMailText(facts('refund', 5667))).toBe('Your payment has been refunded in full.');
  });

  it('a card only held is released, as the cancel mail then says: no refund promised', () => {
    expect(cancelQuestionText(facts('release', 5667))).toBe('Cancel this order? The hold on your card will be released: you will not be charged.');
    expect(canceledText(facts('release', 5667))).toBe('Your order was canceled. The hold on your card will be released: you will not be charged.');
    expect(cancelMailText(facts('release', 5667))).toBe(heldCardReleasedText);
  });

  it('nothing taken (pay on delivery) is owed nothing', () => {
    expect(cancelQuestionText(facts('none', 3200))).toBe('Cancel this order? Nothing was charged, and nothing will be owed.');
    expect(cancelMailText(facts('none', 3200))).toBe('Nothing was charged, and nothing is owed.');
  });

  it('a $0.00 wallet redemption names no payment, only the portion going back', () => {
    expect(cancelQuestionText(facts('none', 0, [oysters]))).toBe('Cancel this order? 1 portion of East Coast Oysters goes back to your wallet.');
    expect(canceledText(facts('none', 0, [oysters]))).toBe('Your order was canceled. 1 portion of East Coast Oysters goes back to your wallet.');
    expect(cancelMailText(facts('none', 0, [oysters]))).toBe('1 portion of East Coast Oysters is back in your wallet.');
  });

  it('wallet + card says both the refund and the portions back', () => {
    const two = [oysters, { productName: 'Pinot Noir', amount: 150, unit: 'ml' as const }];
    expect(cancelQuestionText(facts('refund', 5667, two))).toBe(
      'Cancel this order? Your payment will be refunded in full. 1 portion of East Coast Oysters and 150 ml of Pinot Noir go back to your wallet.',
    );
    expect(cancelMailText(facts('refund', 5667, two))).toBe(
      'Your payment has been refunded in full. 1 portion of East Coast Oysters and 150 ml of Pinot Noir are back in your wallet.',
    );
    expect(walletBackText([{ ...oysters, amount: 2 }])).toBe('2 portions of East Coast Oysters are back in your wallet.');
    expect(walletBackText([])).toBeUndefined();
  });
});
