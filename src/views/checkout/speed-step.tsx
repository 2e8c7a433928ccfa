import { useSelector } from '@xstate/react';
import { formatMoney } from '../../rules/money.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import * as css from './checkout.css.ts';
import type { CheckoutActor } from './checkout-page.tsx';

/** 'Choose Delivery Slots': speed, retailer (speeds 2, 3), delivery fee (1), date (10, 11), time, CONTINUE. */
export function SpeedStep({ actor }: { actor: CheckoutActor }) {
  const phase = useSelector(actor, (s) => (s.matches({ flow: { speed: 'choosing' } }) ? 'choosing' : s.matches({ flow: { speed: 'failed' } }) ? 'failed' : 'loading'));
  const speeds = useSelector(actor, (s) => s.context.speeds);
  const choice = useSelector(actor, (s) => s.context.speedChoice);
  const message = useSelector(actor, (s) => s.context.speedMessage);

  const speed = speeds.find((s) => s.id === choice?.speedId);
  const retailer = speed?.retailers.find((r) => r.id === choice?.retailerId);
  const method = speed?.ship_methods.find((m) => m.id === choice?.methodId);
  const retailerChoice = speed?.id === 2 || speed?.id === 3;
  const dateChoice = speed?.id === 10 || speed?.id === 11;

  return (
    <section className={css.panel} aria-labelledby="speed-title">
      <div className={css.page}>
        <h2 id="speed-title" className={css.title}>
          Choose Delivery Slots
        </h2>
        {phase === 'loading' && (
          <p className={css.status} role="status">
            Loading delivery options…
          </p>
        )}
        {phase === 'failed' && (
          <div role="alert" className={css.actions}>
            <p className={css.error}>{message}</p>
            <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'speed.retry' })}>
              Try again
            </button>
          </div>
        )}
        {phase === 'choosing' && speed && (
          <>
            <DropdownSelect
              label="Select Speed"
              options={speeds.map((s) => ({ value: s.id, label: s.duration ? `${s.name} (${s.duration})` : s.name }))}
              value={speed.id}
              onChange={(speedId) => actor.send({ type: 'speed.choose', speedId })}
            />
            <DropdownSelect
              label="Select Retailer"
              options={speed.retailers.map((r) => ({ value: r.id, label: r.distance === null ? r.name : `${r.name} (${r.distance} mi)` }))}
              value={retailer?.id}
              disabled={!retailerChoice}
              placeholder="—"
              onChange={(retailerId) => actor.send({ type: 'retailer.choose', retailerId })}
            />
            <dl className={css.dl}>
              {speed.id === 1 && (
                <>
                  <dt>Delivery Fees</dt>
                  <dd>{formatMoney(retailer?.delivery_fee ?? speed.delivery_fee)}</dd>
                </>
              )}
              {retailer && (
                <>
                  <dt>Address</dt>
                  <dd>{retailer.address}</dd>
                </>
              )}
            </dl>
            <DropdownSelect
              label="Select Date"
              options={speed.ship_methods.map((m) => ({ value: m.id, label: `${m.delivery_date ?? m.method} — ${m.method} ${formatMoney(m.amount)}` }))}
              value={method?.id}
              disabled={!dateChoice}
              placeholder={retailer?.pickup_date ?? '—'}
              onChange={(methodId) => actor.send({ type: 'method.choose', methodId })}
            />
            <dl className={css.dl}>
              <dt>Select Time</dt>
              {/* The slot was chosen on the cart page; it is shown here as the time the order is ready. */}
              <dd>{retailer?.ready_time ?? method?.dropoff_eta ?? 'Any time'}</dd>
            </dl>
            <div className={css.actions}>
              <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'speed.continue' })}>
                CONTINUE
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
