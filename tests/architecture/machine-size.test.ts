import { describe, expect, it } from 'vitest';

/**
 * Issue 22: a machine file holds one chart a reader can take in. Over 400 lines, split it as the checkout does: step
 * machines invoked by a thin parent, or the setup's types and implementations moved to `<name>.setup.ts`.
 */
const maxLines = 400;
const machineSources = import.meta.glob<string>('../../src/machines/**/*.machine.ts', { eager: true, query: '?raw', import: 'default' });

describe('machine files', () => {
  it('are found', () => {
    expect(Object.keys(machineSources).length).toBeGreaterThan(30);
  });

  it(`are at most ${maxLines} lines each`, () => {
    const long = Object.entries(machineSources)
      .map(([file, source]) => ({ file: file.replace('../../', ''), lines: source.split('\n').length - (source.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, `split these (child machines, or <name>.setup.ts for the setup)`).toEqual([]);
  });
});
