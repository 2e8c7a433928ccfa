import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import {
  selectCanChooseDate,
  selectCanChooseRetailer,
  selectSpeedChoice,
  selectSpeedDeliveryGroups,
  selectSpeedGroupMessage,
  selectSpeedGroups,
  selectSpeedMessage,
  selectSpeedRefused,
  selectSpeeds,
  selectSpeedSellers,
  selectSpeedStep,
  type CheckoutSpeedActor,
} from '../../machines/checkout/index.ts';
import { selectGroupVendorLocId, selectGroupVendorName, type DeliveryGroupRef } from '../../machines/cart/index.ts';
import { addDays, storeToday } from '../../rules/delivery-dates.ts';
import { groupSpeedName, speedDeliveryFee, speedOptionLabel, type SpeedId } from '../../rules/delivery-speeds.ts';
import { formatMoney } from '../../rules/money.ts';
import { sellerBlockFee, sellerLabel } from '../../rules/speed-sellers.ts';
import type { DeliveryGroup } from '../../api/contract/cart-page.contract.ts';
import { GroupDelivery, lastDayOffered } from '../controls/group-delivery.tsx';
import { primaryButton } from '../../styles/controls.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

/** The speed step's actor while the step is open. */
export function SpeedStep() {
  const actor = CheckoutActorContext.useSelector(selectSpeedStep);
  return actor ? <SpeedChoices actor={actor} /> : null;
}

/** 'Choose Delivery Slots': speed, retailer (speeds 2, 3), delivery fee (1), date (10, 11), time, CONTINUE. */
export function SpeedChoices({ actor }: { actor: CheckoutSpeedActor }) {
  const phase = useSelector(actor, (s) => (s.matches('choosing') ? 'choosing' : s.matches('failed') ? 'failed' : 'loading'));
  const speeds = useSelector(actor, selectSpeeds);
  const choice = useSelector(actor, selectSpeedChoice);
  const message = useShownMessage(useSelector(actor, selectSpeedMessage));
  const refused = useSelector(actor, selectSpeedRefused);
  // The shop (speeds 2, 3) and the date (10, 11) can be chosen when the machine takes the current one.
  const retailerChoice = useSelector(actor, selectCanChooseRetailer);
  const dateChoice = useSelector(actor, selectCanChooseDate);
  const groups = useSelector(actor, selectSpeedGroups);
  const groupMessage = useShownMessage(useSelector(actor, selectSpeedGroupMessage));
  const deliveryGroups = useSelector(actor, selectSpeedDeliveryGroups);
  // Every seller a delivery covers (the one picked at a visit), each with its address.
  const sellers = useSelector(actor, selectSpeedSellers);

  const speed = speeds.find((s) => s.id === choice?.speedId);
  const retailer = speed?.retailers.find((r) => r.id === choice?.retailerId);
  const method = speed?.ship_methods.find((m) => m.id === choice?.methodId);
  // What the speed's own groups pay for delivery (every Same Day shop's, not one shop's share); the shipped groups'
  // fees follow, each under its ship method, so the tab still names every fee the order pays.
  const deliveryFee = speed ? speedDeliveryFee(speed) : undefined;

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
            {refused ? (
              <Link to="/cart" className={primaryButton}>
                Back to cart
              </Link>
            ) : (
              <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'speed.retry' })}>
                Try again
              </button>
            )}
          </div>
        )}
        {phase === 'choosing' && speed && (
          <>
            <DropdownSelect
              label="Select Speed"
              options={speeds.map((s) => ({ value: s.id, label: speedOptionLabel(s) }))}
              value={speed.id}
              onChange={(speedId) => actor.send({ type: 'speed.choose', speedId })}
            />
            {retailerChoice && (
              <DropdownSelect
                label="Select Retailer"
                options={speed.retailers.map((r) => ({ value: r.id, label: sellerLabel(r) }))}
                value={retailer?.id}
                placeholder="—"
                onChange={(retailerId) => actor.send({ type: 'retailer.choose', retailerId })}
              />
            )}
            <dl className={css.dl}>
              {!retailerChoice && (
                <>
                  <dt id="speed-sellers">Select Retailer</dt>
                  <dd>
                    {sellers.length === 0 ? (
                      '—'
                    ) : (
                      <ul className={css.sellerList} aria-labelledby="speed-sellers">
                        {sellers.map((seller) => (
                          <li key={seller.id}>
                            {sellerLabel(seller)}
                            {seller.address && ` · ${seller.address}`}
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </>
              )}
              {deliveryFee !== undefined && (
                <>
                  <dt>Delivery Fees</dt>
                  <dd>{formatMoney(deliveryFee)}</dd>
                  {speed.ship_methods.map((m) => (
                    <Fragment key={m.id}>
                      <dt>{m.method}</dt>
                      <dd>{formatMoney(m.fee)}</dd>
                    </Fragment>
                  ))}
                </>
              )}
              {retailerChoice && retailer && (
                <>
                  <dt>Address</dt>
                  <dd>{retailer.address}</dd>
                </>
              )}
            </dl>
            {groups.length > 0 ? (
              // One date and time block per seller (issue 23), with the cart page's pickers: closed days, cutoff, seats.
              <section aria-label="Select Date and Select Time">
                <h3 className={css.subtitle}>Select Date and Time</h3>
                {groupMessage && (
                  <p role="alert" className={css.error}>
                    {groupMessage}
                  </p>
                )}
                {groups.map((groupRef) => (
                  <SellerBlock key={groupRef.id} groupRef={groupRef} deliveryGroups={deliveryGroups} speedId={speed.id} />
                ))}
              </section>
            ) : (
              <>
                <DropdownSelect
                  label="Select Date"
                  options={speed.ship_methods.map((m) => ({
                    value: m.id,
                    label: `${m.delivery_date ?? m.method} — ${m.method} ${formatMoney(m.amount)}`,
                  }))}
                  value={method?.id}
                  disabled={!dateChoice}
                  placeholder={retailer?.pickup_date ?? '—'}
                  onChange={(methodId) => actor.send({ type: 'method.choose', methodId })}
                />
                <dl className={css.dl}>
                  <dt>Select Time</dt>
                  <dd>{retailer?.ready_time ?? method?.dropoff_eta ?? 'Any time'}</dd>
                </dl>
              </>
            )}
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

/** One seller's block: its name and own delivery fee, then the cart page's date and (Same Day) time pickers for its group. */
function SellerBlock({
  groupRef,
  deliveryGroups,
  speedId,
}: {
  groupRef: DeliveryGroupRef;
  deliveryGroups: readonly DeliveryGroup[];
  speedId: SpeedId;
}) {
  const vendorName = useSelector(groupRef, selectGroupVendorName);
  const vendorLocId = useSelector(groupRef, selectGroupVendorLocId);
  const group = deliveryGroups.find((g) => g.vendor_loc_id === vendorLocId);
  const fee = group ? sellerBlockFee(group, speedId) : undefined;
  return (
    <div className={css.sellerBlock} aria-label={vendorName} role="group">
      <h4 className={css.sellerName}>{vendorName}</h4>
      {group && (
        <p className={css.sellerFee}>
          {groupSpeedName(group.type, speedId)}
          {fee !== undefined && ` · Delivery Fee ${formatMoney(fee)}`}
        </p>
      )}
      <GroupDelivery groupRef={groupRef} vendorName={vendorName} problems={undefined} maxDate={addDays(storeToday(new Date()), lastDayOffered)} />
    </div>
  );
}
