import { parseAst } from 'vite';
import type { Plugin } from 'vite';

/**
 * The words every state and transition carries (`description`) are for analysts and QA: the charts, the flow docs
 * and the path tests read them from the source (tests/flows), and the dev server's /flows page from the live actors.
 * The shipped app never reads them, yet they were a tenth of the entry's own script and of every lazy screen's. So the
 * browser build drops, from the files under src/machines only, every `description` property whose value is written
 * out as text: in `createMachine` configs and in the state and transition objects some machines build beside them.
 * A product's or a retailer's description is data the machines pass along by reference, never a written text.
 */

interface Node {
  type: string;
  start: number;
  end: number;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function children(node: Node): Node[] {
  return Object.values(node).flatMap((value: unknown) => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []));
}

function isDescriptionProperty(node: Node): boolean {
  if (node.type !== 'Property') return false;
  const { key, computed } = node as { key?: { type?: string; name?: unknown; value?: unknown }; computed?: boolean };
  if (computed) return false;
  const named = (key?.type === 'Identifier' && key.name === 'description') || (key?.type === 'Literal' && key.value === 'description');
  const value = (node as { value?: { type?: string; value?: unknown } }).value;
  const written = value?.type === 'TemplateLiteral' || (value?.type === 'Literal' && typeof value.value === 'string');
  return named && written;
}

/** The source ranges of every `description` property written out as text, with the comma after it. */
export function descriptionRanges(code: string, program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const collect = (node: Node): void => {
    if (isDescriptionProperty(node)) {
      // Take the separating comma (and the spaces before it) with the property, so the object stays well formed.
      const after = /^\s*,[ \t]*/.exec(code.slice(node.end));
      ranges.push([node.start, node.end + (after ? after[0].length : 0)]);
      return;
    }
    children(node).forEach(collect);
  };
  collect(program);
  return ranges;
}

/** The code without those descriptions (the ranges do not overlap: a description's text holds no property). */
export function stripMachineDescriptions(code: string, filename = 'machine.ts'): string {
  const ranges = descriptionRanges(code, parseAst(code, { lang: 'ts' }, filename) as unknown as Node);
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

const machineFile = /[\\/]src[\\/]machines[\\/].*\.ts$/;

/** `vite build` only (the dev server keeps them for /flows); after TypeScript is stripped. */
export function stripMachineDescriptionsPlugin(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!machineFile.test(id) || !code.includes('description')) return null;
      return { code: stripMachineDescriptions(code, id), map: null };
    },
  };
}
