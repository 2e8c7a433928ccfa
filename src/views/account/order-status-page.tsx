import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageGate } from '../layout/page-gate.tsx';
import { orderStatusMachine, orderStatusMessages, selectOrder, selectOrderStatusError } from '../../machines/account/index.ts';
import { capitalised } from '../../rules/account-settings.ts';
import { formatMoney } from '../../rules/money.ts';
import { LoadState } from './load-state.tsx';
import { changeableOrder } from '../../rules/order-change.ts';
import { OrderChangePanel } from './order-change-panel.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import * as css from './settings.css.ts';

/** /order/status?orderId=: one order's status, kept fresh while the page is open ('Track your order'). */
export function OrderStatusPage() {
  return (
    <PageGate page="orderStatus">
      <OrderStatus />
    </PageGate>
  );
}

function OrderStatus() {
  const [params] = useSearchParams();
  const actor = useActorRef(orderStatusMachine, { input: { orderId: params.get('orderId') ?? undefined } });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const error = useSelector(actor, selectOrderStatusError);
  const missing = useSelector(actor, (s) =>
    s.matches('notFound') ? orderStatusMessages.notFound : s.matches('noOrder') ? orderStatusMessages.noOrder : undefined,
  );
  const order = useSelector(actor, selectOrder);

  return (
    <div className={css.page}>
      <h1 className={css.panelTitle}>{order ? `ORDER #${order.increment_id}` : 'ORDER STATUS'}</h1>
      <LoadState loading={loading} loadingText="Loading your order…" error={error} onRetry={() => actor.send({ type: 'order.retry' })} />
      {missing && (
        <p role="alert" className={css.error}>
          {missing}
        </p>
      )}
      {order && (
        <section className={css.card} aria-label="Order status" aria-busy={refreshing}>
          <dl className={css.facts}>
            <dt className={css.factName}>Status</dt>
            <dd className={css.factValue}>{capitalised(order.status)}</dd>
            <dt className={css.factName}>Placed</dt>
            <dd className={css.factValue}>{new Date(order.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            <dt className={css.factName}>Total</dt>
            <dd className={css.factValue}>{formatMoney(order.grand_total)}</dd>
            {order.gift_message && (
              <>
                <dt className={css.factName}>Gift message</dt>
                <dd className={css.factValue}>{order.gift_message}</dd>
              </>
            )}
          </dl>
          <OrderTimeline steps={order.timeline} />
          {changeableOrder(order) && <OrderChangePanel orderId={order.increment_id} onChanged={() => actor.send({ type: 'order.refresh' })} />}
          <OrderDetails order={order} />
        </section>
      )}
      <Link to="/setting/order">All your orders</Link>
    </div>
  );
}
