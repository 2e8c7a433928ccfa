import fs from 'node:fs';
import path from 'node:path';
import { withSection } from './results-sections.ts';

/** bench/RESULTS-wire.md: the bundle bench and the Lighthouse bench each rewrite only their own section. */
export const wireResults = path.resolve('bench/RESULTS-wire.md');

const heading =
  '# On the wire: first load and Lighthouse\n\nWritten by `npm run bench:bundle` and `npm run bench:lighthouse`; each replaces only its own section.\n';

/** The section named `name` (between its markers) in place of the previous one, or at the end. */
export function writeWireSection(name: string, lines: readonly string[]): void {
  const existing = fs.existsSync(wireResults) ? fs.readFileSync(wireResults, 'utf8') : '';
  fs.writeFileSync(wireResults, withSection(existing, name, lines.join('\n'), heading));
}
