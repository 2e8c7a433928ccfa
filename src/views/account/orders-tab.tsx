import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OrderSummary } from '../../api/contract/checkout.contract.ts';
import {
  myOrdersMachine,
  selectCanLoadMoreOrders,
  selectCanToggleOrder,
  selectIsOrderOpen,
  selectOrderPanels,
  selectOrdersError,
  selectOrdersHasMore,
  selectOrdersLoadingMore,
  selectOrdersMoreError,
} from '../../machines/account/index.ts';
import { capitalised, orderPanels } from '../../rules/account-settings.ts';
import { orderTotalWords } from '../../rules/catch-weight.ts';
import { fulfilmentKindOfSpeedId, orderHeadline } from '../../rules/fulfilment.ts';
import { LoadState } from './load-state.tsx';
import { changeableOrder, orderChangeKind } from '../../rules/order-change.ts';
import { ChangeClosedNote, OrderChangePanel } from './order-change-panel.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderTimeline } from '../controls/order-timeline.tsx';
import * as css from './settings.css.ts';
import { WalletPanel } from './wallet-panel.tsx';
import { waitingForServeText } from '../../rules/wallet.ts';
import { useShownMessage } from '../layout/shown-message.ts';

type MyOrdersActor = ActorRefFrom<typeof myOrdersMachine>;

/** /setting/order: 'YOUR ORDERS' with Delivery Orders, Pickup Orders and Dine-In (its orders, then the prepaid wallet). */
export function OrdersTab() {
  const actor = useActorRef(myOrdersMachine);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, selectOrdersError);
  const panels = useSelector(actor, selectOrderPanels);
  const hasMore = useSelector(actor, selectOrdersHasMore);
  const loadingMore = useSelector(actor, selectOrdersLoadingMore);
  const moreError = useShownMessage(useSelector(actor, selectOrdersMoreError));
  const canLoadMore = useSelector(actor, selectCanLoadMoreOrders);
  return (
    <div className={css.page}>
      <h1 className={css.panelTitle}>YOUR ORDERS</h1>
      <LoadState loading={loading} loadingText="Loading your orders…" error={error} onRetry={() => actor.send({ type: 'orders.retry' })} />
      {!loading &&
        !error &&
        orderPanels.map(({ panel, title, empty }) => (
          <section key={panel} className={css.card} aria-labelledby={`orders-${panel}`}>
            <h2 id={`orders-${panel}`} className={css.cardTitle}>
              {title}
            </h2>
            {panels[panel].length === 0 ? (
              <p className={css.status}>{empty}</p>
            ) : (
              <ul className={css.orderList}>
                {panels[panel].map((order) => (
                  <li key={order.increment_id}>
                    <OrderPanel actor={actor} order={order} />
                  </li>
                ))}
              </ul>
            )}
            {panel === 'dineIn' && <WalletPanel waiting={waitingForServeText(panels.dineIn)} />}
          </section>
        ))}
      {hasMore && !loading && !error && (
        <p className={css.status}>
          <button type="button" className={css.orderHeader} disabled={!canLoadMore} onClick={() => actor.send({ type: 'orders.more' })}>
            {loadingMore ? 'Loading older orders…' : 'More orders'}
          </button>
          {moreError !== undefined && <span role="alert"> {moreError}</span>}
        </p>
      )}
    </div>
  );
}

function OrderPanel({ actor, order }: { actor: MyOrdersActor; order: OrderSummary }) {
  const open = useSelector(actor, selectIsOrderOpen(order.increment_id));
  const canToggle = useSelector(actor, selectCanToggleOrder(order.increment_id));
  const bodyId = `order-${order.increment_id}`;
  return (
    <>
      <button
        type="button"
        className={css.orderHeader}
        aria-expanded={open}
        aria-controls={bodyId}
        disabled={!canToggle}
        onClick={() => actor.send({ type: 'order.toggle', incrementId: order.increment_id })}
      >
        <span className={css.orderNumber}>ORDER #{order.increment_id}</span>
        <span className={css.orderMeta}>
          {/* The status page's Total words: a canceled order owes nothing, a weighed one is an estimate (it read '$77.36'). */}
          {capitalised(orderHeadline(order))} · {orderTotalWords(order)}
        </span>
      </button>
      {open && (
        <div id={bodyId} role="region" aria-label={`ORDER #${order.increment_id}`} className={css.orderBody}>
          <OrderTimeline steps={order.timeline} kind={fulfilmentKindOfSpeedId(order.speed_id)} />
          <ChangeClosedNote order={order} />
          {changeableOrder(order) && (
            <OrderChangePanel
              orderId={order.increment_id}
              kind={orderChangeKind(order)}
              canCancel={order.can_cancel}
              onChanged={() => actor.send({ type: 'order.changed', incrementId: order.increment_id })}
            />
          )}
          <OrderDetails order={order} />
          {order.gift_message && (
            <dl className={css.facts}>
              <dt className={css.factName}>Gift message</dt>
              <dd className={css.factValue} data-testid="gift-message">
                {order.gift_message}
              </dd>
            </dl>
          )}
        </div>
      )}
    </>
  );
}
