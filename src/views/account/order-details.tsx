import type { OrderSummary } from '../../api/contract/checkout.contract.ts';
import { capitalised } from '../../rules/account-settings.ts';
import { formatUsDate } from '../../rules/delivery-dates.ts';
import { lineNote, lineTotal, orderTotalNote, orderTotalRows } from '../../rules/catch-weight.ts';
import { lineHeadline } from '../../rules/fulfilment.ts';
import { formatDiscount, formatMoney } from '../../rules/money.ts';
import { refundLine } from '../../rules/order-refunds.ts';
import * as css from './settings.css.ts';

/** An order's items (each with its own seller's step, delivery and date) and its totals: the Orders tab and the order status page. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  const note = orderTotalNote(order);
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
                {lineNote(item, order.timeline) && (
                  <span className={css.nickname} data-testid="line-note">
                    {lineNote(item, order.timeline)}
                  </span>
                )}
              </td>
              <td className={css.labelledTd} data-label="QTY">
                {item.product_qty}
              </td>
              <td className={css.labelledTd} data-label="TOTAL">
                <span className={css.unbroken}>{formatMoney(lineTotal(item))}</span>
              </td>
              <td className={css.labelledTd} data-label="STATUS">
                {capitalised(lineHeadline(order, item))}
              </td>
              <td className={css.labelledTd} data-label="DELIVERY">
                {item.delivery_method}
              </td>
              <td className={css.labelledTd} data-label="DATE">
                <span className={css.unbroken}>{item.delivery_date ? formatUsDate(item.delivery_date) : '—'}</span>
                {item.time_slot && (
                  <>
                    {' '}
                    <span className={css.unbroken}>{item.time_slot}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Every part of the total, named as the cart's and the summary's price summary name them, so the rows add up. */}
      <dl className={css.totals} aria-label="Order totals">
        {orderTotalRows(order).map((row) => (
          <Amount key={row.name} name={row.name} value={row.value} strong={row.total === true} discount={row.discount === true} />
        ))}
      </dl>
      {note && (
        <p className={css.nickname} data-testid="cap-rule">
          {note}
        </p>
      )}
      {order.refunds?.map((refund, index) => (
        <p key={index} className={css.status} data-testid="refund">
          {refundLine(refund)}
        </p>
      ))}
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
