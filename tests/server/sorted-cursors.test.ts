import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitsetCursor, end, IntersectionCursor, ListCursor, UnionCursor, type Cursor } from '../../server/services/catalogue/sorted-cursors.ts';

const sortedList = fc
  .uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 120 })
  .map((values) => Int32Array.from(values.sort((a, b) => a - b)));

/** Every value a cursor yields from 0, seeking one past each. */
function readAll(cursor: Cursor): number[] {
  const values: number[] = [];
  for (let value = cursor.seek(0); value !== end; value = cursor.seek(value + 1)) values.push(value);
  return values;
}

describe('sorted cursors (lazy union and intersection of product lists)', () => {
  it('a list cursor yields the list, and seeks land on the first value not below the target', () => {
    const cursor = new ListCursor(Int32Array.from([2, 5, 9, 40, 41, 300]));
    expect(cursor.seek(0)).toBe(2);
    expect(cursor.seek(6)).toBe(9);
    expect(cursor.seek(9)).toBe(9);
    expect(cursor.seek(42)).toBe(300);
    expect(cursor.seek(301)).toBe(end);
    expect(readAll(new ListCursor(new Int32Array(0)))).toEqual([]);
  });

  it('union and intersection agree with sets, for any lists', () => {
    fc.assert(
      fc.property(fc.array(sortedList, { minLength: 1, maxLength: 6 }), (lists) => {
        const union = [...new Set(lists.flatMap((list) => [...list]))].sort((a, b) => a - b);
        const intersection = [...(lists[0] ?? [])].filter((value) => lists.every((list) => list.includes(value)));
        expect(readAll(new UnionCursor(lists.map((list) => new ListCursor(list))))).toEqual(union);
        expect(readAll(new IntersectionCursor(lists.map((list) => new ListCursor(list))))).toEqual(intersection);
      }),
    );
  });

  it('a bitset cursor seeks as its list does, across words and at bit 31', () => {
    fc.assert(
      fc.property(sortedList, fc.array(fc.integer({ min: 0, max: 420 }), { maxLength: 30 }), (list, targets) => {
        const bits = new BitsetCursor(BitsetCursor.bitsOf(list, 401), list.length);
        expect(readAll(new BitsetCursor(BitsetCursor.bitsOf(list, 401), list.length))).toEqual([...list]);
        for (const target of targets.sort((a, b) => a - b)) expect(bits.seek(target)).toBe(list.find((value) => value >= target) ?? end);
      }),
    );
    const top = new BitsetCursor(BitsetCursor.bitsOf(Int32Array.from([31, 63, 64]), 65), 3);
    expect(readAll(top)).toEqual([31, 63, 64]);
  });

  it('nested trees (a & (b | c)) and skipping seeks agree with sets', () => {
    fc.assert(
      fc.property(sortedList, sortedList, sortedList, fc.integer({ min: 1, max: 50 }), (a, b, c, stride) => {
        const expected = [...a].filter((value) => b.includes(value) || c.includes(value));
        const cursor = new IntersectionCursor([new ListCursor(a), new UnionCursor([new ListCursor(b), new ListCursor(c)])]);
        // Seeking ahead by a stride skips values; each answer is still the first match not below the target.
        const seen: number[] = [];
        for (let value = cursor.seek(0); value !== end; value = cursor.seek(value + stride)) seen.push(value);
        const strided: number[] = [];
        for (let target = 0; ;) {
          const next = expected.find((value) => value >= target);
          if (next === undefined) break;
          strided.push(next);
          target = next + stride;
        }
        expect(seen).toEqual(strided);
      }),
    );
  });
});
