import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageGate } from '../layout/page-gate.tsx';
import {
  orderStatusMachine,
  orderStatusMessages,
  selectOrder,
  selectOrderActionable,
  selectOrderStatusError,
  selectRefusalQuestion,
  selectSubstitutionError,
} from '../../machines/account/index.ts';
import { failedPaymentNote, orderTotalWords } from '../../rules/catch-weight.ts';
import { selectIsSignedIn } from '../../machines/app/index.ts';
import { useAppActors } from '../app-context.tsx';
import { capitalised } from '../../rules/account-settings.ts';
import { fulfilmentKindOfSpeedId, orderHeadline } from '../../rules/fulfilment.ts';
import { formatMoney } from '../../rules/money.ts';
import { LoadState } from './load-state.tsx';
import { changeableOrder, orderChangeKind } from '../../rules/order-change.ts';
import { ChangeClosedNote, OrderChangePanel } from './order-change-panel.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderTimeline } from '../controls/order-timeline.tsx';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import * as css from './settings.css.ts';
import { storeMoment } from '../../rules/store-moment.ts';
import { useShownMessage } from '../layout/shown-message.ts';

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
  const { session } = useAppActors();
  const signedIn = useSelector(session, selectIsSignedIn);
  const actor = useActorRef(orderStatusMachine, { input: { orderId: params.get('orderId') ?? undefined, session } });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, selectOrderStatusError);
  const missing = useSelector(actor, (s) =>
    s.matches('notFound') ? orderStatusMessages.notFound : s.matches('noOrder') ? orderStatusMessages.noOrder : undefined,
  );
  const order = useSelector(actor, selectOrder);
  const actionable = useSelector(actor, selectOrderActionable);
  const answerError = useShownMessage(useSelector(actor, selectSubstitutionError));
  const refusalQuestion = useSelector(actor, selectRefusalQuestion);
  const proposals = order?.items.filter((i) => i.substitution_state === 'proposed' && i.item_id !== undefined) ?? [];

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
        <section className={css.card} aria-label="Order status" aria-busy={!actionable}>
          <dl className={css.facts}>
            <dt className={css.factName}>Status</dt>
            <dd className={css.factValue} data-testid="order-status">
              {capitalised(orderHeadline(order))}
            </dd>
            <dt className={css.factName}>Placed</dt>
            <dd className={css.factValue}>{storeMoment(order.created_at)}</dd>
            <dt className={css.factName}>Total</dt>
            <dd className={css.factValue} data-testid="order-total">
              {orderTotalWords(order)}
            </dd>
            {order.gift_message && (
              <>
                <dt className={css.factName}>Gift message</dt>
                <dd className={css.factValue}>{order.gift_message}</dd>
              </>
            )}
          </dl>
          {failedPaymentNote(order) && (
            <p className={css.status} data-testid="failed-payment-note">
              {failedPaymentNote(order)} <Link to="/cart">Go to your cart</Link>
            </p>
          )}
          {proposals.map((item) => (
            <div key={item.item_id} className={css.card} role="group" aria-label={`Substitute for ${item.product_name}`}>
              <p>
                {item.product_name} is out of stock. The seller proposes {item.substitute_name}
                {item.substitute_price && ` (${formatMoney(item.substitute_price)} each, never more than your item)`}.
              </p>
              <button
                type="button"
                className={primaryButton}
                disabled={!actionable}
                onClick={() => actor.send({ type: 'order.substitution', itemId: item.item_id ?? 0, approve: true })}
              >
                Approve substitute
              </button>{' '}
              <button
                type="button"
                className={secondaryButton}
                disabled={!actionable}
                onClick={() => actor.send({ type: 'order.substitution', itemId: item.item_id ?? 0, approve: false })}
              >
                Refuse substitute
              </button>
            </div>
          ))}
          {refusalQuestion && (
            <div className={css.card} role="alertdialog" aria-label="Refuse substitute">
              <p>{refusalQuestion.question}</p>
              <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'order.refusal.confirm' })}>
                {refusalQuestion.confirm}
              </button>{' '}
              <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'order.refusal.keep' })}>
                {refusalQuestion.keep}
              </button>
            </div>
          )}
          {answerError && (
            <p role="alert" className={css.error}>
              {answerError}
            </p>
          )}
          <button type="button" className={secondaryButton} disabled={!actionable} onClick={() => actor.send({ type: 'order.refresh' })}>
            Refresh status
          </button>
          <OrderTimeline steps={order.timeline} kind={fulfilmentKindOfSpeedId(order.speed_id)} />
          <ChangeClosedNote order={order} />
          {changeableOrder(order) && (
            <OrderChangePanel
              orderId={order.increment_id}
              kind={orderChangeKind(order)}
              canCancel={order.can_cancel}
              onChanged={() => actor.send({ type: 'order.refresh' })}
            />
          )}
          <OrderDetails order={order} />
        </section>
      )}
      {/* A guest has no account to list orders in (walk 8: the link sent a guest to sign in). */}
      {signedIn && <Link to="/setting/order">All your orders</Link>}
    </div>
  );
}
