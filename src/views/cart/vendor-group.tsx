import type { CartLine as CartLineData, DeliveryGroup } from '../../api/contract/cart-page.contract.ts';
import type { DeliveryGroupRef } from '../../machines/cart/index.ts';
import type { GroupProblems, LineGroup } from '../../rules/cart-checkout.ts';
import { addDays, cutoffInstant, storeToday } from '../../rules/delivery-dates.ts';
import { deliveryPromise, timeLeftLabel } from '../../rules/slots.ts';
import { shopMoreLabel } from '../../rules/listing.ts';
import { shopMorePath } from '../../rules/listing-query.ts';
import { speedName } from '../../rules/speeds.ts';
import { visitLabel } from '../../rules/visit-time.ts';
import { isWalletVisitOffered } from '../../rules/wallet.ts';
import { Link } from 'react-router-dom';
import { useSessionValue } from '../app-context.tsx';
import { CartLine } from './cart-line.tsx';
import { WalletVisitChoice } from './wallet-visit-choice.tsx';
import { GroupDelivery, lastDayOffered } from '../controls/group-delivery.tsx';
import * as css from './vendor-group.css.ts';

export interface VendorGroupProps {
  /** The group's lines, pending quantities applied. */
  group: LineGroup<CartLineData>;
  /** The group as the server holds it (saved date and slot). */
  delivery: DeliveryGroup | undefined;
  groupRef: DeliveryGroupRef | undefined;
  problems: GroupProblems | undefined;
  now: Date;
  onQuantity: (cartRid: number, qty: number) => void;
  onRemove: (cartRid: number) => void;
  /** The cart's id, and what reads it again: a wallet group's visit chosen here is kept on the server. */
  cartId: string;
  onVisitKept: () => void;
}

/** One vendor's card: its delivery promise, date and (Same Day) slot, and its lines. */
export function VendorGroup({ group, delivery, groupRef, problems, now, onQuantity, onRemove, cartId, onVisitKept }: VendorGroupProps) {
  const headingId = `vendor-${group.vendor_loc_id}`;
  const speed = delivery?.type ?? group.lines[0]?.type ?? 'local';
  const date = delivery?.delivery_date ?? undefined;
  const vendorId = delivery?.vendor_id ?? group.lines[0]?.vendor_id;
  const first = group.lines[0];
  const category =
    first?.category_id !== undefined && first.category_name !== undefined ? { id: first.category_id, name: first.category_name } : undefined;
  const timeLeft = speed === 'local' && date === storeToday(now) ? timeLeftLabel(now, cutoffInstant(now)) : undefined;
  // A wallet group with no visit it can be placed for (none kept, or one since passed) asks for the date and time.
  const askVisit = Boolean(delivery?.visit_hours) && !isWalletVisitOffered(delivery?.dinein_time ?? undefined, delivery?.visit_hours, now);
  // A Dine-In group's table: the one this browser chose on Delivery Options, else the one the cart keeps (walk 6 #3).
  const shippingType = useSessionValue('shippingType');
  const chosenVisit = useSessionValue('dineinTime');
  const table = (shippingType === 'dine-in' ? chosenVisit : undefined) ?? delivery?.dinein_time ?? undefined;
  // The table's date and time, asked beside a wallet or Dine-In group that has none kept (one control for both).
  const visitChoice = delivery?.visit_hours ? (
    <WalletVisitChoice
      cartId={cartId}
      vendorLocId={group.vendor_loc_id}
      vendorName={group.vendor_name}
      hours={delivery.visit_hours}
      onKept={onVisitKept}
      required={problems?.visit}
    />
  ) : undefined;

  return (
    <li>
      <section className={css.card} aria-labelledby={headingId}>
        <header className={css.header}>
          <h2 id={headingId} className={css.vendor}>
            {group.vendor_name}
          </h2>
          <span className={css.speed}>{delivery?.wallet ? 'Dine-In' : speedName(speed)}</span>
        </header>
        {date && <p className={css.promise}>{deliveryPromise(date, delivery?.timeslot)}</p>}
        {timeLeft && <p className={css.timeLeft}>{timeLeft}</p>}
        {delivery?.wallet ? (
          <>
            <WalletVisitLine vendorName={group.vendor_name} dineinTime={delivery.dinein_time ?? undefined} asking={askVisit} />
            {askVisit && visitChoice}
          </>
        ) : speed === 'dine-in' ? (
          <>
            <VisitLine speed={speed} when={table} />
            {!table && visitChoice}
          </>
        ) : speed === 'pickup' ? (
          <VisitLine speed={speed} when={chosenVisit} />
        ) : groupRef ? (
          <GroupDelivery groupRef={groupRef} vendorName={group.vendor_name} problems={problems} maxDate={addDays(storeToday(now), lastDayOffered)} />
        ) : (
          <p className={css.muted}>Loading delivery dates…</p>
        )}
        <ul className={css.lines} aria-label={`Items from ${group.vendor_name}`}>
          {group.lines.map((line) => (
            <CartLine key={line.cart_rid} line={line} onQuantity={(qty) => onQuantity(line.cart_rid, qty)} onRemove={() => onRemove(line.cart_rid)} />
          ))}
        </ul>
        {!delivery?.wallet && vendorId !== undefined && (
          <p className={css.shopMore}>
            <Link to={shopMorePath(vendorId, category)}>{shopMoreLabel(group.vendor_name)}</Link>
          </p>
        )}
      </section>
    </li>
  );
}

/**
 * A restaurant's group: when the shopper comes, as chosen on Delivery Options (a Dine-In table: or kept by the cart),
 * and a way to change it; a table not chosen is chosen below.
 */
function VisitLine({ speed, when }: { speed: 'dine-in' | 'pickup'; when: string | undefined }) {
  const label = visitLabel(when);
  return (
    <p className={css.promise}>
      {speed === 'dine-in' ? 'Your table' : 'Pick-up'}: {label ?? 'choose a date and time'} <Link to="/ship/options">Change</Link>
    </p>
  );
}

/**
 * A group of wallet redemptions: eaten at the restaurant at the visit its ADD TO CART chose, as the cart keeps it on
 * the server (any browser reads it). None kept (a line redeemed before the cart kept visits), or one since passed: it
 * is chosen below.
 */
function WalletVisitLine({ vendorName, dineinTime, asking }: { vendorName: string; dineinTime: string | undefined; asking: boolean }) {
  const when = visitLabel(dineinTime);
  return (
    <p className={css.promise}>
      Eat in at {vendorName}
      {when ? `, ${when}` : ''}: redeemed from your wallet, nothing to deliver.
      {asking && (when ? ' That time is no longer offered: choose when you eat in:' : ' Choose when you eat in:')}
    </p>
  );
}
