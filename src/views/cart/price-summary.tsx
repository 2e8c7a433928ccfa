import type { CartData } from '../../api/contract/cart-page.contract.ts';
import { formatDiscount, formatMoney } from '../../rules/money.ts';
import { cartModeRows } from '../../rules/price-rows.ts';
import * as css from './cart-summary.css.ts';

/**
 * The server's figures: Subtotal, Discount, Delivery Fee (not for a cart collected at a restaurant: price-rows.ts),
 * Taxes (with the tax note), Fees and Grand Total.
 */
export function PriceSummary({ cart, busy }: { cart: CartData; busy: boolean }) {
  const discount = formatDiscount(cart.discount);
  const applies = cartModeRows(cart.delivery_groups);
  return (
    <section aria-label="Price summary" aria-busy={busy}>
      <h2 className={css.heading}>Price Summary</h2>
      <dl className={css.rows}>
        <Row term="Subtotal" amount={formatMoney(cart.subtotal)} />
        <Row term={cart.coupon_code ? `Discount (${cart.coupon_code})` : 'Discount'} amount={discount} />
        {applies.deliveryFee && <Row term="Delivery Fee" amount={formatMoney(cart.delivery_fee)} />}
        <Row term="Taxes" amount={formatMoney(cart.taxes)} note={cart.tax_note} />
        <Row term="Fees" amount={formatMoney(cart.fee_amount)} />
        <div className={css.grand}>
          <dt>Grand Total</dt>
          <dd className={css.amount}>{formatMoney(cart.grandtotal)}</dd>
        </div>
      </dl>
      {/* The totals are the server's: while a change is on its way they are a moment behind. */}
      {busy && <p className={css.busy}>Updating totals…</p>}
    </section>
  );
}

function Row({ term, amount, note }: { term: string; amount: string; note?: string }) {
  return (
    <div className={css.row}>
      <dt className={css.term}>{term}</dt>
      <dd className={css.amount}>{amount}</dd>
      {note && <dd className={css.note}>{note}</dd>}
    </div>
  );
}
