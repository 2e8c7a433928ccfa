import { describe, expect, it } from 'vitest';
import { giftMessageCount, giftMessageProblem } from '../../src/rules/gift-message.ts';

describe('gift message limit', () => {
  it('shows the limit and refuses over 500 characters in words naming the field', () => {
    expect(giftMessageCount('')).toBe('0 of 500 characters');
    expect(giftMessageCount('x'.repeat(1200))).toBe('1200 of 500 characters');
    expect(giftMessageProblem('x'.repeat(500))).toBeUndefined();
    expect(giftMessageProblem('x'.repeat(501))).toBe('Gift message must be at most 500 characters.');
    // An emoji is one character, as the shopper counts.
    expect(giftMessageProblem('🎁'.repeat(500))).toBeUndefined();
  });
});
