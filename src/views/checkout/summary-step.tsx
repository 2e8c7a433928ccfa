import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  selectReview,
  selectReviewMessage,
  selectSummaryRefusal,
  selectSummaryCouponEditable,
  selectSummaryCouponOffered,
  selectSummaryGiftOffered,
  selectSummaryCouponMessage,
  selectSummaryCouponText,
  selectSummaryEditable,
  selectSummaryFlow,
  selectSummaryPayment,
  selectSummaryStep,
  selectSubstitutions,
  selectTipOffered,
  type CheckoutSummaryActor,
} from '../../machines/checkout/index.ts';
import {
  defaultSubstitutionPreference,
  isSubstitutionPreference,
  substitutionPreferenceLabel,
  substitutionPreferences,
} from '../../rules/catch-weight.ts';
import { driverSubtotal, driverTipNote, tipAmount } from '../../rules/checkout-flow.ts';
import { outOfStockChoiceApplies } from '../../rules/wallet.ts';
import { formatSize } from '../../rules/sizes.ts';
import { dollarsToCents, formatMoney } from '../../rules/money.ts';
import { tipPercents } from '../../rules/tips.ts';
import { refusalFixWords, refusalStep, type RefusalFixTab } from '../../rules/place-order-refusal.ts';
import { lineShortage } from '../../rules/cart-checkout.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { CouponBox } from '../controls/coupon-box.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';
import { OrderPlaced } from './order-placed.tsx';
import { BankCheck } from './bank-check.tsx';
import { BookedLines } from './booked-lines.tsx';
import { ReviewTotals } from './review-totals.tsx';
import { GiftMessageField } from './gift-message-field.tsx';
import { useShownMessage } from '../layout/shown-message.ts';

/** The summary step's actor while the step is open; 'Order Placed.' once it has ended so. */
export function SummaryStep() {
  const placed = CheckoutActorContext.useSelector((s) => s.matches({ flow: 'placed' }));
  const actor = CheckoutActorContext.useSelector(selectSummaryStep);
  if (placed) return <OrderPlaced />;
  return actor ? <Summary actor={actor} /> : null;
}

/** Order Summary: items, coupon, driver tip (1 Hour Delivery only), gift, the server's totals and PLACE ORDER. */
function Summary({ actor }: { actor: CheckoutSummaryActor }) {
  const reviewing = useSelector(actor, (s) => s.matches('reviewing'));
  const placing = useSelector(actor, (s) => s.matches({ ordering: 'placing' }));
  const failed = useSelector(actor, (s) => s.matches('reviewFailed'));
  const tipOffered = useSelector(actor, selectTipOffered);
  const review = useSelector(actor, selectReview);
  // The tip is over the items the driver brings: said when that is not the whole subtotal (a mixed cart).
  const tipNote = review ? driverTipNote(review.result, review.subtotal) : undefined;
  const reviewMessage = useShownMessage(useSelector(actor, selectReviewMessage));
  const flow = useSelector(actor, selectSummaryFlow);
  const payment = useSelector(actor, selectSummaryPayment);
  const substitutions = useSelector(actor, selectSubstitutions);
  const canPlace = useSelector(actor, (s) => s.can({ type: 'order.place' }));
  const refusal = useSelector(actor, selectSummaryRefusal);
  const checkout = CheckoutActorContext.useActorRef();
  const canApplyCoupon = useSelector(actor, (s) => s.can({ type: 'coupon.apply' }));
  const couponText = useSelector(actor, selectSummaryCouponText);
  const couponMessage = useSelector(actor, selectSummaryCouponMessage);
  const couponEditable = useSelector(actor, selectSummaryCouponEditable);
  const editable = useSelector(actor, selectSummaryEditable);
  const couponOffered = useSelector(actor, selectSummaryCouponOffered);
  const giftOffered = useSelector(actor, selectSummaryGiftOffered);

  return (
    <section className={css.summaryLayout} aria-labelledby="summary-title">
      <div className={css.panel}>
        <div className={css.page}>
          <h2 id="summary-title" className={css.title}>
            Order Summary
          </h2>
          <BookedLines actor={actor} />
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
              {review.result.map((line) => {
                // Sold out or short since CHECKOUT: marked as the cart marks it, and out of the server's totals.
                const shortage = lineShortage(line);
                return (
                  <li key={line.cart_rid} className={css.item}>
                    <span className={css.itemLine}>
                      <span>
                        {line.name} · {formatSize(line.bottle_size, line.size_unit)} × {line.qty}
                      </span>
                      {shortage && <span className={css.shortage}>{shortage}</span>}
                      {!shortage && outOfStockChoiceApplies(line) && (
                        <label className={css.substitution}>
                          If out of stock:
                          <select
                            aria-label={`If ${line.name} is out of stock`}
                            value={substitutions[line.cart_rid] ?? defaultSubstitutionPreference}
                            disabled={!editable}
                            onChange={(event) => {
                              const preference = event.target.value;
                              if (isSubstitutionPreference(preference))
                                actor.send({ type: 'substitution.choose', cartRid: line.cart_rid, preference });
                            }}
                          >
                            {substitutionPreferences.map((preference) => (
                              <option key={preference} value={preference}>
                                {substitutionPreferenceLabel(preference, line)}
                              </option>
                            ))}
                          </select>
                        </label>
                      )}
                    </span>
                    <span className={shortage ? css.notCounted : undefined}>{formatMoney(line.row_total)}</span>
                  </li>
                );
              })}
            </ul>
          )}
          {review && couponOffered && (
            <CouponBox
              text={couponText}
              applied={review.coupon_code}
              message={couponMessage}
              busy={!canApplyCoupon || placing}
              readOnly={!couponEditable}
              onChange={(code) => actor.send({ type: 'coupon.change', code })}
              onApply={() => actor.send({ type: 'coupon.apply' })}
              onRemove={() => actor.send({ type: 'coupon.remove' })}
            />
          )}
          {tipOffered && review && (
            <fieldset className={css.field}>
              <legend>Driver tip</legend>
              {tipNote && <p className={css.tipNote}>{tipNote}</p>}
              <div className={css.tips}>
                {tipPercents.map((percent) => (
                  <button
                    key={percent}
                    type="button"
                    className={css.tipButton}
                    aria-pressed={flow.tipPercent === percent}
                    disabled={!editable}
                    onClick={() => actor.send({ type: 'tip.choose', percent })}
                  >
                    {percent}% ({formatMoney(tipAmount(driverSubtotal(review.result), percent, flow.selectedSpeedID))})
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {giftOffered && (
            <label className={css.checkboxRow}>
              <input type="checkbox" role="switch" checked={flow.isGift} disabled={!editable} onChange={() => actor.send({ type: 'gift.toggle' })} />
              This order is a gift
            </label>
          )}
          {giftOffered && flow.isGift && (
            <GiftMessageField text={flow.giftMessage} editable={editable} onChange={(text) => actor.send({ type: 'gift.message.change', text })} />
          )}
        </div>
      </div>
      <aside className={css.panel} aria-label="Order totals">
        <div className={css.page}>
          {review && <ReviewTotals review={review} busy={reviewing} />}
          {payment && (
            <p className={css.paymentChosen}>
              Payment: <strong>{payment}</strong>
            </p>
          )}
          <BankCheck actor={actor} />
          <button
            type="button"
            className={primaryButton}
            disabled={!canPlace || !review || dollarsToCents(review.grandtotal) === undefined}
            aria-busy={placing}
            onClick={() => actor.send({ type: 'order.place' })}
          >
            {placing && <span className={css.spinner} aria-hidden="true" />}
            PLACE ORDER
          </button>
          {refusal && (
            <div role="alert" className={css.actions}>
              <p className={css.error}>{refusal.message}</p>
              {refusal.fixAt && <RefusalWayOn fixAt={refusal.fixAt} onTab={(fix) => checkout.send({ type: 'tab.select', tab: refusalStep[fix] })} />}
            </div>
          )}
        </div>
      </aside>
    </section>
  );
}

/**
 * The way to what fixes place order's refusal: its checkout tab (a seller's slot: the speed tab's), or the cart (a
 * table's date and time is chosen beside its group there, decision 086 left; a line sold out is removed there).
 */
function RefusalWayOn({ fixAt, onTab }: { fixAt: RefusalFixTab; onTab: (tab: Exclude<RefusalFixTab, 'cart'>) => void }) {
  if (fixAt === 'cart') {
    return (
      <Link to="/cart" className={secondaryButton}>
        {refusalFixWords.cart}
      </Link>
    );
  }
  const fix = fixAt;
  return (
    <button type="button" className={secondaryButton} onClick={() => onTab(fix)}>
      {refusalFixWords[fix]}
    </button>
  );
}
