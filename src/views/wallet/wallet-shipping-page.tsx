import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { readRedemptionStart, selectWalletShippingPage, walletRetailersMachine } from '../../machines/wallet/index.ts';
import { timeLabel } from '../../rules/visit-time.ts';
import { priceCategoryLabel, walletTexts } from '../../rules/wallet.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { VisitDateTime } from '../controls/visit-date-time.tsx';
import * as css from './wallet.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

/**
 * /wallet/shipping: the dine-in retailer selection. Receives the customer id, state and category from REDEEM NOW as
 * navigation state, lists the partner restaurants that redeem that part of the wallet, then the restaurant, the
 * visit's date and time, and CONTINUE to /wallet/product/{locationId}.
 */
export function WalletShippingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const actor = useActorRef(
    walletRetailersMachine.provide({
      actions: { goToProducts: (_, visit) => void navigate(`/wallet/product/${visit.retailerId}`, { state: visit }) },
    }),
    { input: { start: readRedemptionStart(location.state) } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const page = selectWalletShippingPage(snapshot);
  const loadError = useShownMessage(page.loadError);
  const { retailer, times } = page;
  if (snapshot.matches('noStart')) {
    return (
      <div className={css.page}>
        <h1 className={css.title}>Redeem Your Wallet</h1>
        <p className={css.subtitle}>{walletTexts.chooseRestaurant}</p>
        <Link to="/setting/order">Your Orders</Link>
      </div>
    );
  }
  return (
    <div className={css.page}>
      <h1 className={css.title}>Redeem Your Wallet</h1>
      <p className={css.subtitle}>
        Partner restaurants in {page.start?.state} · {priceCategoryLabel(page.start?.category ?? 0)}
      </p>
      {snapshot.matches('loading') && <p role="status">Loading the restaurants…</p>}
      {snapshot.matches('failed') && loadError !== undefined && (
        <div role="alert">
          <p className={css.error}>{loadError}</p>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'retailers.retry' })}>
            Try again
          </button>
        </div>
      )}
      {snapshot.matches('choosing') && page.retailers.length === 0 && <p className={css.subtitle}>{walletTexts.noRestaurants}</p>}
      {snapshot.matches('choosing') && page.retailers.length > 0 && (
        <form
          className={css.card}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'visit.submit' });
          }}
        >
          <fieldset className={css.retailerList} aria-describedby={page.problems.retailer ? 'retailer-error' : undefined}>
            <legend className={css.label}>Retailer</legend>
            {page.retailers.map((r) => (
              <label key={r.location_id} className={css.retailer}>
                <input
                  type="radio"
                  name="retailer"
                  value={r.location_id}
                  checked={page.retailerId === r.location_id}
                  onChange={() => actor.send({ type: 'retailer.select', locationId: r.location_id })}
                />
                <span className={css.retailerName}>{r.vendor_name}</span>
                <span className={css.muted}>
                  {'★'.repeat(r.price_category)} · {r.address}
                </span>
              </label>
            ))}
          </fieldset>
          {page.problems.retailer && (
            <p id="retailer-error" className={css.error}>
              {page.problems.retailer}
            </p>
          )}
          <div className={css.fields}>
            <VisitDateTime
              today={page.today}
              date={page.date}
              time={page.time}
              times={times}
              noTimeLeft={Boolean(retailer) && Boolean(page.date) && times.length === 0}
              onDate={(date) => actor.send({ type: 'date.change', date })}
              onTime={(time) => actor.send({ type: 'time.change', time })}
            />
            <button type="submit" className={primaryButton}>
              CONTINUE
            </button>
          </div>
          {retailer?.opens_at && (
            <p className={css.subtitle}>
              {retailer.vendor_name} is open {timeLabel(retailer.opens_at)} to {timeLabel(retailer.closes_at)}
            </p>
          )}
          {page.problems.dateTime && <p className={css.error}>{page.problems.dateTime}</p>}
        </form>
      )}
    </div>
  );
}
