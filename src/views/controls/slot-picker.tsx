import { useId } from 'react';
import type { SlotOffer } from '../../api/contract/cart-page.contract.ts';
import { formatSlot } from '../../rules/visit-time.ts';
import { fieldError, linkButton } from '../../styles/controls.css.ts';
import * as css from './delivery-pickers.css.ts';

export interface SlotPickerProps {
  vendorName: string;
  slots: readonly SlotOffer[];
  selectedId: number | undefined;
  busy: boolean;
  /** 'All Slots are booked. Please try another date.' or why the slots could not be loaded. */
  message: string | undefined;
  error: string | undefined;
  onChoose: (slotId: number) => void;
  /** Offered when loading the slots failed. */
  onRetry?: (() => void) | undefined;
}

/** The Same Day time slots of the chosen date as toggle buttons named start–end. */
export function SlotPicker({ vendorName, slots, selectedId, busy, message, error, onChoose, onRetry }: SlotPickerProps) {
  const errorId = useId();
  return (
    <fieldset className={css.slotField} aria-busy={busy}>
      <legend className={css.label}>Delivery time for {vendorName}</legend>
      {slots.length > 0 && (
        <div className={css.slots}>
          {slots.map((slot, index) => (
            <button
              key={slot.slot_id}
              type="button"
              className={css.slot}
              aria-pressed={slot.slot_id === selectedId}
              disabled={busy}
              // A refused CHECKOUT takes focus to the first slot, which reads why (use-form-focus.ts).
              data-invalid={error !== undefined && index === 0 ? true : undefined}
              aria-describedby={error !== undefined && index === 0 ? errorId : undefined}
              onClick={() => onChoose(slot.slot_id)}
            >
              {formatSlot(slot)}
            </button>
          ))}
        </div>
      )}
      {busy && slots.length === 0 && <p className={css.message}>Loading time slots…</p>}
      {message && (
        <p className={css.message} role="status">
          {message}{' '}
          {onRetry && (
            <button type="button" className={linkButton} onClick={onRetry}>
              Try again
            </button>
          )}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
