import { describe, expect, it } from 'vitest';
import { parseMatches } from '../../server/services/catalogue/search-ranking.ts';

describe("the ranking statement's matches, one text (search-ranking.ts)", () => {
  it('reads every match back as its id, tier and popularity', () => {
    expect(parseMatches('12 0 95,7 2 3.5')).toEqual([
      { id: 12, tier: 0, popularity: 95 },
      { id: 7, tier: 2, popularity: 3.5 },
    ]);
  });

  it('has no matches when the statement found none', () => {
    expect(parseMatches(null)).toEqual([]);
    expect(parseMatches('')).toEqual([]);
  });

  it('refuses a match that does not read as three numbers, rather than ranking it wrong', () => {
    expect(() => parseMatches('12 0')).toThrow("unreadable match '12 0'");
    expect(() => parseMatches('12 x 3')).toThrow('unreadable match');
  });
});
