import { writeGeneratedSection } from './results-files.ts';

const heading =
  '# On the wire: first load and Lighthouse\n\nWritten by `npm run bench:bundle` and `npm run bench:lighthouse`; each replaces only its own section. ' +
  'What changed the figures: bench/analysis/wire.md.\n';

/** bench/results/wire.generated.md: the bundle bench and the Lighthouse bench each rewrite only their own section. */
export function writeWireSection(name: string, lines: readonly string[]): string {
  return writeGeneratedSection('wire.generated.md', name, lines.join('\n'), heading);
}
