// superstruct's own coerce, the one ours must agree with.
// eslint-disable-next-line no-restricted-imports
import * as superstruct from 'superstruct';
import { define, literal, number, string, type, union, unknown, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { coerce, meets } from '../../src/api/contract/coerce.ts';

const absent = define<null | undefined>('absent', (v) => v === undefined || v === null);
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
const target = define<number>('n', (v) => typeof v === 'number' || 'not a number');
const toNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/** Ours against superstruct's, for one condition: the test of the condition, then the coercion's value and error. */
function sameAsSuperstruct<C>(name: string, condition: Struct<C, unknown>): void {
  const ours = coerce(target, condition, toNumber);
  const theirs = superstruct.coerce(target, condition, toNumber);
  for (const value of values) {
    const label = `${name}: ${JSON.stringify(value)}`;
    expect(meets(value, condition), label).toBe(superstruct.is(value, condition));
    const [ourError, ourValue] = superstruct.validate(value, ours, { coerce: true });
    const [theirError, theirValue] = superstruct.validate(value, theirs, { coerce: true });
    expect([ourError?.message, ourValue], label).toEqual([theirError?.message, theirValue]);
  }
}

describe("the contract's coerce (decision 074)", () => {
  it("tests its condition and coerces exactly as superstruct's, for every condition shape the contract uses", () => {
    sameAsSuperstruct('string', string());
    sameAsSuperstruct('number', number());
    sameAsSuperstruct('blank', literal(''));
    sameAsSuperstruct('blank or null', union([literal(''), literal(null)]));
    sameAsSuperstruct('number or absent', union([number(), absent]));
    sameAsSuperstruct('flag literals', union([literal(0), literal(1), literal('0'), literal('1'), literal('true'), literal('false')]));
    sameAsSuperstruct('an address reference', union([literal(''), literal(null), type({ id: unknown() }), type({ address_id: unknown() })]));
    // A condition with fields of its own (none in the contract today) is tested whole.
    sameAsSuperstruct('an object', type({ id: string() }));
  });
});
