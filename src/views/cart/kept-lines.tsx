import type { KeptLine } from '../../api/contract/cart-page.contract.ts';
import { keptLineUnavailable, keptSectionWords, lineLabel } from '../../rules/area-change.ts';
import { linkButton } from '../../styles/controls.css.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './kept-lines.css.ts';

/**
 * Lines kept for another zip (decisions 041, 047), one section per zip (at the shopper's zip, per delivery option): outside the cart's figures, back in the cart
 * when that zip is chosen again, each removable, and gone after their week.
 */
export function KeptLines({ kept, busy, onRemove }: { kept: readonly KeptLine[]; busy: boolean; onRemove: (keptId: number) => void }) {
  const currentZip = useSessionValue('zipcode');
  // One section per zip; at the zip the shopper is at, one per delivery option the lines are kept for.
  const sections = new Map<string, KeptLine[]>();
  const keyOf = (line: KeptLine) => (line.zipcode === currentZip ? `${line.zipcode} ${line.option ?? ''}` : line.zipcode);
  for (const line of kept) sections.set(keyOf(line), [...(sections.get(keyOf(line)) ?? []), line]);
  return (
    <>
      {[...sections.entries()].map(([key, lines], index) => {
        const first = lines[0];
        if (!first) return null;
        // The earliest expiry of the section's lines: none of them outlives the date shown.
        const expires = lines.map((l) => l.expires_at).sort()[0] ?? '';
        const words = keptSectionWords(first.zipcode, expires, currentZip, first.option);
        const headingId = `kept-${index}`;
        return (
          <section key={key} className={css.section} aria-labelledby={headingId}>
            <h2 id={headingId} className={css.heading}>
              {words.heading}
            </h2>
            <p className={css.note}>{words.note}</p>
            <ul className={css.lines}>
              {lines.map((line) => (
                <li key={line.kept_id} className={css.line}>
                  <span>
                    {lineLabel(line)}
                    {line.in_stock === false && <span className={css.note}> {keptLineUnavailable}</span>}
                  </span>
                  <button
                    type="button"
                    className={linkButton}
                    disabled={busy}
                    aria-label={words.remove(line.name)}
                    onClick={() => onRemove(line.kept_id)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
