import type { KeptLine } from '../../api/contract/cart-page.contract.ts';
import { keptLineUnavailable, keptSectionWords, lineLabel } from '../../rules/area-change.ts';
import { linkButton } from '../../styles/controls.css.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './kept-lines.css.ts';

/**
 * Lines kept for another zip (decisions 041, 047), one section per zip: outside the cart's figures, back in the cart
 * when that zip is chosen again, each removable, and gone after their week.
 */
export function KeptLines({ kept, busy, onRemove }: { kept: readonly KeptLine[]; busy: boolean; onRemove: (keptId: number) => void }) {
  const currentZip = useSessionValue('zipcode');
  const byZip = new Map<string, KeptLine[]>();
  for (const line of kept) byZip.set(line.zipcode, [...(byZip.get(line.zipcode) ?? []), line]);
  return (
    <>
      {[...byZip.entries()].map(([zipcode, lines]) => {
        // The earliest expiry of the zip's lines: none of them outlives the date shown.
        const expires = lines.map((l) => l.expires_at).sort()[0] ?? '';
        const words = keptSectionWords(zipcode, expires, currentZip);
        const headingId = `kept-${zipcode}`;
        return (
          <section key={zipcode} className={css.section} aria-labelledby={headingId}>
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
