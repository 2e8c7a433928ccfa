import type { OrderSummary } from '../../api/contract/checkout.contract.ts';
import { capitalised } from '../../rules/account-settings.ts';
import { formatUsDate } from '../../rules/delivery-dates.ts';
import { lineNote } from '../../rules/catch-weight.ts';
import { formatDiscount, formatMoney } from '../../rules/money.ts';
import * as css from './settings.css.ts';

/** An order's items (with their status, delivery and date) and its totals: the Orders tab and the order status page. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <>
      <table className={css.table}>
        <thead>
          <tr className={css.headRow}>
            <th className={css.th}>PRODUCT</th>
            <th className={css.th}>QTY</th>
            <th className={css.th}>TOTAL</th>
            <th className={css.th}>STATUS</th>
            <th className={css.th}>DELIVERY</th>
            <th className={css.th}>DATE</th>
          </tr>
        </thead>
        <tbody className={css.body}>
          {order.items.map((item, index) => (
            <tr key={index} className={css.row}>
              <td className={css.td}>
                {item.product_name}
                {item.vendor_name && <span className={css.nickname}>{item.vendor_name}</span>}
                {lineNote(item) && (
                  <span className={css.nickname} data-testid="line-note">
                    {lineNote(item)}
                  </span>
                )}
              </td>
              <td className={css.labelledTd} data-label="QTY">
                {item.product_qty}
              </td>
              <td className={css.labelledTd} data-label="TOTAL">
                {formatMoney(item.row_total)}
              </td>
              <td className={css.labelledTd} data-label="STATUS">
                {capitalised(item.status)}
              </td>
              <td className={css.labelledTd} data-label="DELIVERY">
                {item.delivery_method}
              </td>
              <td className={css.labelledTd} data-label="DATE">
                {item.delivery_date ? formatUsDate(item.delivery_date) : '—'}
                {item.time_slot && ` ${item.time_slot}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Every part of the total, named as the cart's and the summary's price summary name them, so the rows add up. */}
      <dl className={css.totals} aria-label="Order totals">
        <Amount name="Subtotal" value={order.subtotal} />
        <Amount name="Discount" value={order.discount} discount />
        <Amount name="Delivery Fee" value={order.delivery_fee} />
        <Amount name="Taxes" value={order.tax} />
        <Amount name="Fees" value={order.fee_amount} />
        <Amount name="Driver Tip" value={order.driver_tip} />
        <Amount name={order.cap_rule ? 'Estimated Total' : 'Grand Total'} value={order.grand_total} strong />
        {order.final_total && <Amount name="Final Total" value={order.final_total} strong />}
      </dl>
      {order.cap_rule && (
        <p className={css.nickname} data-testid="cap-rule">
          {order.final_total ? 'Charged at the weighed amount.' : 'Items sold by weight are charged at their weight when packed.'} {order.cap_rule}
        </p>
      )}
    </>
  );
}

function Amount({ name, value, strong = false, discount = false }: { name: string; value: string; strong?: boolean; discount?: boolean }) {
  return (
    <>
      <dt className={strong ? css.grandTotal : undefined}>{name}</dt>
      <dd className={strong ? css.grandTotal : css.factValue}>{discount ? formatDiscount(value) : formatMoney(value)}</dd>
    </>
  );
}
