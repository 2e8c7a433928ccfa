import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectWalletError, selectWalletFilter, selectWalletRows, walletPanelMachine } from '../../machines/wallet/index.ts';
import {
  categoryOptions,
  filterWalletRows,
  formatWalletAmount,
  isPriceCategory,
  redeemBlockedReason,
  totalAvailableLabel,
  totalAvailableText,
  walletStates,
  walletTexts,
} from '../../rules/wallet.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useSessionValue } from '../app-context.tsx';
import { LoadState } from './load-state.tsx';
import * as css from './settings.css.ts';
import * as walletCss from './wallet-panel.css.ts';

/**
 * The Dine-In panel's wallet (spec "Orders tab"): state and price category filters, 'Total Available Liquor', the
 * products table and REDEEM NOW. Rendered once the orders have loaded (spec: wallet details are fetched after them).
 */
export function WalletPanel({ waiting }: { waiting?: string | undefined }) {
  // Only a signed-in shopper reaches /setting/order, and signing in stores her CustomerId with the token.
  const customerId = useSessionValue('CustomerId');
  return customerId === undefined ? null : <Wallet customerId={customerId} waiting={waiting} />;
}

/** `waiting`: a paid dine-in order not yet served comes to the wallet when served (src/rules/wallet.ts waitingForServeText). */
function Wallet({ customerId, waiting }: { customerId: number; waiting: string | undefined }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    walletPanelMachine.provide({ actions: { goToRedemption: (_, start) => void navigate('/wallet/shipping', { state: start }) } }),
    { input: { customerId } },
  );
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, selectWalletError);
  const rows = useSelector(actor, selectWalletRows);
  const filter = useSelector(actor, selectWalletFilter);
  const shown = filterWalletRows(rows, filter);
  // Why REDEEM NOW is greyed out, shown beside it (not only to screen readers).
  const blocked = redeemBlockedReason(rows, filter);
  const stateHintId = useId();
  const redeemReasonId = useId();
  return (
    <div className={walletCss.wallet} aria-labelledby="wallet-title">
      <h3 id="wallet-title" className={walletCss.title}>
        Wallet
      </h3>
      <LoadState loading={loading} loadingText="Loading your wallet…" error={error} onRetry={() => actor.send({ type: 'wallet.retry' })} />
      {!loading && !error && waiting !== undefined && (
        <p className={css.status} data-testid="wallet-waiting">
          {waiting}
        </p>
      )}
      {!loading && !error && rows.length === 0 && waiting === undefined && <p className={css.status}>{walletTexts.noWallet}</p>}
      {!loading && !error && rows.length > 0 && (
        <>
          <div className={walletCss.filters}>
            <div className={walletCss.field}>
              <label className={walletCss.field} title={walletTexts.stateTooltip}>
                <span className={walletCss.label}>State</span>
                <select
                  className={walletCss.select}
                  value={filter.state}
                  aria-describedby={stateHintId}
                  onChange={(e) => actor.send({ type: 'wallet.state.select', state: e.target.value })}
                >
                  {walletStates(rows).map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              </label>
              <span id={stateHintId} className={walletCss.hint}>
                {walletTexts.stateTooltip}
              </span>
            </div>
            <label className={walletCss.field}>
              <span className={walletCss.label}>Price category</span>
              <select
                className={walletCss.select}
                value={filter.category}
                onChange={(e) => {
                  const category = Number(e.target.value);
                  if (isPriceCategory(category)) actor.send({ type: 'wallet.category.select', category });
                }}
              >
                {categoryOptions(rows, filter.state).map((option) => (
                  <option key={option.value} value={option.value} disabled={option.disabled}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <p className={walletCss.total}>
              {totalAvailableLabel(shown)}: <strong data-testid="wallet-total">{totalAvailableText(shown)}</strong>
            </p>
            <div className={walletCss.redeem}>
              <button
                type="button"
                className={primaryButton}
                disabled={blocked !== undefined}
                aria-describedby={blocked !== undefined ? redeemReasonId : undefined}
                onClick={() => actor.send({ type: 'wallet.redeem' })}
              >
                {walletTexts.redeemNow}
              </button>
              {blocked !== undefined && (
                <p id={redeemReasonId} className={walletCss.reason} data-testid="redeem-reason">
                  {blocked}
                </p>
              )}
            </div>
          </div>
          <table className={css.table} aria-label="Wallet products">
            <thead>
              <tr className={css.headRow}>
                <th className={css.th}>Products</th>
                <th className={css.th}>Order #</th>
                <th className={css.th}>Ordered</th>
                <th className={css.th}>Consumed</th>
                <th className={css.th}>Remaining</th>
              </tr>
            </thead>
            <tbody className={css.body}>
              {shown.map((row) => (
                <tr key={row.id} className={css.row} aria-label={`${row.itemName}, order ${row.orderNo}`}>
                  <td className={css.labelledTd} data-label="Products">
                    <strong>{row.itemName}</strong>
                    <span className={css.nickname}>
                      {row.retailer} · {row.state} · {'★'.repeat(row.price_category)}
                    </span>
                  </td>
                  <td className={css.labelledTd} data-label="Order #">
                    {row.orderNo}
                  </td>
                  <td className={css.labelledTd} data-label="Ordered">
                    {formatWalletAmount(row.ordered, row.unit)}
                  </td>
                  <td className={css.labelledTd} data-label="Consumed">
                    {formatWalletAmount(row.consumed, row.unit)}
                  </td>
                  <td className={css.labelledTd} data-label="Remaining">
                    {formatWalletAmount(row.remaining, row.unit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
