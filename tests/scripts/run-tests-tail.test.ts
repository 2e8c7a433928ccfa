import { describe, expect, it } from 'vitest';
import { keptLines, lineTail } from '../../scripts/run-tests.ts';

describe("npm test's kept tail of a side-by-side stage", () => {
  it('holds the last lines in the order written, no more than keptLines', () => {
    const tail = lineTail();
    for (let line = 1; line <= keptLines + 30; line += 1) tail.add(`line ${line}`);
    const lines = tail.lines();
    expect(lines).toHaveLength(keptLines);
    expect(lines[0]).toBe('line 31');
    expect(lines.at(-1)).toBe(`line ${keptLines + 30}`);
  });

  it('holds every line of a short stage', () => {
    const tail = lineTail();
    tail.add('FAIL tests/server/x.test.ts');
    tail.add('AssertionError: expected 1 to be 2');
    expect(tail.lines()).toEqual(['FAIL tests/server/x.test.ts', 'AssertionError: expected 1 to be 2']);
  });
});
