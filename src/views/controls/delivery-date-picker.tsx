import { useId, useState, type FormEvent } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatUsDate } from '../../rules/delivery-dates.ts';
import { fieldError, textInput } from '../../styles/controls.css.ts';
import { dayOf, disabledDays, isoOf } from './calendar-days.tsx';
import * as css from './delivery-pickers.css.ts';

export interface DeliveryDatePickerProps {
  vendorName: string;
  /** The vendor's next delivery date: nothing earlier can be chosen. */
  minDate: string;
  /** The last date offered (the server lists holidays, and takes dates, up to 60 days ahead). */
  maxDate: string;
  holidays: readonly string[];
  /** The chosen date ('YYYY-MM-DD'). */
  value: string | undefined;
  /** While the choice is being saved or loaded: the text field, the calendar's toggle and its days are disabled. */
  busy: boolean;
  error: string | undefined;
  /** 'YYYY-MM-DD' from the calendar, or the typed text ('MM/dd/yyyy') for the machine to check. */
  onChoose: (date: string) => void;
}

/** A text field showing MM/dd/yyyy, and a calendar (react-day-picker) that disables days before the minimum and holidays. */
export function DeliveryDatePicker({ vendorName, minDate, maxDate, holidays, value, busy, error, onChoose }: DeliveryDatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // What the shopper is typing; undefined shows the chosen date.
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const shown = draft ?? (value ? formatUsDate(value) : '');
  const disabled = disabledDays(minDate, maxDate, holidays);

  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft !== undefined && draft.trim() !== '' && draft !== (value ? formatUsDate(value) : '')) onChoose(draft.trim());
    setDraft(undefined);
  };

  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={`${id}-text`}>
        Delivery date for {vendorName}
      </label>
      <div className={css.inputRow}>
        <input
          id={`${id}-text`}
          className={textInput}
          value={shown}
          placeholder="MM/DD/YYYY"
          inputMode="numeric"
          autoComplete="off"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e);
          }}
        />
        <button
          type="button"
          className={css.toggle}
          aria-label={`Choose delivery date for ${vendorName}`}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          disabled={busy}
          onClick={() => setOpen((was) => !was)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Zm2 4h2v2H7v-2Zm4 0h2v2h-2v-2Zm4 0h2v2h-2v-2Z"
            />
          </svg>
        </button>
      </div>
      {open && (
        <div id={`${id}-calendar`} className={css.calendar}>
          <DayPicker
            mode="single"
            selected={value ? dayOf(value) : undefined}
            defaultMonth={dayOf(value ?? minDate)}
            startMonth={dayOf(minDate)}
            endMonth={dayOf(maxDate)}
            disabled={busy ? true : disabled}
            modifiers={{ closed: holidays.map(dayOf) }}
            modifiersClassNames={{ closed: css.closedDay }}
            onSelect={(day) => {
              if (!day) return;
              setOpen(false);
              onChoose(isoOf(day));
            }}
          />
          {/* Closed is not full (issue 23): the struck-out days say why they cannot be chosen. */}
          {holidays.length > 0 && <p className={css.calendarNote}>Struck-out days: {vendorName} is closed.</p>}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
