import type { CartLine as CartLineData } from '../../api/contract/cart-page.contract.ts';
import { lineMaxQuantity, lineShortage } from '../../rules/cart-checkout.ts';
import { lineEstimate } from '../../rules/catch-weight.ts';
import { dollarsToCents, formatMoney } from '../../rules/money.ts';
import { formatSize } from '../../rules/sizes.ts';
import { linkButton } from '../../styles/controls.css.ts';
import * as css from './cart-line.css.ts';

export interface CartLineProps {
  /** The line as shown: a pending quantity already applied. */
  line: CartLineData;
  onQuantity: (qty: number) => void;
  onRemove: () => void;
}

/** One item: image, name, size, unit price, the quantity stepper, its total and Remove. */
export function CartLine({ line, onQuantity, onRemove }: CartLineProps) {
  const estimate = line.wallet ? undefined : lineEstimate({ ...line, rowTotalCents: dollarsToCents(line.row_total) ?? 0 });
  // Sold out or short since it was added: marked, and not in the cart's totals (the server leaves it out).
  const shortage = lineShortage(line);
  return (
    <li className={css.line}>
      <img className={css.image} src={line.image} alt="" width={72} height={72} loading="lazy" />
      <div className={css.details}>
        <p className={css.name}>{line.name}</p>
        <p className={css.meta}>
          {line.bottle_size > 0 ? `${formatSize(line.bottle_size, line.size_unit)} · ` : ''}
          {line.wallet ? 'From your wallet' : `${formatMoney(line.product_price)} each`}
        </p>
        {estimate && !shortage && <p className={css.meta}>{estimate}</p>}
        {shortage && <p className={css.shortage}>{shortage}</p>}
      </div>
      <div className={css.stepper} role="group" aria-label={`Change quantity of ${line.name}`}>
        <button
          type="button"
          className={css.stepButton}
          aria-label={`Decrease quantity of ${line.name}`}
          disabled={line.qty <= 0}
          onClick={() => onQuantity(line.qty - 1)}
        >
          −
        </button>
        <output className={css.qty} aria-label={`Quantity of ${line.name}`} aria-live="polite">
          {line.qty}
        </output>
        <button
          type="button"
          className={css.stepButton}
          aria-label={`Increase quantity of ${line.name}`}
          // Not above the stock (or 24). A wallet line redeems one at a time (spec: quantity fixed at 1); Remove or − still take it out.
          disabled={line.qty >= lineMaxQuantity(line) || line.wallet === true}
          onClick={() => onQuantity(line.qty + 1)}
        >
          +
        </button>
      </div>
      <div className={css.end}>
        <span className={shortage ? `${css.total} ${css.notCounted}` : css.total}>{formatMoney(line.row_total)}</span>
        <button type="button" className={linkButton} aria-label={`Remove ${line.name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
