import { describe, expect, it } from 'vitest';
import { consoleAmountWords } from '../../src/rules/console-amount.ts';
import { chargesNothing } from '../../src/rules/payment-words.ts';

describe("a console card's money (QA walk 8 #6: '$88.90 of the order's $88.90 · Card hold released')", () => {
  it('says what the part charges, and for staff of the order, the final amount once packed', () => {
    expect(consoleAmountWords({ total: '41.20' })).toBe('$41.20');
    expect(consoleAmountWords({ total: '41.20', grand_total: '88.90', final_total: null })).toBe("$41.20 of the order's $88.90");
    expect(consoleAmountWords({ total: '39.87', grand_total: '88.90', final_total: '86.10' })).toBe("$39.87 of the order's $86.10");
  });

  it('a part that charged nothing says so, beside what it came to', () => {
    expect(consoleAmountWords({ total: '0.00', was_total: '88.90' })).toBe('Nothing charged (was $88.90)');
    expect(consoleAmountWords({ total: '0.00', was_total: '88.90', grand_total: '88.90' })).toBe(
      "Nothing charged (was $88.90 of the order's $88.90)",
    );
  });

  it('nothing is charged for a released hold or an ended order never paid; a refund or a payment taken is a charge', () => {
    const card = { payment_mode: 2, speed_id: 3, paid_when_placed: false };
    expect(chargesNothing({ ...card, status: 'canceled', capture_state: 'released' })).toBe(true);
    expect(chargesNothing({ ...card, status: 'canceled', capture_state: null })).toBe(true);
    expect(chargesNothing({ ...card, status: 'canceled', capture_state: null, paid_when_placed: true })).toBe(false);
    expect(chargesNothing({ ...card, status: 'processing', capture_state: 'held' })).toBe(false);
    expect(chargesNothing({ ...card, status: 'complete', capture_state: 'captured' })).toBe(false);
  });
});
