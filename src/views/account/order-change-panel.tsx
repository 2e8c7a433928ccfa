import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  orderChangeMachine,
  selectCancelQuestion,
  selectCancelRefusal,
  selectCanCancel,
  selectCanChoosePart,
  selectChangeBusy,
  selectChangeClosable,
  selectChangeDate,
  selectChangeDone,
  selectChangeError,
  selectChangeOptions,
  selectChangeRefusal,
  selectChangeSlotId,
  selectChangeStep,
} from '../../machines/order-change/index.ts';
import { addDays, storeToday } from '../../rules/delivery-dates.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { DeliveryDatePicker } from '../controls/delivery-date-picker.tsx';
import { lastDayOffered } from '../controls/group-delivery.tsx';
import { SlotPicker } from '../controls/slot-picker.tsx';
import { isVisitSpeed } from '../../rules/speeds.ts';
import {
  changeClosedText,
  changeCutoffText,
  dateAndSlot,
  orderChangeTitle,
  visitBookedText,
  visitCancelText,
  type OrderChangeKind,
} from '../../rules/order-change.ts';
import * as css from './settings.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

export interface OrderChangePanelProps {
  orderId: string;
  /** A delivery moves or cancels; a restaurant visit (pick-up, dine-in) only cancels (src/rules/order-change.ts). */
  kind?: OrderChangeKind | undefined;
  /** The server changed the order: the page asks it again. */
  onChanged?: (() => void) | undefined;
  /** Whether the order may be canceled (the order's can_cancel): the title names a cancel only then. */
  canCancel?: boolean | undefined;
}

/**
 * 'Change delivery or cancel' (or only what it offers: orderChangeTitle) for one order (issue 24 item 6), drawn from the order-change machine: the cart's date and
 * slot pickers, Move delivery, and Cancel order with a confirm step; past the cutoff, the server's reason.
 */
export function OrderChangePanel({ orderId, kind = 'delivery', onChanged, canCancel: orderCanCancel = true }: OrderChangePanelProps) {
  const actor = useActorRef(orderChangeMachine, { input: { orderId } });
  const step = useSelector(actor, selectChangeStep);
  const busy = useSelector(actor, selectChangeBusy);
  const options = useSelector(actor, selectChangeOptions);
  const date = useSelector(actor, selectChangeDate);
  const slotId = useSelector(actor, selectChangeSlotId);
  const error = useShownMessage(useSelector(actor, selectChangeError));
  const done = useSelector(actor, selectChangeDone);
  const refusal = useShownMessage(useSelector(actor, selectChangeRefusal));
  const closable = useSelector(actor, selectChangeClosable);
  const cancelQuestion = useSelector(actor, selectCancelQuestion);
  const canChoosePart = useSelector(actor, selectCanChoosePart);
  const canCancel = useSelector(actor, selectCanCancel);
  const cancelRefusal = useSelector(actor, selectCancelRefusal);
  // What it offers: the order's word until the panel's options say (the same rule: orderCancelRefusal).
  const title = orderChangeTitle(kind, options ? canCancel : orderCanCancel);
  useEffect(() => {
    if (!onChanged) return undefined;
    const subscription = actor.on('order.changed', onChanged);
    return () => subscription.unsubscribe();
  }, [actor, onChanged]);

  if (step === 'closed') {
    return (
      <p className={css.actions}>
        <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'change.open' })}>
          {title}
        </button>
      </p>
    );
  }
  const close = (
    <button type="button" className={secondaryButton} disabled={!closable} onClick={() => actor.send({ type: 'change.close' })}>
      Close
    </button>
  );
  const choosing = step === 'choosing' || busy === 'day' || busy === 'saving';
  const errorLine = error && (
    <p role="alert" className={css.error}>
      {error}
    </p>
  );
  // Offered only when the server's cancel would take it; else why not, beside what may still be done.
  const cancelButton = canCancel && (
    <button type="button" className={secondaryButton} disabled={busy !== undefined} onClick={() => actor.send({ type: 'change.cancel.ask' })}>
      Cancel order
    </button>
  );
  const cancelRefusalLine = cancelRefusal && <p className={css.status}>{cancelRefusal}</p>;
  return (
    <section className={css.card} aria-label={title}>
      <h3 className={css.cardTitle}>{title.toUpperCase()}</h3>
      {step === 'loading' && <p className={css.status}>Loading delivery dates…</p>}
      {step === 'failed' && (
        <>
          {error && (
            <p role="alert" className={css.error}>
              {error}
            </p>
          )}
          <p className={css.actions}>
            <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'change.retry' })}>
              Try again
            </button>
            {close}
          </p>
        </>
      )}
      {step === 'refused' && (
        <>
          {/* Cancel still offered (a bank debit on its way): the reason it cannot move is a plain note, not an error. */}
          {refusal &&
            (canCancel ? (
              <p className={css.status}>{refusal}</p>
            ) : (
              <p role="alert" className={css.error}>
                {refusal}
              </p>
            ))}
          {errorLine}
          <p className={css.actions}>
            {cancelButton}
            {close}
          </p>
        </>
      )}
      {choosing && options && isVisitSpeed(options.speed) && (
        <>
          <p className={css.status}>
            Now:{' '}
            {visitBookedText({
              speed: options.speed === 'dine-in' ? 'dine-in' : 'pickup',
              vendor_name: options.vendor_name,
              date: options.delivery_date,
              time: options.time_slot,
            })}
            . {visitCancelText(options)}
          </p>
          {cancelRefusalLine}
          {errorLine}
          <p className={css.actions}>
            {cancelButton}
            {close}
          </p>
        </>
      )}
      {choosing && options && !isVisitSpeed(options.speed) && (
        <>
          {/* Several sellers' deliveries, each on its own date: the shopper chooses which one moves (QA walk 3 item 5). */}
          {options.parts && options.parts.length > 1 && (
            <fieldset className={css.partChoice}>
              <legend>Which delivery to move</legend>
              {options.parts.map((part) => (
                <label key={part.vendor_loc_id}>
                  <input
                    type="radio"
                    name={`move-part-${orderId}`}
                    checked={part.vendor_loc_id === options.vendor_loc_id}
                    disabled={!canChoosePart}
                    onChange={() => actor.send({ type: 'change.part.choose', locId: part.vendor_loc_id })}
                  />{' '}
                  {part.vendor_name}: {dateAndSlot(part.delivery_date, part.time_slot)}
                </label>
              ))}
            </fieldset>
          )}
          <p className={css.status}>
            Now: {dateAndSlot(options.delivery_date, options.time_slot)}
            {options.parts && options.parts.length > 1 ? ` (${options.vendor_name})` : ''}. {changeCutoffText(options)}
          </p>
          <DeliveryDatePicker
            vendorName={options.vendor_name}
            minDate={options.earliest ?? options.delivery_date}
            maxDate={addDays(storeToday(new Date()), lastDayOffered)}
            holidays={options.holidays}
            value={date}
            busy={busy !== undefined}
            error={options.date_refusal ?? undefined}
            onChoose={(chosen) => actor.send({ type: 'change.date.choose', date: chosen })}
          />
          {options.speed === 'local' && options.date_refusal === null && (
            <SlotPicker
              vendorName={options.vendor_name}
              slots={options.slots}
              selectedId={slotId}
              busy={busy !== undefined}
              message={undefined}
              error={undefined}
              onChoose={(chosen) => actor.send({ type: 'change.slot.choose', slotId: chosen })}
            />
          )}
          {cancelRefusalLine}
          {errorLine}
          <p className={css.actions}>
            <button type="button" className={primaryButton} disabled={busy !== undefined} onClick={() => actor.send({ type: 'change.submit' })}>
              {busy === 'saving' ? 'Moving…' : 'Move delivery'}
            </button>
            {cancelButton}
            {close}
          </p>
        </>
      )}
      {(step === 'confirmingCancel' || busy === 'canceling') && (
        <div role="alertdialog" aria-label="Cancel this order?">
          <p>{cancelQuestion}</p>
          <p className={css.actions}>
            <button
              type="button"
              className={primaryButton}
              disabled={busy === 'canceling'}
              onClick={() => actor.send({ type: 'change.cancel.confirm' })}
            >
              {busy === 'canceling' ? 'Canceling…' : 'Yes, cancel the order'}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy === 'canceling'}
              onClick={() => actor.send({ type: 'change.cancel.back' })}
            >
              No, keep it
            </button>
          </p>
        </div>
      )}
      {step === 'done' && (
        <>
          <p role="status">{done}</p>
          <p className={css.actions}>{close}</p>
        </>
      )}
    </section>
  );
}

/**
 * Where the panel's button would be once nothing can change (past the cutoff): why, as a plain line, with nothing to
 * press (walk 9 S16: 'Change delivery' opened a panel that only said why not).
 */
export function ChangeClosedNote({ order }: { order: Parameters<typeof changeClosedText>[0] }) {
  const text = changeClosedText(order);
  return text === undefined ? null : (
    <p className={css.status} data-testid="change-closed">
      {text}
    </p>
  );
}
