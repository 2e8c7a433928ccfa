import { describe, expect, it } from 'vitest';
import { formatWeighedPounds, lineFinalCents, type PricedLine } from '../../src/rules/catch-weight.ts';
import {
  farWeights,
  isMilligramPrecise,
  lineSizeLabel,
  parseWeightEntry,
  poundsToGrams,
  weightEntryMessages,
  weightFarFrom,
  weightFieldHint,
  weightFieldLabel,
} from '../../src/rules/weight-entry.ts';

/** The walk's line: a 454 g (1 lb) cut at $41.67. */
const weighedLine: PricedLine = {
  row_total_cents: 4167,
  tax_cents: 0,
  bottle_size: 454,
  qty: 1,
  sold_by_weight: true,
  weighed_grams: null,
  substitution_state: null,
  substitute_price_cents: null,
};

describe('weights typed the American way (issue 24)', () => {
  it('reads pounds with decimals, with or without the unit, as grams to the milligram (not rounded to the gram)', () => {
    expect(parseWeightEntry('1.02')).toEqual({ ok: true, grams: 462.664 });
    expect(parseWeightEntry(' 1.02 lb ')).toEqual({ ok: true, grams: 462.664 });
    expect(parseWeightEntry('1.02lbs')).toEqual({ ok: true, grams: 462.664 });
    expect(parseWeightEntry('2#')).toEqual({ ok: true, grams: 907.185 });
    expect(parseWeightEntry('.5')).toEqual({ ok: true, grams: 226.796 });
    expect(parseWeightEntry('1,5')).toEqual({ ok: true, grams: 680.389 });
  });

  it('reads pounds and ounces, and ounces alone', () => {
    expect(parseWeightEntry('1 lb 2 oz')).toEqual({ ok: true, grams: poundsToGrams(1.125) });
    expect(parseWeightEntry('1lb 2.5oz')).toEqual({ ok: true, grams: poundsToGrams(1 + 2.5 / 16) });
    expect(parseWeightEntry('18 oz')).toEqual({ ok: true, grams: 510.291 });
  });

  it('refuses what is not a weight, nothing, and more than the server takes', () => {
    expect(parseWeightEntry('')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('462 g')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('abc')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('-1')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('0')).toEqual({ ok: false, message: weightEntryMessages.tooLight });
    expect(parseWeightEntry('0.001')).toEqual({ ok: false, message: weightEntryMessages.tooLight });
    expect(parseWeightEntry('221')).toEqual({ ok: false, message: weightEntryMessages.tooHeavy });
    expect(parseWeightEntry('220')).toEqual({ ok: true, grams: 99790.321 });
  });

  it('keeps 1.00 lb as 453.592 g, so a $41.67 line of 454 g costs $41.63, not the $41.67 of 454 g (QA)', () => {
    const entry = parseWeightEntry('1.00');
    expect(entry).toEqual({ ok: true, grams: 453.592 });
    const grams = entry.ok ? entry.grams : 0;
    expect(isMilligramPrecise(grams)).toBe(true);
    expect(isMilligramPrecise(453.5924)).toBe(false);
    const line = { ...weighedLine, weighed_grams: grams };
    expect(lineFinalCents(line)).toBe(4163);
    expect(formatWeighedPounds(grams)).toBe('1.00 lb');
    expect(lineFinalCents({ ...line, weighed_grams: 454 })).toBe(4167);
  });

  it('shows a weighed weight to the hundredth of a pound, round-tripping what was typed', () => {
    expect(formatWeighedPounds(462.664)).toBe('1.02 lb');
    expect(formatWeighedPounds(poundsToGrams(2.37))).toBe('2.37 lb');
  });
});

describe('console sizes', () => {
  it('shows a weighed line’s nominal size in pounds and any other as the catalogue does', () => {
    expect(lineSizeLabel(500, true, 'g')).toBe('1.1 lb');
    expect(lineSizeLabel(500, false, 'g')).toBe('500 g');
  });

  it('names a drink in its own unit and a pack of oysters as the cart does (QA: a 750 ml wine read "(750 g)")', () => {
    expect(lineSizeLabel(750, false, 'ml')).toBe('750 ml');
    expect(lineSizeLabel(1000, false, 'g')).toBe('1 kg');
  });
});

/** QA walk 9 #3: '2 × Filet Mignon (0.6 lb)' was weighed as one filet, and both charged at its weight. */
describe('a weighed line of several pieces', () => {
  it('reads the whole line’s weight, the one its field takes, and its field says it is all of them together', () => {
    expect(lineSizeLabel(250, true, 'g', 2)).toBe('about 1.1 lb for 2 pieces');
    expect(lineSizeLabel(250, true, 'g', 1)).toBe('0.6 lb');
    expect(lineSizeLabel(750, false, 'ml', 2)).toBe('750 ml');
    expect(weightFieldLabel('Filet Mignon, Center Cut', 2)).toBe('Total weight of all 2 × Filet Mignon, Center Cut (lb)');
    expect(weightFieldLabel('Filet Mignon, Center Cut', 1)).toBe('Weight of Filet Mignon, Center Cut (lb)');
    expect(weightFieldHint(2)).toBe('All 2 pieces together. Pounds, such as 1.02 (or 1 lb 2 oz)');
    expect(weightFieldHint(1)).toBe('Pounds, such as 1.02 (or 1 lb 2 oz)');
  });

  it('asks about a weight below 70 % of its estimate or above the margin’s reach (+10 %), not one between', () => {
    expect(weightFarFrom(500, 349)).toBe('light');
    expect(weightFarFrom(500, 350)).toBeUndefined();
    expect(weightFarFrom(500, 550)).toBeUndefined();
    expect(weightFarFrom(500, 551)).toBe('heavy');
    const filets = { id: 7, product_name: 'Filet Mignon, Center Cut', qty: 2, bottle_size: 250, by_weight: true };
    const ribeye = { id: 8, product_name: 'USDA Prime Ribeye', qty: 1, bottle_size: 500, by_weight: true };
    const sake = { id: 9, product_name: 'Junmai Ginjo Sake', qty: 1, bottle_size: 300, by_weight: false };
    // One filet's 0.6 lb for the two: 54 % of their 500 g; the ribeye at 1.05 lb is near its 1.1 lb; the sake is not weighed.
    expect(farWeights([filets, ribeye, sake], { 7: '0.6', 8: '1.05', 9: '0.1' })).toEqual([
      { productName: 'Filet Mignon, Center Cut', qty: 2, nominalGrams: 500, weighedGrams: poundsToGrams(0.6), far: 'light' },
    ]);
    // Both filets on the scale: nothing to ask. A weight not typed or unreadable is not asked about (its field says why).
    expect(farWeights([filets, ribeye], { 7: '1.08', 8: '' })).toEqual([]);
    expect(farWeights([filets], { 7: '1.0.8' })).toEqual([]);
    expect(farWeights([ribeye], { 8: '1.5' })).toEqual([
      { productName: 'USDA Prime Ribeye', qty: 1, nominalGrams: 500, weighedGrams: poundsToGrams(1.5), far: 'heavy' },
    ]);
  });
});
