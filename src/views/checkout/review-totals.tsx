import type { OrderReview } from '../../machines/checkout/index.ts';
import { formatDiscount, formatMoney } from '../../rules/money.ts';
import * as css from './checkout.css.ts';

/** The server's figures for the order, the driver tip among them. */
export function ReviewTotals({ review, busy }: { review: OrderReview; busy: boolean }) {
  const discount = formatDiscount(review.discount);
  const rows: [string, string][] = [
    ['Subtotal', formatMoney(review.subtotal)],
    [review.coupon_code ? `Discount (${review.coupon_code})` : 'Discount', discount],
    ['Delivery Fee', formatMoney(review.delivery_fee)],
    ['Taxes', formatMoney(review.taxes)],
    ['Fees', formatMoney(review.fee_amount)],
    ['Driver Tip', formatMoney(review.driver_tip)],
  ];
  return (
    <section aria-label="Price summary" aria-busy={busy}>
      <h3>Price Summary</h3>
      <dl className={css.rows}>
        {rows.map(([term, amount]) => (
          <div key={term} className={css.row}>
            <dt>{term}</dt>
            <dd>{amount}</dd>
          </div>
        ))}
        <div className={css.grand}>
          <dt>Grand Total</dt>
          <dd>{formatMoney(review.grandtotal)}</dd>
        </div>
      </dl>
      {review.tax_note && <p>{review.tax_note}</p>}
    </section>
  );
}
