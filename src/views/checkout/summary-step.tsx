import { useSelector } from '@xstate/react';
import { tipAmount } from '../../rules/checkout-flow.ts';
import { dollarsToCents, formatMoney } from '../../rules/money.ts';
import { isTipAllowed, tipPercents } from '../../rules/tips.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { CouponBox } from '../controls/coupon-box.tsx';
import * as css from './checkout.css.ts';
import type { CheckoutActor } from './checkout-page.tsx';
import { OrderPlaced } from './order-placed.tsx';
import { BankCheck } from './bank-check.tsx';
import { ReviewTotals } from './review-totals.tsx';

/** Order Summary: items, coupon, driver tip (1 Hour Delivery only), gift, the server's totals and PLACE ORDER. */
export function SummaryStep({ actor }: { actor: CheckoutActor }) {
  const placed = useSelector(actor, (s) => s.matches({ flow: 'placed' }));
  const reviewing = useSelector(actor, (s) => s.matches({ flow: { checkout: 'reviewing' } }));
  const placing = useSelector(actor, (s) => s.matches({ flow: { checkout: 'placing' } }));
  const failed = useSelector(actor, (s) => s.matches({ flow: { checkout: 'reviewFailed' } }));
  const review = useSelector(actor, (s) => s.context.review);
  const reviewMessage = useSelector(actor, (s) => s.context.reviewMessage);
  const flow = useSelector(actor, (s) => s.context.flow);
  const canPlace = useSelector(actor, (s) => s.can({ type: 'order.place' }));
  const canApplyCoupon = useSelector(actor, (s) => s.can({ type: 'coupon.apply' }));
  const couponText = useSelector(actor, (s) => s.context.couponText);
  const couponMessage = useSelector(actor, (s) => s.context.couponMessage);

  if (placed) return <OrderPlaced actor={actor} />;
  const tipOffered = flow.selectedSpeedID !== undefined && isTipAllowed(flow.selectedSpeedID);
  return (
    <section className={css.summaryLayout} aria-labelledby="summary-title">
      <div className={css.panel}>
        <div className={css.page}>
          <h2 id="summary-title" className={css.title}>
            Order Summary
          </h2>
          {failed && (
            <div role="alert" className={css.actions}>
              <p className={css.error}>{reviewMessage}</p>
              <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'review.retry' })}>
                Try again
              </button>
            </div>
          )}
          {!review && reviewing && (
            <p className={css.status} role="status">
              Loading your order…
            </p>
          )}
          {review && (
            <ul className={css.items} aria-label="Items">
              {review.result.map((line) => (
                <li key={line.cart_rid} className={css.item}>
                  <span>
                    {line.name} · {line.bottle_size} g × {line.qty}
                  </span>
                  <span>{formatMoney(line.row_total)}</span>
                </li>
              ))}
            </ul>
          )}
          {review && (
            <CouponBox
              text={couponText}
              applied={review.coupon_code}
              message={couponMessage}
              busy={!canApplyCoupon || placing}
              onChange={(code) => actor.send({ type: 'coupon.change', code })}
              onApply={() => actor.send({ type: 'coupon.apply' })}
              onRemove={() => actor.send({ type: 'coupon.remove' })}
            />
          )}
          {tipOffered && review && (
            <fieldset className={css.field}>
              <legend>Driver tip</legend>
              <div className={css.tips}>
                {tipPercents.map((percent) => (
                  <button
                    key={percent}
                    type="button"
                    className={css.tipButton}
                    aria-pressed={flow.tipPercent === percent}
                    aria-label={`${percent}%`}
                    title={formatMoney(tipAmount(review.subtotal, percent, flow.selectedSpeedID))}
                    disabled={placing}
                    onClick={() => actor.send({ type: 'tip.choose', percent })}
                  >
                    {percent}% ({formatMoney(tipAmount(review.subtotal, percent, flow.selectedSpeedID))})
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          <label className={css.checkboxRow}>
            <input type="checkbox" role="switch" checked={flow.isGift} disabled={placing} onChange={() => actor.send({ type: 'gift.toggle' })} />
            This order is a gift
          </label>
          {flow.isGift && (
            <label className={css.field}>
              Gift message
              <textarea
                className={css.textarea}
                value={flow.giftMessage}
                maxLength={500}
                disabled={placing}
                onChange={(e) => actor.send({ type: 'gift.message.change', text: e.target.value })}
              />
            </label>
          )}
        </div>
      </div>
      <aside className={css.panel} aria-label="Order totals">
        <div className={css.page}>
          {review && <ReviewTotals review={review} busy={reviewing} />}
          <BankCheck actor={actor} />
          <button type="button" className={primaryButton} disabled={!canPlace || !review || dollarsToCents(review.grandtotal) === undefined} aria-busy={placing} onClick={() => actor.send({ type: 'order.place' })}>
            {placing && <span className={css.spinner} aria-hidden="true" />}
            PLACE ORDER
          </button>
        </div>
      </aside>
    </section>
  );
}
