import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { stripMachineDescriptions } from '../../scripts/strip-machine-descriptions.ts';

describe('the browser build drops the machines’ written descriptions', () => {
  it('removes every description written as text, in configs and in the objects built beside them', () => {
    const source = [
      "const onDone = [{ description: 'Saved.', target: 'idle' }, { description: `Refused: ${'x'}`, target: 'failed' }];",
      "const final = (name) => ({ type: 'final', description: `${name}: done` });",
      'export const m = setup({}).createMachine({',
      "  id: 'm', description: 'The flow', initial: 'idle',",
      "  states: { idle: { description: 'Waiting', on: { go: { target: 'busy', description: 'Go' } } }, busy: { 'description': 'Busy' } },",
      '});',
    ].join('\n');
    const out = stripMachineDescriptions(source);
    expect(out).not.toMatch(/description/);
    expect(out).toContain("target: 'busy'");
    expect(out).toContain("id: 'm', initial: 'idle'");
    expect(() => parseAst(out, { lang: 'ts' })).not.toThrow();
  });

  it('keeps a description passed along by reference (a product’s, a retailer’s): data, not words for the charts', () => {
    const source = 'const line = { name: product.name, description: product.description, price: 1 };';
    expect(stripMachineDescriptions(source)).toBe(source);
  });

  it('leaves every machine file of the store a valid module with none of its written descriptions', () => {
    const files = fs
      .readdirSync('src/machines', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => path.join('src/machines', file));
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const out = stripMachineDescriptions(source, file);
      expect(() => parseAst(out, { lang: 'ts' }), file).not.toThrow();
      expect(out, file).not.toMatch(/\bdescription:\s*['"`]/);
      if (/\bdescription:\s*['"`]/.test(source)) expect(out.length, file).toBeLessThan(source.length);
    }
  });
});
