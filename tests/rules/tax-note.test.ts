import { describe, expect, it } from 'vitest';
import { cartTaxNote, ratePercent } from '../../src/rules/tax-note.ts';

const california = 'CA: groceries are exempt from sales tax';

describe('the cart’s tax note (decision 081: wine and restaurant meals at the general rate)', () => {
  it('keeps the state’s words alone for a cart of groceries', () => {
    expect(cartTaxNote(california, 72500, { groceries: true, alcohol: false, meals: false })).toBe(california);
  });

  it('says what wine and spirits, or restaurant meals, or both pay, at the state’s general rate', () => {
    expect(cartTaxNote(california, 72500, { groceries: true, alcohol: true, meals: false })).toBe(
      'CA: groceries are exempt from sales tax. Wine and spirits are taxed at the general rate, 7.25%.',
    );
    expect(cartTaxNote(california, 72500, { groceries: true, alcohol: false, meals: true })).toBe(
      'CA: groceries are exempt from sales tax. Restaurant meals (Dine-In and Pick-Up) are taxed at the general rate, 7.25%.',
    );
    expect(cartTaxNote('NY: groceries are exempt from sales tax.', 40000, { groceries: true, alcohol: true, meals: true })).toBe(
      'NY: groceries are exempt from sales tax. Wine, spirits and restaurant meals (Dine-In and Pick-Up) are taxed at the general rate, 4%.',
    );
  });

  it('names no groceries in a cart with none: the state and what its lines pay (QA walk 9 S5)', () => {
    expect(cartTaxNote('NY: groceries are exempt from sales tax', 40000, { groceries: false, alcohol: true, meals: true })).toBe(
      'NY: Wine, spirits and restaurant meals (Dine-In and Pick-Up) are taxed at the general rate, 4%.',
    );
    expect(cartTaxNote(california, 72500, { groceries: false, alcohol: true, meals: false })).toBe(
      'CA: Wine and spirits are taxed at the general rate, 7.25%.',
    );
    // A state's words that are not about groceries stay.
    expect(cartTaxNote('DE: no sales tax', 0, { groceries: false, alcohol: true, meals: false })).toBe('DE: no sales tax');
  });

  it('adds nothing where the state has no sales tax', () => {
    expect(cartTaxNote('DE: no sales tax', 0, { groceries: true, alcohol: true, meals: true })).toBe('DE: no sales tax');
  });

  it('writes a rate in parts per million as a percent', () => {
    expect([72500, 40000, 68750, 42250, 60000].map(ratePercent)).toEqual(['7.25%', '4%', '6.875%', '4.225%', '6%']);
  });
});
