import { brandLabel } from '../../../machines/cards/index.ts';
import { expiryLabel, maskedCardNumber } from '../../../rules/card-validation.ts';
import * as css from './card-preview.css.ts';

export interface CardPreviewProps {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  chosen: boolean;
  onChoose: () => void;
}

/** The name people (and the e2e tests) know a card by: 'Visa ending 4242, expires 12/30'. */
export function cardPreviewName(brand: string, last4: string, expMonth: number, expYear: number): string {
  return `${brandLabel(brand)} ending ${last4}, expires ${expiryLabel(expMonth, expYear)}`;
}

/** A saved card drawn as a card: twelve masked characters then the last four, expiry MM/YY (spec section 9). */
export function CardPreview({ brand, last4, expMonth, expYear, holder, chosen, onChoose }: CardPreviewProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={chosen}
      aria-label={cardPreviewName(brand, last4, expMonth, expYear)}
      className={css.preview}
      onClick={onChoose}
    >
      <span className={css.brand}>{brandLabel(brand)}</span>
      <span className={css.number}>{maskedCardNumber(last4)}</span>
      <span className={css.meta}>
        <span>{holder}</span>
        <span>{expiryLabel(expMonth, expYear)}</span>
      </span>
    </button>
  );
}
