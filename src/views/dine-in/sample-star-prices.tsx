import { useEffect, useRef } from 'react';
import { centsToDollars, formatMoney } from '../../rules/money.ts';
import { sampleStarPrices } from '../../rules/dine-in.ts';
import { secondaryButton } from '../../styles/controls.css.ts';
import * as dialog from '../../styles/dialog.css.ts';
import * as css from './dine-in.css.ts';

/** The spec's sample star-rating price dialog: what a dinner for two costs at each star category, multiples of a base. */
export function SampleStarPrices({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className={dialog.backdrop} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className={dialog.dialog} role="dialog" aria-modal="true" aria-labelledby="sample-stars-title">
        <h2 id="sample-stars-title" className={dialog.title}>
          Sample star-rating prices
        </h2>
        <table className={css.sampleTable}>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">A steak dinner for two, from</th>
            </tr>
          </thead>
          <tbody>
            {sampleStarPrices().map(({ stars, price }) => (
              <tr key={stars}>
                <td>
                  <span className={css.stars}>{'★'.repeat(stars)}</span> {stars} star
                </td>
                <td>{formatMoney(centsToDollars(price * 100))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={close} type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
