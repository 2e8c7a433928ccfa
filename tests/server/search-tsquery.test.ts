import { describe, expect, it } from 'vitest';
import { matches, operands, operandText, parseTsquery, stemmed, type QueryTree } from '../../server/services/catalogue/search-tsquery.ts';

/** search-tsquery.ts: the query texts search writes, and to_tsquery's output, read and matched as `@@` does. */
const tree = (text: string): QueryTree => {
  const parsed = parseTsquery(text);
  if (!parsed) throw new Error(`no tree for ${text}`);
  return parsed;
};

describe('tsquery texts read in Node', () => {
  it("reads search-spelling's texts: quoted words with escapes, prefixes, weights, & and | with parentheses", () => {
    const parsed = tree("(('rib' | 'ribs':*A) & ('o''brien' | 'a\\\\b'))");
    expect(operands(parsed).map((o) => [o.text, o.prefix])).toEqual([
      ['rib', false],
      ['ribs', true],
      ["o'brien", false],
      ['a\\b', false],
    ]);
    expect(operands(parsed).map(operandText)).toEqual(["'rib'", "'ribs':*", "'o''brien'", "'a\\\\b'"]);
  });

  it("reads to_tsquery's output: phrases as all their lexemes, nothing for stop words alone", () => {
    const phrase = tree("'t-bone' <-> 't' <-> 'bone'");
    expect(matches(phrase, ['t-bone', 't', 'bone', 'steak'])).toBe(true);
    expect(matches(phrase, ['bone', 'steak'])).toBe(false);
    expect(matches(tree("'readi' <2> 'cook'"), ['readi', 'cook'])).toBe(true);
    expect(parseTsquery('')).toBeUndefined();
    expect(() => parseTsquery("!'beef'")).toThrow('negation');
    expect(() => parseTsquery("'beef")).toThrow('unclosed quote');
  });

  it('matches prefixes by the start of a lexeme, & before |', () => {
    expect(matches(tree("'chick':*"), ['chicken', 'thigh'])).toBe(true);
    expect(matches(tree("'chick':*"), ['chic'])).toBe(false);
    // & binds tighter than |, as in PostgreSQL: 'a' | ('b' & 'c').
    expect(matches(tree("'a' | 'b' & 'c'"), ['a'])).toBe(true);
    expect(matches(tree("'a' | 'b' & 'c'"), ['b'])).toBe(false);
  });

  it('stems each word by its to_tsquery form and drops stop words as to_tsquery does', () => {
    const forms = new Map<string, QueryTree | undefined>([
      ["'the'", undefined],
      ["'ribs'", tree("'rib'")],
      ["'beef'", tree("'beef'")],
    ]);
    expect(stemmed(tree("('the' | 'ribs') & ('beef')"), forms)).toEqual(tree("'rib' & 'beef'"));
    expect(stemmed(tree("('the')"), forms)).toBeUndefined();
    expect(() => stemmed(tree("'lamb'"), forms)).toThrow("no stemmed form of 'lamb'");
  });
});
