import fs from 'node:fs';
import path from 'node:path';

/** bench/RESULTS-wire.md: the bundle bench and the Lighthouse bench each rewrite only their own section. */
export const wireResults = path.resolve('bench/RESULTS-wire.md');

const heading =
  '# On the wire: first load and Lighthouse\n\nWritten by `npm run bench:bundle` and `npm run bench:lighthouse`; each replaces only its own section.\n';

/** The section named `name` (between its markers) in place of the previous one, or at the end. */
export function writeWireSection(name: string, lines: readonly string[]): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const existing = fs.existsSync(wireResults) ? fs.readFileSync(wireResults, 'utf8') : heading;
  const section = `${start}\n${lines.join('\n').trim()}\n${end}`;
  const from = existing.indexOf(start);
  const to = existing.indexOf(end);
  const next = from >= 0 && to > from ? existing.slice(0, from) + section + existing.slice(to + end.length) : `${existing.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(wireResults, next);
}
