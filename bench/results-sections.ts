/**
 * bench/RESULTS.md holds the catalogue bench's report and, between these markers, the identity bench's section
 * (bench/identity.bench.ts). Each bench rewrites only its own part.
 */
export const identitySectionStart = '<!-- identity-bench:start -->';
export const identitySectionEnd = '<!-- identity-bench:end -->';

function bounds(text: string): [number, number] | undefined {
  const start = text.indexOf(identitySectionStart);
  const end = text.indexOf(identitySectionEnd);
  return start >= 0 && end > start ? [start, end + identitySectionEnd.length] : undefined;
}

/** The identity section in place of the previous one, or at the end. */
export function withIdentitySection(existing: string, section: string): string {
  const found = bounds(existing);
  if (found) return existing.slice(0, found[0]) + section.trim() + existing.slice(found[1]);
  return `${existing.trimEnd()}\n\n${section.trim()}\n`;
}

/** A new catalogue report, keeping the identity section the old file had. */
export function keepingIdentitySection(existing: string, report: string): string {
  const found = bounds(existing);
  return found ? withIdentitySection(report, existing.slice(found[0], found[1])) : report;
}
