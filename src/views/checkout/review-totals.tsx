import type { OrderReview } from '../../machines/checkout/index.ts';
import { formatDiscount, formatMoney } from '../../rules/money.ts';
import { modeRowsOf } from '../../rules/price-rows.ts';
import * as css from './checkout.css.ts';

/** The server's figures for the order, the driver tip among them where the speed has a driver (price-rows.ts). */
export function ReviewTotals({ review, busy }: { review: OrderReview; busy: boolean }) {
  const discount = formatDiscount(review.discount);
  const applies = modeRowsOf(review.speed_id);
  const rows: [string, string | undefined][] = [
    ['Subtotal', formatMoney(review.subtotal)],
    [review.coupon_code ? `Discount (${review.coupon_code})` : 'Discount', discount],
    ['Delivery Fee', applies.deliveryFee ? formatMoney(review.delivery_fee) : undefined],
    ['Taxes', formatMoney(review.taxes)],
    ['Fees', formatMoney(review.fee_amount)],
    ['Driver Tip', applies.driverTip ? formatMoney(review.driver_tip) : undefined],
  ];
  return (
    <section aria-label="Price summary" aria-busy={busy}>
      <h3>Price Summary</h3>
      <dl className={css.rows}>
        {rows.map(
          ([term, amount]) =>
            amount !== undefined && (
              <div key={term} className={css.row}>
                <dt>{term}</dt>
                <dd>{amount}</dd>
              </div>
            ),
        )}
        <div className={css.grand}>
          <dt>Grand Total</dt>
          <dd>{formatMoney(review.grandtotal)}</dd>
        </div>
      </dl>
      {review.tax_note && <p>{review.tax_note}</p>}
    </section>
  );
}
