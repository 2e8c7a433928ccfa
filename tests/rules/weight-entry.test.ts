import { describe, expect, it } from 'vitest';
import { formatWeighedPounds } from '../../src/rules/catch-weight.ts';
import { lineSizeLabel, parseWeightEntry, poundsToGrams, weightEntryMessages } from '../../src/rules/weight-entry.ts';

describe('weights typed the American way (issue 24)', () => {
  it('reads pounds with decimals, with or without the unit, and stores whole grams', () => {
    expect(parseWeightEntry('1.02')).toEqual({ ok: true, grams: 463 });
    expect(parseWeightEntry(' 1.02 lb ')).toEqual({ ok: true, grams: 463 });
    expect(parseWeightEntry('1.02lbs')).toEqual({ ok: true, grams: 463 });
    expect(parseWeightEntry('2#')).toEqual({ ok: true, grams: 907 });
    expect(parseWeightEntry('.5')).toEqual({ ok: true, grams: 227 });
    expect(parseWeightEntry('1,5')).toEqual({ ok: true, grams: 680 });
  });

  it('reads pounds and ounces, and ounces alone', () => {
    expect(parseWeightEntry('1 lb 2 oz')).toEqual({ ok: true, grams: poundsToGrams(1.125) });
    expect(parseWeightEntry('1lb 2.5oz')).toEqual({ ok: true, grams: poundsToGrams(1 + 2.5 / 16) });
    expect(parseWeightEntry('18 oz')).toEqual({ ok: true, grams: 510 });
  });

  it('refuses what is not a weight, nothing, and more than the server takes', () => {
    expect(parseWeightEntry('')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('462 g')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('abc')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('-1')).toEqual({ ok: false, message: weightEntryMessages.unreadable });
    expect(parseWeightEntry('0')).toEqual({ ok: false, message: weightEntryMessages.tooLight });
    expect(parseWeightEntry('0.001')).toEqual({ ok: false, message: weightEntryMessages.tooLight });
    expect(parseWeightEntry('221')).toEqual({ ok: false, message: weightEntryMessages.tooHeavy });
    expect(parseWeightEntry('220')).toEqual({ ok: true, grams: 99790 });
  });

  it('shows a weighed weight to the hundredth of a pound, round-tripping what was typed', () => {
    expect(formatWeighedPounds(463)).toBe('1.02 lb');
    expect(formatWeighedPounds(poundsToGrams(2.37))).toBe('2.37 lb');
  });
});

describe('console sizes', () => {
  it('shows a weighed line’s nominal size in pounds and any other as the catalogue does', () => {
    expect(lineSizeLabel(500, true)).toBe('1.1 lb');
    expect(lineSizeLabel(500, false)).toBe('500 g');
  });
});
