import { useSelector } from '@xstate/react';
import {
  selectGroupCalendar,
  selectGroupDate,
  selectGroupDateError,
  selectGroupSlotId,
  selectGroupSlots,
  selectGroupSlotsMessage,
  selectGroupSpeed,
  type DeliveryGroupRef,
} from '../../machines/cart/index.ts';
import type { GroupProblems } from '../../rules/cart-checkout.ts';
import { DeliveryDatePicker } from './delivery-date-picker.tsx';
import * as groupCss from './delivery-pickers.css.ts';
import { SlotPicker } from './slot-picker.tsx';

/** The server lists holidays for [today, today + 60) and takes dates up to today + 60: offer the listed days only. */
export const lastDayOffered = 59;

export interface GroupDeliveryProps {
  groupRef: DeliveryGroupRef;
  vendorName: string;
  problems: GroupProblems | undefined;
  maxDate: string;
}

/** The date and slot pickers of one group, rendered from its delivery-group actor (the cart page and the checkout's speed step). */
export function GroupDelivery({ groupRef, vendorName, problems, maxDate }: GroupDeliveryProps) {
  const waiting = useSelector(groupRef, (s) => s.matches('waitingForCalendar') || s.matches('checkingCalendar'));
  const noDates = useSelector(groupRef, (s) => s.matches('noDates'));
  const calendar = useSelector(groupRef, selectGroupCalendar);
  const speed = useSelector(groupRef, selectGroupSpeed);
  const date = useSelector(groupRef, selectGroupDate);
  const dateError = useSelector(groupRef, selectGroupDateError);
  const savingDate = useSelector(groupRef, (s) => s.matches({ scheduling: 'savingDate' }));
  const slots = useSelector(groupRef, selectGroupSlots);
  const slotId = useSelector(groupRef, selectGroupSlotId);
  const slotsMessage = useSelector(groupRef, selectGroupSlotsMessage);
  const slotsBusy = useSelector(groupRef, (s) => s.matches({ scheduling: 'loadingSlots' }) || s.matches({ scheduling: 'savingSlot' }));
  const slotsFailed = useSelector(groupRef, (s) => s.matches({ scheduling: 'slotsFailed' }));

  if (waiting) return <p className={groupCss.muted}>Loading delivery dates…</p>;
  if (noDates || !calendar) return <p className={groupCss.muted}>{vendorName} has no delivery dates in the next 60 days.</p>;
  return (
    <div className={groupCss.delivery}>
      <DeliveryDatePicker
        vendorName={vendorName}
        minDate={calendar.delivery_date}
        maxDate={maxDate}
        holidays={calendar.holidays}
        value={date}
        busy={savingDate}
        error={problems?.date ?? dateError}
        onChoose={(chosen) => groupRef.send({ type: 'group.date.choose', date: chosen })}
      />
      {speed === 'local' && (
        <SlotPicker
          vendorName={vendorName}
          slots={date ? slots : []}
          selectedId={slotId}
          busy={slotsBusy || savingDate}
          message={date ? slotsMessage : 'Choose a date to see the time slots.'}
          error={problems?.slot}
          onChoose={(chosen) => groupRef.send({ type: 'group.slot.choose', slotId: chosen })}
          onRetry={slotsFailed ? () => groupRef.send({ type: 'group.slots.retry' }) : undefined}
        />
      )}
    </div>
  );
}
