/**
 * Results files that several benches (or one bench per database) write into: each rewrites only its own section,
 * between `<!-- name:start -->` and `<!-- name:end -->`, and keeps everything else the file holds (the other
 * sections, and notes written by hand). bench/RESULTS.md keeps the identity bench's section this way, RESULTS-wire.md
 * the bundle's and Lighthouse's, RESULTS-listings.md and RESULTS-memory.md one per database.
 */
export const sectionStart = (name: string): string => `<!-- ${name}:start -->`;
export const sectionEnd = (name: string): string => `<!-- ${name}:end -->`;

/** The identity bench's section of bench/RESULTS.md (bench/identity.bench.ts). */
export const identitySection = 'identity-bench';

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

/** A report written anew (bench/RESULTS.md), keeping section `name` of the file it replaces. */
export function keepingSection(existing: string, report: string, name: string): string {
  const found = bounds(existing, name);
  if (!found) return report;
  return withSection(report, name, existing.slice(found[0] + sectionStart(name).length, found[1] - sectionEnd(name).length));
}
