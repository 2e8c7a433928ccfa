import * as superstruct from 'superstruct';
import { define, literal, number, string, type, union, unknown, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { coerce, meets } from '../../src/api/contract/coerce.ts';

const absent = define<null | undefined>('absent', (v) => v === undefined || v === null);
/** The shapes the contract's coercions test (src/api/contract: grep coerce). */
const conditions: Record<string, Struct<unknown, unknown>> = {
  string: string(),
  number: number(),
  blank: literal(''),
  'blank or null': union([literal(''), literal(null)]),
  'number or absent': union([number(), absent]),
  'flag literals': union([literal(0), literal(1), literal('0'), literal('1'), literal('true'), literal('false')]),
  'an address object': union([literal(''), literal(null), type({ id: unknown() }), type({ address_id: unknown() })]),
};
const values: unknown[] = [
  '',
  ' ',
  '0',
  '1',
  '12',
  'true',
  'abc',
  0,
  1,
  12,
  -1,
  1.5,
  Number.NaN,
  null,
  undefined,
  true,
  false,
  {},
  { id: 3 },
  { address_id: '4' },
  { other: 1 },
  [],
  ['1'],
];

describe("the contract's coerce", () => {
  it('tests each condition as superstruct does', () => {
    for (const [name, condition] of Object.entries(conditions)) {
      for (const value of values) expect(meets(value, condition), `${name}: ${JSON.stringify(value)}`).toBe(superstruct.is(value, condition));
    }
  });

  it("coerces exactly as superstruct's coerce", () => {
    const target = define<number>('n', (v) => typeof v === 'number' || 'not a number');
    const toNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
    for (const [name, condition] of Object.entries(conditions)) {
      const ours = coerce(target, condition, toNumber);
      const theirs = superstruct.coerce(target, condition, toNumber);
      for (const value of values) {
        const [ourError, ourValue] = superstruct.validate(value, ours, { coerce: true });
        const [theirError, theirValue] = superstruct.validate(value, theirs, { coerce: true });
        expect([ourError?.message, ourValue], `${name}: ${JSON.stringify(value)}`).toEqual([theirError?.message, theirValue]);
      }
    }
  });
});
