/**
 * Results files that several benches (or one bench per database) write into: each rewrites only its own section,
 * between `<!-- name:start -->` and `<!-- name:end -->`, and keeps the others: bench/results/wire.generated.md holds
 * the bundle's and Lighthouse's, listings, memory, search and checkout one per database. Only generated text lives in
 * these files (results-files.ts); the analysis of the figures is in bench/analysis/.
 */
export const sectionStart = (name: string): string => `<!-- ${name}:start -->`;
export const sectionEnd = (name: string): string => `<!-- ${name}:end -->`;

function bounds(text: string, name: string): [number, number] | undefined {
  const start = text.indexOf(sectionStart(name));
  const end = text.indexOf(sectionEnd(name));
  return start >= 0 && end > start ? [start, end + sectionEnd(name).length] : undefined;
}

/** Section `name` holding `body`, in place of its previous one, or at the end (under `heading` in a new file). */
export function withSection(existing: string, name: string, body: string, heading = ''): string {
  const section = `${sectionStart(name)}\n${body.trim()}\n${sectionEnd(name)}`;
  const found = bounds(existing, name);
  if (found) return existing.slice(0, found[0]) + section + existing.slice(found[1]);
  const base = existing.trim() === '' ? heading : existing;
  return base.trim() === '' ? `${section}\n` : `${base.trimEnd()}\n\n${section}\n`;
}
